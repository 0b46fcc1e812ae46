import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasTiposDocumentos: FastifyPluginAsyncZod = async () => {};
