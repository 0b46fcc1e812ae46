import {
  type AssuntosPainel,
  dataEmSaoPaulo,
  FAIXAS_IDADE_PAINEL,
  type FiltrosPainel,
  type IdadePainel,
  type InicioPainel,
  MENSAGENS,
  type MovimentoPainel,
  type PermanenciaPainel,
  type UnidadesAntigasPainel,
  type UnidadesPainel,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import type { AcaoAuditoria } from '../../platform/auditoria.ts';
import { semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { contagensInicio } from '../tramitacao/caixa-postal.ts';
import * as queries from './queries.ts';

// Issue 22: the home page's counts and the Painel (docs/domain.md, "Painel"). Counts only.

const institucional = (usuario: UsuarioAutenticado) => usuario.permissoes.includes('PAINEL_INSTITUCIONAL');

/**
 * Whose painel: a unit of the user's lotações, any unit with PAINEL_INSTITUCIONAL, and the institution (null) only with
 * it. 403 otherwise.
 */
function exigirAlcance(usuario: UsuarioAutenticado, idUnidade: number | undefined): number | null {
  if (idUnidade === undefined) {
    if (!institucional(usuario)) throw semPermissao(MENSAGENS.painel.semPermissaoInstitucional);
    return null;
  }
  if (!usuario.lotacoes.includes(idUnidade) && !institucional(usuario)) {
    throw semPermissao(MENSAGENS.painel.semPermissaoUnidade);
  }
  return idUnidade;
}

/** What the home page says the user last did to a document, per audited action (the only ones it lists). */
const ACOES_RECENTES: Partial<Record<AcaoAuditoria, string>> = {
  AUTUAR_DOCUMENTO: 'Autuou',
  EDITAR_AUTUACAO: 'Editou a autuação',
  TRAMITAR_DOCUMENTO: 'Enviou',
  REENCAMINHAR_DOCUMENTO: 'Reencaminhou',
  RECEBER_DOCUMENTO: 'Recebeu',
  RECEBER_REENCAMINHAMENTO: 'Recebeu em nome da unidade',
  CANCELAR_ENVIO: 'Cancelou o envio',
  SALVAR_DESPACHO: 'Salvou o despacho',
  ALTERAR_PRAZO: 'Alterou o prazo',
  ALTERAR_RETORNO_PROGRAMADO: 'Alterou o retorno programado',
  REGISTRAR_CIENCIA: 'Registrou ciência',
  SOBRESTAR_DOCUMENTO: 'Sobrestou',
  LEVANTAR_SOBRESTAMENTO: 'Levantou o sobrestamento',
  ANEXAR_DOCUMENTO: 'Anexou',
  APENSAR_DOCUMENTO: 'Apensou',
  DESANEXAR_DOCUMENTO: 'Desanexou',
  DESAPENSAR_DOCUMENTO: 'Desapensou',
  SALVAR_MARCADORES: 'Marcou',
  ENVIAR_COMPROVANTE_EMAIL: 'Enviou o comprovante',
};

/** "Over 90 days" of unidades-antigas: the last age band. */
const ACIMA_DE_DIAS = FAIXAS_IDADE_PAINEL[4].minimo - 1;

/** The most documents "Últimos documentos" lists. */
export const MAXIMO_RECENTES = 10;

/**
 * GET painel/inicio: the box's counts of the user's current unit (or `idUnidade`, one of their lotações; 403 for any
 * other, PAINEL_INSTITUCIONAL or not: they are the counts of the user's own box) and the documents they last acted on.
 */
export async function inicio(db: Banco, usuario: UsuarioAutenticado, idUnidade?: number): Promise<InicioPainel> {
  if (idUnidade !== undefined && !usuario.lotacoes.includes(idUnidade)) {
    throw semPermissao(MENSAGENS.painel.semPermissaoUnidade);
  }
  const unidade = idUnidade ?? (await documentos.unidadeAtualDoUsuario(db, usuario));
  const [contagens, linhas] = await Promise.all([
    contagensInicio(db, usuario.id, unidade),
    queries.recentes(db, usuario.id, Object.keys(ACOES_RECENTES), MAXIMO_RECENTES),
  ]);
  return {
    idUnidade: unidade,
    contagens,
    recentes: linhas.map((linha) => ({
      idDocumento: Number(linha.idDocumento),
      numero: linha.numero,
      tipoDescricao: linha.tipoDescricao,
      acao: ACOES_RECENTES[linha.acao as AcaoAuditoria] ?? linha.acao,
      em: new Date(linha.em).toISOString(),
    })),
  };
}

/** GET painel/unidades: the units the user may pick, and whether the institution's view is open to them. */
export async function unidades(db: Banco, usuario: UsuarioAutenticado): Promise<UnidadesPainel> {
  const todas = institucional(usuario);
  return { institucional: todas, unidades: await queries.unidadesDoPainel(db, usuario.id, todas) };
}

export async function movimento(db: Banco, usuario: UsuarioAutenticado, f: FiltrosPainel): Promise<MovimentoPainel> {
  const alcance = exigirAlcance(usuario, f.idUnidade);
  return { semanas: await queries.movimento(db, alcance, { inicio: f.dataInicio, fim: f.dataFim }) };
}

export async function permanencia(
  db: Banco,
  usuario: UsuarioAutenticado,
  f: FiltrosPainel,
): Promise<PermanenciaPainel> {
  const alcance = exigirAlcance(usuario, f.idUnidade);
  return { tipos: await queries.permanencia(db, alcance, { inicio: f.dataInicio, fim: f.dataFim }) };
}

/** The charts of what is held now ignore the period (it is validated all the same, as the URL carries it). */
export async function idade(
  db: Banco,
  usuario: UsuarioAutenticado,
  f: FiltrosPainel,
  hoje = dataEmSaoPaulo(),
): Promise<IdadePainel> {
  const alcance = exigirAlcance(usuario, f.idUnidade);
  const contagens = await queries.idade(db, alcance, hoje, FAIXAS_IDADE_PAINEL);
  return { faixas: FAIXAS_IDADE_PAINEL.map((f, i) => ({ faixa: f.faixa, documentos: contagens[i] ?? 0 })) };
}

export async function assuntos(db: Banco, usuario: UsuarioAutenticado, f: FiltrosPainel): Promise<AssuntosPainel> {
  const alcance = exigirAlcance(usuario, f.idUnidade);
  return { assuntos: await queries.assuntos(db, alcance) };
}

export async function unidadesAntigas(
  db: Banco,
  usuario: UsuarioAutenticado,
  hoje = dataEmSaoPaulo(),
): Promise<UnidadesAntigasPainel> {
  exigirAlcance(usuario, undefined);
  return { unidades: await queries.unidadesAntigas(db, hoje, ACIMA_DE_DIAS) };
}
