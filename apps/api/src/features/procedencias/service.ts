import { mascararCpf, type ServidorProcedencia, type Unidade } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import * as queries from './queries.ts';

/** Origin units by name (pt-BR collation); all of them, or only the active ones. */
export function listarUnidadesProcedencia(db: Banco, somenteAtivas: boolean): Promise<Unidade[]> {
  return queries.listarUnidades(db, somenteAtivas);
}

/** The units whose postal box the user may search: the user's lotações. */
export function listarUnidadesCaixaPostal(db: Banco, idUsuario: number): Promise<Unidade[]> {
  return queries.listarLotacoes(db, idUsuario);
}

/**
 * Employees of the origin units: codigo is the SIAPE number, the CPF is masked. The synthetic 'TODOS' entry
 * (SERVIDOR_TODOS) is the web app's to add.
 */
export async function listarServidoresLotados(
  db: Banco,
  idsUnidades: readonly number[],
): Promise<ServidorProcedencia[]> {
  const usuarios = await queries.listarUsuariosLotados(db, idsUnidades);
  return usuarios.map((usuario) => ({
    id: usuario.id,
    codigo: usuario.matriculaSiape,
    cpf: mascararCpf(usuario.cpf),
    nome: usuario.nome,
    situacao: usuario.ativo ? 'ATIVO' : 'INATIVO',
  }));
}
