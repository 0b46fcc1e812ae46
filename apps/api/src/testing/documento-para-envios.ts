import type { Banco } from '../db/connection.ts';
import { criarDocumento, criarTipoDocumento, criarUnidade, criarUsuario } from './fabricas.ts';

/**
 * What the upload tests of security/ send to: the Protocolo Central with Ana (SIAPE `siape`, so she may sign) and
 * the `outros` users, a document of Ana's for POST documentos/{id}/anexos and a signature type for POST
 * arquivos-assinados.
 */
export async function prepararEnvios(
  db: Banco,
  siape: string,
  outros: string[] = [],
): Promise<{ idDocumento: number; idTipoAssinatura: number }> {
  const protocolo = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  const ana = await criarUsuario(db, { username: 'ana', lotacoes: [protocolo.id] });
  for (const username of outros) await criarUsuario(db, { username, lotacoes: [protocolo.id] });
  await db.updateTable('usuario').set({ matriculaSiape: siape }).where('id', '=', ana.id).execute();
  const idDocumento = await criarDocumento(db, {
    idUnidade: protocolo.id,
    idUsuario: ana.id,
    idTipoDocumento: await criarTipoDocumento(db),
  });
  const { id: idTipoAssinatura } = await db
    .insertInto('tipoAssinatura')
    .values({ descricao: 'Assinatura digital institucional (PAdES)' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { idDocumento, idTipoAssinatura };
}
