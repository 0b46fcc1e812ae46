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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export type ConexaoBanco = { tipo: 'pglite'; dataDir: string | null } | { tipo: 'postgres'; url: string };

export interface Config {
  porta: number;
  host: string;
  dataDir: string;
  banco: ConexaoBanco;
  demo: boolean;
  urlPublica: string;
  nupFormato: (typeof FORMATOS_NUP)[number];
  instituicao: { nome: string; sigla: string };
  sessao: { inatividadeMinutos: number; duracaoMaximaHoras: number; cookieSeguro: boolean };
  login: { maxFalhas: number; janelaMinutos: number };
  email: { smtpUrl: string | null; remetente: string; pastaSaida: string };
  arquivosDir: string;
  webDist: string | null;
  logLevel: z.infer<typeof ambienteSchema>['LOG_LEVEL'];
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
  const urlPublica = (env.PUBLIC_URL ?? `http://${hostParaUrl(env.HOST)}:${env.PORT}`).replace(/\/$/, '');
  return {
    porta: env.PORT,
    host: env.HOST,
    dataDir,
    banco,
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
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL,
  };
}

function hostParaUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
