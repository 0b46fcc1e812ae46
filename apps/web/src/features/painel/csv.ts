import { salvarArquivo } from '../../lib/download';

/**
 * A table as CSV that Excel in pt-BR opens as it is: a UTF-8 BOM (accents), ';' between fields (',' is the decimal
 * mark), CRLF between lines, and a field quoted only when it holds a separator, a quote or a line break.
 */
export function gerarCsv(cabecalho: readonly string[], linhas: readonly (readonly string[])[]): string {
  const campo = (texto: string) => (/[;"\r\n]/.test(texto) ? `"${texto.replaceAll('"', '""')}"` : texto);
  const texto = [cabecalho, ...linhas].map((linha) => linha.map(campo).join(';')).join('\r\n');
  return `\uFEFF${texto}\r\n`;
}

export function baixarCsv(nome: string, cabecalho: readonly string[], linhas: readonly (readonly string[])[]): void {
  salvarArquivo(new Blob([gerarCsv(cabecalho, linhas)], { type: 'text/csv;charset=utf-8' }), nome);
}
