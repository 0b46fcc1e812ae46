import type { AbaControlePrazos, OrigemPrazo, SituacaoDocumento } from '@tramite/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { retornoCumprido, visivelNaCaixa } from '../../db/expressoes.ts';
import { prazoNaSituacao } from './queries-caixa-postal.ts';

// "Controle de prazos" (issue 20): the deadlines a unit has, awaits and the returns it scheduled.

export interface CriteriosControlePrazos {
  idUnidade: number;
  aba: AbaControlePrazos;
  situacaoPrazo?: 'NO_PRAZO' | 'VENCE_HOJE' | 'VENCIDO';
  /** Today in Brasília, YYYY-MM-DD. */
  hoje: string;
  pagina: number;
  tamanhoPagina: number;
}

export interface LinhaControlePrazos {
  id: number;
  numero: string;
  idTipoDocumento: number;
  tipoDescricao: string;
  resumoAssunto: string | null;
  situacao: SituacaoDocumento;
  estadoProcessamento: number;
  estadoOrigem: number;
  estadoTamanho: number;
  estadoVisibilidadeCaixa: number | null;
  data: string;
  pendente: boolean;
  idTramitacao: number | null;
  ondeId: number | null;
  ondeSigla: string | null;
  ondeNome: string | null;
  remetente: string | null;
  origemSigla: string | null;
  origemPrazo: OrigemPrazo | null;
}

/** The document's last live (not recalled) tramitação. */
const ultimaViva = (coluna: string, idDocumento: RawBuilder<unknown>) =>
  sql`(SELECT ult.${sql.ref(coluna)} FROM tramitacao ult WHERE ult.id_documento = ${idDocumento}
    AND ult.dt_cancelamento IS NULL ORDER BY ult.sequencia DESC LIMIT 1)`;

/**
 * The rows of one tab as (id_documento, id_tramitacao, data, onde, pendente): `data` is the deadline or the scheduled
 * return, `onde` the unit that holds the document or that it waits at, `id_tramitacao` the sending that set the date.
 */
function linhasDaAba(c: CriteriosControlePrazos) {
  const na = (coluna: RawBuilder<unknown>) =>
    c.situacaoPrazo === undefined ? sql`` : sql`AND ${prazoNaSituacao(coluna, c.situacaoPrazo, c.hoje)}`;
  switch (c.aba) {
    // The box's two parts (as caixa-postal reads them) with a deadline; drafts never have one.
    case 'na-unidade':
      return sql`
        SELECT t.id_documento, t.id AS id_tramitacao, t.prazo AS data, t.id_unidade_destino AS onde, true AS pendente
        FROM tramitacao t JOIN documento d ON d.id = t.id_documento
        WHERE t.id_unidade_destino = ${c.idUnidade} AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL
          AND t.id_tramitacao_principal IS NULL AND d.situacao = 'ENVIADO' AND ${visivelNaCaixa}
          AND t.prazo IS NOT NULL ${na(sql`t.prazo`)}
        UNION ALL
        SELECT d.id, ${ultimaViva('id', sql`d.id`)}, d.prazo, d.id_unidade_atual, false
        FROM documento d
        WHERE d.id_unidade_atual = ${c.idUnidade} AND d.situacao IN ('RECEBIDO', 'T') AND ${visivelNaCaixa}
          AND d.prazo IS NOT NULL ${na(sql`d.prazo`)}`;
    // The unit's sending is still the document's last live one, and the document waits at or is held by its
    // destination (not archived, joined or back in the unit).
    case 'aguardados':
      return sql`
        SELECT t.id_documento, t.id AS id_tramitacao, t.prazo AS data, t.id_unidade_destino AS onde,
          t.dt_recebimento IS NULL AS pendente
        FROM tramitacao t JOIN documento d ON d.id = t.id_documento
        WHERE t.id_unidade_origem = ${c.idUnidade} AND t.prazo IS NOT NULL AND t.dt_cancelamento IS NULL
          AND t.id_tramitacao_principal IS NULL AND t.id_unidade_destino <> ${c.idUnidade} AND ${visivelNaCaixa}
          AND NOT EXISTS (SELECT 1 FROM tramitacao depois WHERE depois.id_documento = t.id_documento
            AND depois.sequencia > t.sequencia AND depois.dt_cancelamento IS NULL)
          AND ((t.dt_recebimento IS NULL AND d.situacao = 'ENVIADO')
            OR (t.dt_recebimento IS NOT NULL AND d.situacao IN ('RECEBIDO', 'T')
              AND d.id_unidade_atual = t.id_unidade_destino))
          ${na(sql`t.prazo`)}`;
    // Scheduled returns not met (queries-prazos.ts: retornoCumprido), wherever the document is now.
    case 'retornos':
      return sql`
        SELECT t.id_documento, t.id AS id_tramitacao, t.retorno_programado AS data,
          CASE WHEN d.situacao = 'ENVIADO' THEN ${ultimaViva('id_unidade_destino', sql`d.id`)}
            ELSE d.id_unidade_atual END AS onde,
          d.situacao = 'ENVIADO' AS pendente
        FROM tramitacao t JOIN documento d ON d.id = t.id_documento
        WHERE t.id_unidade_origem = ${c.idUnidade} AND t.retorno_programado IS NOT NULL
          AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL AND ${visivelNaCaixa}
          AND NOT ${retornoCumprido('t')} ${na(sql`t.retorno_programado`)}`;
  }
}

/** The tab's count and page as statements (earliest date first, then the oldest sending). */
export function consultasControlePrazos(c: CriteriosControlePrazos) {
  const linhas = linhasDaAba(c);
  return {
    contagem: sql<{ total: number }>`SELECT count(*)::int AS total FROM (${linhas}) b`,
    pagina: sql<LinhaControlePrazos>`
      WITH pagina AS (
        SELECT * FROM (${linhas}) b
        ORDER BY b.data, b.id_tramitacao, b.id_documento
        LIMIT ${c.tamanhoPagina} OFFSET ${(c.pagina - 1) * c.tamanhoPagina}
      )
      SELECT d.id, d.numero, d.id_tipo_documento, tp.descricao AS tipo_descricao, d.resumo_assunto, d.situacao,
        d.estado_processamento, d.estado_origem, d.estado_tamanho, d.estado_visibilidade_caixa,
        to_char(p.data, 'YYYY-MM-DD') AS data, p.pendente, p.id_tramitacao,
        uw.id AS onde_id, uw.sigla AS onde_sigla, uw.nome AS onde_nome,
        ur.nome AS remetente, uo.sigla AS origem_sigla, t.origem_prazo
      FROM pagina p
      JOIN documento d ON d.id = p.id_documento
      JOIN tipo_documento tp ON tp.id = d.id_tipo_documento
      LEFT JOIN unidade uw ON uw.id = p.onde
      LEFT JOIN tramitacao t ON t.id = p.id_tramitacao
      LEFT JOIN usuario ur ON ur.id = t.id_usuario_remetente
      LEFT JOIN unidade uo ON uo.id = t.id_unidade_origem
      ORDER BY p.data, p.id_tramitacao, p.id_documento`,
  };
}

export async function listarControlePrazos(
  db: Banco,
  c: CriteriosControlePrazos,
): Promise<{ linhas: LinhaControlePrazos[]; total: number }> {
  const consultas = consultasControlePrazos(c);
  const [contagem, pagina] = await Promise.all([consultas.contagem.execute(db), consultas.pagina.execute(db)]);
  return { linhas: pagina.rows, total: contagem.rows[0]?.total ?? 0 };
}

/** The box's notice: the unit's scheduled returns not met whose date is today or past. */
export async function contarRetornosVencidosOuHoje(db: Banco, idUnidade: number, hoje: string): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    SELECT count(*)::int AS total
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_origem = ${idUnidade} AND t.retorno_programado IS NOT NULL
      AND t.retorno_programado <= ${hoje}::date AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND ${visivelNaCaixa} AND NOT ${retornoCumprido('t')}`.execute(db);
  return rows[0]?.total ?? 0;
}
