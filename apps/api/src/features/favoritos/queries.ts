import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { COLUNAS_ESTADO_DOCUMENTO, COLUNAS_RESUMO_TRAMITACAO, fimDoDia, inicioDoDia } from '../../db/expressoes.ts';
import { juntarOrigemDestinoPasso } from '../../db/juncoes.ts';
import type { Database } from '../../db/schema.ts';

/** The user's favourite row of the document. */
const doFavorito = (idUsuario: number, idDocumento: number) => (eb: ExpressionBuilder<Database, 'favorito'>) =>
  eb.and({ idUsuario, idDocumento });

/** Adds the favourite unless it exists; answers the row and whether it was created now. */
export async function adicionarFavorito(db: Banco, idUsuario: number, idDocumento: number) {
  const criado = await db
    .insertInto('favorito')
    .values({ idUsuario, idDocumento })
    .onConflict((oc) => oc.columns(['idUsuario', 'idDocumento']).doNothing())
    .returning(['acompanhadoPorEmail'])
    .executeTakeFirst();
  if (criado) return { criado: true, acompanhadoPorEmail: criado.acompanhadoPorEmail };
  const existente = await db
    .selectFrom('favorito')
    .select('acompanhadoPorEmail')
    .where(doFavorito(idUsuario, idDocumento))
    .executeTakeFirstOrThrow();
  return { criado: false, acompanhadoPorEmail: existente.acompanhadoPorEmail };
}

export function removerFavorito(db: Banco, idUsuario: number, idDocumento: number) {
  return db
    .deleteFrom('favorito')
    .where(doFavorito(idUsuario, idDocumento))
    .returning(['acompanhadoPorEmail'])
    .executeTakeFirst();
}

export function buscarFavorito(db: Banco, idUsuario: number, idDocumento: number) {
  return db
    .selectFrom('favorito')
    .select(['acompanhadoPorEmail', 'criadoEm'])
    .where(doFavorito(idUsuario, idDocumento))
    .executeTakeFirst();
}

/** Sets the follow flag of an existing favourite; undefined when the document is not one. */
export function alterarAcompanhamento(db: Banco, idUsuario: number, idDocumento: number, acompanhar: boolean) {
  return db
    .updateTable('favorito')
    .set({ acompanhadoPorEmail: acompanhar })
    .where(doFavorito(idUsuario, idDocumento))
    .returning(['acompanhadoPorEmail'])
    .executeTakeFirst();
}

/**
 * The document's last change (docs/domain.md, Favoritos): the latest of the document row's own change time (opening,
 * editing, sending, receipt, join), its movements (sent or received) and its peças (added or cancelled).
 */
const ultimaAlteracao = sql<Date>`greatest(
  d.data_ultima_alteracao,
  (SELECT max(greatest(p.criado_em, p.cancelado_em)) FROM peca p WHERE p.id_documento = d.id),
  (SELECT max(greatest(t.dt_despacho, t.dt_recebimento)) FROM tramitacao t WHERE t.id_documento = d.id)
)`;

export interface CriteriosFavoritos {
  idUsuario: number;
  /** Drafts (EM_CRIACAO) stay visible only to users of the unit creating them, as everywhere else. */
  lotacoes: readonly number[];
  periodo?: { inicio: string; fim: string };
  resumo?: string;
  idTipoDocumento?: number;
  pagina: number;
  tamanhoPagina: number;
}

function consultaFavoritos(db: Banco, c: CriteriosFavoritos) {
  return db
    .selectFrom('favorito as f')
    .innerJoin('documento as d', 'd.id', 'f.idDocumento')
    .innerJoin('tipoDocumento as td', 'td.id', 'd.idTipoDocumento')
    .where('f.idUsuario', '=', c.idUsuario)
    .where((eb) =>
      eb.or([
        eb('d.situacao', '<>', 'EM_CRIACAO'),
        c.lotacoes.length ? eb('d.idUnidadeCriadora', 'in', [...c.lotacoes]) : sql<SqlBool>`false`,
      ]),
    )
    .$if(c.periodo !== undefined, (q) =>
      q
        .where(ultimaAlteracao, '>=', inicioDoDia(c.periodo?.inicio ?? ''))
        .where(ultimaAlteracao, '<', fimDoDia(c.periodo?.fim ?? '')),
    )
    .$if(c.resumo !== undefined, (q) =>
      q.where(sql<SqlBool>`d.resumo_tsv @@ websearch_to_tsquery('public.portugues_sem_acento', ${c.resumo})`),
    )
    .$if(c.idTipoDocumento !== undefined, (q) => q.where('d.idTipoDocumento', '=', c.idTipoDocumento ?? 0));
}

/** One page of the caller's favourites, the most recently changed first. */
export async function listarFavoritos(db: Banco, c: CriteriosFavoritos) {
  const [{ total }, itens] = await Promise.all([
    consultaFavoritos(db, c)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    consultaFavoritos(db, c)
      .select([
        'd.id',
        'd.numero',
        'd.idTipoDocumento',
        'td.descricao as tipoDescricao',
        'd.resumoAssunto',
        ...COLUNAS_ESTADO_DOCUMENTO,
        'f.acompanhadoPorEmail',
        'f.criadoEm as favoritadoEm',
        ultimaAlteracao.as('dataUltimaAlteracao'),
      ])
      .orderBy('dataUltimaAlteracao', 'desc')
      .orderBy('d.id', 'desc')
      .limit(c.tamanhoPagina)
      .offset((c.pagina - 1) * c.tamanhoPagina)
      .execute(),
  ]);
  return { total: Number(total), itens };
}

/** The caller's tags (marcadores) of these documents, by document, sorted as the detail sorts them. */
export async function marcadoresDosDocumentos(
  db: Banco,
  idUsuario: number,
  idsDocumentos: number[],
): Promise<Map<number, string[]>> {
  const mapa = new Map<number, string[]>();
  if (idsDocumentos.length === 0) return mapa;
  const linhas = await db
    .selectFrom('marcador')
    .select(['idDocumento', 'marcador'])
    .where('idUsuario', '=', idUsuario)
    .where('idDocumento', 'in', idsDocumentos)
    .orderBy('idDocumento')
    .orderBy(sql`marcador COLLATE pt_br`)
    .execute();
  for (const linha of linhas) {
    const id = Number(linha.idDocumento);
    mapa.set(id, [...(mapa.get(id) ?? []), linha.marcador]);
  }
  return mapa;
}

/** The last movement of each of these documents (the caller leaves out documents still EM_CRIACAO). */
export function ultimasTramitacoes(db: Banco, idsDocumentos: number[]) {
  if (idsDocumentos.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tramitacao as t')
    .$call(juntarOrigemDestinoPasso)
    .distinctOn('t.idDocumento')
    .select(['t.idDocumento', ...COLUNAS_RESUMO_TRAMITACAO])
    .where('t.idDocumento', 'in', idsDocumentos)
    .orderBy('t.idDocumento')
    .orderBy('t.sequencia', 'desc')
    .execute();
}

/**
 * Who is told of a change to these documents by e-mail: users who follow one of them (favourite with
 * acompanhado_por_email), active, with a notification e-mail and notificacoesPorEmail on, except the author. A draft
 * is only told to users of the unit creating it (the others may not see it any more).
 */
export function listarAcompanhantes(db: Banco, idsDocumentos: number[], idUsuarioAutor: number) {
  return db
    .selectFrom('favorito as f')
    .innerJoin('usuario as u', 'u.id', 'f.idUsuario')
    .innerJoin('documento as d', 'd.id', 'f.idDocumento')
    .select(['f.idDocumento', 'u.id as idUsuario', 'u.nome', 'u.email'])
    .where('f.idDocumento', 'in', idsDocumentos)
    .where('f.acompanhadoPorEmail', '=', true)
    .where('u.id', '<>', idUsuarioAutor)
    .where('u.ativo', '=', true)
    .where('u.notificacoesPorEmail', '=', true)
    .where('u.email', 'is not', null)
    .where(sql<SqlBool>`btrim(u.email) <> ''`)
    .where((eb) =>
      eb.or([
        eb('d.situacao', '<>', 'EM_CRIACAO'),
        eb.exists(
          eb
            .selectFrom('lotacao as l')
            .select(sql`1`.as('um'))
            .whereRef('l.idUsuario', '=', 'u.id')
            .whereRef('l.idUnidade', '=', 'd.idUnidadeCriadora'),
        ),
      ]),
    )
    .orderBy('u.id')
    .orderBy('f.idDocumento')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// E-mail follow (acompanhamento.ts): what the e-mail tells of the event

export function lerDocumentoAcompanhado(db: Banco, idDocumento: number) {
  return db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as td', 'td.id', 'd.idTipoDocumento')
    .select(['d.id', 'd.numero', 'd.situacao', 'td.descricao as tipo'])
    .where('d.id', '=', idDocumento)
    .executeTakeFirst();
}

export function lerTramitacaoAcompanhada(db: Banco, idTramitacao: number) {
  return db
    .selectFrom('tramitacao as t')
    .$call(juntarOrigemDestinoPasso)
    .select([
      'uo.sigla as origemSigla',
      'ud.sigla as destinoSigla',
      'ud.nome as destinoNome',
      'p.descricao as passo',
      't.dtDespacho',
      't.dtRecebimento',
      't.reencaminhamento',
    ])
    .where('t.id', '=', idTramitacao)
    .executeTakeFirst();
}

export function lerPecaAcompanhada(db: Banco, idPeca: number) {
  return db.selectFrom('peca').select(['sequencial', 'criadoEm']).where('id', '=', idPeca).executeTakeFirst();
}

export function lerNomeUsuario(db: Banco, idUsuario: number) {
  return db.selectFrom('usuario').select('nome').where('id', '=', idUsuario).executeTakeFirst();
}
