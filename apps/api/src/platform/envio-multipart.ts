import type { Multipart } from '@fastify/multipart';
import { descreverTamanho, MENSAGENS, sanitizarNomeArquivo } from '@tramite/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ArmazenamentoArquivos, type ArquivoTemporario, LimiteArquivoExcedido } from './armazenamento.ts';
import { ErroDominio, requisicaoInvalida } from './erros.ts';

/**
 * Multipart uploads read as a stream (shared by the peças and the signed files): each file part goes straight to a
 * temporary file of the store, refused above a per-file limit; the form fields are collected on the way.
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
 * `limites.fields` form fields (`limites.parts` in all), each file limited when the service reads the parts.
 */
export function corpoDaRequisicao(
  request: FastifyRequest,
  limites: { files: number; fields: number; parts: number },
): CorpoEnvio {
  const declarado = Number(request.headers['content-length']);
  return {
    tamanhoDeclarado: Number.isFinite(declarado) && declarado >= 0 ? declarado : null,
    partes: (limite) =>
      request.parts({ limits: { fileSize: limite, ...limites, fieldSize: 8192, fieldNameSize: 100 } }),
  };
}

/** Runs an upload; a refused upload (413) may still be arriving, so the connection is closed instead of read. */
export async function fecharSeRecusado<T>(reply: FastifyReply, envio: () => Promise<T>): Promise<T> {
  try {
    return await envio();
  } catch (erro) {
    if (erro instanceof ErroDominio && erro.status === 413) reply.header('connection', 'close');
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
  new ErroDominio(413, MENSAGENS.arquivos.arquivoGrande(descreverTamanho(limite)));

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
      return new ErroDominio(415, MENSAGENS.arquivos.multipartObrigatorio);
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
