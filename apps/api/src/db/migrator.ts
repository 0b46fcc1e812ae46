import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Banco } from './connection.ts';
import * as esquemaInicial from './migrations/0001-esquema-inicial.ts';
import * as consultasAdministracao from './migrations/0003-consultas-administracao.ts';
import * as pecas from './migrations/0004-pecas.ts';
import * as tramitacao from './migrations/0005-tramitacao.ts';

/** Listed here rather than read from disk so the same list runs under tsx, in tests and in a bundle. */
const migracoes: Record<string, Migration> = {
  '0001-esquema-inicial': esquemaInicial,
  '0003-consultas-administracao': consultasAdministracao,
  '0004-pecas': pecas,
  '0005-tramitacao': tramitacao,
};

const provedor: MigrationProvider = { getMigrations: async () => migracoes };

export async function migrarParaUltima(db: Banco): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: provedor,
    migrationTableName: 'migracao',
    migrationLockTableName: 'migracao_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
