import type { Banco } from '../db/connection.ts';

/**
 * The audit log's vocabulary: every action is one of these, named verb first in UPPER_SNAKE (a refusal is the
 * refused action with `_RECUSADO`, or the rule that refused it). Rows written before migration 0018 may hold the
 * old names of ACOES_RENOMEADAS: the log cannot be rewritten (its trigger refuses UPDATE), so the view
 * `auditoria_vocabulario_atual` reads them with the current names.
 */
export const ACOES_AUDITORIA = [
  // Login and the user's own settings.
  'LOGIN',
  'LOGIN_OIDC',
  'LOGOUT',
  'VINCULAR_OIDC',
  'ALTERAR_CONFIGURACOES',
  // Documents.
  'AUTUAR_DOCUMENTO',
  'EDITAR_AUTUACAO',
  'SALVAR_MARCADORES',
  'ENVIAR_COMPROVANTE_EMAIL',
  'ENVIAR_COMPROVANTE_EMAIL_RECUSADO',
  // Tramitação.
  'TRAMITAR_DOCUMENTO',
  'REENCAMINHAR_DOCUMENTO',
  'RECEBER_DOCUMENTO',
  'RECEBER_REENCAMINHAMENTO',
  'CANCELAR_ENVIO',
  'SALVAR_DESPACHO',
  'ALTERAR_PRAZO',
  'ALTERAR_RETORNO_PROGRAMADO',
  'REGISTRAR_CIENCIA',
  'SOBRESTAR_DOCUMENTO',
  'LEVANTAR_SOBRESTAMENTO',
  // Juntada.
  'ANEXAR_DOCUMENTO',
  'APENSAR_DOCUMENTO',
  'DESANEXAR_DOCUMENTO',
  'DESAPENSAR_DOCUMENTO',
  // Peças and signed files.
  'ENVIAR_PECA',
  'ALTERAR_PECA',
  'ALTERAR_SEQUENCIAL_PECA',
  'ALTERAR_TIPO_PECA',
  'CANCELAR_PECA',
  'EXCLUIR_PECA',
  'ASSINAR_ARQUIVO',
  'VINCULAR_ARQUIVO_ASSINADO',
  'EXCLUIR_ARQUIVO_ASSINADO',
  // Favourites.
  'ADICIONAR_FAVORITO',
  'REMOVER_FAVORITO',
  'ALTERAR_ACOMPANHAMENTO_FAVORITO',
  // Administration.
  'ALTERAR_TIPO_DOCUMENTO',
  'INCLUIR_ITEM_GLOSSARIO',
  'ALTERAR_ITEM_GLOSSARIO',
  'EXCLUIR_ITEM_GLOSSARIO',
  'ALTERAR_USUARIO',
  'INCLUIR_DIA_NAO_UTIL',
  'EXCLUIR_DIA_NAO_UTIL',
  'REINDEXAR_CONTEUDO',
  // Tramita GOV.BR (issue 24); the sync done by the daily job has no user.
  'CONFIGURAR_TRAMITA',
  'SINCRONIZAR_LISTAS_TRAMITA',
  'MAPEAR_UNIDADE_TRAMITA',
  'MAPEAR_ESPECIE_TRAMITA',
  'MAPEAR_HIPOTESE_TRAMITA',
  'LIMITAR_DESTINO_TRAMITA',
  // The receiving job (no user): a process registered from the barramento, or refused to its sender.
  'RECEBER_TRAMITE_EXTERNO',
  'RECUSAR_TRAMITE_EXTERNO',
  // Look-ups of personal data.
  'CONSULTAR_EMAIL_INTERESSADO',
  'LIMITE_CONSULTA_EXCEDIDO',
  // Consolidation (the job writes the last two, with no user).
  'SOLICITAR_CONSOLIDACAO',
  'CONCLUIR_CONSOLIDACAO',
  'FALHAR_CONSOLIDACAO',
] as const;
export type AcaoAuditoria = (typeof ACOES_AUDITORIA)[number];

/**
 * Names written before the vocabulary had one style (issue 18), and their current names. Migration 0018 wrote the
 * same list into the table `auditoria_acao_renomeada` (auditoria.test.ts keeps the two equal), which the view
 * `auditoria_vocabulario_atual` reads: a later rename goes here and into a new migration, never into old rows.
 */
export const ACOES_RENOMEADAS: Readonly<Record<string, AcaoAuditoria>> = {
  'consolidacao.solicitar': 'SOLICITAR_CONSOLIDACAO',
  'consolidacao.concluir': 'CONCLUIR_CONSOLIDACAO',
  'consolidacao.erro': 'FALHAR_CONSOLIDACAO',
  REENCAMINHAMENTO_RECEBER: 'RECEBER_REENCAMINHAMENTO',
};

/** What an audit row is about: the table its `idEntidade` is a key of (`interessado`: a person or organisation). */
export type EntidadeAuditoria =
  | 'sessao'
  | 'usuario'
  | 'documento'
  | 'peca'
  | 'arquivo_assinado'
  | 'tipo_documento'
  | 'item_glossario'
  | 'interessado'
  | 'consolidacao'
  | 'dia_nao_util'
  | 'arquivo_indexacao'
  | 'tramita_configuracao'
  | 'tramita_unidade_estrutura'
  | 'tramita_especie_envio'
  | 'tramita_especie_recebimento'
  | 'tramita_hipotese_envio'
  | 'tramita_hipotese_recebimento'
  | 'tramita_limite_destino'
  | 'tramite_externo';

/** Who makes an administrative change, as its audit row records it: the user and the address. */
export interface AutorAuditoria {
  idUsuario: number;
  ip: string;
}

export interface RegistroAuditoria {
  idUsuario: number | null;
  acao: AcaoAuditoria;
  entidade: EntidadeAuditoria;
  idEntidade: string | number | null;
  antes?: unknown;
  depois?: unknown;
  ip?: string | null;
}

/** Appends one row to the audit log; call it with the transaction that makes the change it records. */
export async function registrarAuditoria(db: Banco, registro: RegistroAuditoria): Promise<void> {
  await db
    .insertInto('auditoria')
    .values({
      idUsuario: registro.idUsuario,
      acao: registro.acao,
      entidade: registro.entidade,
      idEntidade: registro.idEntidade === null ? null : String(registro.idEntidade),
      antes: registro.antes === undefined ? null : JSON.stringify(registro.antes),
      depois: registro.depois === undefined ? null : JSON.stringify(registro.depois),
      ip: registro.ip ?? null,
    })
    .execute();
}
