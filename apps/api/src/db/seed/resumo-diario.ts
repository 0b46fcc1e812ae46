import { dataEmSaoPaulo, somarDias } from '@tramite/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Who has the daily digest on in the demo, and when (HH:MM, Brasília). */
const RESUMOS_DEMO = [
  // Protocolo Central: today's digest goes out at the first pass after 08:00 (yesterday's was sent).
  { username: 'ana', horario: '08:00', ontem: 'ENVIADO' },
  // Two lotações (PROAD and DCC): the digest covers both.
  { username: 'roberto', horario: '07:30', ontem: 'ENVIADO' },
  // Yesterday she had nothing to say: the day was taken and no e-mail went out.
  { username: 'mariana', horario: '17:45', ontem: 'SEM_CONTEUDO' },
] as const;

/**
 * The daily digest on the demo (issue 20): three users with it on (everyone else off), and yesterday's rows as the
 * digest leaves them: sent, or reserved with nothing to say (enviado_em null). Today's are left to the server's pass.
 */
export async function semearResumoDiario(trx: Kysely<Database>, agora: Date): Promise<Record<string, number>> {
  const ontem = somarDias(dataEmSaoPaulo(agora), -1);
  let envios = 0;
  for (const resumo of RESUMOS_DEMO) {
    const usuario = await trx
      .updateTable('usuario')
      .set({ resumoDiarioHorario: resumo.horario })
      .where('username', '=', resumo.username)
      .returning('id')
      .executeTakeFirstOrThrow();
    const reservadoEm = new Date(`${ontem}T${resumo.horario}:00-03:00`);
    await trx
      .insertInto('resumoDiarioEnvio')
      .values({
        idUsuario: usuario.id,
        dia: ontem,
        reservadoEm,
        enviadoEm: resumo.ontem === 'ENVIADO' ? new Date(reservadoEm.getTime() + 4_000) : null,
      })
      .execute();
    envios++;
  }
  return { resumoDiarioEnvio: envios };
}
