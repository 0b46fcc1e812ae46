import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasAssuntos: FastifyPluginAsyncZod = async () => {};
