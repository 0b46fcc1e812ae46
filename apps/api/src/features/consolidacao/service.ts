import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type Consolidacao,
  LIMITE_CONSOLIDACOES_EM_ANDAMENTO,
  LIMITE_CONSOLIDACOES_RECENTES,
  MENSAGENS,
} from '@tramite/shared';
import { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { ErroDominio, naoEncontrado, requisicaoInvalida, semPermissao } from '../../platform/erros.ts';
import { enfileirar } from '../../platform/fila.ts';
import { exigirLimites, type RegraLimite } from '../../platform/limite-taxa.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as pecas from '../pecas/service.ts';
import * as queries from './queries.ts';

export const TAREFA_CONSOLIDAR = 'consolidar-documento';
/** Attempts of the job before the consolidation is marked ERRO (a broken peça ends it at once). */
export const TENTATIVAS_CONSOLIDACAO = 3;

export type Chamador = UsuarioAutenticado | null;

/**
 * Requests per client address and per logged-in user (issue 17): each one costs a visibility check and may start a
 * PDF build, so a client cannot flood the queue even with requests that reuse finished consolidations.
 */
export const LIMITE_SOLICITACOES_POR_ENDERECO: RegraLimite = {
  nome: 'consolidacao-endereco',
  maximo: 20,
  janelaSegundos: 600,
};
export const LIMITE_SOLICITACOES_POR_USUARIO: RegraLimite = {
  nome: 'consolidacao-usuario',
  maximo: 30,
  janelaSegundos: 600,
};
/** Added to the peças' bytes when estimating a consolidation: cover, bookmarks, page stamps, image conversion. */
export const ACRESCIMO_ESTIMADO_BYTES = 1024 * 1024;

export interface DependenciasConsolidacao {
  db: Banco;
  armazenamento: ArmazenamentoArquivos;
}

/** config.consolidacao: how long a finished consolidation is kept, and the disk the stored ones may take. */
export interface OpcoesConsolidacao {
  retencaoHoras: number;
  discoMaximoMb: number;
}

const iso = (data: Date | string | null) => (data === null ? null : new Date(data).toISOString());

function paraConsolidacao(linha: queries.LinhaConsolidacao): Consolidacao {
  return {
    uuid: linha.uuid,
    idDocumento: Number(linha.idDocumento),
    numero: linha.numero,
    tipo: linha.tipo,
    estado: linha.estado,
    quantidadePecas: linha.idsPecas.length,
    paginas: linha.paginas,
    tamanho: linha.tamanho === null ? null : Number(linha.tamanho),
    erro: linha.erro,
    criadoEm: iso(linha.criadoEm) as string,
    concluidoEm: iso(linha.concluidoEm),
    restrita: linha.restrita,
    expirada: linha.expirada,
    expiraEm: iso(linha.expiraEm),
  };
}

/** The requester's own (bound) consolidations, and the public ones: what a caller may follow or download. */
function visivelAoChamador(linha: { restrita: boolean; idUsuario: number | null }, chamador: Chamador): boolean {
  return !linha.restrita || (chamador !== null && linha.idUsuario === chamador.id);
}

/** idAcessoAnexo of the document's peças `leitor` may open now, by the peças feature's own rule (none: no access). */
async function pecasVisiveis(db: Banco, leitor: Chamador, idDocumento: number): Promise<Set<number>> {
  try {
    const lista = await pecas.listarPecas(db, leitor, idDocumento, { somenteAtivas: false });
    return new Set(lista.filter((peca) => peca.podeVisualizar).map((peca) => peca.idAcessoAnexo));
  } catch (erro) {
    // The document itself is hidden from this reader (one still being created, for instance).
    if (erro instanceof ErroDominio && erro.status === 404) return new Set();
    throw erro;
  }
}

/**
 * POST consolidacao/{idDocumento}/{tipo}: records the request and its job in one transaction and answers the uuid.
 * The ids are the peças' idAnexo (as GET documentos/{id}/anexos lists them). Ids that are not current peças of this
 * document (unknown, of another document, cancelled, or sigilosas the caller may not list) give 400; peças the caller
 * may list but not open (restricted) are left out, exactly as GET .../binario would refuse them.
 *
 * Issue 17: one holding a peça an anonymous reader could not open is `restrita`, bound to its requester. An
 * identical request (same document, same peças in the same order, same class: public, or bound to the same user)
 * still stored and not in ERRO answers the existing uuid. A new one is refused (503) when the stored ones plus its
 * estimate would pass the disk budget. Rate limited per client address and per user (429 with Retry-After).
 */
export async function solicitar(
  db: Banco,
  chamador: Chamador,
  idDocumento: number,
  ids: readonly number[],
  ip: string,
  opcoes: OpcoesConsolidacao,
): Promise<{ uuid: string }> {
  const limites = [{ regra: LIMITE_SOLICITACOES_POR_ENDERECO, sujeito: ip }];
  if (chamador) limites.push({ regra: LIMITE_SOLICITACOES_POR_USUARIO, sujeito: String(chamador.id) });
  await exigirLimites(db, limites, MENSAGENS.consolidacao.muitasSolicitacoes);
  if (ids.length === 0) throw requisicaoInvalida(MENSAGENS.consolidacao.nenhumaPeca);
  // The peças rule itself: 404 for a document the caller may not see, podeVisualizar per peça.
  const atuais = await pecas.listarPecas(db, chamador, idDocumento, { somenteAtivas: true });
  const porAnexo = new Map(atuais.map((peca) => [peca.idAnexo, peca]));
  const desconhecidos = [...new Set(ids)].filter((id) => !porAnexo.has(id));
  if (desconhecidos.length > 0) {
    throw requisicaoInvalida(MENSAGENS.consolidacao.pecasDeOutroDocumento(desconhecidos.join(', ')));
  }
  const pedidos = new Set(ids);
  const escolhidas = atuais.filter((peca) => pedidos.has(peca.idAnexo) && peca.podeVisualizar);
  if (escolhidas.length === 0) throw requisicaoInvalida(MENSAGENS.consolidacao.nenhumaPecaVisivel);
  // Sequence order, whatever order the ids came in; the peça rows (idAcessoAnexo) are what the job reads.
  const idsPecas = escolhidas.map((peca) => peca.idAcessoAnexo);
  const anonimas = chamador ? await pecasVisiveis(db, null, idDocumento) : null;
  const restrita = anonimas !== null && idsPecas.some((id) => !anonimas.has(id));
  const estimado = escolhidas.reduce((soma, peca) => soma + peca.tamanho, ACRESCIMO_ESTIMADO_BYTES);
  const uuid = randomUUID();
  return db.transaction().execute(async (trx) => {
    await queries.bloquearSolicitacoes(trx);
    const idUsuario = chamador?.id ?? null;
    const existente = await queries.buscarIdentica(
      trx,
      { idDocumento, idsPecas, restrita, idUsuario },
      opcoes.retencaoHoras,
    );
    if (existente) return { uuid: existente.uuid };
    if ((await queries.contarEmAndamento(trx, idUsuario, ip)) >= LIMITE_CONSOLIDACOES_EM_ANDAMENTO) {
      throw new ErroDominio(
        'LIMITE_SIMULTANEOS',
        MENSAGENS.consolidacao.muitasEmAndamento(LIMITE_CONSOLIDACOES_EM_ANDAMENTO),
      );
    }
    if ((await queries.bytesGuardados(trx)) + estimado > opcoes.discoMaximoMb * 1024 * 1024) {
      throw new ErroDominio('SERVIDOR_OCUPADO', MENSAGENS.consolidacao.discoCheio);
    }
    await queries.inserirConsolidacao(trx, {
      uuid,
      idUsuario,
      idDocumento,
      idsPecas,
      restrita,
      tamanhoEstimado: estimado,
      ipSolicitante: ip,
    });
    await enfileirar(trx, TAREFA_CONSOLIDAR, { uuid }, { maxTentativas: TENTATIVAS_CONSOLIDACAO });
    await registrarAuditoria(trx, {
      idUsuario: chamador?.id ?? null,
      acao: 'SOLICITAR_CONSOLIDACAO',
      entidade: 'consolidacao',
      idEntidade: uuid,
      depois: { idDocumento, tipo: 'PDF', idsPecas, omitidas: atuais.length - escolhidas.length, restrita },
      ip,
    });
    return { uuid };
  });
}

/** GET consolidacao: the logged-in user's most recent consolidations; none for an anonymous caller. */
export async function listarRecentes(
  db: Banco,
  chamador: Chamador,
  opcoes: OpcoesConsolidacao,
): Promise<Consolidacao[]> {
  if (!chamador) return [];
  const linhas = await queries
    .selecionarConsolidacoes(db, opcoes.retencaoHoras)
    .where('c.idUsuario', '=', chamador.id)
    .orderBy('c.criadoEm', 'desc')
    .orderBy('c.uuid')
    .limit(LIMITE_CONSOLIDACOES_RECENTES)
    .execute();
  return linhas.map(paraConsolidacao);
}

/**
 * POST consolidacao: the state of the given consolidations (the uuids a browser remembered). The uuid of a public
 * one is the capability: whoever has it may follow and download it, logged in or not. A restricted one is answered
 * only to its requester; to anyone else it is as unknown as a uuid never issued.
 */
export async function consultar(
  db: Banco,
  chamador: Chamador,
  uuids: readonly string[],
  opcoes: OpcoesConsolidacao,
): Promise<Consolidacao[]> {
  const validos = [...new Set(uuids.filter((uuid) => z.uuid().safeParse(uuid).success))];
  if (validos.length === 0) return [];
  const linhas = await queries
    .selecionarConsolidacoes(db, opcoes.retencaoHoras)
    .where('c.uuid', 'in', validos)
    .where((eb) =>
      chamador
        ? eb.or([eb('c.restrita', '=', false), eb('c.idUsuario', '=', chamador.id)])
        : eb('c.restrita', '=', false),
    )
    .orderBy('c.criadoEm', 'desc')
    .orderBy('c.uuid')
    .execute();
  return linhas.map(paraConsolidacao);
}

export interface PdfConsolidacao {
  numero: string;
  tamanho: number;
  conteudo: Readable;
}

/**
 * GET consolidacao/{uuid}/pdf: the finished PDF. A restricted one exists only for its requester (404 to anyone else,
 * the answer of an unknown uuid); an expired one is gone (410). Visibility is checked again now, with the same rule
 * as when it was requested (the requester of a restricted one, an anonymous reader for a public one): if any peça in
 * it may no longer be opened (reclassified, the document moved to another unit, a permission lost), 403 asking for a
 * new request, which would leave that peça out.
 */
export async function abrirPdf(
  deps: DependenciasConsolidacao,
  chamador: Chamador,
  uuid: string,
  opcoes: OpcoesConsolidacao,
): Promise<PdfConsolidacao> {
  const [linha] = await queries
    .selecionarConsolidacoes(deps.db, opcoes.retencaoHoras)
    .select('c.sha256')
    .where('c.uuid', '=', uuid)
    .execute();
  if (!linha || !visivelAoChamador(linha, chamador)) throw naoEncontrado(MENSAGENS.consolidacao.naoEncontrada);
  if (linha.expirada) throw new ErroDominio('CONSOLIDACAO_EXPIRADA', MENSAGENS.consolidacao.expirada);
  if (linha.estado !== 'CONCLUIDA' || !linha.sha256 || linha.tamanho === null) {
    throw new ErroDominio('CONSOLIDACAO_NAO_CONCLUIDA', MENSAGENS.consolidacao.naoConcluida);
  }
  const visiveis = await pecasVisiveis(deps.db, linha.restrita ? chamador : null, Number(linha.idDocumento));
  if (!linha.idsPecas.every((id) => visiveis.has(Number(id)))) {
    throw semPermissao(MENSAGENS.consolidacao.acessoPerdido, 'CONSOLIDACAO_ACESSO_PERDIDO');
  }
  if (!(await deps.armazenamento.existe(linha.sha256))) {
    throw naoEncontrado(MENSAGENS.consolidacao.arquivoIndisponivel, 'CONSOLIDACAO_ARQUIVO_INDISPONIVEL');
  }
  return { numero: linha.numero, tamanho: Number(linha.tamanho), conteudo: deps.armazenamento.ler(linha.sha256) };
}
