import { Worker } from 'node:worker_threads';

/**
 * Worker code: hashes a file region by region as the writer reports what it has flushed, reading it back from the
 * page cache. The main thread (which parses and writes the PDF) does no hashing at all.
 */
const CODIGO = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const hash = createHash('sha256');
const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
let fd = null;
let lido = 0;
parentPort.on('message', (mensagem) => {
  try {
    if (fd === null) fd = openSync(workerData.caminho, 'r');
    while (lido < mensagem.ate) {
      const quantos = readSync(fd, buffer, 0, Math.min(buffer.length, mensagem.ate - lido), lido);
      if (quantos === 0) throw new Error('arquivo menor que o esperado');
      hash.update(buffer.subarray(0, quantos));
      lido += quantos;
    }
    if (mensagem.fim) {
      closeSync(fd);
      parentPort.postMessage({ sha256: hash.digest('hex') });
    }
  } catch (erro) {
    parentPort.postMessage({ erro: String(erro && erro.message || erro) });
  }
});
`;

/** SHA-256 of a file being written, computed by a worker thread that follows the writer. */
export class HashParalelo {
  private readonly worker: Worker;
  private readonly resultado: Promise<string>;

  constructor(caminho: string) {
    this.worker = new Worker(CODIGO, { eval: true, workerData: { caminho } });
    this.worker.unref();
    this.resultado = new Promise<string>((resolve, reject) => {
      this.worker.on('message', (mensagem: { sha256?: string; erro?: string }) => {
        if (mensagem.sha256) resolve(mensagem.sha256);
        else reject(new Error(`Falha ao calcular o SHA-256: ${mensagem.erro}`));
      });
      this.worker.on('error', reject);
      this.worker.on('exit', (codigo) => reject(new Error(`Cálculo do SHA-256 encerrado (${codigo})`)));
    });
    // Avoids an unhandled rejection when the writer is abandoned before asking for the digest.
    this.resultado.catch(() => {});
  }

  /** The file is complete on disk up to `ate` bytes. */
  avancar(ate: number): void {
    this.worker.postMessage({ ate });
  }

  async concluir(tamanho: number): Promise<string> {
    this.worker.postMessage({ ate: tamanho, fim: true });
    try {
      return await this.resultado;
    } finally {
      await this.worker.terminate();
    }
  }

  async cancelar(): Promise<void> {
    await this.worker.terminate();
  }
}
