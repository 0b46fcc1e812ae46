import {
  dataEmSaoPaulo,
  ESTADO_SOBRESTADO,
  impedimentoLevantamento,
  impedimentoSobrestamento,
  MENSAGENS,
  problemaLevantarEm,
  type RecusaSobrestamento,
  type SituacaoSobrestamento,
  type Sobrestamento,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { agendarPeriodicamente } from '../../platform/agendamento.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, conflito, naoEncontrado, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { listarMovimentos, movimentoEm, textoVisivel } from '../tramitacao/eventos.ts';
import * as queries from './queries.ts';

const erroDocumento = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);

const recusar = (recusa: RecusaSobrestamento) =>
  recusa.semPermissao ? semPermissao(recusa.mensagem) : conflito(recusa.mensagem);

const iso = (data: Date | string | null) => (data === null ? null : new Date(data).toISOString());

async function paraSobrestamento(
  db: Banco,
  linha: queries.LinhaSobrestamento,
  chamador: documentos.Chamador,
): Promise<Sobrestamento> {
  const movimentos = await listarMovimentos(db, Number(linha.idDocumento));
  const visivel = textoVisivel(movimentoEm(movimentos, linha.em), chamador);
  const levantamentoVisivel =
    linha.levantadoEm !== null && textoVisivel(movimentoEm(movimentos, linha.levantadoEm), chamador);
  return {
    id: Number(linha.id),
    idDocumento: Number(linha.idDocumento),
    motivo: visivel ? linha.motivo : null,
    motivoOculto: !visivel,
    em: new Date(linha.em).toISOString(),
    levantarEm: linha.levantarEm,
    unidade: { id: linha.idUnidade, sigla: linha.siglaUnidade, nome: linha.nomeUnidade },
    usuario: linha.usuario,
    levantadoEm: iso(linha.levantadoEm),
    usuarioLevantamento: linha.usuarioLevantamento,
    motivoLevantamento: levantamentoVisivel ? linha.motivoLevantamento : null,
  };
}

/** A unique violation of the one-in-force-per-document index: another suspension won. */
function violacaoUnica(erro: unknown): boolean {
  return typeof erro === 'object' && erro !== null && (erro as { code?: unknown }).code === '23505';
}

/** GET documentos/{id}/sobrestamento (public, with the document's visibility). */
export async function situacao(
  db: Banco,
  chamador: documentos.Chamador,
  idDocumento: number,
): Promise<SituacaoSobrestamento> {
  const documento = await queries.lerDocumento(db, idDocumento);
  if (!documento || !documentos.visivelPara(documento, chamador)) throw erroDocumento();
  const vigente = await queries.buscarVigente(db, idDocumento);
  return {
    vigente: vigente ? await paraSobrestamento(db, vigente, chamador) : null,
    processo: documento.processo,
  };
}

/** POST documentos/{id}/sobrestamento: the holding unit suspends a process in progress. */
export async function sobrestar(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  entrada: { motivo: string; levantarEm: string | null },
  ip: string,
  agora: Date = new Date(),
): Promise<Sobrestamento> {
  const problema = problemaLevantarEm(entrada.levantarEm, dataEmSaoPaulo(agora));
  if (problema) throw campoInvalido(problema, 'levantarEm');
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
      const documento = await queries.bloquearDocumento(trx, idDocumento);
      if (!documento || !documentos.visivelPara(documento, usuario)) throw erroDocumento();
      const recusa = impedimentoSobrestamento(documento, idUnidade);
      if (recusa) throw recusar(recusa);
      const { id } = await queries.inserirSobrestamento(trx, {
        idDocumento,
        idUnidade,
        idUsuario: usuario.id,
        motivo: entrada.motivo,
        levantarEm: entrada.levantarEm,
        estadoAnterior: documento.estadoProcessamento,
      });
      await queries.trocarEstado(trx, idDocumento, documento.estadoProcessamento, ESTADO_SOBRESTADO);
      await registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao: 'SOBRESTAR_DOCUMENTO',
        entidade: 'documento',
        idEntidade: idDocumento,
        antes: { estadoProcessamento: documento.estadoProcessamento },
        depois: {
          estadoProcessamento: ESTADO_SOBRESTADO,
          idSobrestamento: Number(id),
          idUnidade,
          motivo: entrada.motivo,
          levantarEm: entrada.levantarEm,
        },
        ip,
      });
      return Number(id);
    });
  } catch (erro) {
    if (violacaoUnica(erro)) throw conflito(MENSAGENS.sobrestamento.jaSobrestado);
    throw erro;
  }
  const linha = await queries.buscarSobrestamento(db, id);
  if (!linha) throw erroDocumento();
  return paraSobrestamento(db, linha, usuario);
}

/** POST documentos/{id}/sobrestamento/levantamento: the holding unit lifts the suspension in force. */
export async function levantarSobrestamento(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  motivo: string | null,
  ip: string,
): Promise<Sobrestamento> {
  const id = await db.transaction().execute(async (trx) => {
    const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
    const documento = await queries.bloquearDocumento(trx, idDocumento);
    if (!documento || !documentos.visivelPara(documento, usuario)) throw erroDocumento();
    const vigente = await queries.buscarVigente(trx, idDocumento);
    const recusa = impedimentoLevantamento(documento, vigente !== undefined, idUnidade);
    if (recusa) throw recusar(recusa);
    if (!vigente) throw conflito(MENSAGENS.sobrestamento.naoSobrestado);
    const levantado = await queries.levantar(trx, Number(vigente.id), { idUsuario: usuario.id, motivo });
    if (!levantado) throw conflito(MENSAGENS.sobrestamento.naoSobrestado);
    await queries.trocarEstado(trx, idDocumento, ESTADO_SOBRESTADO, levantado.estadoAnterior);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'LEVANTAR_SOBRESTAMENTO',
      entidade: 'documento',
      idEntidade: idDocumento,
      antes: { estadoProcessamento: documento.estadoProcessamento, idSobrestamento: Number(vigente.id) },
      depois: { estadoProcessamento: levantado.estadoAnterior, motivo },
      ip,
    });
    return Number(vigente.id);
  });
  const linha = await queries.buscarSobrestamento(db, id);
  if (!linha) throw erroDocumento();
  return paraSobrestamento(db, linha, usuario);
}

const LOTE_LEVANTAMENTO = 200;

/**
 * The automatic pass: lifts every suspension whose date has come (levantar_em ≤ today in America/Sao_Paulo), each
 * in its own transaction with the document locked first, as a lifting by hand does. The conditional UPDATE lets two
 * processes run it at once and lift each suspension once. Answers how many this pass lifted.
 */
export async function levantarVencidos(db: Banco, agora: Date = new Date()): Promise<number> {
  const hoje = dataEmSaoPaulo(agora);
  let levantados = 0;
  const vistos = new Set<number>();
  for (;;) {
    const lote = (await queries.listarVencidos(db, hoje, LOTE_LEVANTAMENTO)).filter((s) => !vistos.has(Number(s.id)));
    if (lote.length === 0) break;
    for (const s of lote) {
      vistos.add(Number(s.id));
      const feito = await db.transaction().execute(async (trx) => {
        await queries.bloquearDocumento(trx, Number(s.idDocumento));
        const levantado = await queries.levantar(trx, Number(s.id), { idUsuario: null, motivo: null, ate: hoje });
        if (!levantado) return false;
        await queries.trocarEstado(trx, Number(s.idDocumento), ESTADO_SOBRESTADO, levantado.estadoAnterior);
        await registrarAuditoria(trx, {
          idUsuario: null,
          acao: 'LEVANTAR_SOBRESTAMENTO',
          entidade: 'documento',
          idEntidade: Number(s.idDocumento),
          antes: { estadoProcessamento: ESTADO_SOBRESTADO, idSobrestamento: Number(s.id) },
          depois: { estadoProcessamento: levantado.estadoAnterior, automatico: true, data: hoje },
          ip: null,
        });
        return true;
      });
      if (feito) levantados++;
    }
  }
  return levantados;
}

/** Runs the automatic pass at start and then every `intervaloMs` (10 minutes unless told). */
export function agendarLevantamento(
  db: Banco,
  opcoes: { intervaloMs?: number },
  aoTerminar: (erro: unknown, levantados?: number) => void,
): () => Promise<void> {
  return agendarPeriodicamente(() => levantarVencidos(db), opcoes.intervaloMs ?? 10 * 60_000, aoTerminar);
}
