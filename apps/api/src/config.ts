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

function hostParaUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
