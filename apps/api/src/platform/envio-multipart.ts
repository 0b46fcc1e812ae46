import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { descreverTamanho, MENSAGENS, sanitizarNomeArquivo } from '@tramite/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { type ArmazenamentoArquivos, type ArquivoTemporario, LimiteArquivoExcedido } from './armazenamento.ts';
import { ErroDominio, requisicaoInvalida } from './erros.ts';

/**
 * Multipart uploads read as a stream (shared by the peças and the signed files): each file part goes straight to a
 * temporary file of the store, refused above a per-file limit; the form fields are collected on the way.
 *
 * Every open upload holds a socket and, once its file part starts, an open temporary file. So that slow clients
 * cannot exhaust the process's file handles (issue 17), uploads run in a bounded number of places (`VagasEnvio`, a
 * few per user and more in all, taken before anything is read), and a body that stops arriving is given up after an
 * idle timeout (408), its temporary file closed and deleted.
 */

/** Room for the multipart boundaries and the form fields around each file, when comparing Content-Length. */
export const FOLGA_MULTIPART = 64 * 1024;

/** The multipart body of an upload, read only after the caller and the target were checked. */
export interface CorpoEnvio {
  /** Content-Length, when the client sent one. */
  tamanhoDeclarado: number | null;
  /** The parts, with each file limited to `limite` bytes. */
  partes(limite: number): AsyncIterable<Multipart>;
}

/**
 * The multipart body of a request, as routes hand it to their service: at most `limites.files` files and
 * `limites.fields` form fields (`limites.parts` in all), each file limited when the service reads the parts. A body
 * that sends nothing for `config.envios.ociosoMs` while it is read fails with 408.
 */
export function corpoDaRequisicao(
  request: FastifyRequest,
  limites: { files: number; fields: number; parts: number },
): CorpoEnvio {
  const declarado = Number(request.headers['content-length']);
  return {
    tamanhoDeclarado: Number.isFinite(declarado) && declarado >= 0 ? declarado : null,
    partes: (limite) =>
      partesComPrazo(
        request,
        { limits: { fileSize: limite, ...limites, fieldSize: 8192, fieldNameSize: 100 } },
        request.server.config.envios.ociosoMs,
      ),
  };
}

export const envioOcioso = () => new ErroDominio('ENVIO_OCIOSO', MENSAGENS.arquivos.envioOcioso);

/**
 * The parts of the body, watched for silence: each chunk that arrives restarts the clock; when it runs out, the file
 * being received is destroyed with the 408 (its temporary file is then closed and deleted by `receberFluxo`) and a
 * wait for the next part fails with it. The clock stops once the whole body has arrived: what follows is the
 * server's own work.
 */
async function* partesComPrazo(
  request: FastifyRequest,
  opcoes: Parameters<FastifyRequest['parts']>[0],
  ociosoMs: number,
): AsyncGenerator<Multipart> {
  const bruta = request.raw;
  // A client gone before the body was asked for never emits 'close' again: nothing would end the reading.
  if (bruta.destroyed && !bruta.readableEnded) throw requisicaoInvalida(MENSAGENS.arquivos.envioInterrompido);
  const partes = request.parts(opcoes)[Symbol.asyncIterator]();
  let arquivoAtual: Readable | null = null;
  let falhar: (erro: ErroDominio) => void = () => {};
  const expirado = new Promise<never>((_, rejeitar) => {
    falhar = rejeitar;
  });
  expirado.catch(() => {});
  const relogio = setTimeout(() => {
    const erro = envioOcioso();
    arquivoAtual?.destroy(erro);
    falhar(erro);
  }, ociosoMs);
  const rearmar = () => relogio.refresh();
  const parar = () => clearTimeout(relogio);
  bruta.on('data', rearmar);
  bruta.once('end', parar);
  let aguardando = false;
  try {
    for (;;) {
      aguardando = true;
      const proxima = await Promise.race([partes.next(), expirado]);
      aguardando = false;
      if (proxima.done) return;
      arquivoAtual = proxima.value.type === 'file' ? proxima.value.file : null;
      yield proxima.value;
    }
  } finally {
    parar();
    bruta.off('data', rearmar);
    bruta.off('end', parar);
    // A wait that timed out is still pending inside the library: it settles when the connection closes, and
    // waiting for it here would hold the answer (and the upload's place) until then.
    if (!aguardando) await partes.return?.(undefined);
  }
}

/**
 * The places for uploads in this process (issue 17): at most `maximoPorUsuario` open at once for each user (429
 * past it) and `maximoSimultaneos` in all (503 past it), so that stalled uploads hold a bounded number of sockets and
 * temporary files and every other request is still served.
 */
export class VagasEnvio {
  #abertos = 0;
  readonly #porUsuario = new Map<number, number>();

  constructor(readonly limites: Pick<Config['envios'], 'maximoPorUsuario' | 'maximoSimultaneos'>) {}

  /** Uploads open now in this process. */
  get abertos(): number {
    return this.#abertos;
  }

  abertosDe(idUsuario: number): number {
    return this.#porUsuario.get(idUsuario) ?? 0;
  }

  /** Takes a place for an upload of the user, or refuses it; answers the function that gives it back (once). */
  ocupar(idUsuario: number): () => void {
    const doUsuario = this.abertosDe(idUsuario);
    if (doUsuario >= this.limites.maximoPorUsuario) {
      throw new ErroDominio(
        'LIMITE_SIMULTANEOS',
        MENSAGENS.arquivos.muitosEnviosDoUsuario(this.limites.maximoPorUsuario),
      );
    }
    if (this.#abertos >= this.limites.maximoSimultaneos) {
      throw new ErroDominio('SERVIDOR_OCUPADO', MENSAGENS.arquivos.enviosEsgotados);
    }
    this.#abertos += 1;
    this.#porUsuario.set(idUsuario, doUsuario + 1);
    let devolvida = false;
    return () => {
      if (devolvida) return;
      devolvida = true;
      this.#abertos -= 1;
      const restantes = this.abertosDe(idUsuario) - 1;
      if (restantes > 0) this.#porUsuario.set(idUsuario, restantes);
      else this.#porUsuario.delete(idUsuario);
    };
  }
}

/** Refusals answered while the body is, as a rule, still arriving (too large, too slow, no place for it). */
const RECUSAS_ANTES_DO_FIM = new Set<number>([408, 413, 429, 503]);

/**
 * Runs an upload of the user in one of the process's places (`app.envios`), taken before anything of the body is
 * read or any file opened, and given back however the upload ends: stored, refused, aborted by the client or given
 * up for silence. A refused upload may still be arriving, so its connection is closed instead of read.
 */
export async function receberEnvio<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  idUsuario: number,
  envio: () => Promise<T>,
): Promise<T> {
  try {
    const devolver = request.server.envios.ocupar(idUsuario);
    try {
      return await envio();
    } finally {
      devolver();
    }
  } catch (erro) {
    if (erro instanceof ErroDominio && (RECUSAS_ANTES_DO_FIM.has(erro.status) || request.raw.complete === false)) {
      reply.header('connection', 'close');
    }
    throw erro;
  }
}

export interface ArquivoRecebido {
  arquivo: ArquivoTemporario;
  /** The name sent by the client, sanitised. */
  nome: string;
}

export interface PartesRecebidas {
  arquivos: ArquivoRecebido[];
  campos: Record<string, string>;
}

export const arquivoGrande = (limite: number) =>
  new ErroDominio('ARQUIVO_GRANDE', MENSAGENS.arquivos.arquivoGrande(descreverTamanho(limite)));

/** The multipart library's and the stream's failures as the client should hear them. */
export function traduzirErroEnvio(erro: unknown, limite: number, mensagemExcesso: string): unknown {
  if (erro instanceof ErroDominio) return erro;
  if (erro instanceof LimiteArquivoExcedido) return arquivoGrande(limite);
  const codigo = (erro as { code?: unknown } | null)?.code;
  switch (codigo) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return arquivoGrande(limite);
    case 'FST_FILES_LIMIT':
      return requisicaoInvalida(mensagemExcesso);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return requisicaoInvalida(MENSAGENS.geral.parametrosInvalidos);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ErroDominio('TIPO_NAO_SUPORTADO', MENSAGENS.arquivos.multipartObrigatorio);
  }
  // The server's own failures (disk full, permissions) stay internal errors.
  if (typeof codigo === 'string' && /^E[A-Z]+$/.test(codigo)) return erro;
  return requisicaoInvalida(MENSAGENS.arquivos.envioInterrompido);
}

/**
 * Streams the file parts (at most `maximoArquivos`, each up to `limite` bytes) to temporary files and collects the
 * form fields (the first value of each name). On any failure every temporary file is deleted before it throws;
 * on success the caller must `efetivar` or `descartar` each one.
 */
export async function receberPartes(
  armazenamento: ArmazenamentoArquivos,
  corpo: CorpoEnvio,
  limite: number,
  opcoes: { maximoArquivos?: number; mensagemExcesso?: string } = {},
): Promise<PartesRecebidas> {
  const maximo = opcoes.maximoArquivos ?? 1;
  const mensagemExcesso = opcoes.mensagemExcesso ?? MENSAGENS.arquivos.umArquivoPorVez;
  const arquivos: ArquivoRecebido[] = [];
  const campos: Record<string, string> = {};
  try {
    for await (const parte of corpo.partes(limite)) {
      if (parte.type === 'file') {
        if (arquivos.length >= maximo) throw requisicaoInvalida(mensagemExcesso);
        const arquivo = await armazenamento.receberFluxo(parte.file, limite);
        arquivos.push({ arquivo, nome: sanitizarNomeArquivo(parte.filename ?? '') });
        if (parte.file.truncated) throw arquivoGrande(limite);
      } else if (campos[parte.fieldname] === undefined) {
        campos[parte.fieldname] = typeof parte.value === 'string' ? parte.value : String(parte.value ?? '');
      }
    }
  } catch (erro) {
    await descartarTodos(arquivos);
    throw traduzirErroEnvio(erro, limite, mensagemExcesso);
  }
  if (arquivos.length === 0) throw requisicaoInvalida(MENSAGENS.arquivos.arquivoAusente);
  return { arquivos, campos };
}

/** Deletes the temporary files not yet put in place (safe to call more than once). */
export async function descartarTodos(arquivos: readonly ArquivoRecebido[]): Promise<void> {
  await Promise.all(arquivos.map((a) => a.arquivo.descartar()));
}
