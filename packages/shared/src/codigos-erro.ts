// Without zod: the web's first screen reads the codes of its errors (issue 11 budget; see regras-leves.ts).

/**
 * The stable codes of the API's error answers (`{ codigo, mensagem, erros }`): the message is for people and may
 * be reworded, the code is what a client branches on. Generic codes name the kind of failure; specific ones exist
 * where a client has to tell cases of the same status apart (an expired consolidation from one whose access was
 * lost, a wrong password from a login that must wait). A code, once published, keeps its meaning.
 */
export const CODIGOS_ERRO = {
  // 400
  REQUISICAO_INVALIDA: 'REQUISICAO_INVALIDA',
  /** The client went away in the middle of sending its request. */
  REQUISICAO_INTERROMPIDA: 'REQUISICAO_INTERROMPIDA',
  // 401
  NAO_AUTENTICADO: 'NAO_AUTENTICADO',
  /** Login refused: unknown user or wrong password (never says which). */
  CREDENCIAIS_INVALIDAS: 'CREDENCIAIS_INVALIDAS',
  // 403
  SEM_PERMISSAO: 'SEM_PERMISSAO',
  /** A state-changing call without the anti-CSRF header. */
  CSRF_AUSENTE: 'CSRF_AUSENTE',
  /** Logged in, but with no active unit to work in. */
  USUARIO_SEM_LOTACAO: 'USUARIO_SEM_LOTACAO',
  /** A consolidation holds a peça its reader may no longer open: a new request leaves it out. */
  CONSOLIDACAO_ACESSO_PERDIDO: 'CONSOLIDACAO_ACESSO_PERDIDO',
  // 404
  NAO_ENCONTRADO: 'NAO_ENCONTRADO',
  /** No route has this method and path (not a missing record). */
  ROTA_NAO_ENCONTRADA: 'ROTA_NAO_ENCONTRADA',
  /** The consolidation exists but its file is gone from the store: request it again. */
  CONSOLIDACAO_ARQUIVO_INDISPONIVEL: 'CONSOLIDACAO_ARQUIVO_INDISPONIVEL',
  // 408
  TEMPO_ESGOTADO: 'TEMPO_ESGOTADO',
  /** An upload sent no bytes for too long. */
  ENVIO_OCIOSO: 'ENVIO_OCIOSO',
  // 409
  CONFLITO: 'CONFLITO',
  /** The consolidation is still being built. */
  CONSOLIDACAO_NAO_CONCLUIDA: 'CONSOLIDACAO_NAO_CONCLUIDA',
  /** Tramita GOV.BR (issue 24) is not configured yet, or has no certificate for its environment. */
  TRAMITA_NAO_CONFIGURADO: 'TRAMITA_NAO_CONFIGURADO',
  // 410
  CONSOLIDACAO_EXPIRADA: 'CONSOLIDACAO_EXPIRADA',
  // 413, 414, 431
  /** A file past its size limit. */
  ARQUIVO_GRANDE: 'ARQUIVO_GRANDE',
  /** A request body, URL or header block past the server's limits. */
  REQUISICAO_GRANDE: 'REQUISICAO_GRANDE',
  // 415
  TIPO_NAO_SUPORTADO: 'TIPO_NAO_SUPORTADO',
  // 422
  /** A file the server could read but not sign. */
  ARQUIVO_NAO_ASSINAVEL: 'ARQUIVO_NAO_ASSINAVEL',
  /** Heavy work past its time limit: the same input would fail again (narrow it). */
  TRABALHO_TEMPO_ESGOTADO: 'TRABALHO_TEMPO_ESGOTADO',
  /** Heavy work past its memory limit: the same input would fail again (narrow it). */
  TRABALHO_MEMORIA_ESGOTADA: 'TRABALHO_MEMORIA_ESGOTADA',
  /** The Tramita GOV.BR certificate or key given cannot be used (unreadable, wrong password, key of another). */
  TRAMITA_CERTIFICADO_INVALIDO: 'TRAMITA_CERTIFICADO_INVALIDO',
  // 429
  /** Too many requests in a time window: wait for Retry-After. */
  LIMITE_TAXA: 'LIMITE_TAXA',
  /** Too many failed logins of this account: wait for Retry-After before trying again. */
  LOGIN_AGUARDE: 'LOGIN_AGUARDE',
  /** Too many of the caller's requests of one kind still running (uploads, reports, consolidations). */
  LIMITE_SIMULTANEOS: 'LIMITE_SIMULTANEOS',
  // 500
  ERRO_INTERNO: 'ERRO_INTERNO',
  // 502: Tramita GOV.BR (issue 24), the barramento refused or could not be understood
  /** The barramento refused the system's certificate during the TLS handshake. */
  TRAMITA_CERTIFICADO_RECUSADO: 'TRAMITA_CERTIFICADO_RECUSADO',
  /** The server that answered could not be verified as the barramento (certificate, name). */
  TRAMITA_SERVIDOR_NAO_CONFIAVEL: 'TRAMITA_SERVIDOR_NAO_CONFIAVEL',
  /** The barramento answered an error; its own code and message come with it. */
  TRAMITA_ERRO_BARRAMENTO: 'TRAMITA_ERRO_BARRAMENTO',
  /** The barramento answered success in a shape the product does not read. */
  TRAMITA_RESPOSTA_INVALIDA: 'TRAMITA_RESPOSTA_INVALIDA',
  // 503
  BANCO_INDISPONIVEL: 'BANCO_INDISPONIVEL',
  /** The server has no room for this work now (uploads, the workers' queue, the consolidations' disk budget). */
  SERVIDOR_OCUPADO: 'SERVIDOR_OCUPADO',
  /** The server is shutting down. */
  SERVIDOR_ENCERRANDO: 'SERVIDOR_ENCERRANDO',
  /** The worker doing the heavy work was lost; trying again may succeed. */
  TRABALHO_INTERROMPIDO: 'TRABALHO_INTERROMPIDO',
  /** The PDF could not be produced. */
  ERRO_GERAR_PDF: 'ERRO_GERAR_PDF',
  /** The barramento could not be reached, or dropped the connection. */
  TRAMITA_INDISPONIVEL: 'TRAMITA_INDISPONIVEL',
  // 504
  /** The barramento did not answer within the time limit. */
  TRAMITA_TEMPO_ESGOTADO: 'TRAMITA_TEMPO_ESGOTADO',
} as const;
export type CodigoErro = (typeof CODIGOS_ERRO)[keyof typeof CODIGOS_ERRO];
