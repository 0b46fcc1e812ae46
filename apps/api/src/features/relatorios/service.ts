import { PassThrough, type Readable } from 'node:stream';
import {
  type FiltrosRelatorioValidos,
  MARCAS_PASSO,
  MENSAGENS,
  type TipoRelatorio,
  type UnidadeRelatorio,
  validarFiltrosRelatorio,
} from '@tramite/shared';
import type { Config } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import { formatarDataHora } from '../../platform/data-hora.ts';
import { CODIGO_DO_MOTIVO_TRABALHO, ErroDominio, ErroLimiteTaxa, requisicaoInvalida } from '../../platform/erros.ts';
import { ErroTrabalho, type ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { despachoVisivelPara } from '../tramitacao/service.ts';
import {
  type LinhaDesarquivadoLote,
  type PedidoRelatorio,
  type PlanoRelatorio,
  TAMANHO_LOTE,
  type tarefasRelatorios,
} from './geracao.ts';
import * as queries from './queries.ts';

export const TITULOS_RELATORIO: Record<TipoRelatorio, string> = {
  malote: 'Relatório de malote (guia de remessa)',
  desarquivados: 'Relatório de documentos desarquivados',
};

/** Reports one user may have in generation at once (issue 17): each holds a worker of the pool for a while. */
export const LIMITE_RELATORIOS_SIMULTANEOS = 2;
/** A hint for the client refused by the limit; a report usually takes a few seconds. */
const TENTAR_EM_SEGUNDOS = 10;
/**
 * A report may run this many times the pool's time limit (TRABALHADORES_TEMPO_LIMITE_SEGUNDOS): 5 minutes with the
 * default 120 s. A ten-year malote over every unit runs far longer than a cover or a receipt.
 */
const FATOR_TEMPO_RELATORIO = 2.5;

export interface DependenciasRelatorios {
  /** The read replica when there is one (app.dbLeitura). */
  db: Banco;
  config: Pick<Config, 'instituicao' | 'trabalhadores'>;
  /** The pool of worker processes where the PDF is drawn. */
  trabalhadores: ExecutorTarefas<typeof tarefasRelatorios>;
  emAndamento: RelatoriosEmAndamento;
}

export interface RelatorioGerado {
  nomeArquivo: string;
  pdf: Readable;
}

interface OpcoesGeracao {
  /** Aborted when the client goes away: the job stops at its next request and frees the worker. */
  sinal: AbortSignal;
  /** Reports a failure after the PDF started streaming (the answer can no longer become an error status). */
  aoFalhar: (erro: unknown) => void;
}

/**
 * Reports in generation per user. The count lives in this process only: with several API processes behind a load
 * balancer a user may have this many in each (docs/deployment.md); the pool's own bounds still hold per process.
 */
export class RelatoriosEmAndamento {
  private readonly porUsuario = new Map<number, number>();

  constructor(private readonly limite = LIMITE_RELATORIOS_SIMULTANEOS) {}

  /** Takes one of the user's places (429 past the limit); the returned function gives it back, once. */
  reservar(idUsuario: number): () => void {
    const atual = this.porUsuario.get(idUsuario) ?? 0;
    if (atual >= this.limite) {
      throw new ErroLimiteTaxa(
        MENSAGENS.relatorios.relatoriosSimultaneos(this.limite),
        TENTAR_EM_SEGUNDOS,
        'LIMITE_SIMULTANEOS',
      );
    }
    this.porUsuario.set(idUsuario, atual + 1);
    let devolvido = false;
    return () => {
      if (devolvido) return;
      devolvido = true;
      const restantes = (this.porUsuario.get(idUsuario) ?? 1) - 1;
      if (restantes > 0) this.porUsuario.set(idUsuario, restantes);
      else this.porUsuario.delete(idUsuario);
    };
  }
}

/**
 * Units a report may cover (GET relatorios/{x}/unidades). Both reports need RELATORIOS, a permission for whoever
 * answers for the institution's flow of paper: every active unit, plus the user's own units even if inactive; the
 * desarquivados report also lists inactive units that recorded desarquivamentos (a closed archive keeps its history).
 */
export async function listarUnidades(db: Banco, idUsuario: number, tipo: TipoRelatorio): Promise<UnidadeRelatorio[]> {
  const unidades = await queries.listarUnidadesRelatorio(db, idUsuario, tipo === 'desarquivados');
  return unidades.map((unidade) => ({ ...unidade, lotacao: Boolean(unidade.lotacao) }));
}

/** Checks the filters and the units, and turns the bounds into instants; every refusal happens here, before the PDF. */
async function prepararFiltros(
  db: Banco,
  usuario: UsuarioAutenticado,
  tipo: TipoRelatorio,
  consulta: ConsultaRelatorioLida,
) {
  const validacao = validarFiltrosRelatorio(consulta);
  if ('erro' in validacao) throw requisicaoInvalida(validacao.erro);
  const { filtros } = validacao;
  const permitidas = new Map(
    (await listarUnidades(db, usuario.id, tipo)).map((unidade) => [unidade.id, unidade] as const),
  );
  const recusadas = filtros.idsUnidades.filter((id) => !permitidas.has(id));
  if (recusadas.length > 0) {
    throw requisicaoInvalida(MENSAGENS.relatorios.unidadeNaoPermitida, [
      { campo: 'idsUnidades', mensagem: `Unidades não disponíveis: ${recusadas.join(', ')}` },
    ]);
  }
  const unidades = filtros.idsUnidades
    .map((id) => permitidas.get(id) as UnidadeRelatorio)
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  const periodo = await queries.instantesDoPeriodo(
    db,
    filtros.inicio.valor,
    filtros.fim.valor,
    filtros.fim.comSegundos,
  );
  return { filtros, unidades, periodo };
}

export interface ConsultaRelatorioLida {
  idsUnidades: string[];
  inicio?: string | undefined;
  fim?: string | undefined;
}

type FiltrosPreparados = Awaited<ReturnType<typeof prepararFiltros>>;

const ROTULO_UNIDADES: Record<TipoRelatorio, string> = {
  malote: 'Unidades de procedência',
  desarquivados: 'Unidades',
};

function cabecalho(config: DependenciasRelatorios['config'], tipo: TipoRelatorio, preparo: FiltrosPreparados) {
  const { filtros, unidades } = preparo;
  return {
    instituicao: config.instituicao,
    titulo: TITULOS_RELATORIO[tipo],
    linhas: [
      { rotulo: ROTULO_UNIDADES[tipo], valor: unidades.map((u) => `${u.sigla} — ${u.nome}`).join('; ') },
      { rotulo: 'Período', valor: `de ${filtros.inicio.exibicao} a ${filtros.fim.exibicao}` },
      { rotulo: 'Gerado em', valor: formatarDataHora(new Date()) },
    ],
    geradoEm: formatarDataHora(new Date()),
  };
}

function nomeArquivo(tipo: TipoRelatorio, filtros: FiltrosRelatorioValidos): string {
  const compacto = (valor: string) => valor.slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `relatorio-${tipo}-${compacto(filtros.inicio.valor)}-a-${compacto(filtros.fim.valor)}.pdf`;
}

/** What the server keeps of a report while the worker draws it: the plan it sent, and how to read each batch. */
interface Preparado {
  plano: PlanoRelatorio;
  lote(pedido: Extract<PedidoRelatorio, { lote: unknown }>['lote']): Promise<unknown[]>;
}

/** The groups of the malote: one per destination, read pair by pair (origin, destination) in the plan's order. */
async function prepararMalote(
  db: Banco,
  { filtros, periodo }: FiltrosPreparados,
  cabecalhoPlano: PlanoRelatorio['cabecalho'],
): Promise<Preparado> {
  const pares = await queries.resumoMalote(db, filtros.idsUnidades, periodo);
  const destinos: { id: number; titulo: string; pares: queries.ParMalote[] }[] = [];
  for (const par of pares) {
    const ultimo = destinos.at(-1);
    if (ultimo?.id === par.idDestino) ultimo.pares.push(par);
    else
      destinos.push({ id: par.idDestino, titulo: `Destino: ${par.siglaDestino} — ${par.nomeDestino}`, pares: [par] });
  }
  return {
    plano: {
      tipo: 'malote',
      cabecalho: cabecalhoPlano,
      destinos: destinos.map((destino) => ({
        titulo: destino.titulo,
        origens: destino.pares.map((par) => par.siglaOrigem),
      })),
    },
    lote: ({ grupo, parte, apos }) => {
      const par = destinos[grupo]?.pares[parte];
      if (!par) throw new Error(`lote fora do plano do relatório: ${grupo}/${parte}`);
      return queries.loteMalote(db, par, periodo, apos, TAMANHO_LOTE);
    },
  };
}

/**
 * The reason of a desarquivamento is the despacho of its DESARQUIVAR movement: the reader sees it only where the
 * movement's history would show it (spec §6: 'RESTRITO - Motivo: ' and the legal hypothesis otherwise). A
 * desarquivamento recorded without its movement has no access level to honour.
 */
function motivoParaLeitor(linha: queries.LinhaDesarquivado, usuario: UsuarioAutenticado): string {
  const { nivelAcesso, idUnidadeOrigem, idUnidadeDestino } = linha;
  if (nivelAcesso === null || idUnidadeOrigem === null || idUnidadeDestino === null) return linha.motivo;
  if (despachoVisivelPara({ nivelAcesso, idUnidadeOrigem, idUnidadeDestino }, usuario)) return linha.motivo;
  return linha.descricaoHipoteseLegal
    ? `${MENSAGENS.arquivos.prefixoRestrito}${linha.descricaoHipoteseLegal}`
    : MARCAS_PASSO.restrito;
}

async function prepararDesarquivados(
  db: Banco,
  usuario: UsuarioAutenticado,
  { filtros, periodo }: FiltrosPreparados,
  cabecalhoPlano: PlanoRelatorio['cabecalho'],
): Promise<Preparado> {
  const grupos = await queries.resumoDesarquivados(db, filtros.idsUnidades, periodo);
  return {
    plano: {
      tipo: 'desarquivados',
      cabecalho: cabecalhoPlano,
      unidades: grupos.map((unidade) => `Unidade: ${unidade.sigla} — ${unidade.nome}`),
    },
    lote: async ({ grupo, apos }) => {
      const unidade = grupos[grupo];
      if (!unidade) throw new Error(`lote fora do plano do relatório: ${grupo}`);
      const linhas = await queries.loteDesarquivados(db, unidade.id, periodo, apos, TAMANHO_LOTE);
      // Only what is printed crosses to the worker, the reason already as this reader may see it.
      return linhas.map(
        (linha): LinhaDesarquivadoLote => ({
          id: linha.id,
          numero: linha.numero,
          tipo: linha.tipo,
          resumoAssunto: linha.resumoAssunto,
          assunto: linha.assunto,
          usuario: linha.usuario,
          motivo: motivoParaLeitor(linha, usuario),
          posicao: linha.posicao,
          quando: linha.quando,
        }),
      );
    },
  };
}

/** Resolves once the stream took in what was written, or is gone. */
function drenado(saida: PassThrough): Promise<void> {
  return new Promise((resolver) => {
    const seguir = () => {
      saida.off('drain', seguir);
      saida.off('close', seguir);
      resolver();
    };
    saida.once('drain', seguir);
    saida.once('close', seguir);
  });
}

/**
 * A failure of the worker before any byte was sent, as the answer's status: the pool full, closing or its worker
 * lost are passing (503); past the time or memory limit the same report would fail again (422, narrow the filters).
 */
function erroAntesDoPdf(erro: unknown): unknown {
  if (!(erro instanceof ErroTrabalho)) return erro;
  switch (erro.motivo) {
    case 'tempo':
    case 'memoria':
      return new ErroDominio(CODIGO_DO_MOTIVO_TRABALHO[erro.motivo], erro.message, [
        { mensagem: MENSAGENS.relatorios.reduzaFiltros },
      ]);
    case 'erro':
      return new ErroDominio('ERRO_GERAR_PDF', MENSAGENS.relatorios.erroGerarPdf);
    default:
      return new ErroDominio(CODIGO_DO_MOTIVO_TRABALHO[erro.motivo], erro.message);
  }
}

/**
 * Runs the report's job in the pool and answers the PDF as a stream once its first piece came: the worker asks for
 * each batch of rows (read here, on the read replica) and hands back each piece of the PDF, which is answered only
 * when the HTTP answer drained it. A job that fails before the first piece becomes an error status; after it, the
 * stream ends with the error (the client sees a broken download). The user's place is given back when the job ends,
 * however it ends.
 */
function executarNoTrabalhador(
  deps: DependenciasRelatorios,
  preparado: Preparado,
  opcoes: OpcoesGeracao,
  devolver: () => void,
): Promise<Readable> {
  const saida = new PassThrough();
  // Fastify listens from reply.send on and logs a failure; this one only keeps an early one from crashing the process.
  saida.on('error', () => {});
  let comecou = false;
  /** A failure on this side (the database), kept whole: the worker only learns its message. */
  let erroServidor: unknown = null;
  const desistiu = () => opcoes.sinal.aborted || saida.destroyed;
  const erroDesistencia = () => new Error('o cliente desistiu do relatório');

  return new Promise((resolver, rejeitar) => {
    const atender = async (conteudo: unknown): Promise<unknown> => {
      if (desistiu()) throw erroDesistencia();
      const pedido = conteudo as PedidoRelatorio;
      if ('lote' in pedido) {
        try {
          return { linhas: await preparado.lote(pedido.lote) };
        } catch (erro) {
          erroServidor = erro;
          throw erro;
        }
      }
      const { buffer, byteOffset, byteLength } = pedido.pedaco;
      const cabe = saida.write(Buffer.from(buffer, byteOffset, byteLength));
      if (!comecou) {
        comecou = true;
        resolver(saida);
      }
      if (!cabe) await drenado(saida);
      if (desistiu()) throw erroDesistencia();
      return null;
    };
    const tempoLimiteMs = Math.round(deps.config.trabalhadores.tempoLimiteMs * FATOR_TEMPO_RELATORIO);
    deps.trabalhadores
      .executar('relatorios.gerar', preparado.plano, { tempoLimiteMs, atender })
      .then(
        () => {
          saida.end();
          if (!comecou) {
            comecou = true;
            resolver(saida);
          }
        },
        (erro: unknown) => {
          const causa = erroServidor ?? erro;
          if (!comecou) {
            comecou = true;
            if (!desistiu() && erro instanceof ErroTrabalho && erro.motivo === 'erro' && !erroServidor) {
              opcoes.aoFalhar(erro);
            }
            rejeitar(erroAntesDoPdf(causa));
            return;
          }
          if (!desistiu()) opcoes.aoFalhar(causa);
          saida.destroy(causa instanceof Error ? causa : new Error(String(causa)));
        },
      )
      .finally(devolver);
  });
}

async function gerar(
  deps: DependenciasRelatorios,
  usuario: UsuarioAutenticado,
  tipo: TipoRelatorio,
  consulta: ConsultaRelatorioLida,
  opcoes: OpcoesGeracao,
): Promise<RelatorioGerado> {
  // Taken before the period's summary, itself a heavy query over ten years of movements.
  const devolver = deps.emAndamento.reservar(usuario.id);
  try {
    const preparo = await prepararFiltros(deps.db, usuario, tipo, consulta);
    const cabecalhoPlano = cabecalho(deps.config, tipo, preparo);
    const preparado =
      tipo === 'malote'
        ? await prepararMalote(deps.db, preparo, cabecalhoPlano)
        : await prepararDesarquivados(deps.db, usuario, preparo, cabecalhoPlano);
    const pdf = await executarNoTrabalhador(deps, preparado, opcoes, devolver);
    return { nomeArquivo: nomeArquivo(tipo, preparo.filtros), pdf };
  } catch (erro) {
    devolver();
    throw erro;
  }
}

/**
 * The remittance guide: the principal movements SENT by the chosen units in the period, one group (page) per
 * destination unit with its table, its count and the carrier's and receiver's signature lines, then the total.
 */
export function gerarMalote(
  deps: DependenciasRelatorios,
  usuario: UsuarioAutenticado,
  consulta: ConsultaRelatorioLida,
  opcoes: OpcoesGeracao,
): Promise<RelatorioGerado> {
  return gerar(deps, usuario, 'malote', consulta, opcoes);
}

/**
 * The documents unarchived per chosen unit in the period: who, when and why (the reason hidden as the history hides
 * it); a count per unit and the total.
 */
export function gerarDesarquivados(
  deps: DependenciasRelatorios,
  usuario: UsuarioAutenticado,
  consulta: ConsultaRelatorioLida,
  opcoes: OpcoesGeracao,
): Promise<RelatorioGerado> {
  return gerar(deps, usuario, 'desarquivados', consulta, opcoes);
}
