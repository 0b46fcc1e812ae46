import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';

/**
 * The daily digest e-mail (issue 20, docs/domain.md "Resumo diário"): off, or sent once a day at the time the user
 * chose (HH:MM, Brasília), with what needs attention in every unit the user is lotado in. The home page shows the
 * same counts for the current unit.
 */

/** The same rule as the CHECK of `usuario.resumo_diario_horario` (migration 0022). */
const PADRAO_HORARIO_RESUMO = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The time offered when the user turns the digest on. */
export const HORARIO_RESUMO_PADRAO = '08:00';

/** Items listed per section of the e-mail; the rest is counted ("e mais N"). */
export const MAXIMO_ITENS_SECAO_RESUMO = 50;

function horarioResumoValido(valor: string): boolean {
  return PADRAO_HORARIO_RESUMO.test(valor);
}

/** null (or empty) is "off"; otherwise HH:MM from 00:00 to 23:59. */
export const horarioResumoDiarioSchema = z
  .string({ error: MENSAGENS.resumoDiario.horarioInvalido })
  .trim()
  .transform((valor) => (valor === '' ? null : valor))
  .nullable()
  .refine((valor) => valor === null || horarioResumoValido(valor), { message: MENSAGENS.resumoDiario.horarioInvalido });

/** GET resumo-diario/contagens: the digest's counts for the user's current unit. */
export const contagensResumoDiarioSchema = z.object({
  idUnidade: z.number().int(),
  /** Documents in the unit's box whose deadline is today. */
  venceHoje: z.number().int(),
  /** Documents in the unit's box whose deadline has passed. */
  vencidos: z.number().int(),
  /** Returns the unit scheduled for today or before that have not happened. */
  retornosVencidos: z.number().int(),
});
export type ContagensResumoDiario = z.infer<typeof contagensResumoDiarioSchema>;
