import type { NivelAcesso } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import type { SituacaoDocumento } from '../../db/schema.ts';

export { hipoteseAtiva } from '../../db/consultas-comuns.ts';

// Sending: what it checks, the despacho draft, the movement row and its effect on the document.

export async function contarPecas(db: Banco, idDocumento: number): Promise<number> {
  const { total } = await db
    .selectFrom('peca')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('idDocumento', '=', idDocumento)
    .where('situacaoVinculo', 'is', null)
    .executeTakeFirstOrThrow();
  return total;
}

export function buscarRascunho(db: Banco, idDocumento: number, idUnidade: number) {
  return db
    .selectFrom('rascunhoDespacho')
    .select(['despacho', 'despachoPreparatorio'])
    .where('idDocumento', '=', idDocumento)
    .where('idUnidade', '=', idUnidade)
    .executeTakeFirst();
}

/** Saves only the fields given; the other one keeps its saved value. */
export function salvarRascunho(
  db: Banco,
  dados: {
    idDocumento: number;
    idUnidade: number;
    idUsuario: number;
    despacho?: string | null;
    despachoPreparatorio?: string | null;
  },
) {
  const alterados = {
    ...(dados.despacho !== undefined ? { despacho: dados.despacho } : {}),
    ...(dados.despachoPreparatorio !== undefined ? { despachoPreparatorio: dados.despachoPreparatorio } : {}),
  };
  return db
    .insertInto('rascunhoDespacho')
    .values({
      idDocumento: dados.idDocumento,
      idUnidade: dados.idUnidade,
      idUsuario: dados.idUsuario,
      despacho: dados.despacho ?? null,
      despachoPreparatorio: dados.despachoPreparatorio ?? null,
    })
    .onConflict((oc) =>
      oc
        .columns(['idDocumento', 'idUnidade'])
        .doUpdateSet({ ...alterados, idUsuario: dados.idUsuario, atualizadoEm: sql`now()` }),
    )
    .returning(['despacho', 'despachoPreparatorio'])
    .executeTakeFirstOrThrow();
}

export async function apagarRascunho(db: Banco, idDocumento: number, idUnidade: number): Promise<void> {
  await db
    .deleteFrom('rascunhoDespacho')
    .where('idDocumento', '=', idDocumento)
    .where('idUnidade', '=', idUnidade)
    .execute();
}

export interface NovaTramitacao {
  idDocumento: number;
  idFluxo: number;
  idPasso: number;
  idUnidadeOrigem: number;
  idUnidadeDestino: number;
  idUsuarioRemetente: number;
  despacho: string | null;
  tipoDespacho: string;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  despachoPreparatorio: string | null;
  reencaminhamento: boolean;
  prazo: string | null;
  origemPrazo: 'PASSO' | 'REMETENTE' | null;
  retornoProgramado: string | null;
  /** The document as it was before this sending, for a recall to restore it. */
  situacaoAnterior: SituacaoDocumento;
  estadoProcessamentoAnterior: number;
  dataEnvioAnterior: Date | string | null;
  prazoAnterior: string | null;
}

/** The immutable movement row, numbered after the document's last one (unique per document and sequencia). */
export function inserirTramitacao(db: Banco, t: NovaTramitacao) {
  return db
    .insertInto('tramitacao')
    .values({
      ...t,
      sequencia: sql<number>`(SELECT coalesce(max(sequencia), 0) + 1 FROM tramitacao WHERE id_documento = ${t.idDocumento})`,
      dtDespacho: sql`now()`,
      dtRecebimento: null,
      idUsuarioRecebedor: null,
      idTramitacaoPrincipal: null,
    })
    .returning(['id', 'sequencia', 'dtDespacho'])
    .executeTakeFirstOrThrow();
}

/** The sending's effect on the document: ENVIADO now; the first sending also validates it (data_validade). */
export function registrarEnvio(db: Banco, idDocumento: number, estadoProcessamento: number, prazo: string | null) {
  return db
    .updateTable('documento')
    .set({
      situacao: 'ENVIADO',
      estadoProcessamento,
      prazo,
      dataEnvio: sql`now()`,
      dataValidade: sql`coalesce(data_validade, now())`,
      dataUltimaAlteracao: sql`now()`,
    })
    .where('id', '=', idDocumento)
    .returning(['situacao', 'estadoProcessamento', 'dataEnvio', 'dataValidade'])
    .executeTakeFirstOrThrow();
}

export async function inserirDesarquivamento(
  db: Banco,
  d: { idDocumento: number; idUnidade: number; idUsuario: number; idTramitacao: number; motivo: string },
): Promise<void> {
  await db
    .insertInto('desarquivamento')
    .values({ ...d, em: sql`now()` })
    .execute();
}
