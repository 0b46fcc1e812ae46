import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * Test support for issue 17 (slow uploads): a multipart upload written by hand on a raw socket, which announces a
 * large body, sends its first bytes and then stalls (or drips one byte at a time), as an attacker holding sockets and
 * temporary files would. Nothing here imports vitest: the API tests and the operation tests both use it.
 */

/** What the client saw: the answer's status (null: the connection ended without one) and body, and any reset. */
export interface RespostaCrua {
  status: number | null;
  corpo: string;
  /** The connection was reset (ECONNRESET, EPIPE) instead of answered. */
  reiniciada: boolean;
  /** Milliseconds from the first byte sent to the answer (or the end of the connection). */
  ms: number;
}

export interface EnvioLento {
  socket: Socket;
  /** Settles with the whole answer, or when the connection ends; never rejects. */
  resposta: Promise<RespostaCrua>;
  /** Drops the connection (an aborted upload). */
  abortar(): void;
}

export interface OpcoesEnvioLento {
  porta: number;
  /** The path, e.g. /api/documentos/12/anexos. */
  caminho: string;
  cookie: string;
  /** Form fields sent before the file. */
  campos?: Record<string, string>;
  /** Content-Length announced (4 MB by default); only the first bytes of the file are ever sent. */
  tamanhoDeclarado?: number;
  /** A slow but live client: one more byte of the file every `gotejarMs`. Without it the client stalls. */
  gotejarMs?: number;
}

/** Opens the upload; the headers, the fields and the first bytes of the file go out at once. */
export function abrirEnvioLento(opcoes: OpcoesEnvioLento): EnvioLento {
  const fronteira = `----lento${randomUUID().replaceAll('-', '')}`;
  const campos = Object.entries(opcoes.campos ?? {})
    .map(([nome, valor]) => `--${fronteira}\r\nContent-Disposition: form-data; name="${nome}"\r\n\r\n${valor}\r\n`)
    .join('');
  const inicio =
    `${campos}--${fronteira}\r\nContent-Disposition: form-data; name="arquivo"; filename="lento.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n';
  const cabecalhos =
    `POST ${opcoes.caminho} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${opcoes.cookie}\r\n` +
    `X-Requested-With: XMLHttpRequest\r\nContent-Type: multipart/form-data; boundary=${fronteira}\r\n` +
    `Content-Length: ${opcoes.tamanhoDeclarado ?? 4_000_000}\r\n\r\n`;
  const socket = connect(opcoes.porta, '127.0.0.1');
  socket.setNoDelay(true);
  const inicioMs = Date.now();
  let gotejamento: NodeJS.Timeout | undefined;
  const resposta = new Promise<RespostaCrua>((resolver) => {
    let recebido = Buffer.alloc(0);
    let reiniciada = false;
    let resolvida = false;
    const terminar = () => {
      if (resolvida) return;
      resolvida = true;
      clearInterval(gotejamento);
      const texto = recebido.toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(texto)?.[1];
      const separador = texto.indexOf('\r\n\r\n');
      resolver({
        status: status ? Number(status) : null,
        corpo: separador >= 0 ? texto.slice(separador + 4) : '',
        reiniciada,
        ms: Date.now() - inicioMs,
      });
    };
    socket.on('data', (pedaco: Buffer) => {
      recebido = Buffer.concat([recebido, pedaco]);
      // A whole answer (headers and Content-Length bytes) settles at once, whether or not the server closes.
      const texto = recebido.toString('latin1');
      const separador = texto.indexOf('\r\n\r\n');
      const tamanho = /\r\ncontent-length: *(\d+)/i.exec(texto.slice(0, Math.max(separador, 0)))?.[1];
      if (separador >= 0 && tamanho !== undefined && recebido.length >= separador + 4 + Number(tamanho)) terminar();
    });
    socket.on('error', (erro: NodeJS.ErrnoException) => {
      if (erro.code === 'ECONNRESET' || erro.code === 'EPIPE') reiniciada = true;
    });
    socket.on('close', terminar);
  });
  socket.once('connect', () => {
    socket.write(cabecalhos);
    socket.write(inicio);
    if (opcoes.gotejarMs) {
      gotejamento = setInterval(() => {
        if (socket.writable) socket.write(' ');
      }, opcoes.gotejarMs);
    }
  });
  return {
    socket,
    resposta,
    abortar: () => {
      clearInterval(gotejamento);
      socket.destroy();
    },
  };
}

/** The answer, or null when none came within `ms` (the upload is still held open by the server). */
export async function respostaEm(envio: EnvioLento, ms: number): Promise<RespostaCrua | null> {
  let relogio: NodeJS.Timeout | undefined;
  const prazo = new Promise<null>((resolver) => {
    relogio = setTimeout(() => resolver(null), ms);
  });
  try {
    return await Promise.race([envio.resposta, prazo]);
  } finally {
    clearTimeout(relogio);
  }
}
