import type { Readable } from 'node:stream';
import { erroApiSchema, type Permissao } from '@tramite/shared';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { exigirPermissao, exigirUsuario } from './autenticacao.ts';

/** A row id in a path, query or body: a positive integer that a JavaScript number still holds exactly. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The parameters of `/recurso/:id`. */
export const parametroId = z.object({ id: idSchema });

/**
 * For routes only signed-in users may call: 401 before the body is parsed or validated, so an anonymous caller
 * learns nothing from validation messages.
 */
export const apenasUsuarios = {
  preValidation: async (request: FastifyRequest) => {
    exigirUsuario(request);
  },
};

/** As `apenasUsuarios`, and 403 without the permission, before anything else. */
export function apenasComPermissao(permissao: Permissao) {
  return {
    preValidation: async (request: FastifyRequest) => {
      exigirPermissao(request, permissao);
    },
  };
}

type StatusErro = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503 | 504;

/** The error answers a route declares (`{ mensagem, erros }`, platform/tratamento-erros.ts), by status. */
export function respostasErro<const S extends readonly StatusErro[]>(
  ...status: S
): { [K in S[number]]: typeof erroApiSchema } {
  return Object.fromEntries(status.map((codigo) => [codigo, erroApiSchema])) as {
    [K in S[number]]: typeof erroApiSchema;
  };
}

/**
 * Content-Disposition for a stored file: inline or attachment, a plain ASCII `filename` for old clients (accents
 * dropped; quotes, backslashes, semicolons and other characters replaced) and, when that differs, the exact name in
 * `filename*` (RFC 6266, written by the content-disposition library). The name was sanitised on upload.
 */
export function disposicaoConteudo(nome: string, emLinha: boolean): string {
  const ascii =
    nome
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\;]/g, '_')
      .trim() || 'arquivo';
  return contentDisposition(nome, { type: emLinha ? 'inline' : 'attachment', fallback: ascii });
}

export type ArquivoResposta = {
  tipoMime: string;
  /** Absent for a stream whose size is known only at its end (a report written while it is sent). */
  tamanho?: number;
  emLinha: boolean;
  conteudo: Buffer | Readable;
  /** Content-Security-Policy of a stored file, which the browser may open directly: it never runs scripts. */
  politicaConteudo?: string;
} & (
  | {
      /** A name someone chose (an upload's): encoded by `disposicaoConteudo`. */
      nome: string;
    }
  | {
      /** A name the server made of ASCII letters, digits, dots and dashes: sent as it is. */
      nomeGerado: string;
    }
);

/** Sends a file with the headers every download carries. */
export function enviarArquivo(reply: FastifyReply, arquivo: ArquivoResposta) {
  const disposicao =
    'nome' in arquivo
      ? disposicaoConteudo(arquivo.nome, arquivo.emLinha)
      : contentDisposition(arquivo.nomeGerado, { type: arquivo.emLinha ? 'inline' : 'attachment' });
  reply.header('content-type', arquivo.tipoMime);
  if (arquivo.tamanho !== undefined) reply.header('content-length', String(arquivo.tamanho));
  reply
    .header('content-disposition', disposicao)
    .header('x-content-type-options', 'nosniff')
    // Who may get a file depends on the session and on the document's state now: never reuse a stored copy.
    .header('cache-control', 'private, no-store');
  if (arquivo.politicaConteudo) reply.header('content-security-policy', arquivo.politicaConteudo);
  return reply.send(arquivo.conteudo);
}
