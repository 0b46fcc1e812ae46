import { type Kysely, sql } from 'kysely';

/**
 * The permission ADMINISTRACAO_USUARIOS (docs/domain.md, "Administração de usuários"): whoever holds it edits other
 * users' lotações, current unit, permissions and whether they are active. The table's list of allowed names grows by
 * it; the list stays in the database so a row can never hold a name the API does not know.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS', 'ADMINISTRACAO_USUARIOS'));
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DELETE FROM usuario_permissao WHERE permissao = 'ADMINISTRACAO_USUARIOS';
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS'));
`.execute(db);
}
