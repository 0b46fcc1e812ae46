import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasGlossario: FastifyPluginAsyncZod = async () => {};
