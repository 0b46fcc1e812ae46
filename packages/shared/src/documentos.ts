import { z } from 'zod';
import { diaEmSaoPaulo } from './calendario.ts';
import { CONTEUDO_MAXIMO, ocorrenciaConteudoSchema } from './conteudo-pecas.ts';
import { MENSAGENS } from './mensagens.ts';
import { ORDENACOES_BUSCA, type ProblemaCampo, preenchido, problema } from './regras-busca.ts';
import { dataIsoValida, ESTADO, PAGINACAO } from './regras-leves.ts';

export {
  MARCADOR_TAMANHO_MAXIMO,
  MARCADORES_MAXIMOS,
  motivoNaoEditavel,
  separarMarcadores,
  validarMarcadores,
} from './regras-documento.ts';

/** Contracts and pure rules of documents: opening (autuação), search (busca), detail and editability. */

// The search's plain rules live in regras-busca.ts (no zod), so that the web's search screen stays small.
export {
  type ConsultaBusca,
  lerFiltrosBusca,
  ORDENACOES_BUSCA,
  type ProblemaCampo,
  RESUMO_ASSUNTO_MINIMO,
  validarFiltrosBusca,
} from './regras-busca.ts';
export { ESTADO, PAGINACAO } from './regras-leves.ts';

export const SITUACOES_DOCUMENTO = ['EM_CRIACAO', 'ENVIADO', 'RECEBIDO', 'E', 'T'] as const;
export type SituacaoDocumento = (typeof SITUACOES_DOCUMENTO)[number];

export const estadoSchema = z.record(z.string(), z.number().int());
export type Estado = z.infer<typeof estadoSchema>;

/** The estado map from the document's columns; 32007 only when set (absent means visible). */
export function montarEstado(colunas: {
  estadoProcessamento: number;
  estadoOrigem: number;
  estadoTamanho: number;
  estadoVisibilidadeCaixa: number | null;
}): Estado {
  const estado: Estado = {
    [ESTADO.processamento]: colunas.estadoProcessamento,
    [ESTADO.origem]: colunas.estadoOrigem,
    [ESTADO.tamanho]: colunas.estadoTamanho,
  };
  if (colunas.estadoVisibilidadeCaixa !== null) estado[ESTADO.visibilidadeCaixa] = colunas.estadoVisibilidadeCaixa;
  return estado;
}

/** A calendar date 'YYYY-MM-DD' that exists (no 2025-02-30). */
export { dataIsoValida };

const dataIso = z.string().refine(dataIsoValida, MENSAGENS.busca.dataInvalida);

export const unidadeRefSchema = z.object({ id: z.number().int(), sigla: z.string(), nome: z.string() });

export const ultimaTramitacaoSchema = z.object({
  id: z.number().int(),
  sequencia: z.number().int(),
  unidadeOrigem: unidadeRefSchema,
  unidadeDestino: unidadeRefSchema,
  passo: z.string().nullable(),
  dtDespacho: z.string(),
  dtRecebimento: z.string().nullable(),
});

/** GET documentos/{id}. Personal data of the interested party is only sent to logged-in users. */
export const documentoSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string(),
  numeroDocumento: z.string(),
  idTipo: z.number().int(),
  idTipoDocumento: z.number().int(),
  tipo: z.string(),
  tipoDocumento: z.string(),
  situacao: z.enum(SITUACOES_DOCUMENTO),
  estado: estadoSchema,
  idAssunto: z.number().int().nullable(),
  assunto: z.object({ id: z.number().int(), codigo: z.string(), descricao: z.string() }).nullable(),
  resumoAssunto: z.string().nullable(),
  observacao: z.string().nullable(),
  urgente: z.boolean(),
  motivoUrgencia: z.string().nullable(),
  tipoInteressado: z.string().nullable(),
  idInteressado: z.number().int().nullable(),
  idPessoaInteressado: z.number().int().nullable(),
  interessado: z.object({ id: z.number().int(), tipo: z.string(), nome: z.string() }).nullable(),
  unidadeProcedencia: unidadeRefSchema,
  unidadeAtual: unidadeRefSchema,
  /** The unit that opened it: the one that may send it while it is EM_CRIACAO (impedimentoTramitacao). */
  idUnidadeCriadora: z.number().int(),
  idDestino: z.number().int().nullable(),
  destino: unidadeRefSchema.nullable(),
  numeroDocumentoOrigem: z.string().nullable(),
  emissorDocumentoOrigem: z.string().nullable(),
  dataDocumentoOrigem: z.string().nullable(),
  dataRecebimento: z.string().nullable(),
  dataCriacao: z.string(),
  dataValidade: z.string().nullable(),
  dataEnvio: z.string().nullable(),
  prazo: z.number().int().nullable(),
  idDocumentoAgregador: z.number().int().nullable(),
  /** The document this one is joined to, and how (null when the join predates the agregacao record). */
  documentoAgregador: z
    .object({
      idDocumento: z.number().int(),
      numero: z.string(),
      tipoAgregacao: z.enum(['ANEXACAO', 'APENSACAO']).nullable(),
    })
    .nullable(),
  ultimaTramitacao: ultimaTramitacaoSchema.nullable(),
  /** The caller's own tags and favourite state (empty and false for anonymous users). */
  tags: z.array(z.string()),
  favorito: z.boolean(),
  acompanhadoPorEmail: z.boolean(),
  /** True when the document is in the caller's current unit box and not yet received. */
  podeReceber: z.boolean(),
  geraCapa: z.boolean(),
});
export type Documento = z.infer<typeof documentoSchema>;

/** One row of a search result. */
export const documentoResumoSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string(),
  tipo: z.string(),
  idTipoDocumento: z.number().int(),
  situacao: z.enum(SITUACOES_DOCUMENTO),
  estado: estadoSchema,
  resumoAssunto: z.string().nullable(),
  assunto: z.string().nullable(),
  interessado: z.string().nullable(),
  unidadeProcedencia: z.string(),
  unidadeAtual: z.string(),
  dataCriacao: z.string(),
  dataEnvio: z.string().nullable(),
  urgente: z.boolean(),
  /** With a content search (conteudoPecas): the best page the caller may see, with its excerpt; null otherwise. */
  ocorrencia: ocorrenciaConteudoSchema.nullable(),
});
export type DocumentoResumo = z.infer<typeof documentoResumoSchema>;

export const paginacaoSchema = z.object({
  pagina: z.coerce.number().int().min(1).max(PAGINACAO.paginaMaxima).default(1),
  tamanhoPagina: z.coerce.number().int().min(1).max(PAGINACAO.tamanhoMaximo).default(PAGINACAO.tamanhoPadrao),
});

export const paginaDeSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    itens: z.array(item),
    total: z.number().int(),
    pagina: z.number().int(),
    tamanhoPagina: z.number().int(),
  });

/**
 * GET documentos. `totalLimitado`: a content search found more than LIMITE_RESULTADOS_CONTEUDO documents; `total` is
 * that limit and the pages cover the most recent of them.
 */
export const paginaBuscaDocumentosSchema = paginaDeSchema(documentoResumoSchema).extend({
  totalLimitado: z.boolean(),
});
export type PaginaBuscaDocumentos = z.infer<typeof paginaBuscaDocumentosSchema>;

/** GET documentos: every filter of spec §7 (dates as YYYY-MM-DD), plus pagination and sorting. */
export const filtrosBuscaSchema = z.object({
  numeroDocumento: z.string().trim().max(40).optional(),
  resumoAssunto: z.string().trim().max(200).optional(),
  /** Issue 21: words of the peças' text (websearch syntax: "phrase", -excluded). */
  conteudoPecas: z.string().trim().max(CONTEUDO_MAXIMO, MENSAGENS.conteudo.textoLongo).optional(),
  idTipoDocumento: z.coerce.number().int().positive().optional(),
  idAssunto: z.coerce.number().int().positive().optional(),
  dataCriacaoInicio: dataIso.optional(),
  dataCriacaoFim: dataIso.optional(),
  dataEnvioInicio: dataIso.optional(),
  dataEnvioFim: dataIso.optional(),
  tipoInteressado: z.string().trim().max(40).optional(),
  idInteressado: z.coerce.number().int().positive().optional(),
  idProcedencia: z.coerce.number().int().positive().optional(),
  tipoResponsavelTramitacao: z.string().trim().max(40).optional(),
  idResponsavelTramitacao: z.coerce.number().int().positive().optional(),
  idServidorLotadoProcedencia: z.coerce.number().int().min(-1).optional(),
  ordenacao: z.enum(ORDENACOES_BUSCA).optional(),
  direcao: z.enum(['asc', 'desc']).default('desc'),
  ...paginacaoSchema.shape,
});
export type FiltrosBusca = z.input<typeof filtrosBuscaSchema>;

/** POST documentos and PATCH documentos/{id}: the opening form, tipoInteressado as the letter code. */
export const autuacaoSchema = z.object({
  idTipoDocumento: z.coerce
    .number({ error: 'Informe o tipo de documento' })
    .int()
    .positive({ message: 'Informe o tipo de documento' }),
  idProcedencia: z.coerce
    .number({ error: 'Informe a unidade de procedência' })
    .int()
    .positive({ message: 'Informe a unidade de procedência' }),
  tipoInteressado: z.enum(['A', 'F', 'K', 'O', 'S', 'U', 'C', 'Q']).nullable().default(null),
  idInteressado: z.coerce.number().int().positive().nullable().default(null),
  idAssunto: z.coerce.number({ error: 'Informe o assunto' }).int().positive({ message: 'Informe o assunto' }),
  resumoAssunto: z
    .string({ error: 'Informe o resumo do assunto' })
    .trim()
    .min(1, 'Informe o resumo do assunto')
    .max(2000),
  urgente: z.boolean().default(false),
  motivoUrgencia: z.string().trim().max(1000).nullable().default(null),
  numeroDocumentoOrigem: z.string().trim().max(60).nullable().default(null),
  emissorDocumentoOrigem: z.string().trim().max(200).nullable().default(null),
  dataDocumentoOrigem: dataIso.nullable().default(null),
  dataRecebimento: dataIso.nullable().default(null),
  observacao: z.string().trim().max(4000).nullable().default(null),
  /** estado 32002 (origin) and 32005 (size class) chosen at opening. */
  origem: z.coerce.number().int().min(1).max(4).default(4),
  volumoso: z.boolean().default(false),
});
export type Autuacao = z.infer<typeof autuacaoSchema>;
export type AutuacaoEntrada = z.input<typeof autuacaoSchema>;

/** The fields of the documento de origem (spec §5: all four or none), in the form's order. */
const CAMPOS_DOCUMENTO_ORIGEM = [
  'numeroDocumentoOrigem',
  'emissorDocumentoOrigem',
  'dataDocumentoOrigem',
  'dataRecebimento',
] as const;

type RegrasAutuacao = Pick<
  Autuacao,
  'urgente' | 'motivoUrgencia' | 'tipoInteressado' | 'idInteressado' | (typeof CAMPOS_DOCUMENTO_ORIGEM)[number]
>;

/**
 * The opening rules of spec §5 that need no database: the first broken rule, once for each field it is about (an
 * incomplete documento de origem is about each of its empty fields), or none.
 */
export function validarAutuacao(autuacao: RegrasAutuacao): ProblemaCampo[] {
  const vazios = CAMPOS_DOCUMENTO_ORIGEM.filter((campo) => !preenchido(autuacao[campo]));
  if (vazios.length > 0 && vazios.length < CAMPOS_DOCUMENTO_ORIGEM.length) {
    return vazios.map((campo) => problema(MENSAGENS.autuacao.documentoOrigemIncompleto, campo));
  }
  const { dataDocumentoOrigem, dataRecebimento } = autuacao;
  if (dataDocumentoOrigem && dataRecebimento && dataRecebimento < dataDocumentoOrigem) {
    return [problema(MENSAGENS.autuacao.recebimentoAntesDoDocumento, 'dataRecebimento')];
  }
  if (autuacao.urgente && !preenchido(autuacao.motivoUrgencia)) {
    return [problema(MENSAGENS.autuacao.urgenteSemMotivo, 'motivoUrgencia')];
  }
  if ((autuacao.tipoInteressado === null) !== (autuacao.idInteressado === null)) {
    const campo = autuacao.idInteressado === null ? 'idInteressado' : 'tipoInteressado';
    return [problema(MENSAGENS.busca.interessadoIncompleto, campo)];
  }
  return [];
}

/**
 * The opening form with the rules of validarAutuacao as issues of their fields, after each field's own (a field
 * keeps its own message first). The rules run even when a field failed, so that a form shows every message at once.
 * The API validates the body with autuacaoSchema and answers the first broken rule itself.
 */
export const autuacaoComRegrasSchema = autuacaoSchema.superRefine(
  (autuacao, contexto) => {
    for (const { path, message } of validarAutuacao(autuacao)) contexto.addIssue({ code: 'custom', path, message });
  },
  { when: () => true },
);

/** prazo: whole days since the last sending, counted on the calendar of America/Sao_Paulo. */
export function calcularPrazo(dataEnvio: Date | string | null, agora: Date = new Date()): number | null {
  if (dataEnvio === null) return null;
  return Math.max(0, Math.round((diaEmSaoPaulo(agora) - diaEmSaoPaulo(new Date(dataEnvio))) / 86_400_000));
}

/** Postal-box visibility (spec §4): estado 32007 absent or 1. */
export function visivelNaCaixaPostal(estado: Estado): boolean {
  const valor = estado[ESTADO.visibilidadeCaixa];
  return valor === undefined || valor === 1;
}

/** POST documentos/{id}/tags: the caller's tags, comma-separated; an empty string clears them. */
export const salvarMarcadoresSchema = z.object({ stringTags: z.string().max(4000) });
export const marcadoresSchema = z.object({ tags: z.array(z.string()) });

/** POST documentos-favoritos/{id}: the caller's favourite state of the document. */
export const favoritoSchema = z.object({
  idDocumento: z.number().int(),
  favorito: z.boolean(),
  acompanhadoPorEmail: z.boolean(),
});
export type Favorito = z.infer<typeof favoritoSchema>;
