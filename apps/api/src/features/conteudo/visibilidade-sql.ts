import type { LeitorPeca } from '@tramite/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { unidadeAtualDoUsuario } from '../documentos/service.ts';

// Spec §6 in SQL: which peças' text a reader may search. It must say exactly what `podeVisualizarPeca` and
// `pecaListavel` (packages/shared/src/regras-pecas.ts) say: desmembradas and desentranhadas for
// VISUALIZACAO_IRRESTRITA_PECAS only, as their bytes; visibilidade-sql.test.ts compares both over every kind of peça and
// reader.

/** The reader of spec §6 for a caller: unit acted for, pessoa and VISUALIZACAO_IRRESTRITA_PECAS (null: anonymous). */
export async function leitorDoChamador(db: Banco, chamador: UsuarioAutenticado | null): Promise<LeitorPeca> {
  if (!chamador) return null;
  return {
    idUnidadeAtual: await unidadeAtualDoUsuario(db, chamador).catch(() => null),
    idPessoa: chamador.idPessoa,
    irrestrito: chamador.permissoes.includes('VISUALIZACAO_IRRESTRITA_PECAS'),
  };
}

/**
 * A peça anyone may see, anonymous readers included: public and not desmembrada/desentranhada. Migration 0026 builds
 * each document's public text (documento_texto) with this same condition; visibilidade-sql.test.ts checks both agree.
 */
export const pecaPublicaSql = sql<SqlBool>`p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL`;
const NA_CAIXA = sql`('RECEBIDO', 'EM_CRIACAO')`;

/**
 * TRUE exactly when the reader may see the peça `p` of document `d` and its text: listable and `podeVisualizarPeca`. Anonymous readers and VISUALIZACAO_IRRESTRITA_PECAS holders get a plain condition; for the
 * others a CASE keeps the costly parts (the aggregation's root, the interessado, the count of tramitações) for the
 * restricted peças only, which are few.
 */
export function pecaVisivelSql(leitor: LeitorPeca): RawBuilder<SqlBool> {
  if (!leitor) return sql<SqlBool>`(${pecaPublicaSql})`;
  if (leitor.irrestrito) return sql<SqlBool>`true`;
  const excecoes: RawBuilder<unknown>[] = [];
  if (leitor.idUnidadeAtual !== null) {
    const unidade = leitor.idUnidadeAtual;
    excecoes.push(sql`(d.id_unidade_atual = ${unidade} AND d.situacao IN ${NA_CAIXA})`);
    // The topmost aggregator (as buscarContextoDocumento finds it: juntada_na_caixa_de, migration 0026), only for a
    // joined document.
    excecoes.push(sql`(d.id_documento_agregador IS NOT NULL AND juntada_na_caixa_de(d.id, ${unidade}))`);
  }
  if (leitor.idPessoa !== null) {
    excecoes.push(sql`(EXISTS (SELECT 1 FROM interessado i WHERE i.id = d.id_interessado AND i.id_pessoa = ${leitor.idPessoa})
      AND (d.estado_processamento IN (2, 3)
        OR (SELECT count(*) FROM (SELECT 1 FROM tramitacao t WHERE t.id_documento = d.id LIMIT 2) ate_duas) <= 1))`);
  }
  const restrita = excecoes.length ? sql.join(excecoes, sql` OR `) : sql`false`;
  return sql<SqlBool>`(CASE
    WHEN ${pecaPublicaSql} THEN true
    WHEN p.nivel_acesso = 'R' AND p.situacao_vinculo IS NULL THEN (${restrita})
    ELSE false END)`;
}
