import type { ResultadoConteudoDocumento } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { type Chamador, pecasAbertasAoLeitor } from '../pecas/service.ts';
import { consultaConteudo, paraTrecho, trechoSql } from './texto-sql.ts';

/** At most this many matching pages are answered (in peça and page order). */
export const OCORRENCIAS_MAXIMAS = 100;

/** A peça whose text may be searched: the caller may open its file. */
export interface PecaPesquisavel {
  idAcessoAnexo: number;
  idAnexo: number;
  sha256: string;
  sequencial: number;
  nome: string;
}

const paraArray = <T extends string | number>(valores: readonly T[], tipo: 'int' | 'text') =>
  // One array literal per list: the values are ids and hex digests, never quotes or commas.
  sql`${`{${valores.join(',')}}`}::${sql.raw(tipo)}[]`;

/**
 * Every page of the given peças' files that matches `texto`, with its excerpt: one statement over
 * arquivo_texto_pagina, only for these files (the caller's visible peças), so no other text is ever read.
 */
export async function consultarOcorrencias(db: Banco, pecas: readonly PecaPesquisavel[], texto: string) {
  if (pecas.length === 0) return [];
  const consulta = consultaConteudo(texto);
  const { rows } = await sql<{ id: number; sequencial: number; pagina: number; trecho: string }>`
    WITH pecas AS (
      SELECT * FROM unnest(${paraArray(
        pecas.map((p) => p.idAcessoAnexo),
        'int',
      )}, ${paraArray(
        pecas.map((p) => p.sha256),
        'text',
      )}, ${paraArray(
        pecas.map((p) => p.sequencial),
        'int',
      )}) AS v(id, sha256, sequencial)
    ),
    paginas AS (
      SELECT p.id, p.sequencial, t.pagina, t.texto
      FROM pecas p JOIN arquivo_texto_pagina t ON t.sha256 = p.sha256
      WHERE t.tsv @@ ${consulta}
      ORDER BY p.sequencial, p.id, t.pagina
      LIMIT ${OCORRENCIAS_MAXIMAS}
    )
    SELECT id, sequencial, pagina, ${trechoSql(sql`texto`, consulta)} AS trecho
    FROM paginas ORDER BY sequencial, id, pagina`.execute(db);
  const porId = new Map(pecas.map((p) => [p.idAcessoAnexo, p]));
  return rows.map((linha) => ({
    idAcessoAnexo: linha.id,
    idAnexo: porId.get(linha.id)?.idAnexo ?? 0,
    nomePeca: porId.get(linha.id)?.nome ?? '',
    sequencial: linha.sequencial,
    pagina: linha.pagina,
    trecho: paraTrecho(linha.trecho),
  }));
}

/** How many of the given files are still waiting to be read (or being read). */
export async function contarEmLeitura(db: Banco, pecas: readonly PecaPesquisavel[]): Promise<number> {
  if (pecas.length === 0) return 0;
  const estados = await db
    .selectFrom('arquivoIndexacao')
    .select(['sha256', 'estado'])
    .where(
      'sha256',
      'in',
      pecas.map((p) => p.sha256),
    )
    .execute();
  const emLeitura = new Set(
    estados.filter((e) => e.estado === 'PENDENTE' || e.estado === 'EXTRAINDO').map((e) => e.sha256),
  );
  return pecas.filter((p) => emLeitura.has(p.sha256)).length;
}

/**
 * GET documentos/{id}/pecas/conteudo: the pages of the document's peças that contain `texto`. 404 as the document's
 * detail when the caller may not see it; only the active peças the caller may open (spec §6, `podeVisualizarPeca`)
 * are searched, so a restricted peça's words give no hit, no excerpt and no count to anyone else.
 */
export async function buscarConteudoDocumento(
  db: Banco,
  chamador: Chamador,
  idDocumento: number,
  texto: string,
): Promise<ResultadoConteudoDocumento> {
  const pecas: PecaPesquisavel[] = (await pecasAbertasAoLeitor(db, chamador, idDocumento)).map((linha) => ({
    idAcessoAnexo: linha.id,
    idAnexo: linha.idAnexo,
    sha256: linha.sha256,
    sequencial: linha.sequencial,
    nome: linha.nome,
  }));
  const [itens, pecasEmLeitura] = await Promise.all([
    consultarOcorrencias(db, pecas, texto),
    contarEmLeitura(db, pecas),
  ]);
  return { itens, pecasEmLeitura };
}
