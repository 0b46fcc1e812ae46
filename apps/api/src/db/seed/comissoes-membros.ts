import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { usuario } from './usuarios.ts';

/** Members of the demo comissões (ids of linhasComissoes), by username. */
const MEMBROS: [number, string[]][] = [
  [1, ['fernanda', 'roberto', 'marcos']],
  [2, ['luciana', 'paulo', 'helena']],
  [3, ['gustavo', 'juliana', 'camila']],
  [4, ['renata', 'thiago', 'rafael']],
  [5, ['patricia', 'antonio']],
  [6, ['mariana']],
];

export function linhasComissoesMembros(): { idComissao: number; idUsuario: number }[] {
  return MEMBROS.flatMap(([idComissao, usernames]) =>
    usernames.map((username) => ({ idComissao, idUsuario: usuario(username).id })),
  );
}

/** comissao_membro comes with migration 0003; its rows are written in the seed's transaction. */
export async function inserirMembrosComissoes(trx: Transaction<Database>): Promise<number> {
  const linhas = linhasComissoesMembros();
  await trx.insertInto('comissaoMembro').values(linhas).execute();
  return linhas.length;
}
