import {
  type AlterarPrazo,
  type AlterarRetornoProgramado,
  dataEmSaoPaulo,
  MENSAGENS,
  type PrazoAlterado,
  validarDataPrazo,
  validarRetornoProgramado,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, conflito, exigirValido, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { carregarCalendario } from '../calendario/service.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries-prazos.ts';
import { bloquearDocumentoVisivel, exigirDocumento } from './service.ts';

// Changing a deadline (the unit holding the document) and a scheduled return (the unit that scheduled it), never
// silently: each change writes a prazo_alteracao row with its reason and an audit row, in one transaction.

const detem = (documento: { situacao: string; idUnidadeAtual: number }, idUnidade: number) =>
  (documento.situacao === 'RECEBIDO' || documento.situacao === 'T') && documento.idUnidadeAtual === idUnidade;

/**
 * PATCH documentos/{id}/prazo: the holder (its current unit, after receiving it) changes or removes the deadline of
 * the document's last live tramitação. 403 for any other unit; 409 when the document moved between the check and
 * the lock; 400 for a date that breaks a rule or equals the current one.
 */
export async function alterarPrazo(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  pedido: AlterarPrazo,
  ip: string,
): Promise<PrazoAlterado> {
  const lido = await exigirDocumento(db, idDocumento, usuario);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  if (!detem(lido, idUnidade)) throw semPermissao(MENSAGENS.prazos.somenteDetentor);
  return db.transaction().execute(async (trx) => {
    const documento = await bloquearDocumentoVisivel(trx, idDocumento, usuario);
    if (!detem(documento, idUnidade)) throw conflito(MENSAGENS.prazos.documentoMudou);
    const tramitacao = await queries.buscarUltimaTramitacaoViva(trx, idDocumento);
    if (!tramitacao || tramitacao.idUnidadeDestino !== idUnidade || tramitacao.dtRecebimento === null) {
      throw conflito(MENSAGENS.prazos.semTramitacao);
    }
    if (pedido.prazo !== null) {
      const hoje = dataEmSaoPaulo();
      exigirValido(validarDataPrazo(pedido.prazo, hoje, await carregarCalendario(trx, hoje)), 'prazo');
      if (tramitacao.retornoProgramado !== null && tramitacao.retornoProgramado < pedido.prazo) {
        throw campoInvalido(MENSAGENS.prazos.retornoAntesDoPrazo, 'prazo');
      }
    }
    if (pedido.prazo === tramitacao.prazo) throw campoInvalido(MENSAGENS.prazos.prazoIgual, 'prazo');
    const origemPrazo = pedido.prazo === null ? null : (tramitacao.origemPrazo ?? 'REMETENTE');
    await queries.gravarPrazo(trx, idDocumento, tramitacao.id, pedido.prazo, origemPrazo);
    await queries.inserirAlteracaoPrazo(trx, {
      idDocumento,
      idTramitacao: tramitacao.id,
      tipo: 'PRAZO',
      anterior: tramitacao.prazo,
      novo: pedido.prazo,
      motivo: pedido.motivo,
      idUsuario: usuario.id,
      idUnidade,
    });
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'ALTERAR_PRAZO',
      entidade: 'documento',
      idEntidade: idDocumento,
      antes: { idTramitacao: tramitacao.id, prazo: tramitacao.prazo },
      depois: { idTramitacao: tramitacao.id, prazo: pedido.prazo, motivo: pedido.motivo, idUnidade },
      ip,
    });
    return {
      idTramitacao: tramitacao.id,
      prazo: pedido.prazo,
      origemPrazo,
      retornoProgramado: tramitacao.retornoProgramado,
    };
  });
}

/**
 * PATCH documentos/{id}/retorno-programado: the unit that scheduled the return changes or removes it while the
 * document has not come back to it (its latest live sending with a return not yet met); 403 otherwise.
 */
export async function alterarRetornoProgramado(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  pedido: AlterarRetornoProgramado,
  ip: string,
): Promise<PrazoAlterado> {
  await exigirDocumento(db, idDocumento, usuario);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  return db.transaction().execute(async (trx) => {
    await bloquearDocumentoVisivel(trx, idDocumento, usuario);
    const tramitacao = await queries.buscarRetornoAguardado(trx, idDocumento, idUnidade);
    if (!tramitacao) throw semPermissao(MENSAGENS.prazos.somenteQuemProgramou);
    if (pedido.data !== null) {
      const hoje = dataEmSaoPaulo();
      const calendario = await carregarCalendario(trx, hoje);
      exigirValido(validarRetornoProgramado(pedido.data, tramitacao.prazo, hoje, calendario), 'data');
    }
    if (pedido.data === tramitacao.retornoProgramado) throw campoInvalido(MENSAGENS.prazos.retornoIgual, 'data');
    await queries.gravarRetornoProgramado(trx, tramitacao.id, pedido.data);
    await queries.inserirAlteracaoPrazo(trx, {
      idDocumento,
      idTramitacao: tramitacao.id,
      tipo: 'RETORNO_PROGRAMADO',
      anterior: tramitacao.retornoProgramado,
      novo: pedido.data,
      motivo: pedido.motivo,
      idUsuario: usuario.id,
      idUnidade,
    });
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'ALTERAR_RETORNO_PROGRAMADO',
      entidade: 'documento',
      idEntidade: idDocumento,
      antes: { idTramitacao: tramitacao.id, retornoProgramado: tramitacao.retornoProgramado },
      depois: { idTramitacao: tramitacao.id, retornoProgramado: pedido.data, motivo: pedido.motivo, idUnidade },
      ip,
    });
    return {
      idTramitacao: tramitacao.id,
      prazo: tramitacao.prazo,
      origemPrazo: tramitacao.origemPrazo,
      retornoProgramado: pedido.data,
    };
  });
}
