import {
  type Fluxo,
  type filtrosReencaminhamentoSchema,
  impedimentoTramitacao,
  MENSAGENS,
  NIVEL_ACESSO_PADRAO,
  type PaginaCaixaPostal,
  TIPO_DESPACHO_PADRAO,
  type Tramitacao,
  type Unidade,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { conflito, naoEncontrado } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { paginaDaCaixa, somenteDigitos } from './caixa-postal.ts';
import { enviarNaTransacao, type OrigemPedido, type PedidoEnvio } from './envio.ts';
import * as queries from './queries.ts';
import { concluirRecebimento, recebimentoNaTransacao } from './recebimento.ts';
import {
  bloquearDocumentoVisivel,
  destinoPendente,
  destinosDoPassoPela,
  exigirDocumento,
  fluxosParaUnidade,
  lerTramitacao,
} from './service.ts';

// Re-forwarding (the routes require REENCAMINHAMENTO): an administrator receives or sends a document on behalf of
// the unit holding it, with the sending and receiving rules of service.ts.

/** GET reencaminhamento/unidades. */
export function listarUnidadesReencaminhamento(db: Banco): Promise<Unidade[]> {
  return queries.listarUnidadesComDocumentos(db);
}

/** GET reencaminhamento/unidades/{id}/caixa-postal: what is pending to or held by the unit (no drafts). */
export async function caixaPostalReencaminhamento(
  db: Banco,
  idUnidade: number,
  filtros: z.infer<typeof filtrosReencaminhamentoSchema>,
): Promise<PaginaCaixaPostal> {
  if (!(await queries.buscarUnidade(db, idUnidade))) throw naoEncontrado(MENSAGENS.geral.naoEncontrado);
  const pagina = await queries.listarCaixa(db, {
    idUnidade,
    numeroDigitos: somenteDigitos(filtros.numeroDocumento),
    incluirRascunhos: false,
    ordenacao: 'dataEnvio',
    direcao: 'desc',
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  });
  return paginaDaCaixa(db, pagina, filtros);
}

/**
 * The unit an administrator acts for: the pending destination, else the unit holding the document. `pendente` says
 * the document still waits there, to be received in the unit's name before it is sent.
 */
async function unidadeResponsavel(db: Banco, documento: queries.DocumentoTramitacao) {
  const ultima = await queries.buscarUltimaTramitacao(db, documento.id);
  const pendente = documento.situacao === 'ENVIADO' ? destinoPendente(ultima) : null;
  if (pendente !== null) {
    // As if received: the steps are those the destination unit will have once the administrator receives it.
    return {
      idUnidade: pendente,
      pendente: true,
      documento: { ...documento, situacao: 'RECEBIDO' as const, idUnidadeAtual: pendente },
    };
  }
  return { idUnidade: documento.idUnidadeAtual, pendente: false, documento };
}

/** GET reencaminhamento/documento/{id}/fluxos: steps valid for the unit holding (or about to receive) it. */
export async function listarFluxosReencaminhamento(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
): Promise<Fluxo[]> {
  const lido = await exigirDocumento(db, idDocumento, usuario);
  const { idUnidade, documento } = await unidadeResponsavel(db, lido);
  const impedimento = impedimentoTramitacao(documento, idUnidade, null);
  return fluxosParaUnidade(db, documento, idUnidade, impedimento);
}

/** GET reencaminhamento/documento/{id}/fluxos/{idFluxo}/destinos: destinations from the unit holding it. */
export const listarDestinosReencaminhamento = destinosDoPassoPela(
  async (db, _usuario, documento) => (await unidadeResponsavel(db, documento)).idUnidade,
);

/** Marks the pending tramitação received in the name of its destination unit, or says why it cannot (409). */
async function marcarRecebidaEmNome(trx: Banco, documento: queries.DocumentoTramitacao, usuario: UsuarioAutenticado) {
  const tramitacao =
    documento.situacao === 'ENVIADO' ? await queries.marcarRecebidaEmNome(trx, documento.id, usuario.id) : undefined;
  if (!tramitacao) {
    const ultima = await queries.buscarUltimaTramitacao(trx, documento.id);
    if (ultima && ultima.dtCancelamento !== null) throw conflito(MENSAGENS.cancelamentoEnvio.envioCancelado);
    throw conflito(
      ultima && ultima.dtRecebimento !== null ? MENSAGENS.documento.jaRecebido : MENSAGENS.reencaminhamento.naoPendente,
    );
  }
  return { tramitacao, idUnidade: tramitacao.idUnidadeDestino };
}

/** POST reencaminhamento/documento/{id}/receber: received in the name of its destination unit (situacao T). */
export const receberEmNomeDaUnidade = recebimentoNaTransacao(true, marcarRecebidaEmNome);

/**
 * POST reencaminhamento/documento/{id}/tramitacoes: sent on behalf of the unit holding it, by the administrator. A
 * document still waiting in the unit's box is first received in its name (situacao T, as POST .../receber does), in
 * the same transaction: a refused sending leaves it waiting, untouched. With the document row locked, of two
 * concurrent confirmations one sends and the other finds it gone from the unit (409 with `idUnidade`).
 */
export async function reencaminhar(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  pedido: Pick<PedidoEnvio, 'idPasso' | 'idDestino' | 'despacho' | 'prazo' | 'retornoProgramado'> & {
    idUnidade?: number;
  },
  origem: OrigemPedido,
): Promise<Tramitacao> {
  const { idTramitacao } = await db.transaction().execute(async (trx) => {
    const documento = await bloquearDocumentoVisivel(trx, idDocumento, usuario);
    const responsavel = await unidadeResponsavel(trx, documento);
    if (pedido.idUnidade !== undefined && pedido.idUnidade !== responsavel.idUnidade) {
      throw conflito(MENSAGENS.reencaminhamento.outraUnidade);
    }
    if (responsavel.pendente) {
      const { tramitacao, idUnidade } = await marcarRecebidaEmNome(trx, documento, usuario);
      await concluirRecebimento(trx, { usuario, documento, tramitacao, idUnidade, reencaminhamento: true, ...origem });
    }
    return enviarNaTransacao(
      trx,
      usuario,
      idDocumento,
      {
        idPasso: pedido.idPasso,
        idDestino: pedido.idDestino,
        despacho: pedido.despacho ?? null,
        despachoPreparatorio: null,
        tipoDespacho: TIPO_DESPACHO_PADRAO,
        nivelAcesso: NIVEL_ACESSO_PADRAO,
        idHipoteseLegal: null,
        prazo: pedido.prazo,
        retornoProgramado: pedido.retornoProgramado,
      },
      { idUnidade: null, passoEquivalente: false, ...origem },
    );
  });
  return lerTramitacao(db, idTramitacao, usuario);
}
