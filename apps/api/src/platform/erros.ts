import { type CodigoErro, MENSAGENS } from '@tramite/shared';
import type { MotivoFalhaTrabalho } from './pool-trabalhadores.ts';

export interface DetalheErro {
  campo?: string;
  mensagem: string;
}

/**
 * The status each code answers with when a service throws it. A code means one kind of failure, so it has one
 * status; the central handler may answer a framework's refusal with a sibling status (414 and 431 are
 * REQUISICAO_GRANDE like 413) without a domain error.
 */
export const STATUS_DO_CODIGO = {
  REQUISICAO_INVALIDA: 400,
  REQUISICAO_INTERROMPIDA: 400,
  NAO_AUTENTICADO: 401,
  CREDENCIAIS_INVALIDAS: 401,
  SEM_PERMISSAO: 403,
  CSRF_AUSENTE: 403,
  USUARIO_SEM_LOTACAO: 403,
  CONSOLIDACAO_ACESSO_PERDIDO: 403,
  NAO_ENCONTRADO: 404,
  ROTA_NAO_ENCONTRADA: 404,
  CONSOLIDACAO_ARQUIVO_INDISPONIVEL: 404,
  TEMPO_ESGOTADO: 408,
  ENVIO_OCIOSO: 408,
  CONFLITO: 409,
  CONSOLIDACAO_NAO_CONCLUIDA: 409,
  TRAMITA_NAO_CONFIGURADO: 409,
  CONSOLIDACAO_EXPIRADA: 410,
  ARQUIVO_GRANDE: 413,
  REQUISICAO_GRANDE: 413,
  TIPO_NAO_SUPORTADO: 415,
  ARQUIVO_NAO_ASSINAVEL: 422,
  TRABALHO_TEMPO_ESGOTADO: 422,
  TRABALHO_MEMORIA_ESGOTADA: 422,
  TRAMITA_CERTIFICADO_INVALIDO: 422,
  LIMITE_TAXA: 429,
  LOGIN_AGUARDE: 429,
  LIMITE_SIMULTANEOS: 429,
  ERRO_INTERNO: 500,
  TRAMITA_CERTIFICADO_RECUSADO: 502,
  TRAMITA_SERVIDOR_NAO_CONFIAVEL: 502,
  TRAMITA_ERRO_BARRAMENTO: 502,
  TRAMITA_RESPOSTA_INVALIDA: 502,
  BANCO_INDISPONIVEL: 503,
  SERVIDOR_OCUPADO: 503,
  SERVIDOR_ENCERRANDO: 503,
  TRABALHO_INTERROMPIDO: 503,
  ERRO_GERAR_PDF: 503,
  TRAMITA_INDISPONIVEL: 503,
  TRAMITA_TEMPO_ESGOTADO: 504,
} as const satisfies Record<CodigoErro, number>;

export type StatusErro = (typeof STATUS_DO_CODIGO)[CodigoErro];
/** The codes that answer with `status`: a factory of one status accepts only its own specific codes. */
export type CodigoDoStatus<S extends StatusErro> = {
  [C in CodigoErro]: (typeof STATUS_DO_CODIGO)[C] extends S ? C : never;
}[CodigoErro];

/** A rule broken by the request: a stable code (its status follows from it) and the Portuguese message. */
export class ErroDominio extends Error {
  readonly status: StatusErro;

  constructor(
    readonly codigo: CodigoErro,
    mensagem: string,
    readonly erros: DetalheErro[] = [],
  ) {
    super(mensagem);
    this.name = 'ErroDominio';
    this.status = STATUS_DO_CODIGO[codigo];
  }
}

/** A rate limit was reached: 429 with a Retry-After of `tentarEmSegundos`. */
export class ErroLimiteTaxa extends ErroDominio {
  constructor(
    mensagem: string,
    readonly tentarEmSegundos: number,
    codigo: CodigoDoStatus<429> = 'LIMITE_TAXA',
  ) {
    super(codigo, mensagem);
    this.name = 'ErroLimiteTaxa';
  }
}

export const requisicaoInvalida = (
  mensagem: string,
  erros: DetalheErro[] = [],
  codigo: CodigoDoStatus<400> = 'REQUISICAO_INVALIDA',
) => new ErroDominio(codigo, mensagem, erros);
/** 400 about one field of the request: the message also marks that field, so a form shows it in place. */
export const campoInvalido = (mensagem: string, campo: string) => requisicaoInvalida(mensagem, [{ campo, mensagem }]);
/** The 400 of a shared rule (a `validar*` answers its message, or null when valid), on `campo` when given. */
export function exigirValido(erro: string | null | undefined, campo?: string): void {
  if (!erro) return;
  throw campo === undefined ? requisicaoInvalida(erro) : campoInvalido(erro, campo);
}
export const naoAutenticado = () => new ErroDominio('NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
export const semPermissao = (
  mensagem: string = MENSAGENS.geral.semPermissao,
  codigo: CodigoDoStatus<403> = 'SEM_PERMISSAO',
) => new ErroDominio(codigo, mensagem);
export const naoEncontrado = (
  mensagem: string = MENSAGENS.geral.naoEncontrado,
  codigo: CodigoDoStatus<404> = 'NAO_ENCONTRADO',
) => new ErroDominio(codigo, mensagem);
export const conflito = (mensagem: string = MENSAGENS.geral.conflito, codigo: CodigoDoStatus<409> = 'CONFLITO') =>
  new ErroDominio(codigo, mensagem);

/**
 * The code of a heavy job the worker pool stopped, by its reason: past its time or memory the same input would fail
 * again (422); the pool full, closing or its worker lost are passing (503). `erro` is the task's own failure.
 */
export const CODIGO_DO_MOTIVO_TRABALHO = {
  tempo: 'TRABALHO_TEMPO_ESGOTADO',
  memoria: 'TRABALHO_MEMORIA_ESGOTADA',
  ocupado: 'SERVIDOR_OCUPADO',
  encerrado: 'SERVIDOR_ENCERRANDO',
  interrompido: 'TRABALHO_INTERROMPIDO',
  erro: 'ERRO_INTERNO',
} as const satisfies Record<MotivoFalhaTrabalho, CodigoErro>;
