import { z } from 'zod';
import { unidadeRefSchema } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';
import { horarioResumoDiarioSchema } from './resumo-diario.ts';

/**
 * Permission names are part of the API (DOMAIN.md). ADMINISTRACAO_USUARIOS is not in DOMAIN.md's list: it guards
 * the screen that grants the others (docs/domain.md, "Administração de usuários"); nor is ADMINISTRACAO_CALENDARIO,
 * which keeps the institution's days without work (docs/domain.md, "Prazos"); nor is ADMINISTRACAO_INDEXACAO, which
 * follows the indexing of the peças' text and asks for it again (docs/domain.md, "Conteúdo das peças"); nor is
 * PAINEL_INSTITUCIONAL, which opens the Painel of every unit and of the whole institution (docs/domain.md, "Painel");
 * nor is ADMINISTRACAO_TRAMITA, which configures the exchange of processes through Tramita GOV.BR (docs/domain.md,
 * "Tramita GOV.BR").
 */
export const PERMISSOES = [
  'VISUALIZACAO_IRRESTRITA_PECAS',
  'ADMINISTRACAO_VOCABULARIO',
  'ADMINISTRACAO_TIPOS_DOCUMENTAIS',
  'REENCAMINHAMENTO',
  'RELATORIOS',
  'ADMINISTRACAO_USUARIOS',
  'ADMINISTRACAO_CALENDARIO',
  'ADMINISTRACAO_INDEXACAO',
  'PAINEL_INSTITUCIONAL',
  'ADMINISTRACAO_TRAMITA',
] as const;
export type Permissao = (typeof PERMISSOES)[number];
export const permissaoSchema = z.enum(PERMISSOES);

/**
 * The header a cross-site HTML form cannot send (every state-changing API call must carry it), and what index.html
 * says of the session that loaded it.
 */
export { CABECALHO_CSRF, META_SESSAO, SESSAO_DA_PAGINA, VALOR_CABECALHO_CSRF } from './regras-leves.ts';

export const unidadeResumoSchema = unidadeRefSchema;
export type UnidadeResumo = z.infer<typeof unidadeResumoSchema>;

export const configuracoesSchema = z.object({
  idUnidadeAtual: z.number().int().positive(),
  email: z.string().nullable(),
  notificacoesPorEmail: z.boolean(),
  /** When the daily digest e-mail goes out (HH:MM, Brasília); null: never. */
  resumoDiarioHorario: z.string().nullable(),
});
export type Configuracoes = z.infer<typeof configuracoesSchema>;

/**
 * Body of POST auth/configuracoes: the same rule on the form and on the server. The daily digest needs the e-mail
 * (absent, the digest is off, as absent notifications are).
 */
export const alterarConfiguracoesSchema = z
  .object({
    idUnidadeAtual: z.coerce.number().int().positive(),
    email: z
      .string()
      .trim()
      .max(254)
      .transform((valor) => (valor === '' ? null : valor))
      .nullable()
      .refine((valor) => valor === null || z.email().safeParse(valor).success, {
        message: MENSAGENS.usuario.emailInvalido,
      }),
    notificacoesPorEmail: z.boolean().default(false),
    resumoDiarioHorario: horarioResumoDiarioSchema.default(null),
  })
  .superRefine((valor, contexto) => {
    if (valor.resumoDiarioHorario !== null && valor.email === null) {
      contexto.addIssue({
        code: 'custom',
        path: ['resumoDiarioHorario'],
        message: MENSAGENS.resumoDiario.precisaEmail,
      });
    }
  });
export type AlterarConfiguracoes = z.input<typeof alterarConfiguracoesSchema>;

export const usuarioSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nome: z.string(),
  permissoes: z.array(permissaoSchema),
  configuracoes: configuracoesSchema,
  email: z.string().nullable(),
  emailPessoal: z.string().nullable(),
  idPessoa: z.number().int().nullable(),
  lotacoes: z.array(unidadeResumoSchema),
});
export type Usuario = z.infer<typeof usuarioSchema>;

export const mensagemNoticiaSchema = z.object({
  id: z.number().int(),
  mensagem: z.string(),
  dataValidade: z.string().nullable(),
});
export type MensagemNoticia = z.infer<typeof mensagemNoticiaSchema>;

/** Only same-origin paths are accepted as the destination after login (no open redirect). */
export function destinoSeguroAposLogin(redirect: unknown): string {
  if (typeof redirect !== 'string' || redirect.length === 0 || redirect.length > 2000) return '/home';
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/home';
  if ([...redirect].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return '/home';
  return redirect;
}
