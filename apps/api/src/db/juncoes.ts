import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

// Joins that several queries repeat, applied with `.$call(...)`.

type Tabelas = Record<string, object>;

/** The tables a join added: those of its result that were not in the query it started from. */
type TabelasNovas<R, Base> =
  R extends SelectQueryBuilder<infer DB, infer TB, object> ? Pick<DB, Exclude<TB, keyof Base>> : never;

/**
 * A join written on the aliases it starts from (`juncaoSobre<{ t: Database['tramitacao'] }>()`), usable on any query
 * that has them. Kysely cannot type a join on a query whose tables are a type parameter, so the join is checked on
 * `Database` plus those aliases, and the caller's query gets the tables it added.
 */
export function juncaoSobre<Base extends Tabelas>() {
  return <R extends SelectQueryBuilder<Database & Base, keyof Base & string, object>>(
    juntar: (consulta: SelectQueryBuilder<Database & Base, keyof Base & string, object>) => R,
  ) =>
    <DB extends Base, TB extends keyof DB, O>(consulta: SelectQueryBuilder<DB, TB, O>) =>
      juntar(consulta as never) as unknown as SelectQueryBuilder<
        DB & TabelasNovas<R, Base>,
        TB | keyof TabelasNovas<R, Base>,
        O
      >;
}

/** A tramitação `t` with its origin (`uo`) and destination (`ud`) units. */
export const juntarOrigemDestino = juncaoSobre<{ t: Database['tramitacao'] }>()((consulta) =>
  consulta
    .innerJoin('unidade as uo', 'uo.id', 't.idUnidadeOrigem')
    .innerJoin('unidade as ud', 'ud.id', 't.idUnidadeDestino'),
);

/** A tramitação `t` with its units (`uo`, `ud`) and its flow step (`p`, null outside a flow). */
export const juntarOrigemDestinoPasso = juncaoSobre<{ t: Database['tramitacao'] }>()((consulta) =>
  consulta.$call(juntarOrigemDestino).leftJoin('passo as p', 'p.id', 't.idPasso'),
);

/**
 * A document `d` with its type (`t`), its units of procedência (`up`) and current (`ua`), its subject (`a`) and its
 * interested party (`i`): what its screen and the search list show.
 */
export const juntarFichaDocumento = juncaoSobre<{ d: Database['documento'] }>()((consulta) =>
  consulta
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .innerJoin('unidade as up', 'up.id', 'd.idUnidadeProcedencia')
    .innerJoin('unidade as ua', 'ua.id', 'd.idUnidadeAtual')
    .leftJoin('assunto as a', 'a.id', 'd.idAssunto')
    .leftJoin('interessado as i', 'i.id', 'd.idInteressado'),
);
