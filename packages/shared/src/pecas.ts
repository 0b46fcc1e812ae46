import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';

/** Contracts and pure rules of peças (the files of a document): spec §3 to §6 and §9, DOMAIN.md "Peças". */

export const TIPOS_COPIA = ['N', 'O', 'A', 'C', 'S'] as const;
export type TipoCopia = (typeof TIPOS_COPIA)[number];
export const ROTULOS_TIPO_COPIA: Record<TipoCopia, string> = {
  N: 'Nato-digital',
  O: 'Digitalizado do original',
  A: 'Cópia autenticada administrativamente',
  C: 'Cópia autenticada em cartório',
  S: 'Cópia simples',
};

/** P público, R restrito, S sigiloso (DOMAIN.md: S behaves as R and is listed only to unrestricted readers). */
export const NIVEIS_ACESSO = ['P', 'R', 'S'] as const;
export type NivelAcesso = (typeof NIVEIS_ACESSO)[number];
export const ROTULOS_NIVEL_ACESSO: Record<NivelAcesso, string> = { P: 'Público', R: 'Restrito', S: 'Sigiloso' };
/** Spec §9: the default access level. */
export const NIVEL_ACESSO_PADRAO: NivelAcesso = 'P';

/** Cancellation of a peça (spec §4): M desmembrada (moved to another document), D desentranhada. Irreversible. */
export const SITUACOES_VINCULO = ['M', 'D'] as const;
export type SituacaoVinculo = (typeof SITUACOES_VINCULO)[number];
export const ROTULOS_SITUACAO_VINCULO: Record<SituacaoVinculo, string> = { M: 'Desmembrada', D: 'Desentranhada' };

/** The words of spec §6 shown in the step column. */
export const MARCAS_PASSO = { restrito: 'RESTRITO', M: 'DESMEMBRADA', D: 'DESENTRANHADA' } as const;

/** Spec §9: 5 MiB per file, 50 MiB when estado 32005 is 2 (and for files to be signed). */
export const TAMANHO_MAXIMO_ARQUIVO = 5_242_880;
export const TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO = 52_428_800;

/** The per-file limit of a document, from its estado 32005 (file-size class). */
export function tamanhoMaximoArquivo(estadoTamanho: number | null | undefined): number {
  return estadoTamanho === 2 ? TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO : TAMANHO_MAXIMO_ARQUIVO;
}

/** '5 MiB' / '50 MiB'. */
export function descreverTamanho(bytes: number): string {
  const mib = bytes / 1_048_576;
  if (mib >= 1) return `${Number.isInteger(mib) ? mib : mib.toFixed(1).replace('.', ',')} MiB`;
  const kib = bytes / 1024;
  if (kib >= 1) return `${Math.ceil(kib)} KiB`;
  return `${bytes} bytes`;
}

/** Spec §9: the recognised file types, each with the extensions its name may carry and its media type. */
export const TIPOS_ARQUIVO_RECONHECIDOS = [
  { tipo: 'jpg', extensoes: ['jpg', 'jpeg', 'jpe', 'jfif'], mime: 'image/jpeg' },
  { tipo: 'png', extensoes: ['png'], mime: 'image/png' },
  { tipo: 'bmp', extensoes: ['bmp'], mime: 'image/bmp' },
  { tipo: 'gif', extensoes: ['gif'], mime: 'image/gif' },
  { tipo: 'mp3', extensoes: ['mp3'], mime: 'audio/mpeg' },
  { tipo: 'mp4', extensoes: ['mp4', 'm4v'], mime: 'video/mp4' },
  { tipo: 'pdf', extensoes: ['pdf'], mime: 'application/pdf' },
  { tipo: 'zip', extensoes: ['zip'], mime: 'application/zip' },
] as const;
export type TipoArquivoReconhecido = (typeof TIPOS_ARQUIVO_RECONHECIDOS)[number];

/** For the file picker's accept attribute: '.jpg,.jpeg,...'. */
export const EXTENSOES_RECONHECIDAS: readonly string[] = TIPOS_ARQUIVO_RECONHECIDOS.flatMap((t) => t.extensoes);

/** The lower-case extension of a file name, without the dot; null when there is none. */
export function extensaoDoNome(nome: string): string | null {
  const ponto = nome.lastIndexOf('.');
  if (ponto <= 0) return null;
  const extensao = nome.slice(ponto + 1).toLowerCase();
  // 'Relatório v1.2 final' has no extension: only a short run of letters and digits counts as one.
  return /^[a-z0-9]{1,10}$/.test(extensao) ? extensao : null;
}

/** The recognised type whose extensions include this name's extension, if any. */
export function tipoPelaExtensao(nome: string): TipoArquivoReconhecido | undefined {
  const extensao = extensaoDoNome(nome);
  return TIPOS_ARQUIVO_RECONHECIDOS.find(
    (t) => extensao !== null && (t.extensoes as readonly string[]).includes(extensao),
  );
}

/** The recognised type of a content's detected extension (file-type's `ext`), if any. */
export function tipoPeloConteudo(extensaoDetectada: string | undefined): TipoArquivoReconhecido | undefined {
  return TIPOS_ARQUIVO_RECONHECIDOS.find(
    (t) => extensaoDetectada !== undefined && (t.extensoes as readonly string[]).includes(extensaoDetectada),
  );
}

/** PDFs and images open in the browser; the rest (audio, video, zip) is downloaded. */
export function abreNoNavegador(tipoMime: string): boolean {
  return tipoMime === 'application/pdf' || tipoMime.startsWith('image/');
}

export const TAMANHO_MAXIMO_NOME_ARQUIVO = 200;

/**
 * The file name kept for display: the last path segment, without control or bidirectional-override characters,
 * at most 200 characters (the extension is kept when the name is cut). Never used as a path.
 */
export function sanitizarNomeArquivo(nome: string): string {
  const ultimo = nome.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const limpo = ultimo
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (limpo === '') return 'arquivo';
  const caracteres = [...limpo];
  if (caracteres.length <= TAMANHO_MAXIMO_NOME_ARQUIVO) return limpo;
  const extensao = extensaoDoNome(limpo);
  const sufixo = extensao && extensao.length <= 10 ? `.${extensao}` : '';
  return (
    caracteres
      .slice(0, TAMANHO_MAXIMO_NOME_ARQUIVO - sufixo.length)
      .join('')
      .trimEnd() + sufixo
  );
}

const idOpcional = z.preprocess(
  (valor) => (valor === '' || valor === undefined ? null : valor),
  z.coerce.number().int().positive().nullable(),
);
const textoOpcional = (maximo: number) =>
  z.preprocess(
    (valor) => (typeof valor === 'string' && valor.trim() === '' ? null : valor),
    z.string().trim().max(maximo, `Informe no máximo ${maximo} caracteres`).nullable().default(null),
  );

export const TAMANHO_MAXIMO_DESCRICAO_PECA = 500;
export const TAMANHO_MAXIMO_JUSTIFICATIVA = 2000;

/** R and S need a legal hypothesis (DOMAIN.md "Access levels"). */
export function exigeHipoteseLegal(nivelAcesso: NivelAcesso | null | undefined): boolean {
  return nivelAcesso === 'R' || nivelAcesso === 'S';
}

/** Spec §5 "Files": each file needs a copy type and an access level, and a restriction reason when R (or S). */
export function camposArquivoDefinidos(campos: {
  tipoCopia?: string | null;
  nivelAcesso?: string | null;
  idHipoteseLegal?: number | null;
}): boolean {
  if (!campos.tipoCopia || !campos.nivelAcesso) return false;
  return !exigeHipoteseLegal(campos.nivelAcesso as NivelAcesso) || (campos.idHipoteseLegal ?? null) !== null;
}

/** The message of spec §5 for the first file whose fields are incomplete, or null. */
export function validarCamposArquivos(
  arquivos: readonly {
    nome: string;
    tipoCopia?: string | null;
    nivelAcesso?: string | null;
    idHipoteseLegal?: number | null;
  }[],
): string | null {
  const incompleto = arquivos.find((arquivo) => !camposArquivoDefinidos(arquivo));
  return incompleto ? MENSAGENS.arquivos.camposNaoDefinidos(incompleto.nome) : null;
}

const tipoCopiaSchema = z.enum(TIPOS_COPIA, { error: MENSAGENS.arquivos.tipoCopiaObrigatorio });
const nivelAcessoSchema = z.enum(NIVEIS_ACESSO, { error: MENSAGENS.arquivos.nivelAcessoInvalido });

function exigirHipotese(
  campos: { nivelAcesso?: NivelAcesso | undefined; idHipoteseLegal?: number | null | undefined },
  contexto: z.RefinementCtx,
) {
  if (exigeHipoteseLegal(campos.nivelAcesso) && (campos.idHipoteseLegal ?? null) === null) {
    contexto.addIssue({
      code: 'custom',
      path: ['idHipoteseLegal'],
      message: MENSAGENS.arquivos.hipoteseObrigatoria,
    });
  }
}

/** The form fields sent with each file of POST documentos/{id}/anexos (multipart). */
export const camposEnvioPecaSchema = z
  .object({
    tipoCopia: tipoCopiaSchema,
    nivelAcesso: z.preprocess((v) => (v === '' || v === undefined ? NIVEL_ACESSO_PADRAO : v), nivelAcessoSchema),
    idHipoteseLegal: idOpcional.default(null),
    descricao: textoOpcional(TAMANHO_MAXIMO_DESCRICAO_PECA),
  })
  .superRefine(exigirHipotese);
export type CamposEnvioPeca = z.infer<typeof camposEnvioPecaSchema>;

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}: either a new sequence number ({ sequencial }) or the edit of the
 * peça's data with a justification. One object so each missing field gets its own message.
 */
export const alterarPecaSchema = z
  .object({
    sequencial: z.coerce
      .number({ error: MENSAGENS.arquivos.sequencialInvalido })
      .int(MENSAGENS.arquivos.sequencialInvalido)
      .optional(),
    idAnexo: z.coerce.number().int().positive().optional(),
    descricao: textoOpcional(TAMANHO_MAXIMO_DESCRICAO_PECA).optional(),
    tipoCopia: tipoCopiaSchema.optional(),
    nivelAcesso: nivelAcessoSchema.optional(),
    idHipoteseLegal: idOpcional.optional(),
    justificativaAlteracao: textoOpcional(TAMANHO_MAXIMO_JUSTIFICATIVA).optional(),
  })
  .superRefine((corpo, contexto) => {
    if (corpo.sequencial !== undefined) return;
    if (!corpo.tipoCopia) {
      contexto.addIssue({ code: 'custom', path: ['tipoCopia'], message: MENSAGENS.arquivos.tipoCopiaObrigatorio });
    }
    if (!corpo.nivelAcesso) {
      contexto.addIssue({ code: 'custom', path: ['nivelAcesso'], message: MENSAGENS.arquivos.nivelAcessoInvalido });
    }
    exigirHipotese(corpo, contexto);
    if (!corpo.justificativaAlteracao) {
      contexto.addIssue({
        code: 'custom',
        path: ['justificativaAlteracao'],
        message: MENSAGENS.arquivos.justificativaAlteracaoObrigatoria,
      });
    }
  });
export type AlterarPeca = z.infer<typeof alterarPecaSchema>;
export type AlterarPecaEntrada = z.input<typeof alterarPecaSchema>;

/** PATCH documentos/{id}/pecas/{idAcessoAnexo}/cancelar. */
export const cancelarPecaSchema = z
  .object({
    situacaoVinculo: z.enum(SITUACOES_VINCULO, { error: MENSAGENS.arquivos.situacaoVinculoInvalida }),
    justificativaCancelamento: textoOpcional(TAMANHO_MAXIMO_JUSTIFICATIVA),
    idDocumentoPecaDesmembramento: idOpcional.default(null),
  })
  .superRefine((corpo, contexto) => {
    if (!corpo.justificativaCancelamento) {
      contexto.addIssue({
        code: 'custom',
        path: ['justificativaCancelamento'],
        message: MENSAGENS.arquivos.justificativaCancelamentoObrigatoria,
      });
    }
    if (corpo.situacaoVinculo === 'M' && corpo.idDocumentoPecaDesmembramento === null) {
      contexto.addIssue({
        code: 'custom',
        path: ['idDocumentoPecaDesmembramento'],
        message: MENSAGENS.arquivos.destinoDesmembramentoObrigatorio,
      });
    }
  });
export type CancelarPeca = z.infer<typeof cancelarPecaSchema>;
export type CancelarPecaEntrada = z.input<typeof cancelarPecaSchema>;

/** One row of GET documentos/{id}/pecas (and /anexos), as the caller may see it. */
export const pecaSchema = z.object({
  /** The upload (anexo.id); each peça has its own. */
  idAnexo: z.number().int(),
  /** The peça itself (peca.id). */
  idAcessoAnexo: z.number().int(),
  idDocumento: z.number().int(),
  /**
   * The file name. Null, like descricao and both justifications, when the caller may not open the peça
   * (podeVisualizar false): the row then says only what passoFluxo says (the word of spec §6).
   */
  nome: z.string().nullable(),
  descricao: z.string().nullable(),
  tipoCopia: z.enum(TIPOS_COPIA),
  nivelAcesso: z.enum(NIVEIS_ACESSO),
  idHipoteseLegal: z.number().int().nullable(),
  descricaoHipoteseLegal: z.string().nullable(),
  situacaoVinculo: z.enum(SITUACOES_VINCULO).nullable(),
  situacaoTramitacao: z.literal('T').nullable(),
  /** Position among the active peças (1..n); a cancelled peça keeps the number it had when cancelled. */
  sequencial: z.number().int(),
  /** The movement the peça travels in (the next sending after it was added). */
  sequenciaTramitacao: z.number().int().nullable(),
  /** The step's name, or the words of spec §6 (see rotuloPassoFluxo). */
  passoFluxo: z.string().nullable(),
  dataDespacho: z.string().nullable(),
  dataRecebimento: z.string().nullable(),
  dias: z.number().int().nullable(),
  dataInclusao: z.string(),
  justificativaAlteracao: z.string().nullable(),
  justificativaCancelamento: z.string().nullable(),
  dataCancelamento: z.string().nullable(),
  idDocumentoPecaDesmembramento: z.number().int().nullable(),
  numeroDocumentoPecaDesmembramento: z.string().nullable(),
  /** The caller may get the bytes (spec §6). */
  podeVisualizar: z.boolean(),
  /** The caller's unit may edit, renumber or cancel it now. */
  podeAlterar: z.boolean(),
  /** ...and delete it (not yet sent). */
  podeExcluir: z.boolean(),
  tamanho: z.number().int(),
  tipoMime: z.string(),
});
export type Peca = z.infer<typeof pecaSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Sequence numbers

export interface PecaOrdenavel {
  id: number;
  sequencial: number;
  situacaoTramitacao: 'T' | null;
}

/** The active peças in their order (by sequencial, ties by id). */
function ordenar<T extends PecaOrdenavel>(pecas: readonly T[]): T[] {
  return [...pecas].sort((a, b) => a.sequencial - b.sequencial || a.id - b.id);
}

/**
 * Spec §4: a new sequence number is clamped to the minimum and maximum among the peças with situacaoTramitacao T.
 * Those are the positions of the active peças already sent; with none sent, the bounds are 1..n.
 * The positions are taken after numbering the active peças 1..n, so the bounds always lie within 1..n.
 */
export function limitesSequencial(pecasAtivas: readonly PecaOrdenavel[]): { minimo: number; maximo: number } {
  const ordem = ordenar(pecasAtivas);
  const enviadas = ordem.flatMap((peca, indice) => (peca.situacaoTramitacao === 'T' ? [indice + 1] : []));
  if (enviadas.length === 0) return { minimo: 1, maximo: Math.max(ordem.length, 1) };
  return { minimo: Math.min(...enviadas), maximo: Math.max(...enviadas) };
}

export function limitarSequencial(valor: number, pecasAtivas: readonly PecaOrdenavel[]): number {
  const { minimo, maximo } = limitesSequencial(pecasAtivas);
  return Math.min(Math.max(Math.trunc(valor), minimo), maximo);
}

/** The numbering 1..n of the active peças in their current order (after a removal or a cancellation). */
export function renumerar(pecasAtivas: readonly PecaOrdenavel[]): { id: number; sequencial: number }[] {
  return ordenar(pecasAtivas).map((peca, indice) => ({ id: peca.id, sequencial: indice + 1 }));
}

/**
 * Moves one active peça to a new position (clamped as spec §4 says); the peças in between shift by one.
 * Answers the whole new numbering 1..n; `sequencial` is where the peça landed.
 */
export function moverPeca(
  pecasAtivas: readonly PecaOrdenavel[],
  idPeca: number,
  novoSequencial: number,
): { sequencial: number; numeracao: { id: number; sequencial: number }[] } {
  const ordem = ordenar(pecasAtivas);
  const indice = ordem.findIndex((peca) => peca.id === idPeca);
  if (indice < 0) throw new Error(`Peça ${idPeca} não está entre as ativas`);
  const destino = limitarSequencial(novoSequencial, ordem);
  const [movida] = ordem.splice(indice, 1);
  ordem.splice(destino - 1, 0, movida as PecaOrdenavel);
  return { sequencial: destino, numeracao: renumerar(ordem.map((peca, i) => ({ ...peca, sequencial: i + 1 }))) };
}

// ---------------------------------------------------------------------------------------------------------------
// Visibility (spec §6)

/** What the visibility rule needs of a document: the document itself and the root of its aggregation, if joined. */
export interface DocumentoVisibilidade {
  situacao: string;
  idUnidadeAtual: number;
  /** estado 2001. */
  estadoProcessamento: number;
  quantidadeTramitacoes: number;
  /** The interessado's pessoa (a SERVIDOR interessado is a user's pessoa). */
  idPessoaInteressado: number | null;
  /** The topmost aggregator (following idDocumentoAgregador up), or null when the document is not joined. */
  raiz: { situacao: string; idUnidadeAtual: number } | null;
}

/** Who reads: null for an anonymous visitor. */
export type LeitorPeca = {
  idUnidadeAtual: number | null;
  idPessoa: number | null;
  /** Permission VISUALIZACAO_IRRESTRITA_PECAS. */
  irrestrito: boolean;
} | null;

export interface PecaVisibilidade {
  nivelAcesso: NivelAcesso;
  situacaoVinculo: SituacaoVinculo | null;
}

/** Restricted, sigiloso and cancelled (desmembrada, desentranhada) peças are not public. */
export function pecaRestrita(peca: PecaVisibilidade): boolean {
  return peca.nivelAcesso !== 'P' || peca.situacaoVinculo !== null;
}

const SITUACOES_NA_CAIXA = new Set(['RECEBIDO', 'EM_CRIACAO']);

/** The reader's unit holds the document (or its root) and it is RECEBIDO or EM_CRIACAO. */
export function documentoNaCaixaDoLeitor(documento: DocumentoVisibilidade, leitor: LeitorPeca): boolean {
  if (!leitor || leitor.idUnidadeAtual === null) return false;
  const naCaixa = (d: { situacao: string; idUnidadeAtual: number }) =>
    d.idUnidadeAtual === leitor.idUnidadeAtual && SITUACOES_NA_CAIXA.has(d.situacao);
  return naCaixa(documento) || (documento.raiz !== null && naCaixa(documento.raiz));
}

/** The reader is the interested person, and it is the first movement or the document is archived or concluded. */
export function interessadoPodeVer(documento: DocumentoVisibilidade, leitor: LeitorPeca): boolean {
  if (!leitor || leitor.idPessoa === null || documento.idPessoaInteressado !== leitor.idPessoa) return false;
  return (
    documento.quantidadeTramitacoes <= 1 || documento.estadoProcessamento === 2 || documento.estadoProcessamento === 3
  );
}

/** Sigiloso peças are never listed to readers without VISUALIZACAO_IRRESTRITA_PECAS. */
export function pecaListavel(peca: PecaVisibilidade, leitor: LeitorPeca): boolean {
  return peca.nivelAcesso !== 'S' || (leitor?.irrestrito ?? false);
}

/**
 * Spec §6: whether the reader may get the peça's bytes (and read its name, description and justifications).
 * Anonymous readers never get a restricted file; desmembradas and desentranhadas are for VISUALIZACAO_IRRESTRITA_PECAS
 * only, since the two exceptions of spec §6 (the holding unit, the interested person) are about restricted peças.
 */
export function podeVisualizarPeca(
  peca: PecaVisibilidade,
  documento: DocumentoVisibilidade,
  leitor: LeitorPeca,
): boolean {
  if (!pecaRestrita(peca)) return true;
  if (!leitor) return false;
  if (leitor.irrestrito) return true;
  if (peca.nivelAcesso === 'S' || peca.situacaoVinculo !== null) return false;
  return documentoNaCaixaDoLeitor(documento, leitor) || interessadoPodeVer(documento, leitor);
}

/**
 * The step column of spec §6. Readers with VISUALIZACAO_IRRESTRITA_PECAS see the step's name with the suffix
 * ' - DESMEMBRADA', ' - DESENTRANHADA' or ' - RESTRITO'; the others see only the word, or
 * 'RESTRITO - Motivo: ' and the legal hypothesis. A cancellation is named before the restriction.
 */
export function rotuloPassoFluxo(
  peca: PecaVisibilidade & { passo: string | null; descricaoHipoteseLegal: string | null },
  irrestrito: boolean,
): string | null {
  const marca = peca.situacaoVinculo
    ? MARCAS_PASSO[peca.situacaoVinculo]
    : peca.nivelAcesso !== 'P'
      ? MARCAS_PASSO.restrito
      : null;
  if (marca === null) return peca.passo;
  if (irrestrito) return peca.passo ? `${peca.passo} - ${marca}` : marca;
  if (marca === MARCAS_PASSO.restrito && peca.descricaoHipoteseLegal) {
    return `${MENSAGENS.arquivos.prefixoRestrito}${peca.descricaoHipoteseLegal}`;
  }
  return marca;
}

// ---------------------------------------------------------------------------------------------------------------
// Who may change the peças

const ESTADOS_ENCERRADOS = new Set([2, 3, 4]);

/**
 * DOMAIN.md: only the unit holding the document changes its peças, once it received it (RECEBIDO), or while
 * EM_CRIACAO in the unit creating it; archived, concluded or cancelled documents are closed. Answers the reason
 * it may not, or null.
 */
export function motivoSemAlteracaoPecas(
  documento: {
    situacao: string;
    idUnidadeAtual: number;
    idUnidadeCriadora?: number;
    estadoProcessamento?: number;
  },
  idUnidadeUsuario: number | null,
): string | null {
  if (idUnidadeUsuario === null || documento.idUnidadeAtual !== idUnidadeUsuario) {
    return MENSAGENS.arquivos.apenasUnidadeAtual;
  }
  const emCriacaoNaUnidade =
    documento.situacao === 'EM_CRIACAO' &&
    (documento.idUnidadeCriadora === undefined || documento.idUnidadeCriadora === idUnidadeUsuario);
  if (documento.situacao !== 'RECEBIDO' && !emCriacaoNaUnidade) return MENSAGENS.arquivos.documentoNaoRecebido;
  if (documento.estadoProcessamento !== undefined && ESTADOS_ENCERRADOS.has(documento.estadoProcessamento)) {
    return MENSAGENS.arquivos.documentoEncerrado;
  }
  return null;
}
