import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rotasProcedencias: FastifyPluginAsyncZod = async () => {};
