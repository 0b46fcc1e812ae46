import { z } from 'zod';
import { MOTIVOS_RECUSA, TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA } from './tramita.ts';

// Issue 24: the wire format of the Tramita GOV.BR REST API v3, used by the product's client and by the test double
// of the barramento, so the field names are written once. Names, shapes and section numbers (§) follow
// docs/tramita-govbr-protocolo.md. Answers are read leniently (the server's schema was not seen): unknown fields are
// dropped, fields the notes saw only sometimes are optional.

/** An id the barramento may write as a number or as a string of digits. */
const inteiroPen = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);
/** A code or number the product keeps as text (NRE, ticket, error code). */
const textoPen = z.union([z.string(), z.number()]).transform(String);
/** Dates are ISO 8601 text, but answers were seen with milliseconds since the epoch (§3). */
const dataPen = z.union([z.string(), z.number().transform((ms) => new Date(ms).toISOString())]);
/** A list the barramento sometimes sends as a single object (§8.3). */
const listaPen = <T extends z.ZodType>(item: T) =>
  z.preprocess((valor) => (valor == null ? [] : Array.isArray(valor) ? valor : [valor]), z.array(item));
/** Booleans of a query string: only 'true' and 'false' (z.coerce would read 'false' as true). */
const booleanoConsulta = z.enum(['true', 'false']).transform((valor) => valor === 'true');

/** Every non-2xx answer: `{ codigoErro, mensagem }` (§3); the HTTP statuses themselves are not confirmed. */
export const erroPenSchema = z.object({ codigoErro: textoPen.optional(), mensagem: z.string().optional() });

// §6.1–6.4: repositories, structures and the reference lists.

export const repositorioPenSchema = z.object({ id: inteiroPen, nome: z.string(), ativo: z.boolean().optional() });
export type RepositorioPen = z.output<typeof repositorioPenSchema>;
/** GET repositorios-de-estruturas?ativos=true */
export const listaRepositoriosSchema = z.array(repositorioPenSchema);

const nivelHierarquiaSchema = z.object({
  numeroDeIdentificacaoDaEstrutura: inteiroPen.optional(),
  nome: z.string(),
  sigla: z.string().nullish(),
});

export const estruturaPenSchema = z.object({
  numeroDeIdentificacaoDaEstrutura: inteiroPen,
  nome: z.string(),
  sigla: z.string().nullish(),
  ativo: z.boolean().optional(),
  aptoParaReceberTramites: z.boolean().optional(),
  codigoNoOrgaoEntidade: z.string().nullish(),
  /** From the level just above up to the root. */
  hierarquia: listaPen(nivelHierarquiaSchema),
});
export type EstruturaPen = z.output<typeof estruturaPenSchema>;

/** The query of GET repositorios-de-estruturas/{id}/estruturas-organizacionais. */
export const consultaEstruturasSchema = z.object({
  identificacaoDoRepositorioDeEstruturas: z.coerce.number().int().optional(),
  apenasAtivas: booleanoConsulta.optional(),
  nome: z.string().optional(),
  sigla: z.string().optional(),
  numeroDeIdentificacaoDaEstruturaRaizDaConsulta: z.coerce.number().int().optional(),
  permiteRecebimento: booleanoConsulta.optional(),
  permiteEnvio: booleanoConsulta.optional(),
  registroInicial: z.coerce.number().int().nonnegative().optional(),
  quantidadeDeRegistros: z.coerce.number().int().positive().optional(),
});
export type ConsultaEstruturas = z.output<typeof consultaEstruturasSchema>;

export const listaEstruturasSchema = z.object({
  totalDeRegistros: inteiroPen,
  estruturas: listaPen(estruturaPenSchema),
});
export type ListaEstruturas = z.output<typeof listaEstruturasSchema>;

export const especiePenSchema = z.object({ codigo: inteiroPen, nomeNoProdutor: z.string() });
export type EspeciePen = z.output<typeof especiePenSchema>;
/** GET especies */
export const listaEspeciesSchema = z.object({ especies: listaPen(especiePenSchema) });

export const hipoteseLegalPenSchema = z.object({
  identificacao: inteiroPen,
  nome: z.string(),
  /** Active or not: the list is asked with `ativos=true` and `ativos=false`. */
  status: z.boolean().optional(),
  baseLegal: z.string().nullish(),
});
export type HipoteseLegalPen = z.output<typeof hipoteseLegalPenSchema>;
/** GET hipoteses?ativos= */
export const listaHipotesesSchema = z.object({ hipotesesLegais: listaPen(hipoteseLegalPenSchema) });

// §5: what the calling system has to do.

/** `status` is the trâmite's state; states newer than the notes are listed and ignored, never a failure. */
export const pendenciaPenSchema = z.object({ IDT: inteiroPen, status: inteiroPen });
export type PendenciaPen = z.output<typeof pendenciaPenSchema>;
/** GET tramites/pendentes?todas= */
export const listaPendenciasSchema = listaPen(pendenciaPenSchema);

// §7 and §10: sending a process.

/** A unit of a repository of structures: the sender or the receiver of a trâmite. */
export const estruturaTramiteSchema = z.object({
  identificacaoDoRepositorioDeEstruturas: inteiroPen,
  numeroDeIdentificacaoDaEstrutura: inteiroPen,
});

const chaveValorSchema = z.object({ chave: z.string(), valor: z.string() });

export const cabecalhoSchema = z.object({
  remetente: estruturaTramiteSchema,
  destinatario: estruturaTramiteSchema,
  /** Only when the process already has an NRE from an earlier trâmite. */
  NRE: textoPen.optional(),
  enviarApenasComponentesDigitaisPendentes: z.boolean().optional(),
  urgencia: z.boolean().optional(),
  motivoDaUrgencia: inteiroPen.optional(),
  propriedadesAdicionais: z.array(chaveValorSchema).optional(),
});

const hipoteseLegalRefSchema = z.object({
  identificacao: inteiroPen,
  nome: z.string().optional(),
  baseLegal: z.string().optional(),
});

/** 1 public, 2 restricted, 3 secret (§10.1). */
const nivelDeSigiloSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

const produtorSchema = z.object({
  nome: z.string(),
  tipo: z.string(),
  numeroDeIdentificacao: z.string().optional(),
  unidade: z.object({ nome: z.string(), tipo: z.string() }).optional(),
});

const interessadoSchema = z.object({
  nome: z.string(),
  tipo: z.string().optional(),
  documentosDeIdentificacao: z
    .array(
      z.object({
        codigo: z.string(),
        emissor: z.string().optional(),
        tipo: z.string().optional(),
        nomeNoDocumento: z.string().optional(),
      }),
    )
    .optional(),
});

/** `conteudo` is the Base64 of the raw SHA-256 of the file's exact bytes (§7.2): see hashPen. */
const hashComponenteSchema = z.object({ algoritmo: z.string(), conteudo: z.string() });

export const componenteDigitalPenSchema = z.object({
  ordem: inteiroPen,
  nome: z.string(),
  hash: hashComponenteSchema,
  /** The receiver refuses a component without its size (99). */
  tamanhoEmBytes: inteiroPen,
  /** One of the PEN's MIME types, or "outro" with the real one in dadosComplementaresDoTipoDeArquivo. */
  mimeType: z.string(),
  dadosComplementaresDoTipoDeArquivo: z.string().optional(),
  tipoDeConteudo: z.string().optional(),
  assinaturasDigitais: z
    .array(
      z.object({
        razao: z.string().optional(),
        observacao: z.string().optional(),
        dataHora: dataPen.optional(),
        hash: hashComponenteSchema,
        cadeiaDoCertificado: z.object({ formato: z.string(), conteudo: z.string() }),
      }),
    )
    .optional(),
});
export type ComponenteDigitalPen = z.output<typeof componenteDigitalPenSchema>;

export const documentoPenSchema = z.object({
  /** Position in the process, 1..n; it may never change across trâmites of the same process. */
  ordem: inteiroPen,
  descricao: z.string().optional(),
  /** Cancelled or moved out: still listed, with its component, so the order stays. */
  retirado: z.boolean().optional(),
  nivelDeSigilo: nivelDeSigiloSchema,
  hipoteseLegal: hipoteseLegalRefSchema.optional(),
  dataHoraDeProducao: dataPen,
  dataHoraDeRegistro: dataPen.optional(),
  produtor: produtorSchema,
  especie: z.object({ codigo: inteiroPen, nomeNoProdutor: z.string() }),
  identificacao: z
    .object({
      numero: z.string().optional(),
      siglaDaUnidadeProdutora: z.string().optional(),
      complemento: z.string().optional(),
      ano: z.string().optional(),
    })
    .optional(),
  protocoloDoProcessoAnexado: z.string().optional(),
  ordemDoDocumentoReferenciado: inteiroPen.optional(),
  componentesDigitais: z.array(componenteDigitalPenSchema).min(1),
  /** Only on a document sent alone (tramites/documento). */
  interessados: z.array(interessadoSchema).optional(),
  protocolo: z.string().optional(),
});
export type DocumentoPen = z.output<typeof documentoPenSchema>;

const itemHistoricoSchema = z.object({
  dataHoraOperacao: dataPen,
  unidadeOperacao: z.string(),
  operacao: z.string(),
  usuario: z.string().optional(),
});

export const processoPenSchema = z.object({
  /** The producer's formatted process number (the NUP). */
  protocolo: z.string(),
  nivelDeSigilo: nivelDeSigiloSchema,
  hipoteseLegal: hipoteseLegalRefSchema.optional(),
  processoDeNegocio: z.string().optional(),
  descricao: z.string(),
  dataHoraDeProducao: dataPen,
  dataHoraDeRegistro: dataPen.optional(),
  produtor: produtorSchema,
  interessados: z.array(interessadoSchema),
  documentos: z.array(documentoPenSchema).min(1),
  itensHistorico: z.array(itemHistoricoSchema).optional(),
  get processoApensado() {
    return z.array(processoPenSchema).optional();
  },
});
export type ProcessoPen = z.output<typeof processoPenSchema>;

/** POST tramites/processo */
export const envioProcessoSchema = z.object({ cabecalho: cabecalhoSchema, processo: processoPenSchema });

/** Its answer; older servers named the list `componentesDigitaisSolicitados` (§7.1). */
export const respostaEnvioProcessoSchema = z.preprocess(
  (valor) => {
    if (typeof valor !== 'object' || valor === null) return valor;
    const { componentesDigitaisSolicitados, ...resto } = valor as Record<string, unknown>;
    return 'processosComComponentesDigitaisSolicitados' in resto
      ? resto
      : { ...resto, processosComComponentesDigitaisSolicitados: componentesDigitaisSolicitados };
  },
  z.object({
    IDT: inteiroPen,
    NRE: textoPen,
    dataHoraDeRegistroDoTramite: dataPen.optional(),
    ticketParaEnvioDeComponentesDigitais: textoPen,
    /** Per protocol (the process and any joined one), the hashes the barramento wants uploaded. */
    processosComComponentesDigitaisSolicitados: listaPen(
      z.object({ protocolo: z.string(), hashes: listaPen(z.string()) }),
    ),
  }),
);

/**
 * Names a component: the end of an upload in parts (§7.2) and each download (§8.2). The whole upload sends the same
 * two fields in the query string and in the multipart form.
 */
export const identificacaoComponenteSchema = z.object({ hashDoComponenteDigital: z.string(), protocolo: z.string() });

/**
 * The `{inicio}-{fim}` path segment of an upload or download part (§7.2), `fim` exclusive; `fim` > `inicio`.
 * Reads only plain decimal numbers.
 */
export const faixaParteSchema = z
  .string()
  .regex(/^\d{1,15}-\d{1,15}$/)
  .transform((texto) => {
    const [inicio, fim] = texto.split('-').map(Number) as [number, number];
    return { inicio, fim };
  })
  .refine(({ inicio, fim }) => fim > inicio, 'fim must be greater than inicio');

/** The query of GET tramites (§8.3): one trâmite by IDT, or those of an NRE or of a protocol. */
export const filtroTramitesSchema = z.object({
  IDT: z.coerce.number().int().positive().optional(),
  NRE: z.string().optional(),
  protocolo: z.string().optional(),
});
export type FiltroTramites = z.output<typeof filtroTramitesSchema>;

/** GET tramites/{idt}/recibo-de-envio: signed by the barramento (§7.3). */
export const reciboDeEnvioSchema = z.object({
  reciboDeEnvio: z.object({
    IDT: inteiroPen,
    NRE: textoPen,
    dataDeRecebimentoDoUltimoComponenteDigital: dataPen,
    hashesDosComponentesDigitais: listaPen(z.string()),
  }),
  cadeiaDoCertificado: z.string().optional(),
  hashDaAssinatura: z.string().optional(),
});

/** GET tramites/{idt}/recibo: the receiver's signed receipt, for the sender (§7.5). */
export const reciboTramiteSchema = z.object({
  recibo: z.object({
    IDT: inteiroPen,
    NRE: textoPen,
    dataDeRecebimento: dataPen,
    hashesDosComponentesDigitais: listaPen(z.string()),
  }),
  /** The receiver's certificate, Base64 DER. */
  cadeiaDoCertificado: z.string(),
  /** Base64 of the RSA-SHA256 signature (a signature, despite its name). */
  hashDaAssinatura: z.string(),
});

// §8: receiving.

const mudancaDeSituacaoSchema = z.object({ situacao: inteiroPen, dataHora: dataPen });

/** One trâmite of GET tramites?IDT= (§8.3). */
export const tramitePenSchema = z.object({
  IDT: inteiroPen,
  NRE: textoPen.optional(),
  remetente: estruturaTramiteSchema.optional(),
  destinatario: estruturaTramiteSchema.optional(),
  situacaoAtual: inteiroPen,
  protocolo: z.string().optional(),
  motivoDaRecusa: z.string().nullish(),
  justificativaDaRecusa: z.string().nullish(),
  hashDosComponentesPendentesDeRecebimento: listaPen(z.string()),
  mudancasDeSituacao: listaPen(mudancaDeSituacaoSchema),
});
export type TramitePen = z.output<typeof tramitePenSchema>;
export const consultaTramitesSchema = z.object({ tramites: listaPen(tramitePenSchema) });

/** GET tramites/{idt}: the metadata (→ 3). This answer spells the NRE `nre` (§8.1). */
export const metadadosTramiteSchema = z.preprocess(
  (valor) => {
    if (typeof valor !== 'object' || valor === null) return valor;
    const { nre, ...resto } = valor as Record<string, unknown>;
    return resto.NRE === undefined ? { ...resto, NRE: nre } : resto;
  },
  z.object({
    IDT: inteiroPen,
    NRE: textoPen,
    remetente: estruturaTramiteSchema.optional(),
    destinatario: estruturaTramiteSchema.optional(),
    propriedadesAdicionais: listaPen(chaveValorSchema),
    processo: processoPenSchema.optional(),
    documento: documentoPenSchema.optional(),
  }),
);

/** POST tramites/{idt}/recusa (→ 8). */
export const recusaTramiteSchema = z.object({
  justificativa: z.string().trim().min(1).max(TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA),
  motivo: z.enum(MOTIVOS_RECUSA),
});

/** POST tramites/{idt}/recibo (→ 5): `dataDeRecebimento` exactly as written in the signed XML. */
export const envioReciboSchema = z.object({ dataDeRecebimento: z.string(), hashDaAssinatura: z.string() });

// Pure protocol functions.

/**
 * The hash the barramento wants for a component: Base64 of the raw 32-byte SHA-256 digest (44 characters), made
 * from the hex SHA-256 the file store already keeps, so the file is not read again.
 */
export function hashPen(sha256Hex: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(sha256Hex)) throw new RangeError('hashPen: expected 64 hex digits of a SHA-256');
  let binario = '';
  for (let i = 0; i < 64; i += 2) binario += String.fromCharCode(Number.parseInt(sha256Hex.slice(i, i + 2), 16));
  // btoa (in browsers and Node) rather than Buffer: this package also runs in the web app.
  return btoa(binario);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const textoXml = (texto: string) => texto.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export interface DadosReciboTramite {
  idt: number;
  nre: string;
  /** Exactly the text sent as `dataDeRecebimento` with the receipt. */
  dataDeRecebimento: string;
  /** The Base64 hash of each component received, in any order. */
  hashes: readonly string[];
}

/**
 * The text the receiver signs (RSA-SHA256 with its system key) when it concludes a trâmite (§9): no whitespace
 * between elements, one hashDoComponenteDigital per component, sorted by their UTF-8 bytes. Base64 is ASCII, where
 * comparing UTF-16 code units is comparing bytes.
 */
export function xmlReciboTramite({ idt, nre, dataDeRecebimento, hashes }: DadosReciboTramite): string {
  if (!Number.isSafeInteger(idt) || idt <= 0) throw new RangeError('xmlReciboTramite: IDT must be a positive integer');
  for (const hash of hashes) {
    if (!BASE64.test(hash)) throw new RangeError(`xmlReciboTramite: not a Base64 hash: ${hash}`);
  }
  const ordenados = [...hashes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return (
    `<recibo><IDT>${idt}</IDT><NRE>${textoXml(nre)}</NRE>` +
    `<dataDeRecebimento>${textoXml(dataDeRecebimento)}</dataDeRecebimento>` +
    ordenados.map((hash) => `<hashDoComponenteDigital>${hash}</hashDoComponenteDigital>`).join('') +
    '</recibo>'
  );
}

export interface DadosReciboEnvio {
  idt: number;
  nre: string;
  /** Exactly the text answered as `dataDeRecebimentoDoUltimoComponenteDigital`. */
  dataDeRecebimentoDoUltimoComponenteDigital: string;
  hashes: readonly string[];
}

/**
 * The text the barramento signs in the sender's receipt (§7.3): the same canonical form as the receiver's, under
 * `reciboDeEnvio`. The notes name the root and the date element; the order and sorting of the hashes are taken from
 * the receiver's receipt (NOT CONFIRMED).
 */
export function xmlReciboEnvio({
  idt,
  nre,
  dataDeRecebimentoDoUltimoComponenteDigital: data,
  hashes,
}: DadosReciboEnvio): string {
  const interno = xmlReciboTramite({ idt, nre, dataDeRecebimento: data, hashes });
  return interno
    .replace(/^<recibo>/, '<reciboDeEnvio>')
    .replace(/<\/recibo>$/, '</reciboDeEnvio>')
    .replace(
      /<dataDeRecebimento>(.*?)<\/dataDeRecebimento>/,
      '<dataDeRecebimentoDoUltimoComponenteDigital>$1</dataDeRecebimentoDoUltimoComponenteDigital>',
    );
}

/** A byte range of a component, `fim` exclusive: the path segment `{inicio}-{fim}` of an upload or download part. */
export interface ParteComponente {
  inicio: number;
  fim: number;
}

/** The parts of a component of `tamanho` bytes in blocks of `blocoBytes` (§7.2); none for an empty file. */
export function partesDe(tamanho: number, blocoBytes: number): ParteComponente[] {
  if (!Number.isSafeInteger(tamanho) || tamanho < 0) throw new RangeError('partesDe: invalid size');
  if (!Number.isSafeInteger(blocoBytes) || blocoBytes <= 0) throw new RangeError('partesDe: invalid block size');
  const partes: ParteComponente[] = [];
  for (let inicio = 0; inicio < tamanho; inicio += blocoBytes) {
    partes.push({ inicio, fim: Math.min(inicio + blocoBytes, tamanho) });
  }
  return partes;
}
