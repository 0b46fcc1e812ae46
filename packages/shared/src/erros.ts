import { z } from 'zod';
import { CODIGOS_ERRO } from './codigos-erro.ts';

export { CODIGOS_ERRO, type CodigoErro } from './codigos-erro.ts';

/** The error shape every API failure answers with. */
export const erroApiSchema = z.object({
  codigo: z.enum(CODIGOS_ERRO),
  mensagem: z.string(),
  erros: z.array(z.object({ campo: z.string().optional(), mensagem: z.string() })),
});
export type ErroApi = z.infer<typeof erroApiSchema>;
