import type { Readable } from 'node:stream';
import type { ContextoTarefa } from '../../platform/trabalhador.ts';
import { type CabecalhoRelatorio, type Coluna, RelatorioPdf, textoPdf } from './pdf.ts';
import type { LinhaDesarquivado, LinhaMalote, Posicao } from './queries.ts';

/**
 * The worker side of a report (issue 17): the PDF is laid out in a worker process of the pool, never on the server's
 * event loop. The task gets the plan (titles and groups, no rows), PULLS the rows batch by batch from the server
 * process (which runs the keyset queries and decides what the reader may see) and PUSHES the PDF back in pieces,
 * each answered only once the HTTP answer took it: a slow client slows the worker, never the server's memory.
 */

/** Rows per batch: small enough to interleave with other requests, large enough to keep round trips few. */
export const TAMANHO_LOTE = 500;
/** The PDF goes back in pieces of about this size: one IPC round trip each, not one per pdfkit object. */
const TAMANHO_PEDACO = 64 * 1024;

/** Every report's table starts with the document: its NUP, type and subject summary, then the report's own columns. */
function colunasDoRelatorio(fracaoResumo: number, proprias: Coluna[]): Coluna[] {
  return [
    { titulo: 'NUP', fracao: 0.14 },
    { titulo: 'Tipo', fracao: 0.11 },
    { titulo: 'Resumo do assunto', fracao: fracaoResumo },
    ...proprias,
  ];
}

const COLUNAS_MALOTE = colunasDoRelatorio(0.29, [
  { titulo: 'Remetente (procedência)', fracao: 0.16 },
  { titulo: 'Data e hora do envio', fracao: 0.11 },
  { titulo: 'Despacho (passo do fluxo)', fracao: 0.19 },
]);

const COLUNAS_DESARQUIVADOS = colunasDoRelatorio(0.22, [
  { titulo: 'Desarquivado por', fracao: 0.15 },
  { titulo: 'Data e hora', fracao: 0.11 },
  { titulo: 'Motivo', fracao: 0.27 },
]);

/**
 * What the worker draws: the header and the groups in order. Malote: one group per destination, each read pair by
 * pair (origin, destination), `origens` holding each pair's origin acronym. Desarquivados: one group per unit.
 */
export type PlanoRelatorio =
  | { tipo: 'malote'; cabecalho: CabecalhoRelatorio; destinos: { titulo: string; origens: string[] }[] }
  | { tipo: 'desarquivados'; cabecalho: CabecalhoRelatorio; unidades: string[] };

/** A malote row as it crosses to the worker: what is printed, and the keyset position. */
type LinhaMaloteLote = Pick<
  LinhaMalote,
  | 'id'
  | 'numero'
  | 'tipo'
  | 'resumoAssunto'
  | 'assunto'
  | 'remetente'
  | 'passo'
  | 'fluxo'
  | 'tipoDespacho'
  | 'reencaminhamento'
  | 'posicao'
  | 'quando'
>;
/** A desarquivamento row as it crosses: `motivo` already replaced by the restriction label where the reader may not see it. */
export type LinhaDesarquivadoLote = Pick<
  LinhaDesarquivado,
  'id' | 'numero' | 'tipo' | 'resumoAssunto' | 'assunto' | 'usuario' | 'motivo' | 'posicao' | 'quando'
>;

/** The worker's requests: the next batch of a group (and of a pair, for the malote), or a piece of the PDF. */
export type PedidoRelatorio = { lote: { grupo: number; parte: number; apos: Posicao | null } } | { pedaco: Uint8Array };

interface RespostaLote<L> {
  linhas: L[];
}

/** Sends what pdfkit writes in pieces; each `pedir` resolves once the server has passed the piece on. */
async function enviarPedacos(documento: Readable, contexto: ContextoTarefa): Promise<void> {
  let partes: Buffer[] = [];
  let tamanho = 0;
  const enviar = async () => {
    const pedaco = partes.length === 1 ? (partes[0] as Buffer) : Buffer.concat(partes, tamanho);
    partes = [];
    tamanho = 0;
    await contexto.pedir({ pedaco } satisfies PedidoRelatorio);
  };
  // While a piece waits for the client, nothing is read here: pdfkit's buffer fills and the writer waits
  // (RelatorioPdf.aguardarLeitor).
  for await (const parte of documento) {
    partes.push(parte as Buffer);
    tamanho += (parte as Buffer).length;
    if (tamanho >= TAMANHO_PEDACO) await enviar();
  }
  if (tamanho > 0) await enviar();
}

/**
 * Draws every row of one part of a group (`grupo`, `parte`), batch by batch in keyset order, waiting for the reader
 * between batches; answers how many rows it drew, or null when the PDF was cancelled.
 */
async function desenharLotes<L extends { id: number; posicao: string }>(
  pdf: RelatorioPdf,
  contexto: ContextoTarefa,
  onde: { grupo: number; parte: number },
  desenhar: (linha: L) => string[],
): Promise<number | null> {
  let apos: Posicao | null = null;
  let desenhadas = 0;
  for (;;) {
    if (pdf.cancelado) return null;
    const pedido: PedidoRelatorio = { lote: { ...onde, apos } };
    const { linhas } = (await contexto.pedir(pedido)) as RespostaLote<L>;
    for (const linha of linhas) pdf.linha(desenhar(linha));
    desenhadas += linhas.length;
    const ultima = linhas.at(-1);
    if (!ultima || linhas.length < TAMANHO_LOTE) return desenhadas;
    apos = { quando: ultima.posicao, id: ultima.id };
    await pdf.aguardarLeitor();
  }
}

function descricaoDespacho(linha: LinhaMaloteLote): string {
  const passo = linha.passo
    ? `${linha.passo}${linha.fluxo ? ` (${linha.fluxo})` : ''}`
    : `Despacho ${linha.tipoDespacho}`;
  return linha.reencaminhamento ? `${passo} — reencaminhamento` : passo;
}

/** The cells under the document's columns (`colunasDoRelatorio`): NUP, type and subject summary. */
function celulasDoDocumento(linha: Pick<LinhaMaloteLote, 'numero' | 'tipo' | 'resumoAssunto' | 'assunto'>): string[] {
  return [linha.numero, textoPdf(linha.tipo), textoPdf(linha.resumoAssunto ?? linha.assunto)];
}

/**
 * Draws the plan's groups in order, each under its title and the report's columns, reading the rows of each of its
 * parts batch by batch; `fimDoGrupo` writes what follows a group's table. Answers the count of rows, or null once
 * the report was cancelled.
 */
async function escreverGrupos<L extends { id: number; posicao: string }, P>(
  pdf: RelatorioPdf,
  contexto: ContextoTarefa,
  grupos: { titulo: string; partes: P[] }[],
  desenho: {
    colunas: Coluna[];
    novaPagina: boolean;
    celulas: (linha: L, parte: P) => string[];
    fimDoGrupo: (doGrupo: number) => void;
  },
): Promise<number | null> {
  let total = 0;
  for (const [grupo, { titulo, partes }] of grupos.entries()) {
    pdf.iniciarGrupo(textoPdf(titulo), desenho.colunas, { novaPagina: desenho.novaPagina && grupo > 0 });
    let doGrupo = 0;
    for (const [indice, parte] of partes.entries()) {
      const onde = { grupo, parte: indice };
      const desenhadas = await desenharLotes<L>(pdf, contexto, onde, (linha) => desenho.celulas(linha, parte));
      if (desenhadas === null) return null;
      doGrupo += desenhadas;
    }
    total += doGrupo;
    desenho.fimDoGrupo(doGrupo);
  }
  return total;
}

/**
 * The remittance guide: the principal movements SENT by the chosen units in the period, one group (page) per
 * destination unit with its table, its count and the carrier's and receiver's signature lines, then the total.
 * Each destination is read pair by pair: a part per origin unit.
 */
async function escreverMalote(
  pdf: RelatorioPdf,
  plano: Extract<PlanoRelatorio, { tipo: 'malote' }>,
  contexto: ContextoTarefa,
): Promise<void> {
  const grupos = plano.destinos.map((destino) => ({ titulo: destino.titulo, partes: destino.origens }));
  const total = await escreverGrupos<LinhaMaloteLote, string>(pdf, contexto, grupos, {
    colunas: COLUNAS_MALOTE,
    novaPagina: true,
    celulas: (linha, siglaOrigem) => [
      ...celulasDoDocumento(linha),
      `${textoPdf(linha.remetente)} (${textoPdf(siglaOrigem)})`,
      linha.quando,
      textoPdf(descricaoDespacho(linha)),
    ],
    fimDoGrupo: (doGrupo) => {
      pdf.paragrafo(`Documentos nesta guia: ${doGrupo}`, { negrito: true });
      pdf.assinaturas(['Portador (entregue por)', 'Recebedor (recebido por)']);
    },
  });
  if (total === null) return;
  if (plano.destinos.length === 0) {
    pdf.paragrafo('Nenhum documento foi enviado pelas unidades de procedência no período.');
  }
  const destinos = plano.destinos.length;
  pdf.paragrafo(
    `Total geral: ${total} ${total === 1 ? 'documento enviado' : 'documentos enviados'} a ${destinos} ${
      destinos === 1 ? 'unidade de destino' : 'unidades de destino'
    }`,
    { negrito: true, tamanho: 10 },
  );
}

/**
 * The documents unarchived per chosen unit in the period: who, when and why; a count per unit and the total. A
 * unit is read whole, as a single part.
 */
async function escreverDesarquivados(
  pdf: RelatorioPdf,
  plano: Extract<PlanoRelatorio, { tipo: 'desarquivados' }>,
  contexto: ContextoTarefa,
): Promise<void> {
  const grupos = plano.unidades.map((titulo) => ({ titulo, partes: [null] }));
  const total = await escreverGrupos<LinhaDesarquivadoLote, null>(pdf, contexto, grupos, {
    colunas: COLUNAS_DESARQUIVADOS,
    novaPagina: false,
    celulas: (linha) => [...celulasDoDocumento(linha), textoPdf(linha.usuario), linha.quando, textoPdf(linha.motivo)],
    fimDoGrupo: (doGrupo) =>
      pdf.paragrafo(
        doGrupo === 0
          ? 'Nenhum documento desarquivado nesta unidade no período.'
          : `Documentos desarquivados nesta unidade: ${doGrupo}`,
        { negrito: doGrupo > 0 },
      ),
  });
  if (total === null) return;
  pdf.paragrafo(`Total geral: ${total} ${total === 1 ? 'documento desarquivado' : 'documentos desarquivados'}`, {
    negrito: true,
    tamanho: 10,
  });
}

/**
 * Draws the report of `plano` and sends it back in pieces. A failed request (the client went away, the database
 * failed) ends the task with that error, which frees the worker.
 */
async function gerarRelatorio(plano: PlanoRelatorio, contexto: ContextoTarefa): Promise<void> {
  const pdf = new RelatorioPdf(plano.cabecalho);
  const envio = enviarPedacos(pdf.documento, contexto);
  // Awaited below; a failure while the writer still runs ends the stream, so the writer stops at its next batch.
  envio.catch(() => {});
  try {
    if (plano.tipo === 'malote') await escreverMalote(pdf, plano, contexto);
    else await escreverDesarquivados(pdf, plano, contexto);
  } catch (erro) {
    pdf.documento.destroy();
    throw erro;
  }
  if (!pdf.cancelado) pdf.finalizar();
  await envio;
}

/** The report task for the pool of worker processes (tarefas-pesadas.ts). */
export const tarefasRelatorios = {
  'relatorios.gerar': gerarRelatorio,
};
