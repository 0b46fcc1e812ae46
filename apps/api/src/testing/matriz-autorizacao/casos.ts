import type { AppTeste } from '../app-teste.ts';
import { pdf } from '../arquivos.ts';
import type { MARCADORES, Mundo } from '../cenarios/seguranca.ts';
import { corpoMultipart } from '../multipart.ts';

/**
 * The authorisation matrix of security/matriz-autorizacao.test.ts: one case per operation of the OpenAPI document,
 * split by area (cadastros.ts, documentos.ts, pecas.ts); here, what the cases are made of.
 */

export type Chamador = 'anonimo' | 'semPermissao' | 'outraUnidade';
/** semPermissao last: it is the caller that may legitimately succeed and change the operation's fixture. */
export const CHAMADORES: Chamador[] = ['anonimo', 'outraUnidade', 'semPermissao'];

interface Pedido {
  url: string;
  payload?: unknown;
  tipo?: string;
}

export interface Caso {
  /** Expected status per caller. */
  esperado: Record<Chamador, number>;
  /** The call, made once per operation (all three callers use it; `semPermissao`, the one that may succeed, last). */
  pedido: (m: Mundo, t: AppTeste) => Pedido | Promise<Pedido>;
  /** Personal data this operation hands to a logged-in caller by design (spec), so the leak check skips it there. */
  permiteLogado?: (keyof typeof MARCADORES)[];
  /** Logs the caller out: use a session of its own. */
  sessaoPropria?: boolean;
}

export const todos = (status: number): Record<Chamador, number> => ({
  anonimo: status,
  semPermissao: status,
  outraUnidade: status,
});
export const logado = (semPermissao: number, outraUnidade = semPermissao): Record<Chamador, number> => ({
  anonimo: 401,
  semPermissao,
  outraUnidade,
});
/** An operation that needs a permission none of the three has. */
export const comPermissao = logado(403);

/** A call without a body, to a fixed URL or to one made of the world's fixtures. */
export const chamar = (esperado: Record<Chamador, number>, url: string | ((m: Mundo) => string)): Caso => ({
  esperado,
  pedido: (m) => ({ url: typeof url === 'string' ? url : url(m) }),
});

export const uploadPdf = (campos: Record<string, string>, nome = 'envio.pdf') => {
  const { payload, tipo } = corpoMultipart(campos, [
    { nome, conteudo: pdf({ tamanho: 2048, marca: 'envio' }), tipo: 'application/pdf' },
  ]);
  return { payload, tipo };
};
