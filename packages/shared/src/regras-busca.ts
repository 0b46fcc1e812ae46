import type { FiltrosBusca } from './documentos.ts';
import type { ServidorProcedencia } from './lookups.ts';
import { MENSAGENS_BUSCA } from './mensagens-iniciais.ts';
import { problemaPeriodo } from './periodo.ts';
import { dataIsoValida, inteiro, lerPaginacao } from './regras-leves.ts';

/**
 * The document search's rules and limits without zod, as regras-leves.ts keeps the postal box's (issue 23: the search
 * screen must not load zod). documentos.ts and conteudo-pecas.ts, which own them, re-export every name.
 */

export const RESUMO_ASSUNTO_MINIMO = 3;

/** The shortest and longest text searched in the peças' content (the same rule as the summary's minimum). */
export const CONTEUDO_MINIMO = 3;
export const CONTEUDO_MAXIMO = 200;

export const ORDENACOES_BUSCA = ['relevancia', 'numero', 'dataCriacao', 'dataEnvio', 'tipo'] as const;

/** A name search of interested parties needs this many typed characters (spaces not counted). */
export const MINIMO_CARACTERES_NOME_INTERESSADO = 3;

/** Spec §3: the synthetic first entry of the origin unit's employees, meaning all of them. */
export const ID_SERVIDOR_TODOS = -1;
export const SERVIDOR_TODOS: ServidorProcedencia = {
  id: ID_SERVIDOR_TODOS,
  codigo: null,
  cpf: null,
  nome: 'TODOS',
  situacao: 'ATIVO',
};

/** The longest number and kind of entity a search filters by. */
const NUMERO_DOCUMENTO_MAXIMO = 40;
const RESUMO_ASSUNTO_MAXIMO = 200;
const TIPO_ENTIDADE_MAXIMO = 40;

export const preenchido = (valor: unknown) => valor !== undefined && valor !== null && String(valor).trim() !== '';

/**
 * A broken rule and the field it is about, in the shape of a zod issue (`path` and `message`): a refinement adds it
 * as is, and a form resolver puts the message under that field. An empty path is about the whole form.
 */
export interface ProblemaCampo {
  path: [string] | [];
  message: string;
}

export const problema = (message: string, ...path: [string] | []): ProblemaCampo => ({ path, message });

type CampoData = 'dataCriacaoInicio' | 'dataCriacaoFim' | 'dataEnvioInicio' | 'dataEnvioFim';

/** A period with one date (about the one still missing) or with its start after its end (about the end). */
function periodoComProblema(
  filtros: FiltrosBusca,
  inicio: CampoData,
  fim: CampoData,
  mensagens: { incompleto: string; invertido: string },
) {
  const mensagem = problemaPeriodo(filtros[inicio], filtros[fim], mensagens);
  if (mensagem === null) return null;
  return problema(mensagem, mensagem === mensagens.incompleto && !preenchido(filtros[inicio]) ? inicio : fim);
}

/** A kind and an entity filled without the other: the missing one. */
function parIncompleto(
  filtros: FiltrosBusca,
  tipo: 'tipoInteressado' | 'tipoResponsavelTramitacao',
  id: 'idInteressado' | 'idResponsavelTramitacao',
  mensagens: { incompleto: string; semTipo: string },
) {
  if (preenchido(filtros[tipo]) === preenchido(filtros[id])) return null;
  return preenchido(filtros[tipo]) ? problema(mensagens.incompleto, id) : problema(mensagens.semTipo, tipo);
}

/**
 * The search rules of spec §5, in order: the first broken rule, with the field it is about, or null.
 * A user-specific search also accepts an employee of the origin units as its filter group.
 */
export function validarFiltrosBusca(
  filtros: FiltrosBusca,
  opcoes: { usuarioEspecifico?: boolean } = {},
): ProblemaCampo | null {
  const B = MENSAGENS_BUSCA;
  const incompleto =
    periodoComProblema(filtros, 'dataEnvioInicio', 'dataEnvioFim', {
      incompleto: B.dataTramitacaoIncompleta,
      invertido: B.dataTramitacaoInvertida,
    }) ??
    periodoComProblema(filtros, 'dataCriacaoInicio', 'dataCriacaoFim', {
      incompleto: B.dataCriacaoIncompleta,
      invertido: B.dataCriacaoInvertida,
    }) ??
    parIncompleto(filtros, 'tipoInteressado', 'idInteressado', {
      incompleto: B.interessadoIncompleto,
      semTipo: B.interessadoSemTipo,
    }) ??
    parIncompleto(filtros, 'tipoResponsavelTramitacao', 'idResponsavelTramitacao', {
      incompleto: B.responsavelIncompleto,
      semTipo: B.responsavelSemTipo,
    });
  if (incompleto) return incompleto;
  const periodoCriacao = preenchido(filtros.dataCriacaoInicio) && preenchido(filtros.dataCriacaoFim);
  const periodoEnvio = preenchido(filtros.dataEnvioInicio) && preenchido(filtros.dataEnvioFim);
  if (preenchido(filtros.resumoAssunto)) {
    if (String(filtros.resumoAssunto).trim().length < RESUMO_ASSUNTO_MINIMO)
      return problema(B.resumoCurto, 'resumoAssunto');
    if (!periodoCriacao && !periodoEnvio) return problema(B.resumoSemDatas, 'resumoAssunto');
  }
  if (preenchido(filtros.conteudoPecas)) {
    if (String(filtros.conteudoPecas).trim().length < CONTEUDO_MINIMO) {
      return problema(B.conteudoCurto, 'conteudoPecas');
    }
    if (!periodoCriacao && !periodoEnvio) return problema(B.conteudoSemDatas, 'conteudoPecas');
  }
  const grupos = [
    preenchido(filtros.numeroDocumento),
    periodoCriacao,
    periodoEnvio,
    preenchido(filtros.idInteressado),
    preenchido(filtros.idResponsavelTramitacao),
  ];
  if (opcoes.usuarioEspecifico) grupos.push(preenchido(filtros.idServidorLotadoProcedencia));
  if (!grupos.some(Boolean)) return problema(opcoes.usuarioEspecifico ? B.nenhumFiltroUsuario : B.nenhumFiltro);
  return null;
}

/** The parameters of GET documentos as filtrosBuscaSchema outputs them. */
export interface ConsultaBusca {
  numeroDocumento?: string;
  resumoAssunto?: string;
  conteudoPecas?: string;
  idTipoDocumento?: number;
  idAssunto?: number;
  dataCriacaoInicio?: string;
  dataCriacaoFim?: string;
  dataEnvioInicio?: string;
  dataEnvioFim?: string;
  tipoInteressado?: string;
  idInteressado?: number;
  idProcedencia?: number;
  tipoResponsavelTramitacao?: string;
  idResponsavelTramitacao?: number;
  idServidorLotadoProcedencia?: number;
  ordenacao?: (typeof ORDENACOES_BUSCA)[number];
  direcao: 'asc' | 'desc';
  pagina: number;
  tamanhoPagina: number;
}

const TEXTOS = [
  ['numeroDocumento', NUMERO_DOCUMENTO_MAXIMO],
  ['resumoAssunto', RESUMO_ASSUNTO_MAXIMO],
  ['conteudoPecas', CONTEUDO_MAXIMO],
  ['tipoInteressado', TIPO_ENTIDADE_MAXIMO],
  ['tipoResponsavelTramitacao', TIPO_ENTIDADE_MAXIMO],
] as const;
const IDS = ['idTipoDocumento', 'idAssunto', 'idInteressado', 'idProcedencia', 'idResponsavelTramitacao'] as const;
const DATAS = ['dataCriacaoInicio', 'dataCriacaoFim', 'dataEnvioInicio', 'dataEnvioFim'] as const;

/**
 * The result of `filtrosBuscaSchema.safeParse(entrada)` (the server's validation of GET documentos) without zod: the
 * parsed query, or null where the schema fails. A property test keeps both in agreement.
 */
export function lerFiltrosBusca(entrada: Record<string, unknown>): ConsultaBusca | null {
  const saida: Partial<ConsultaBusca> = {};
  for (const [campo, maximo] of TEXTOS) {
    const valor = entrada[campo];
    if (valor === undefined) continue;
    if (typeof valor !== 'string' || valor.trim().length > maximo) return null;
    saida[campo] = valor.trim();
  }
  for (const campo of IDS) {
    if (entrada[campo] === undefined) continue;
    const numero = inteiro(entrada[campo], 1);
    if (numero === undefined) return null;
    saida[campo] = numero;
  }
  for (const campo of DATAS) {
    const valor = entrada[campo];
    if (valor === undefined) continue;
    if (typeof valor !== 'string' || !dataIsoValida(valor)) return null;
    saida[campo] = valor;
  }
  if (entrada.idServidorLotadoProcedencia !== undefined) {
    const numero = inteiro(entrada.idServidorLotadoProcedencia, -1);
    if (numero === undefined) return null;
    saida.idServidorLotadoProcedencia = numero;
  }
  if (entrada.ordenacao !== undefined) {
    const ordenacao = ORDENACOES_BUSCA.find((valor) => valor === entrada.ordenacao);
    if (!ordenacao) return null;
    saida.ordenacao = ordenacao;
  }
  const paginacao = lerPaginacao(entrada);
  if (!paginacao) return null;
  return { ...saida, ...paginacao };
}
