import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasInteressados: FastifyPluginAsyncZod = async () => {};
