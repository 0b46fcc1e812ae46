import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasTramitacao: FastifyPluginAsyncZod = async () => {};
