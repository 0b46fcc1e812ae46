import {
  type Entidade,
  lerTipoInteressado,
  lerTipoResponsavel,
  MENSAGENS,
  TIPOS_INTERESSADO,
  TIPOS_RESPONSAVEL_TRAMITACAO,
  type TipoEntidade,
  tiposInteressado,
  tiposResponsavelTramitacao,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { naoEncontrado, requisicaoInvalida } from '../../platform/erros.ts';
import { exigirTipoDocumento } from '../tipos-documentos/service.ts';
import * as queries from './queries.ts';

type Filtro = Omit<queries.FiltroEntidades, 'logado'>;

/** Every interested-party kind applies to every document type; the type, when given, must exist. */
export async function listarTiposInteressado(db: Banco, idTipoDocumento?: number): Promise<TipoEntidade[]> {
  if (idTipoDocumento !== undefined) await exigirTipoDocumento(db, idTipoDocumento);
  return tiposInteressado();
}

function codigoTipoInteressado(tipo: string | undefined) {
  const nome = lerTipoInteressado(tipo);
  if (!nome)
    throw requisicaoInvalida(MENSAGENS.busca.interessadoSemTipo, [
      { campo: 'tipo', mensagem: MENSAGENS.busca.interessadoSemTipo },
    ]);
  return TIPOS_INTERESSADO[nome];
}

/**
 * Interested parties of one kind (letter or name), at most LIMITE_ENTIDADES, by name: a name fragment (accents and
 * case ignored), an exact code (or CPF/CNPJ digits, logged in only) or an id. Personal data is never listed.
 */
export function listarInteressados(db: Banco, tipo: string, filtro: Filtro, logado: boolean): Promise<Entidade[]> {
  return queries.listarInteressados(db, codigoTipoInteressado(tipo), { ...filtro, logado });
}

export async function buscarEmailInteressado(db: Banco, id: number, tipo: string): Promise<{ email: string }> {
  const encontrado = await queries.buscarEmailInteressado(db, id, codigoTipoInteressado(tipo));
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
export async function listarResponsaveis(
  db: Banco,
  tipo: string,
  filtro: Filtro,
  logado: boolean,
): Promise<Entidade[]> {
  const nome = lerTipoResponsavel(tipo);
  if (!nome) {
    throw requisicaoInvalida(MENSAGENS.busca.responsavelSemTipo, [
      { campo: 'tipo', mensagem: MENSAGENS.busca.responsavelSemTipo },
    ]);
  }
  const completo = { ...filtro, logado };
  const codigo = TIPOS_RESPONSAVEL_TRAMITACAO[nome];
  const linhas =
    nome === 'SERVIDOR'
      ? await queries.listarServidores(db, completo)
      : nome === 'UNIDADE'
        ? await queries.listarUnidades(db, completo)
        : (await queries.listarComissoes(db, completo)).map((linha) => ({ ...linha, codigo: null }));
  return linhas.map((linha) => ({ ...linha, tipo: codigo }));
}

/** Ids of the users whose tramitações count as the comissão's (for the search by forwarding responsible). */
export function idsMembrosComissao(db: Banco, idComissao: number): Promise<number[]> {
  return queries.listarMembrosComissao(db, idComissao);
}
