import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasPropriedades: FastifyPluginAsyncZod = async () => {};
