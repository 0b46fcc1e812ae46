import {
  type AlterarPeca,
  type AlterarTipoPeca,
  type CancelarPeca,
  exigeHipoteseLegal,
  MENSAGENS,
  motivoSemAlteracaoPecas,
  moverPeca,
  type Peca,
  TAMANHO_MAXIMO_DESCRICAO_PECA,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { campoInvalido, conflito, naoEncontrado, requisicaoInvalida, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries.ts';
import {
  auditarPeca,
  carregarPeca,
  type DependenciasPecas,
  documentoNaoEncontrado,
  exigirAlteracao,
  limparConteudoSemUso,
  pecaNaoEncontrada,
} from './service.ts';

// Changing a peça: its data or position, its cancellation and the deletion of one not yet sent, each under the
// document's lock and audited.

async function carregarPecaParaAlterar(
  trx: Banco,
  idDocumento: number,
  filtro: { idPeca: number } | { idAnexo: number },
): Promise<queries.PecaParaAlterar> {
  const peca = await queries.buscarPecaParaAlterar(trx, idDocumento, filtro);
  if (!peca) throw pecaNaoEncontrada();
  return peca;
}

async function bloquearParaAlterar(trx: Banco, usuario: UsuarioAutenticado, idDocumento: number, idUnidade: number) {
  const documento = await queries.bloquearDocumento(trx, idDocumento);
  if (!documento || !documentos.visivelPara(documento, usuario)) throw documentoNaoEncontrado();
  exigirAlteracao(documento, idUnidade);
  return documento;
}

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}. With `sequencial`, moves the peça (clamped as spec §4 says) and
 * shifts those in between; otherwise edits its description, copy type, access level and legal hypothesis, with a
 * justification. Both under the document's lock, audited with the values before and after.
 */
export async function alterarPeca(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idPeca: number,
  corpo: AlterarPeca,
  ip: string,
): Promise<Peca> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  await db.transaction().execute(async (trx) => {
    await bloquearParaAlterar(trx, usuario, idDocumento, idUnidade);
    const peca = await carregarPecaParaAlterar(trx, idDocumento, { idPeca });
    if (peca.situacaoVinculo !== null) throw conflito(MENSAGENS.arquivos.pecaCanceladaNaoAltera);

    if (corpo.sequencial !== undefined) {
      const ativas = await queries.pecasAtivas(trx, idDocumento);
      const { sequencial, numeracao } = moverPeca(ativas, idPeca, corpo.sequencial);
      await queries.aplicarNumeracao(trx, numeracao);
      await auditarPeca(trx, usuario, 'ALTERAR_SEQUENCIAL_PECA', idPeca, ip, {
        antes: { sequencial: peca.sequencial },
        depois: { sequencial, pedido: corpo.sequencial },
      });
      return;
    }

    if (corpo.idAnexo !== undefined && corpo.idAnexo !== peca.idAnexo) {
      throw requisicaoInvalida(MENSAGENS.arquivos.anexoDivergente);
    }
    const nivelAcesso = corpo.nivelAcesso ?? peca.nivelAcesso;
    const idHipoteseLegal = exigeHipoteseLegal(nivelAcesso) ? (corpo.idHipoteseLegal ?? null) : null;
    if (
      idHipoteseLegal !== null &&
      idHipoteseLegal !== peca.idHipoteseLegal &&
      !(await queries.hipoteseAtiva(trx, idHipoteseLegal))
    ) {
      throw requisicaoInvalida(MENSAGENS.arquivos.hipoteseInvalida);
    }
    const depois = await queries.alterarDados(trx, idPeca, {
      descricao: corpo.descricao === undefined ? peca.descricao : corpo.descricao,
      tipoCopia: corpo.tipoCopia ?? peca.tipoCopia,
      nivelAcesso,
      idHipoteseLegal,
      justificativaAlteracao: corpo.justificativaAlteracao ?? '',
    });
    await auditarPeca(trx, usuario, 'ALTERAR_PECA', idPeca, ip, {
      antes: {
        descricao: peca.descricao,
        tipoCopia: peca.tipoCopia,
        nivelAcesso: peca.nivelAcesso,
        idHipoteseLegal: peca.idHipoteseLegal,
        justificativaAlteracao: peca.justificativaAlteracao,
      },
      depois,
    });
  });
  return (await carregarPeca(db, usuario, idDocumento, { idPeca }, { aposAlteracao: true })).peca;
}

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}/tipo (issue 24, decision 1): chooses (or removes, null) the document
 * type of an active peça — an active type that is not a process — under the document's lock, by the unit that may
 * change its peças, audited. Its mapped species is what the Tramita GOV.BR sends.
 */
export async function alterarTipoPeca(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idPeca: number,
  corpo: AlterarTipoPeca,
  ip: string,
): Promise<Peca> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  await db.transaction().execute(async (trx) => {
    await bloquearParaAlterar(trx, usuario, idDocumento, idUnidade);
    const peca = await carregarPecaParaAlterar(trx, idDocumento, { idPeca });
    if (peca.situacaoVinculo !== null) throw conflito(MENSAGENS.arquivos.pecaCanceladaNaoAltera);
    const { idTipoDocumento } = corpo;
    if (idTipoDocumento === peca.idTipoDocumento) return;
    if (idTipoDocumento !== null && !(await queries.tipoPecaValido(trx, idTipoDocumento))) {
      throw campoInvalido(MENSAGENS.arquivos.tipoPecaInvalido, 'idTipoDocumento');
    }
    await queries.alterarTipo(trx, idPeca, idTipoDocumento);
    await auditarPeca(trx, usuario, 'ALTERAR_TIPO_PECA', idPeca, ip, {
      antes: { idTipoDocumento: peca.idTipoDocumento },
      depois: { idTipoDocumento },
    });
  });
  return (await carregarPeca(db, usuario, idDocumento, { idPeca }, { aposAlteracao: true })).peca;
}

function descricaoDesmembrada(descricao: string | null, numeroOrigem: string): string {
  const nota = `desmembrada do documento ${numeroOrigem}`;
  const texto = descricao ? `${descricao} (${nota})` : `Peça ${nota}`;
  return [...texto].slice(0, TAMANHO_MAXIMO_DESCRICAO_PECA).join('');
}

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}/cancelar: irreversibly cancels a peça as desmembrada (M: copied as a
 * new peça of another document the caller's unit holds) or desentranhada (D). The peça stays listed with its label
 * and keeps its number; the active peças after it close the gap.
 */
export async function cancelarPeca(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idPeca: number,
  corpo: CancelarPeca,
  ip: string,
): Promise<Peca> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const idDestino = corpo.situacaoVinculo === 'M' ? corpo.idDocumentoPecaDesmembramento : null;
  if (idDestino === idDocumento) throw requisicaoInvalida(MENSAGENS.arquivos.destinoDesmembramentoMesmoDocumento);

  await db.transaction().execute(async (trx) => {
    const bloqueados =
      idDestino === null
        ? new Map([[idDocumento, await queries.bloquearDocumento(trx, idDocumento)]])
        : await queries.bloquearDocumentos(trx, [idDocumento, idDestino]);
    const documento = bloqueados.get(idDocumento);
    if (!documento || !documentos.visivelPara(documento, usuario)) throw documentoNaoEncontrado();
    exigirAlteracao(documento, idUnidade);
    const peca = await carregarPecaParaAlterar(trx, idDocumento, { idPeca });
    if (peca.situacaoVinculo !== null) throw conflito(MENSAGENS.arquivos.pecaJaCancelada);

    let idPecaDesmembrada: number | null = null;
    if (idDestino !== null) {
      const destino = bloqueados.get(idDestino);
      if (!destino || !documentos.visivelPara(destino, usuario)) {
        throw naoEncontrado(MENSAGENS.arquivos.destinoDesmembramentoNaoEncontrado);
      }
      const motivo = motivoSemAlteracaoPecas(destino, idUnidade);
      if (motivo) throw semPermissao(MENSAGENS.arquivos.destinoDesmembramentoRecusado(destino.numero, motivo));
      const anexo = await queries.inserirAnexo(trx, { sha256: peca.sha256, nome: peca.nome, idUsuario: usuario.id });
      const ativasDestino = await queries.pecasAtivas(trx, idDestino);
      const copia = await queries.inserirPeca(trx, {
        idDocumento: idDestino,
        idAnexo: anexo.id,
        sequencial: ativasDestino.length + 1,
        descricao: descricaoDesmembrada(peca.descricao, documento.numero),
        tipoCopia: peca.tipoCopia,
        nivelAcesso: peca.nivelAcesso,
        idHipoteseLegal: peca.idHipoteseLegal,
        idTipoDocumento: peca.idTipoDocumento,
        sequenciaTramitacao: await queries.proximaSequenciaTramitacao(trx, idDestino),
        idUsuario: usuario.id,
      });
      idPecaDesmembrada = copia.id;
    }

    const cancelada = await queries.cancelar(trx, idPeca, {
      situacaoVinculo: corpo.situacaoVinculo,
      justificativaCancelamento: corpo.justificativaCancelamento ?? '',
      idDocumentoPecaDesmembramento: idDestino,
      idUsuarioCancelamento: usuario.id,
    });
    if (!cancelada) throw conflito(MENSAGENS.arquivos.pecaJaCancelada);
    await queries.fecharNumeracao(trx, idDocumento);
    await auditarPeca(trx, usuario, 'CANCELAR_PECA', idPeca, ip, {
      antes: { situacaoVinculo: null, sequencial: peca.sequencial },
      depois: { ...cancelada, idPecaDesmembrada },
    });
  });
  return (await carregarPeca(db, usuario, idDocumento, { idPeca }, { aposAlteracao: true })).peca;
}

/**
 * DELETE documentos/{id}/anexos/{idAnexo}: removes a peça not yet sent and renumbers the later ones. After the
 * commit the stored file goes too, unless another row still uses the same content. Answers the cleanup's failure,
 * if any, for the log: the peça is gone either way.
 */
export async function excluirPeca(
  deps: DependenciasPecas,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idAnexo: number,
  ip: string,
): Promise<{ falhaLimpeza: unknown }> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(deps.db, usuario);
  const sha256 = await deps.db.transaction().execute(async (trx) => {
    await bloquearParaAlterar(trx, usuario, idDocumento, idUnidade);
    const peca = await carregarPecaParaAlterar(trx, idDocumento, { idAnexo });
    if (peca.situacaoVinculo !== null) throw conflito(MENSAGENS.arquivos.pecaCanceladaNaoAltera);
    if (peca.situacaoTramitacao !== null) throw conflito(MENSAGENS.arquivos.pecaTramitadaNaoExclui);
    await queries.excluirPeca(trx, peca.id, peca.idAnexo);
    await queries.fecharNumeracao(trx, idDocumento);
    await auditarPeca(trx, usuario, 'EXCLUIR_PECA', peca.id, ip, {
      antes: {
        idDocumento,
        idAnexo: peca.idAnexo,
        nome: peca.nome,
        sha256: peca.sha256,
        sequencial: peca.sequencial,
        descricao: peca.descricao,
        tipoCopia: peca.tipoCopia,
        nivelAcesso: peca.nivelAcesso,
        idHipoteseLegal: peca.idHipoteseLegal,
      },
    });
    return peca.sha256;
  });
  try {
    await limparConteudoSemUso(deps, sha256);
    return { falhaLimpeza: null };
  } catch (erro) {
    return { falhaLimpeza: erro };
  }
}
