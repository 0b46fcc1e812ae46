import { criarCalendario, type DiaNaoUtil, somarDias, type TipoDiaNaoUtilInstitucional } from '@tramite/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DiaNaoUtilTable } from '../schema.ts';
import { anoLocal, dataLocal } from './relogio.ts';
import { usuario } from './usuarios.ts';

/** How many days after `agora` the demo's local holiday falls: soon enough to move the deadlines being set now. */
const DIAS_ATE_FERIADO_LOCAL = 14;

/**
 * The institution's own days without work on the demo (issue 20), relative to the seed's clock so that the
 * administration screen and the deadlines always show them: the end-of-year recesso of the current year, a local
 * holiday two weeks ahead and the Dia do Servidor Público as a ponto facultativo. Each falls on a business day (the
 * administration screen refuses a date that already is no business day), moved to the next one when needed.
 */
export function diasNaoUteisDemo(agora: Date): DiaNaoUtil[] {
  const ano = anoLocal(agora);
  const dias: DiaNaoUtil[] = [];
  const proximoUtil = (data: string) => {
    const calendario = criarCalendario(dias);
    let atual = data;
    while (!calendario.ehDiaUtil(atual)) atual = somarDias(atual, 1);
    return atual;
  };
  const incluir = (data: string, descricao: string, tipo: TipoDiaNaoUtilInstitucional) => {
    dias.push({ data, descricao, tipo });
  };

  const calendarioNacional = criarCalendario();
  for (let dia = 22; dia <= 31; dia++) {
    const data = `${ano}-12-${dia}`;
    if (calendarioNacional.ehDiaUtil(data)) incluir(data, 'Recesso de fim de ano', 'RECESSO');
  }
  incluir(proximoUtil(`${ano}-10-28`), 'Dia do Servidor Público', 'PONTO_FACULTATIVO');
  incluir(proximoUtil(somarDias(dataLocal(agora), DIAS_ATE_FERIADO_LOCAL)), 'Aniversário da cidade', 'FERIADO_LOCAL');
  return dias.sort((a, b) => a.data.localeCompare(b.data));
}

/** Writes the demo's institutional days, registered by the administrator; answers the rows written. */
export async function semearCalendario(trx: Kysely<Database>, agora: Date): Promise<Record<string, number>> {
  const idUsuario = usuario('admin').id;
  const linhas: Insertable<DiaNaoUtilTable>[] = diasNaoUteisDemo(agora).map((dia) => ({
    data: dia.data,
    descricao: dia.descricao,
    tipo: dia.tipo as TipoDiaNaoUtilInstitucional,
    idUsuario,
    criadoEm: agora,
  }));
  await trx.insertInto('diaNaoUtil').values(linhas).execute();
  return { diaNaoUtil: linhas.length };
}
