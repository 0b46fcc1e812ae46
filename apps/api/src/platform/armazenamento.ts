import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Uploads are written to disk in blocks of about this size. */
const BLOCO_GRAVACAO = 1024 * 1024;

/** The stream carried more bytes than the limit allowed; nothing was kept. */
export class LimiteArquivoExcedido extends Error {
  constructor(readonly limite: number) {
    super(`Arquivo maior que o limite de ${limite} bytes`);
    this.name = 'LimiteArquivoExcedido';
  }
}

/**
 * A stream written completely to a temporary file of the store, with its hash and size, not yet in place.
 * `efetivar` renames it to its content address; `descartar` deletes it. One of the two must be called.
 */
export interface ArquivoTemporario {
  sha256: string;
  tamanho: number;
  /** Path of the temporary file, to inspect its content (magic bytes) before it is put in place. */
  caminhoTemporario: string;
  efetivar(): Promise<void>;
  descartar(): Promise<void>;
}

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

  /**
   * Writes a stream to a temporary file while hashing it, never holding it whole in memory. More than `limite`
   * bytes, or a stream that fails (an aborted upload), deletes the temporary file and rejects.
   */
  async receberFluxo(fluxo: Readable, limite: number): Promise<ArquivoTemporario> {
    await mkdir(this.raiz, { recursive: true });
    const caminhoTemporario = join(this.raiz, `.tmp-${randomUUID()}`);
    const hash = createHash('sha256');
    let tamanho = 0;
    // One pass: each piece is hashed as it arrives and the pieces are written in blocks of about 1 MiB (the
    // upload's pieces are 64 KiB or less: one write each cost a call into the kernel and a stream hop), then one
    // fdatasync before the file may be put in place.
    const arquivo = await open(caminhoTemporario, 'wx');
    try {
      let pendentes: Buffer[] = [];
      let bytesPendentes = 0;
      const gravarPendentes = async () => {
        if (bytesPendentes === 0) return;
        const lote = pendentes;
        pendentes = [];
        bytesPendentes = 0;
        await arquivo.writev(lote);
      };
      for await (const pedaco of fluxo as AsyncIterable<Buffer>) {
        tamanho += pedaco.length;
        if (tamanho > limite) throw new LimiteArquivoExcedido(limite);
        hash.update(pedaco);
        pendentes.push(pedaco);
        bytesPendentes += pedaco.length;
        if (bytesPendentes >= BLOCO_GRAVACAO) await gravarPendentes();
      }
      await gravarPendentes();
      await arquivo.datasync();
      await arquivo.close();
    } catch (erro) {
      fluxo.destroy();
      await arquivo.close().catch(() => {});
      await rm(caminhoTemporario, { force: true });
      throw erro;
    }
    const sha256 = hash.digest('hex');
    const destino = this.caminho(sha256);
    let pendente = true;
    return {
      sha256,
      tamanho,
      caminhoTemporario,
      efetivar: async () => {
        if (!pendente) return;
        await mkdir(join(destino, '..'), { recursive: true });
        // Same content, same name: replacing an existing copy is harmless and keeps the file present.
        await rename(caminhoTemporario, destino);
        pendente = false;
      },
      descartar: async () => {
        if (!pendente) return;
        pendente = false;
        await rm(caminhoTemporario, { force: true });
      },
    };
  }

  /** `receberFluxo` and, when it succeeds, the file put in place at once. */
  async guardarFluxo(fluxo: Readable, limite: number): Promise<{ sha256: string; tamanho: number }> {
    const temporario = await this.receberFluxo(fluxo, limite);
    try {
      await temporario.efetivar();
    } catch (erro) {
      await temporario.descartar();
      throw erro;
    }
    return { sha256: temporario.sha256, tamanho: temporario.tamanho };
  }

  /** Deletes a stored file; the caller makes sure no row refers to it any more. */
  async remover(sha256: string): Promise<void> {
    await rm(this.caminho(sha256), { force: true });
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
