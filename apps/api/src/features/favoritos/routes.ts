import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasFavoritos: FastifyPluginAsyncZod = async () => {};
