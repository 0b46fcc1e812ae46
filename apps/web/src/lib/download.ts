/**
 * Files the API answers as a Blob (lib/api.ts `binario`), handed to the browser. The API needs the session cookie
 * and the anti-CSRF header, and a failure must become a message on the screen rather than a JSON page, so the
 * screens fetch the bytes themselves and pass them on through a blob: address.
 */

/** How long a handed-over address stays valid: the new tab or the save has read the bytes by then. */
const VALIDADE_URL_MS = 60_000;

/**
 * Starts the browser's own download of an address under a file name, through a temporary link: an API address is
 * streamed to disk, never held in memory.
 */
export function baixarEndereco(url: string, nome: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves the Blob under a file name. */
export function salvarArquivo(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  baixarEndereco(url, nome);
  setTimeout(() => URL.revokeObjectURL(url), VALIDADE_URL_MS);
}

/**
 * Shows in a new tab the Blob that `buscar` answers. The tab is opened before the request, while the click still
 * allows one (a popup blocker refuses it once the request has taken time), and closed when the request fails; the
 * failure is then thrown to the caller, which says why.
 */
export async function abrirEmNovaAba(buscar: () => Promise<Blob>): Promise<void> {
  const janela = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await buscar());
    if (janela) janela.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), VALIDADE_URL_MS);
  } catch (erro) {
    janela?.close();
    throw erro;
  }
}

/**
 * An address for a PDF the screen keeps offering (open, download) until `liberarUrl`. The type is set to PDF when
 * the answer lacks it, so that the browser shows the file instead of saving it.
 */
export function criarUrlPdf(blob: Blob): string {
  return URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
}

export function liberarUrl(url: string): void {
  URL.revokeObjectURL(url);
}
