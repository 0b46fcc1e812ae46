import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { FORMATOS_NUP } from '@tramite/shared';
import { z } from 'zod';

const booleano = z
  .enum(['1', '0', 'true', 'false', 'sim', 'nao', 'não'])
  .transform((valor) => ['1', 'true', 'sim'].includes(valor));

const ambienteSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // Read replica (issue 12): only the document search and the reports read from it; see docs/deployment.md.
  DATABASE_URL_LEITURA: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DEMO: booleano.optional(),
  PUBLIC_URL: z.url().optional(),
  NUP_FORMATO: z.enum(FORMATOS_NUP).default('nup17'),
  INSTITUICAO_NOME: z.string().min(1).default('Universidade Federal de Exemplo'),
  INSTITUICAO_SIGLA: z.string().min(1).default('UFEX'),
  SESSAO_INATIVIDADE_MINUTOS: z.coerce.number().int().positive().default(120),
  SESSAO_DURACAO_MAXIMA_HORAS: z.coerce.number().int().positive().default(12),
  LOGIN_MAX_FALHAS: z.coerce.number().int().positive().default(5),
  LOGIN_JANELA_MINUTOS: z.coerce.number().int().positive().default(15),
  // Reverse proxies whose X-Forwarded-For is believed (issue 17): none by default, so nobody can forge the address.
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((lista) =>
      lista
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((lista) => lista.every(proxyValido), {
      message: 'use endereços IP, redes CIDR (10.0.0.0/8) ou loopback, separados por vírgula',
    }),
  COOKIE_SECURE: booleano.optional(),
  SMTP_URL: z.string().optional(),
  EMAIL_REMETENTE: z.string().default('Trâmite <nao-responda@localhost>'),
  WEB_DIST: z.string().optional(),
  ASSINATURA_CERTIFICADO: z.string().optional(),
  ASSINATURA_SENHA: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  // OpenID Connect (issue 12): on when OIDC_ISSUER is set; see docs/operacao.md.
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REDIRECT_URI: z.url().optional(),
  OIDC_POST_LOGOUT_REDIRECT_URI: z.url().optional(),
  OIDC_SCOPES: z.string().min(1).default('openid profile email'),
  OIDC_CLAIM_USUARIO: z.string().min(1).default('preferred_username'),
  OIDC_CAMPO_USUARIO: z.enum(['username', 'email']).default('username'),
  LOGIN_LOCAL: booleano.optional(),
  // Background jobs (issue 12): how long a taken job stays reserved, and how often each process looks for jobs.
  FILA_RESERVA_SEGUNDOS: z.coerce.number().int().positive().default(300),
  FILA_INTERVALO_MS: z.coerce.number().int().positive().default(2000),
  // Files of the store no row refers to (left by a crash) are deleted once older than this.
  ARQUIVOS_ORFAOS_CARENCIA_SEGUNDOS: z.coerce.number().int().min(0).default(3600),
  // Slow uploads (issue 17): uploads open at once per user and in the process, and the body's idle timeout.
  ENVIO_MAXIMO_POR_USUARIO: z.coerce.number().int().positive().default(4),
  ENVIO_MAXIMO_SIMULTANEOS: z.coerce.number().int().positive().default(64),
  ENVIO_OCIOSO_SEGUNDOS: z.coerce.number().int().positive().default(30),
  // Node's HTTP server timeouts (issue 17): slow headers, slow whole requests, silent sockets, idle keep-alive.
  CABECALHOS_PRAZO_SEGUNDOS: z.coerce.number().int().positive().default(20),
  REQUISICAO_PRAZO_SEGUNDOS: z.coerce.number().int().positive().default(600),
  CONEXAO_OCIOSA_SEGUNDOS: z.coerce.number().int().positive().default(120),
  MANTER_CONEXAO_SEGUNDOS: z.coerce.number().int().positive().default(72),
  // Consolidations (issue 17): deleted this many hours after they finish; the stored ones never take more than this.
  CONSOLIDACAO_RETENCAO_HORAS: z.coerce.number().int().positive().default(24),
  CONSOLIDACAO_DISCO_MAXIMO_MB: z.coerce.number().int().positive().default(2048),
  // Heavy work (PDFs, images, reports) runs in this many worker processes, each with a memory cap and a time limit.
  TRABALHADORES_QUANTIDADE: z.coerce.number().int().min(1).max(64).default(2),
  TRABALHADORES_MEMORIA_MB: z.coerce.number().int().min(128).default(512),
  TRABALHADORES_TEMPO_LIMITE_SEGUNDOS: z.coerce.number().int().positive().default(120),
  TRABALHADORES_FILA_MAXIMA: z.coerce.number().int().min(0).default(32),
  // Issue 21: the background reading of the peças' text (text layer and OCR), in its own low-priority workers.
  INDEXACAO_ATIVA: booleano.optional(),
  INDEXACAO_TRABALHADORES: z.coerce.number().int().min(1).max(64).default(2),
  INDEXACAO_MEMORIA_MB: z.coerce.number().int().min(256).default(1024),
  INDEXACAO_TEMPO_PAGINA_SEGUNDOS: z.coerce.number().int().positive().default(120),
  // Issue 23: whether robots.txt lets search engines into the public pages that show interested parties' names.
  ROBOTS_PAGINAS_PUBLICAS: z.enum(['bloquear', 'permitir']).default('bloquear'),
  // Issue 24: Tramita GOV.BR. CAs trusted for the barramento's own certificate besides Node's (a PEM file), and the
  // limit of each request to it (the reference client waits 300 s; testing the connection waits at most 30 s).
  TRAMITA_AUTORIDADES: z.string().optional(),
  TRAMITA_TEMPO_LIMITE_SEGUNDOS: z.coerce.number().positive().max(3600).default(300),
});

export type ConexaoBanco = { tipo: 'pglite'; dataDir: string | null } | { tipo: 'postgres'; url: string };

export interface Config {
  porta: number;
  host: string;
  dataDir: string;
  banco: ConexaoBanco;
  /** The read replica of DATABASE_URL_LEITURA for search and reports; null: they read from `banco`. */
  bancoLeitura: { tipo: 'postgres'; url: string } | null;
  demo: boolean;
  urlPublica: string;
  nupFormato: (typeof FORMATOS_NUP)[number];
  instituicao: { nome: string; sigla: string };
  sessao: { inatividadeMinutos: number; duracaoMaximaHoras: number; cookieSeguro: boolean };
  login: { maxFalhas: number; janelaMinutos: number };
  /** Addresses, CIDRs or proxy-addr keywords (`loopback`) of the proxies whose X-Forwarded-For is believed. */
  proxiesConfiaveis: string[];
  email: { smtpUrl: string | null; remetente: string; pastaSaida: string };
  arquivosDir: string;
  /** PKCS#12 used to sign PDFs; null: a self-signed institutional one created under `pastaCertificados`. */
  assinatura: { certificado: string | null; senha: string; pastaCertificados: string };
  webDist: string | null;
  logLevel: z.infer<typeof ambienteSchema>['LOG_LEVEL'];
  /** OpenID Connect login; null when OIDC_ISSUER is not set. */
  oidc: ConfigOidc | null;
  /** Password login (the product's own form); off by default when OIDC is on. */
  loginLocal: boolean;
  /** Background queue: a job left by a dead process is taken again after `reservaSegundos`. */
  fila: { reservaSegundos: number; intervaloMs: number };
  /** Age after which an unreferenced file of the store (or a temporary one) is deleted by the sweep. */
  arquivosOrfaosCarenciaSegundos: number;
  /** Multipart uploads open at once (per user and in this process) and their body's idle timeout. */
  envios: { maximoPorUsuario: number; maximoSimultaneos: number; ociosoMs: number };
  /** The HTTP server's timeouts, in milliseconds (Node's headersTimeout, requestTimeout, socket and keep-alive). */
  prazosHttp: { cabecalhosMs: number; requisicaoMs: number; conexaoOciosaMs: number; manterConexaoMs: number };
  /** Consolidations: hours a finished one is kept, and the disk the stored ones may take. */
  consolidacao: { retencaoHoras: number; discoMaximoMb: number };
  /** The pool of worker processes for heavy work (platform/pool-trabalhadores.ts). */
  trabalhadores: { quantidade: number; memoriaMb: number; tempoLimiteMs: number; filaMaxima: number };
  /** The reading of the peças' text (issue 21): on or off, its worker processes, their memory cap, time per page. */
  indexacao: { ativa: boolean; trabalhadores: number; memoriaMb: number; tempoPaginaMs: number };
  /** robots.txt: `bloquear` keeps crawlers out of /documentos, /busca, /verificacao and /consolidacao; /api always. */
  robotsPaginasPublicas: 'bloquear' | 'permitir';
  /**
   * Tramita GOV.BR (issue 24): where the system certificates are kept (one folder per environment), a PEM file of
   * extra CAs trusted for the barramento's server certificate (null: Node's public roots only), and the limit of
   * each request.
   */
  tramita: { pastaCertificados: string; autoridades: string | null; tempoLimiteMs: number };
}

export interface ConfigOidc {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  /** Where the provider sends the browser after ending its session (RP-initiated logout): the login page. */
  posLogoutRedirectUri: string;
  scopes: string;
  /** The provider's claim compared with `campoUsuario` to link an account the first time. */
  claimUsuario: string;
  campoUsuario: 'username' | 'email';
}

export class ErroConfiguracao extends Error {}

/** Reads and validates the environment once at start; a bad setting stops the server with a clear message. */
export function lerConfig(ambiente: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= ) means "not set".
  const definidas = Object.fromEntries(Object.entries(ambiente).filter(([, valor]) => valor !== ''));
  const lido = ambienteSchema.safeParse(definidas);
  if (!lido.success) {
    const detalhes = lido.error.issues.map((erro) => `${erro.path.join('.')}: ${erro.message}`).join('; ');
    throw new ErroConfiguracao(`Configuração inválida: ${detalhes}`);
  }
  const env = lido.data;
  const dataDir = resolve(env.DATA_DIR);
  const banco: ConexaoBanco = env.DATABASE_URL
    ? { tipo: 'postgres', url: env.DATABASE_URL }
    : { tipo: 'pglite', dataDir: resolve(dataDir, 'pglite') };
  if (env.DATABASE_URL_LEITURA && !env.DATABASE_URL) {
    throw new ErroConfiguracao(
      'Configuração inválida: DATABASE_URL_LEITURA (réplica de leitura) só vale junto com DATABASE_URL; o banco embutido (PGlite) não tem réplica',
    );
  }
  const urlPublica = (env.PUBLIC_URL ?? `http://${hostParaUrl(env.HOST)}:${env.PORT}`).replace(/\/$/, '');
  const oidc = lerConfigOidc(env, urlPublica);
  return {
    porta: env.PORT,
    host: env.HOST,
    dataDir,
    banco,
    bancoLeitura: env.DATABASE_URL_LEITURA ? { tipo: 'postgres', url: env.DATABASE_URL_LEITURA } : null,
    demo: env.DEMO ?? banco.tipo === 'pglite',
    urlPublica,
    nupFormato: env.NUP_FORMATO,
    instituicao: { nome: env.INSTITUICAO_NOME, sigla: env.INSTITUICAO_SIGLA },
    sessao: {
      inatividadeMinutos: env.SESSAO_INATIVIDADE_MINUTOS,
      duracaoMaximaHoras: env.SESSAO_DURACAO_MAXIMA_HORAS,
      cookieSeguro: env.COOKIE_SECURE ?? urlPublica.startsWith('https://'),
    },
    login: { maxFalhas: env.LOGIN_MAX_FALHAS, janelaMinutos: env.LOGIN_JANELA_MINUTOS },
    proxiesConfiaveis: env.TRUST_PROXY,
    email: {
      smtpUrl: env.SMTP_URL || null,
      remetente: env.EMAIL_REMETENTE,
      pastaSaida: resolve(dataDir, 'outbox'),
    },
    arquivosDir: resolve(dataDir, 'arquivos'),
    assinatura: {
      certificado: env.ASSINATURA_CERTIFICADO ? resolve(env.ASSINATURA_CERTIFICADO) : null,
      senha: env.ASSINATURA_SENHA ?? '',
      pastaCertificados: resolve(dataDir, 'certificados'),
    },
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL,
    oidc,
    loginLocal: env.LOGIN_LOCAL ?? oidc === null,
    fila: { reservaSegundos: env.FILA_RESERVA_SEGUNDOS, intervaloMs: env.FILA_INTERVALO_MS },
    arquivosOrfaosCarenciaSegundos: env.ARQUIVOS_ORFAOS_CARENCIA_SEGUNDOS,
    envios: {
      maximoPorUsuario: env.ENVIO_MAXIMO_POR_USUARIO,
      maximoSimultaneos: env.ENVIO_MAXIMO_SIMULTANEOS,
      ociosoMs: env.ENVIO_OCIOSO_SEGUNDOS * 1000,
    },
    prazosHttp: lerPrazosHttp(env),
    consolidacao: {
      retencaoHoras: env.CONSOLIDACAO_RETENCAO_HORAS,
      discoMaximoMb: env.CONSOLIDACAO_DISCO_MAXIMO_MB,
    },
    trabalhadores: {
      quantidade: env.TRABALHADORES_QUANTIDADE,
      memoriaMb: env.TRABALHADORES_MEMORIA_MB,
      tempoLimiteMs: env.TRABALHADORES_TEMPO_LIMITE_SEGUNDOS * 1000,
      filaMaxima: env.TRABALHADORES_FILA_MAXIMA,
    },
    indexacao: {
      ativa: env.INDEXACAO_ATIVA ?? true,
      trabalhadores: env.INDEXACAO_TRABALHADORES,
      memoriaMb: env.INDEXACAO_MEMORIA_MB,
      tempoPaginaMs: env.INDEXACAO_TEMPO_PAGINA_SEGUNDOS * 1000,
    },
    robotsPaginasPublicas: env.ROBOTS_PAGINAS_PUBLICAS,
    tramita: {
      pastaCertificados: resolve(dataDir, 'certificados', 'tramita'),
      autoridades: env.TRAMITA_AUTORIDADES ? resolve(env.TRAMITA_AUTORIDADES) : null,
      tempoLimiteMs: Math.round(env.TRAMITA_TEMPO_LIMITE_SEGUNDOS * 1000),
    },
  };
}

function lerPrazosHttp(env: z.infer<typeof ambienteSchema>): Config['prazosHttp'] {
  // Node refuses a headers timeout longer than the request's; and a socket closed for silence before the upload's
  // idle timeout would cut the upload without the 408 that tells the user why.
  if (env.CABECALHOS_PRAZO_SEGUNDOS > env.REQUISICAO_PRAZO_SEGUNDOS) {
    throw new ErroConfiguracao(
      'Configuração inválida: CABECALHOS_PRAZO_SEGUNDOS não pode passar de REQUISICAO_PRAZO_SEGUNDOS',
    );
  }
  if (env.CONEXAO_OCIOSA_SEGUNDOS <= env.ENVIO_OCIOSO_SEGUNDOS) {
    throw new ErroConfiguracao(
      'Configuração inválida: CONEXAO_OCIOSA_SEGUNDOS deve ser maior que ENVIO_OCIOSO_SEGUNDOS',
    );
  }
  return {
    cabecalhosMs: env.CABECALHOS_PRAZO_SEGUNDOS * 1000,
    requisicaoMs: env.REQUISICAO_PRAZO_SEGUNDOS * 1000,
    conexaoOciosaMs: env.CONEXAO_OCIOSA_SEGUNDOS * 1000,
    manterConexaoMs: env.MANTER_CONEXAO_SEGUNDOS * 1000,
  };
}

function lerConfigOidc(env: z.infer<typeof ambienteSchema>, urlPublica: string): ConfigOidc | null {
  if (!env.OIDC_ISSUER) return null;
  if (!env.OIDC_CLIENT_ID) {
    throw new ErroConfiguracao('Configuração inválida: OIDC_CLIENT_ID é obrigatório com OIDC_ISSUER');
  }
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET ?? null,
    redirectUri: env.OIDC_REDIRECT_URI ?? `${urlPublica}/api/auth/oidc/callback`,
    posLogoutRedirectUri: env.OIDC_POST_LOGOUT_REDIRECT_URI ?? `${urlPublica}/api/auth/login`,
    scopes: env.OIDC_SCOPES,
    claimUsuario: env.OIDC_CLAIM_USUARIO,
    campoUsuario: env.OIDC_CAMPO_USUARIO,
  };
}

/** What Fastify's trustProxy (proxy-addr) accepts of it: an address, a CIDR, or a keyword for a range. */
function proxyValido(valor: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(valor)) return true;
  const [endereco = '', prefixo, ...resto] = valor.split('/');
  const versao = isIP(endereco);
  if (versao === 0 || resto.length > 0) return false;
  return prefixo === undefined || (/^\d{1,3}$/.test(prefixo) && Number(prefixo) <= (versao === 4 ? 32 : 128));
}

function hostParaUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
