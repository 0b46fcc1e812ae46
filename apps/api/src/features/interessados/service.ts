import {
  type Entidade,
  LIMITE_ENTIDADES,
  LIMITE_ENTIDADES_PUBLICO,
  lerTipoInteressado,
  lerTipoResponsavel,
  MENSAGENS,
  nomeBuscaSuficiente,
  TIPOS_INTERESSADO,
  TIPOS_RESPONSAVEL_TRAMITACAO,
  type TipoEntidade,
  tiposInteressado,
  tiposResponsavelTramitacao,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { type EntidadeAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, ErroLimiteTaxa, naoEncontrado } from '../../platform/erros.ts';
import { exigirLimites, type RegraLimite } from '../../platform/limite-taxa.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { exigirTipoDocumento } from '../tipos-documentos/service.ts';
import * as queries from './queries.ts';

type Filtro = Omit<queries.FiltroEntidades, 'logado' | 'porCpf' | 'limite'>;

/** A search of the people, units or comissões of one kind (`tipo`, as the path names it) for a caller. */
type BuscaEntidades = (db: Banco, tipo: string, filtro: Filtro, chamador: ChamadorConsulta) => Promise<Entidade[]>;

/** Who asks: the session's user (null when anonymous) and the address, the subjects of the limits below. */
export interface ChamadorConsulta {
  usuario: UsuarioAutenticado | null;
  ip: string;
}

// Issue 17: the look-ups below hand out names, codes and e-mails of people; the limits make harvesting them slow
// and visible (each refusal is audited) without getting in the way of someone filling in a form.
/** Searches of interested parties by an anonymous caller, per address. */
export const LIMITE_BUSCA_ANONIMA: RegraLimite = { nome: 'interessados-busca-ip', maximo: 60, janelaSegundos: 600 };
/** Searches of interested parties by a logged-in user, per user (a campus shares few addresses). */
export const LIMITE_BUSCA_USUARIO: RegraLimite = {
  nome: 'interessados-busca-usuario',
  maximo: 200,
  janelaSegundos: 600,
};
/** Look-ups by a full CPF (11 digits), per user: each one confirms or denies that a person has that CPF. */
export const LIMITE_CONSULTA_CPF: RegraLimite = { nome: 'consulta-cpf', maximo: 10, janelaSegundos: 3600 };
/** E-mail look-ups of interested parties (to send a receipt), per user. */
export const LIMITE_CONSULTA_EMAIL: RegraLimite = { nome: 'interessados-email', maximo: 30, janelaSegundos: 3600 };

/** A CPF, as far as a look-up is concerned: exactly 11 digits once the punctuation is dropped. */
const ehCpf = (codigo: string | undefined) => codigo !== undefined && /^\d{11}$/.test(codigo.replace(/\D/g, ''));

/**
 * Counts one use of each limit and, when any is exhausted, audits the refusal (who, from where, which rule; never
 * what was looked up) and answers 429 with Retry-After.
 */
async function exigirLimitesAuditados(
  db: Banco,
  chamador: ChamadorConsulta,
  limites: readonly { regra: RegraLimite; sujeito: string }[],
  mensagem: string,
  entidade: EntidadeAuditoria,
): Promise<void> {
  try {
    await exigirLimites(db, limites, mensagem);
  } catch (erro) {
    if (erro instanceof ErroLimiteTaxa) {
      await registrarAuditoria(db, {
        idUsuario: chamador.usuario?.id ?? null,
        acao: 'LIMITE_CONSULTA_EXCEDIDO',
        entidade,
        idEntidade: null,
        depois: { regra: limites.map((l) => l.regra.nome).join(',') },
        ip: chamador.ip,
      });
    }
    throw erro;
  }
}

/**
 * A look-up by CPF only for a logged-in caller (anonymous ones never match CPFs) and counted against the user's CPF
 * allowance, so that guessing a CPF from a name (or from part of it) takes more than a few hours.
 */
async function exigirLimiteCpf(
  db: Banco,
  chamador: ChamadorConsulta,
  codigo: string | undefined,
  entidade: EntidadeAuditoria,
): Promise<boolean> {
  if (!chamador.usuario || !ehCpf(codigo)) return false;
  await exigirLimitesAuditados(
    db,
    chamador,
    [{ regra: LIMITE_CONSULTA_CPF, sujeito: String(chamador.usuario.id) }],
    MENSAGENS.lookups.muitasConsultasCpf,
    entidade,
  );
  return true;
}

/** Every interested-party kind applies to every document type; the type, when given, must exist. */
export async function listarTiposInteressado(db: Banco, idTipoDocumento?: number): Promise<TipoEntidade[]> {
  if (idTipoDocumento !== undefined) await exigirTipoDocumento(db, idTipoDocumento);
  return tiposInteressado();
}

function codigoTipoInteressado(tipo: string | undefined) {
  const nome = lerTipoInteressado(tipo);
  if (!nome) throw campoInvalido(MENSAGENS.busca.interessadoSemTipo, 'tipo');
  return TIPOS_INTERESSADO[nome];
}

/**
 * Interested parties of one kind (letter or name), by name: a name fragment of at least 3 characters (accents and
 * case ignored), an exact code (or the full CPF/CNPJ digits, logged in only) or an id. Personal data is never
 * listed. At most LIMITE_ENTIDADES, or LIMITE_ENTIDADES_PUBLICO for an anonymous caller; every search counts against
 * the caller's limit (the user's, or the address's when anonymous), CPF look-ups also against the CPF allowance.
 */
export const listarInteressados: BuscaEntidades = async (db, tipo, filtro, chamador) => {
  const codigoTipo = codigoTipoInteressado(tipo);
  if (filtro.id === undefined && !filtro.codigo && !nomeBuscaSuficiente(filtro.nome ?? '')) {
    throw campoInvalido(MENSAGENS.busca.nomeInteressadoCurto, 'nome');
  }
  const { usuario } = chamador;
  await exigirLimitesAuditados(
    db,
    chamador,
    [
      usuario
        ? { regra: LIMITE_BUSCA_USUARIO, sujeito: String(usuario.id) }
        : { regra: LIMITE_BUSCA_ANONIMA, sujeito: chamador.ip },
    ],
    MENSAGENS.lookups.muitasConsultas,
    'interessado',
  );
  const porCpf = await exigirLimiteCpf(db, chamador, filtro.codigo, 'interessado');
  return queries.listarInteressados(db, codigoTipo, {
    ...filtro,
    logado: usuario !== null,
    porCpf,
    limite: usuario ? LIMITE_ENTIDADES : LIMITE_ENTIDADES_PUBLICO,
  });
};

/**
 * GET interessados/{id}/{tipo}/email (logged in): the party's contact e-mail, to send a receipt to. Each look-up,
 * found or not, is audited (who, which party, from where) and counted against the user's allowance.
 */
export async function buscarEmailInteressado(
  db: Banco,
  usuario: UsuarioAutenticado,
  id: number,
  tipo: string,
  ip: string,
): Promise<{ email: string }> {
  const codigoTipo = codigoTipoInteressado(tipo);
  const chamador = { usuario, ip };
  await exigirLimitesAuditados(
    db,
    chamador,
    [{ regra: LIMITE_CONSULTA_EMAIL, sujeito: String(usuario.id) }],
    MENSAGENS.lookups.muitasConsultasEmail,
    'interessado',
  );
  const encontrado = await queries.buscarEmailInteressado(db, id, codigoTipo);
  await registrarAuditoria(db, {
    idUsuario: usuario.id,
    acao: 'CONSULTAR_EMAIL_INTERESSADO',
    entidade: 'interessado',
    idEntidade: id,
    depois: { tipo: codigoTipo, encontrado: Boolean(encontrado?.email) },
    ip,
  });
  if (!encontrado) throw naoEncontrado(MENSAGENS.lookups.interessadoNaoEncontrado);
  if (!encontrado.email) throw naoEncontrado(MENSAGENS.lookups.interessadoSemEmail);
  return { email: encontrado.email };
}

export function listarTiposResponsavel(): TipoEntidade[] {
  return tiposResponsavelTramitacao();
}

/**
 * Forwarding responsibles of one kind: SERVIDOR (users, codigo = SIAPE number), UNIDADE (units, codigo = sigla) or
 * COMISSAO (comissões; as a responsible, a comissão stands for the tramitações sent by its members).
 */
export const listarResponsaveis: BuscaEntidades = async (db, tipo, filtro, chamador) => {
  const nome = lerTipoResponsavel(tipo);
  if (!nome) {
    throw campoInvalido(MENSAGENS.busca.responsavelSemTipo, 'tipo');
  }
  // Only users have a CPF among the responsibles.
  const porCpf = nome === 'SERVIDOR' && (await exigirLimiteCpf(db, chamador, filtro.codigo, 'usuario'));
  const completo = { ...filtro, logado: chamador.usuario !== null, porCpf, limite: LIMITE_ENTIDADES };
  const codigo = TIPOS_RESPONSAVEL_TRAMITACAO[nome];
  const linhas =
    nome === 'SERVIDOR'
      ? await queries.listarServidores(db, completo)
      : nome === 'UNIDADE'
        ? await queries.listarUnidades(db, completo)
        : (await queries.listarComissoes(db, completo)).map((linha) => ({ ...linha, codigo: null }));
  return linhas.map((linha) => ({ ...linha, tipo: codigo }));
};

/** Ids of the users whose tramitações count as the comissão's (for the search by forwarding responsible). */
export function idsMembrosComissao(db: Banco, idComissao: number): Promise<number[]> {
  return queries.listarMembrosComissao(db, idComissao);
}
