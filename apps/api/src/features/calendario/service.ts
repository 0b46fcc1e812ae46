import {
  type Calendario,
  type ConsultaCalendario,
  criarCalendario,
  type DiaNaoUtil,
  type DiaNaoUtilAdministracao,
  dataEmSaoPaulo,
  diasNaoUteisNacionais,
  diasNaoUteisNoPeriodo,
  type IncluirDiaNaoUtil,
  MENSAGENS,
  motivoRecusaDiaNaoUtil,
  somarDias,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { type AutorAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { conflito, naoEncontrado } from '../../platform/erros.ts';
import * as queries from './queries.ts';

/** How far around today the server's calendar knows the institution's days (deadlines are at most a year ahead). */
const ALCANCE_DIAS = 3 * 366;

/**
 * The business-day calendar as it stands now: national days and the institution's, read from the database on every
 * call (a few dozen rows), so a day added on the administration screen counts at once in every process.
 */
export async function carregarCalendario(db: Banco, hoje = dataEmSaoPaulo()): Promise<Calendario> {
  const institucionais = await queries.listarDiasInstitucionais(
    db,
    somarDias(hoje, -ALCANCE_DIAS),
    somarDias(hoje, ALCANCE_DIAS),
  );
  return criarCalendario(institucionais);
}

/** GET calendario: every day without work in the period, national and the institution's, by date. */
export async function consultarCalendario(db: Banco, { inicio, fim }: ConsultaCalendario): Promise<DiaNaoUtil[]> {
  return diasNaoUteisNoPeriodo(inicio, fim, await queries.listarDiasInstitucionais(db, inicio, fim));
}

/** GET administracao/calendario: the year's national days (computed, read-only) and the institution's, by date. */
export async function listarAno(db: Banco, ano: number): Promise<DiaNaoUtilAdministracao[]> {
  const institucionais = await queries.listarDiasInstitucionaisComAutor(db, `${ano}-01-01`, `${ano}-12-31`);
  const dias: DiaNaoUtilAdministracao[] = [
    ...diasNaoUteisNacionais(ano).map((dia) => ({
      ...dia,
      origem: 'NACIONAL' as const,
      incluidoPor: null,
      incluidoEm: null,
    })),
    ...institucionais.map((dia) => ({
      ...dia,
      origem: 'INSTITUICAO' as const,
      incluidoEm: new Date(dia.incluidoEm).toISOString(),
    })),
  ];
  return dias.sort((a, b) => a.data.localeCompare(b.data) || a.origem.localeCompare(b.origem));
}

/**
 * POST administracao/calendario: a date that already is no business day (weekend, national day, registered) is a
 * 409 that says why. Deadlines already set are dates and stay as they are; only deadlines computed later see it.
 */
export function incluirDia(db: Banco, valores: IncluirDiaNaoUtil, autor: AutorAuditoria): Promise<DiaNaoUtil> {
  return db.transaction().execute(async (trx) => {
    const registrado = await queries.travarDia(trx, valores.data);
    const recusa = motivoRecusaDiaNaoUtil(valores.data, registrado ? [registrado] : []);
    if (recusa) throw conflito(recusa);
    if (!(await queries.inserirDia(trx, { ...valores, idUsuario: autor.idUsuario }))) {
      // Another request registered the same date between our read and our insert; the key kept it out.
      const vencedor = await queries.travarDia(trx, valores.data);
      throw conflito(motivoRecusaDiaNaoUtil(valores.data, vencedor ? [vencedor] : []) ?? MENSAGENS.geral.conflito);
    }
    const depois: DiaNaoUtil = { data: valores.data, descricao: valores.descricao, tipo: valores.tipo };
    await registrarAuditoria(trx, {
      idUsuario: autor.idUsuario,
      ip: autor.ip,
      acao: 'INCLUIR_DIA_NAO_UTIL',
      entidade: 'dia_nao_util',
      idEntidade: valores.data,
      depois,
    });
    return depois;
  });
}

/** DELETE administracao/calendario/{data}: only the institution's days; national ones are computed. */
export function excluirDia(db: Banco, data: string, autor: AutorAuditoria): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const registrado = await queries.travarDia(trx, data);
    if (!registrado || !(await queries.excluirDia(trx, data))) {
      const nacional = diasNaoUteisNacionais(Number(data.slice(0, 4))).some((dia) => dia.data === data);
      throw naoEncontrado(
        nacional ? MENSAGENS.calendario.apenasInstitucionais : MENSAGENS.calendario.diaNaoEncontrado(dataBr(data)),
      );
    }
    await registrarAuditoria(trx, {
      idUsuario: autor.idUsuario,
      ip: autor.ip,
      acao: 'EXCLUIR_DIA_NAO_UTIL',
      entidade: 'dia_nao_util',
      idEntidade: data,
      antes: { data: registrado.data, descricao: registrado.descricao, tipo: registrado.tipo },
    });
  });
}

const dataBr = (data: string) => `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}`;
