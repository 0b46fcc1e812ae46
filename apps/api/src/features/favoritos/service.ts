import type { Favorito } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries.ts';

/** POST documentos-favoritos/{id}: idempotent; only a real change is audited. */
export async function favoritar(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  ip: string,
): Promise<Favorito> {
  return db.transaction().execute(async (trx) => {
    await documentos.exigirDocumentoVisivel(trx, idDocumento, usuario);
    const { criado, acompanhadoPorEmail } = await queries.adicionarFavorito(trx, usuario.id, idDocumento);
    if (criado) {
      await registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao: 'ADICIONAR_FAVORITO',
        entidade: 'documento',
        idEntidade: idDocumento,
        depois: { favorito: true, acompanhadoPorEmail },
        ip,
      });
    }
    return { idDocumento, favorito: true, acompanhadoPorEmail };
  });
}

/** DELETE documentos-favoritos/{id}: idempotent; removing a favourite that is not there changes nothing. */
export async function desfavoritar(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  ip: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await documentos.exigirDocumentoVisivel(trx, idDocumento, usuario);
    const removido = await queries.removerFavorito(trx, usuario.id, idDocumento);
    if (removido) {
      await registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao: 'REMOVER_FAVORITO',
        entidade: 'documento',
        idEntidade: idDocumento,
        antes: { favorito: true, acompanhadoPorEmail: removido.acompanhadoPorEmail },
        depois: { favorito: false },
        ip,
      });
    }
  });
}
