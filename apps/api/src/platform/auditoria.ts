import type { Banco } from '../db/connection.ts';

export interface RegistroAuditoria {
  idUsuario: number | null;
  acao: string;
  entidade: string;
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
