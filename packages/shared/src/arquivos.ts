/** The files of peças and signed files: size limits, recognised types and display names (spec §9). */

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
