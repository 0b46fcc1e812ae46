import { MENSAGENS } from '@tramite/shared';

export interface DetalheErro {
  campo?: string;
  mensagem: string;
}

/** A rule broken by the request: carries the Portuguese message and the status the client gets. */
export class ErroDominio extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    mensagem: string,
    readonly erros: DetalheErro[] = [],
  ) {
    super(mensagem);
    this.name = 'ErroDominio';
  }
}

export const requisicaoInvalida = (mensagem: string, erros: DetalheErro[] = []) =>
  new ErroDominio(400, mensagem, erros);
export const naoAutenticado = () => new ErroDominio(401, MENSAGENS.geral.naoAutenticado);
export const semPermissao = (mensagem: string = MENSAGENS.geral.semPermissao) => new ErroDominio(403, mensagem);
export const naoEncontrado = (mensagem: string = MENSAGENS.geral.naoEncontrado) => new ErroDominio(404, mensagem);
export const conflito = (mensagem: string = MENSAGENS.geral.conflito) => new ErroDominio(409, mensagem);
