import type { CodigoTipoInteressado } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { consultaAssuntoAtribuivel, existe, lotacoesDoUsuario } from '../../db/consultas-comuns.ts';

// The feature's SQL, by area: this file has the opening, editing and markers; the document's reads and the search are
// re-exported from here so the services keep one `queries` namespace.
export * from './queries-busca.ts';
export * from './queries-leitura.ts';

export function primeiraLotacao(db: Banco, idUsuario: number) {
  return lotacoesDoUsuario(db, idUsuario).select('unidade.id').executeTakeFirst();
}

export function buscarUnidade(db: Banco, id: number) {
  return db
    .selectFrom('unidade')
    .select(['id', 'sigla', 'nome', 'codigo', 'ativa', 'protocolo'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function buscarTipoDocumento(db: Banco, id: number) {
  return db.selectFrom('tipoDocumento').select(['id', 'ativo']).where('id', '=', id).executeTakeFirst();
}

/** The subject is linked to the type, active and assignable. */
export function assuntoValidoParaTipo(db: Banco, idTipoDocumento: number, idAssunto: number): Promise<boolean> {
  return existe(consultaAssuntoAtribuivel(db, idTipoDocumento, idAssunto));
}

export function interessadoExiste(db: Banco, id: number, tipo: CodigoTipoInteressado): Promise<boolean> {
  return existe(db.selectFrom('interessado').select('id').where('id', '=', id).where('tipo', '=', tipo));
}

/** The columns an opening writes, as the form sends them. */
export interface DadosAutuacao {
  idTipoDocumento: number;
  idAssunto: number;
  resumoAssunto: string;
  observacao: string | null;
  urgente: boolean;
  motivoUrgencia: string | null;
  tipoInteressado: CodigoTipoInteressado | null;
  idInteressado: number | null;
  idUnidadeProcedencia: number;
  numeroDocumentoOrigem: string | null;
  emissorDocumentoOrigem: string | null;
  dataDocumentoOrigem: string | null;
  dataRecebimento: string | null;
  estadoOrigem: number;
  estadoTamanho: number;
}

export async function inserirDocumento(
  db: Banco,
  dados: DadosAutuacao & {
    numero: string;
    numeroDigitos: string;
    idUnidadeCriadora: number;
    idUsuarioCriador: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('documento')
    .values({
      ...dados,
      idUnidadeAtual: dados.idUnidadeCriadora,
      situacao: 'EM_CRIACAO',
      estadoProcessamento: 6,
      estadoVisibilidadeCaixa: null,
      idDocumentoOrigem: null,
      idDocumentoAgregador: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const COLUNAS_AUDITADAS = [
  'id',
  'numero',
  'idTipoDocumento',
  'idAssunto',
  'resumoAssunto',
  'observacao',
  'urgente',
  'motivoUrgencia',
  'tipoInteressado',
  'idInteressado',
  'idUnidadeProcedencia',
  'idUnidadeCriadora',
  'idUnidadeAtual',
  'situacao',
  'estadoProcessamento',
  'estadoOrigem',
  'estadoTamanho',
  'estadoVisibilidadeCaixa',
  'numeroDocumentoOrigem',
  'emissorDocumentoOrigem',
  'dataDocumentoOrigem',
  'dataRecebimento',
] as const;

/** Reads the document for a change and keeps its row locked until the transaction ends. */
export function bloquearDocumento(db: Banco, id: number) {
  return db.selectFrom('documento').select(COLUNAS_AUDITADAS).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export function atualizarDocumento(db: Banco, id: number, dados: DadosAutuacao) {
  return db
    .updateTable('documento')
    .set({ ...dados, dataUltimaAlteracao: sql`now()` })
    .where('id', '=', id)
    .returning(COLUNAS_AUDITADAS)
    .executeTakeFirstOrThrow();
}

export async function buscarMarcadores(db: Banco, idUsuario: number, idDocumento: number): Promise<string[]> {
  const linhas = await db
    .selectFrom('marcador')
    .select('marcador')
    .where('idUsuario', '=', idUsuario)
    .where('idDocumento', '=', idDocumento)
    .orderBy(sql`marcador COLLATE pt_br`)
    .execute();
  return linhas.map((l) => l.marcador);
}

export async function substituirMarcadores(
  db: Banco,
  idUsuario: number,
  idDocumento: number,
  marcadores: string[],
): Promise<void> {
  await db.deleteFrom('marcador').where('idUsuario', '=', idUsuario).where('idDocumento', '=', idDocumento).execute();
  if (marcadores.length === 0) return;
  await db
    .insertInto('marcador')
    .values(marcadores.map((marcador) => ({ idUsuario, idDocumento, marcador })))
    .execute();
}

/** Increments the unit's NUP counter for the year (created at 1) and answers it; the row stays locked until commit. */
export async function incrementarSequenciaNup(db: Banco, codigoUnidade: number, ano: number): Promise<number> {
  const { ultimo } = await db
    .insertInto('sequenciaNup')
    .values({ codigoUnidade, ano, ultimo: 1 })
    .onConflict((oc) => oc.columns(['codigoUnidade', 'ano']).doUpdateSet({ ultimo: sql`sequencia_nup.ultimo + 1` }))
    .returning('ultimo')
    .executeTakeFirstOrThrow();
  return ultimo;
}
