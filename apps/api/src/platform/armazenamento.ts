import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Content-addressed file store: a file lives at `<raiz>/ab/cd/<sha256>`. Files are written to a temporary name
 * and renamed into place, so a reader never sees a half-written file and the same content is stored once.
 * User-supplied names are never part of a path.
 */
export class ArmazenamentoArquivos {
  constructor(readonly raiz: string) {}

  caminho(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('Identificador de arquivo inválido');
    return join(this.raiz, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async guardarBuffer(conteudo: Buffer): Promise<{ sha256: string; tamanho: number }> {
    const sha256 = createHash('sha256').update(conteudo).digest('hex');
    const destino = this.caminho(sha256);
    if (!(await this.existe(sha256))) {
      await mkdir(join(destino, '..'), { recursive: true });
      const temporario = join(this.raiz, `.tmp-${randomUUID()}`);
      await mkdir(this.raiz, { recursive: true });
      try {
        await writeFile(temporario, conteudo, { flush: true });
        await rename(temporario, destino);
      } finally {
        await rm(temporario, { force: true });
      }
    }
    return { sha256, tamanho: conteudo.length };
  }

  async existe(sha256: string): Promise<boolean> {
    return stat(this.caminho(sha256)).then(
      () => true,
      () => false,
    );
  }

  ler(sha256: string) {
    return createReadStream(this.caminho(sha256));
  }
}
