import type { CodigoErro, ErroApi } from '@tramite/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The answer is the API's error: this status and exactly this `{ codigo, mensagem, erros }` body. */
export function esperarErro(
  resposta: LightMyRequestResponse,
  status: number,
  codigo: CodigoErro,
  mensagem: string,
  erros: ErroApi['erros'] = [],
) {
  expect(resposta.statusCode).toBe(status);
  expect(resposta.json()).toEqual({ codigo, mensagem, erros });
}

/** A login that opens a session: 303 to `destino` and the session cookie HttpOnly, SameSite=Lax, on `/`. Answers it. */
export function esperarSessaoAberta(resposta: LightMyRequestResponse, destino: string) {
  expect(resposta.statusCode).toBe(303);
  expect(resposta.headers.location).toBe(destino);
  const cookie = resposta.cookies.find((c) => c.name === 'tramite_sessao');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  return cookie;
}
