import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasDocumentos: FastifyPluginAsyncZod = async () => {};
