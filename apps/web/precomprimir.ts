import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const comprimirBrotli = promisify(brotliCompress);
const comprimirGzip = promisify(gzip);

const EXTENSOES_COMPRIMIVEIS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
  '.ttf',
  '.otf',
  '.wasm',
]);

/** Below this, the bytes saved do not pay for a second file and the header. */
const TAMANHO_MINIMO = 1024;

/**
 * Writes `<arquivo>.br` (brotli, maximum quality) and `<arquivo>.gz` (gzip level 9) beside every compressible file
 * of the build, for the server to send by Accept-Encoding (@fastify/static `preCompressed`, or nginx's `gzip_static`)
 * instead of compressing the same bytes on every request. A variant no smaller than the original is not written:
 * the server then falls back to the original.
 */
export function precomprimir(): Plugin {
  let pastaSaida = '';
  return {
    name: 'tramite:precomprimir',
    apply: 'build',
    configResolved(config) {
      pastaSaida = resolve(config.root, config.build.outDir);
    },
    // After the files are written, and only when they are (a failed build must show its own error).
    async writeBundle() {
      const arquivos = await readdir(pastaSaida, { recursive: true, withFileTypes: true });
      await Promise.all(
        arquivos
          .filter((entrada) => entrada.isFile() && EXTENSOES_COMPRIMIVEIS.has(extname(entrada.name)))
          .map((entrada) => comprimirArquivo(join(entrada.parentPath, entrada.name))),
      );
    },
  };
}

async function comprimirArquivo(caminho: string): Promise<void> {
  const original = await readFile(caminho);
  if (original.length < TAMANHO_MINIMO) return;
  const [br, gz] = await Promise.all([
    comprimirBrotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    comprimirGzip(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < original.length ? writeFile(`${caminho}.br`, br) : undefined,
    gz.length < original.length ? writeFile(`${caminho}.gz`, gz) : undefined,
  ]);
}
