import { z } from 'zod';
import { unidadeRefSchema } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';
import { MINIMO_CARACTERES_NOME_INTERESSADO } from './regras-busca.ts';
import {
  type NomeTipoInteressado,
  rotuloTipoInteressado,
  rotuloTipoResponsavel,
  TIPOS_INTERESSADO,
} from './rotulos.ts';

// The constants the search screen needs live in regras-busca.ts (no zod).
export { ID_SERVIDOR_TODOS, MINIMO_CARACTERES_NOME_INTERESSADO, SERVIDOR_TODOS } from './regras-busca.ts';

/** Response shapes of the lookup calls shared by many screens (spec §3 and §7). */

export const tipoDocumentoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  ativo: z.boolean(),
  geraCapa: z.boolean(),
  notificaInteressadoTramitacao: z.boolean(),
  integrado: z.boolean(),
  urlDocumentacao: z.string().nullable(),
  consideradoProcessoNaAnexacao: z.boolean(),
  observacao: z.string().nullable(),
});
export type TipoDocumento = z.infer<typeof tipoDocumentoSchema>;

/** The documentation link is shown to users: only http(s) addresses, never javascript: or data:. */
export const urlDocumentacaoSchema = z
  .url({ protocol: /^https?$/, error: 'Informe um endereço válido, começando com http:// ou https://' })
  .max(500, 'O endereço pode ter no máximo 500 caracteres');

/** PATCH tipos-documentos/{id}: any subset of the properties. */
export const alterarTipoDocumentoSchema = tipoDocumentoSchema
  .omit({ id: true })
  .partial()
  .extend({
    descricao: z.string().trim().min(1, 'Informe a descrição').max(200).optional(),
    urlDocumentacao: urlDocumentacaoSchema.nullable().optional(),
    observacao: z.string().max(2000).nullable().optional(),
  });
export type AlterarTipoDocumento = z.infer<typeof alterarTipoDocumentoSchema>;

export const assuntoSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  descricao: z.string(),
  atribuivel: z.boolean(),
});
export type Assunto = z.infer<typeof assuntoSchema>;

export const unidadeSchema = unidadeRefSchema.extend({ codigo: z.number().int(), ativa: z.boolean() });
export type Unidade = z.infer<typeof unidadeSchema>;

/** An employee of the origin units (spec §3); the synthetic 'TODOS' entry has id -1. */
export const servidorProcedenciaSchema = z.object({
  id: z.number().int(),
  codigo: z.string().nullable(),
  cpf: z.string().nullable(),
  nome: z.string(),
  situacao: z.string(),
});
export type ServidorProcedencia = z.infer<typeof servidorProcedenciaSchema>;

/** A kind of interested party or of forwarding responsible: name (ALUNO), letter code (A) and label. */
export const tipoEntidadeSchema = z.object({
  nome: z.string(),
  codigo: z.string(),
  descricao: z.string(),
});
export type TipoEntidade = z.infer<typeof tipoEntidadeSchema>;

/** An interested party or a responsible as listed to pick from; personal data only for logged-in users. */
export const entidadeSchema = z.object({
  id: z.number().int(),
  tipo: z.string(),
  nome: z.string(),
  codigo: z.string().nullable(),
  ativo: z.boolean(),
});
export type Entidade = z.infer<typeof entidadeSchema>;

export const emailInteressadoSchema = z.object({ email: z.string().nullable() });

export const hipoteseLegalSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  baseLegal: z.string(),
});
export type HipoteseLegal = z.infer<typeof hipoteseLegalSchema>;

export const itemGlossarioSchema = z.object({
  idItemGlossario: z.number().int(),
  idTipoDocumento: z.number().int(),
  idAssunto: z.number().int(),
  descricao: z.string(),
  detalhamento: z.string().nullable(),
  descricaoAssunto: z.string(),
  codigoAssunto: z.string(),
  tipoDocumento: z.string(),
});
export type ItemGlossario = z.infer<typeof itemGlossarioSchema>;

/** Body of POST glossario and PATCH glossario/{id}. */
export const salvarItemGlossarioSchema = z.object({
  idTipoDocumento: z.coerce
    .number({ error: 'Escolha o tipo de documento' })
    .int()
    .positive('Escolha o tipo de documento'),
  idAssunto: z.coerce.number({ error: 'Escolha o assunto' }).int().positive('Escolha o assunto'),
  descricao: z.string().trim().min(1, 'Informe a descrição').max(300),
  detalhamento: z.string().trim().max(4000).nullable().default(null),
});
export type SalvarItemGlossario = z.input<typeof salvarItemGlossarioSchema>;

/** Sorting by description, case- and accent-insensitively, as the spec asks for types and glossary items. */
export { compararDescricao } from './regras-leves.ts';

// ---------------------------------------------------------------- query strings of the lookup calls

/** A boolean flag of a query string: 'true' or 'false' (absent is false). */
export const flagConsultaSchema = z
  .enum(['true', 'false'], { message: 'Use true ou false' })
  .optional()
  .transform((valor) => valor === 'true');

/** GET tipos-documentos. */
export const consultaTiposDocumentoSchema = z.object({
  paraInclusaoEmVocabularioControlado: flagConsultaSchema,
  todosTipos: flagConsultaSchema,
  incluirInativos: flagConsultaSchema,
  /** Issue 24: the types a peça may have (active, not a process), whatever the flows. */
  paraPecas: flagConsultaSchema,
});
export type ConsultaTiposDocumento = z.input<typeof consultaTiposDocumentoSchema>;

/** GET interessados/{tipo} and responsaveis-tramitacao/{tipo}: by name fragment, exact code or id. */
export const consultaEntidadesSchema = z.object({
  nome: z.string().trim().max(200).optional(),
  codigo: z.string().trim().max(60).optional(),
  id: z.coerce.number().int().positive().optional(),
  somenteAtivos: flagConsultaSchema,
});
export type ConsultaEntidades = z.input<typeof consultaEntidadesSchema>;

/** At most this many parties or responsibles are listed per lookup: the user refines the name to find others. */
export const LIMITE_ENTIDADES = 50;
/** Anonymous callers (the public search) get fewer interested parties per lookup: harvesting names costs more calls. */
export const LIMITE_ENTIDADES_PUBLICO = 10;

/** Whether a typed name is long enough to search interested parties by (one or two letters would list everyone). */
export function nomeBuscaSuficiente(nome: string): boolean {
  return nome.replace(/\s/g, '').length >= MINIMO_CARACTERES_NOME_INTERESSADO;
}

/** GET procedencias/usuarios-lotados: `idsUnidades=1,2` or the key repeated. */
export const consultaUsuariosLotadosSchema = z.object({
  idsUnidades: z.preprocess(
    (valor) =>
      (Array.isArray(valor) ? valor : [valor])
        .flatMap((item) => (typeof item === 'string' ? item.split(',') : item === undefined ? [] : [item]))
        .map((item) => (typeof item === 'string' ? item.trim() : item))
        .filter((item) => item !== ''),
    z.array(z.coerce.number().int().positive()).min(1, MENSAGENS.lookups.unidadesProcedenciaObrigatorias).max(200),
  ),
});

// ---------------------------------------------------------------- kinds of interested party and of responsible

/** Forwarding-responsible kinds (spec §3): a person, a unit, or a commission (its members' tramitações). */
export const TIPOS_RESPONSAVEL_TRAMITACAO = {
  SERVIDOR: 'S',
  UNIDADE: 'U',
  COMISSAO: 'C',
} as const;
export type NomeTipoResponsavel = keyof typeof TIPOS_RESPONSAVEL_TRAMITACAO;

function lerTipo<N extends string>(codigos: Record<N, string>, valor: string | null | undefined): N | null {
  const texto = valor?.trim().toUpperCase();
  if (!texto) return null;
  const nomes = Object.keys(codigos) as N[];
  return nomes.find((nome) => nome === texto || codigos[nome] === texto) ?? null;
}

/** 'A', 'a', 'ALUNO' or 'aluno' → 'ALUNO'; anything else → null. */
export function lerTipoInteressado(valor: string | null | undefined): NomeTipoInteressado | null {
  return lerTipo(TIPOS_INTERESSADO, valor);
}

/** 'S', 'SERVIDOR', 'u', 'comissao'... → the responsible kind's name; anything else → null. */
export function lerTipoResponsavel(valor: string | null | undefined): NomeTipoResponsavel | null {
  return lerTipo(TIPOS_RESPONSAVEL_TRAMITACAO, valor);
}

/** Each kind of a catalogue (name → letter code) with its code and label. */
function tiposEntidade<N extends string>(codigos: Record<N, string>, rotulo: (nome: N) => string): TipoEntidade[] {
  return (Object.keys(codigos) as N[]).map((nome) => ({ nome, codigo: codigos[nome], descricao: rotulo(nome) }));
}

/** The 8 interested-party kinds of spec §3, labelled. */
export function tiposInteressado(): TipoEntidade[] {
  return tiposEntidade(TIPOS_INTERESSADO, rotuloTipoInteressado);
}

/** The forwarding-responsible kinds: 'Pessoa específica', 'Unidade', 'Comissão'. */
export function tiposResponsavelTramitacao(): TipoEntidade[] {
  return tiposEntidade(TIPOS_RESPONSAVEL_TRAMITACAO, rotuloTipoResponsavel);
}

/**
 * '12345678901' → '***.***.***-**': says the person has a CPF and nothing of it. Any digit shown would narrow the
 * guesses of an exact CPF lookup (issue 17); namesakes are told apart by the SIAPE number (codigo).
 */
export function mascararCpf(cpf: string | null | undefined): string | null {
  const digitos = cpf?.replace(/\D/g, '') ?? '';
  if (digitos.length !== 11) return null;
  return '***.***.***-**';
}
