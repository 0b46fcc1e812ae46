import { type Calendario, criarCalendario, type DiaNaoUtil, dataEmSaoPaulo, somarDias } from '@tramite/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/** Steps with a default deadline (business days), by flow and step description. */
const PADROES_PASSO: { fluxo: string; passo: string; dias: number }[] = [
  { fluxo: 'Solicitação de diárias', passo: 'Encaminhar à chefia', dias: 3 },
  { fluxo: 'Solicitação de diárias', passo: 'Encaminhar à PROAD', dias: 5 },
  { fluxo: 'Aquisição de material e serviços', passo: 'Encaminhar à Procuradoria para parecer', dias: 15 },
  { fluxo: 'Processo seletivo docente', passo: 'Encaminhar à PROGEPE', dias: 10 },
  { fluxo: 'Requerimento acadêmico', passo: 'Encaminhar à coordenação do curso', dias: 5 },
];

/** The n-th business day before `data`. */
function diasUteisAntes(calendario: Calendario, data: string, n: number): string {
  let atual = data;
  for (let contados = 0; contados < n; ) {
    atual = somarDias(atual, -1);
    if (calendario.ehDiaUtil(atual)) contados++;
  }
  return atual;
}

interface Candidata {
  id: number;
  idDocumento: number;
  idUnidadeDestino: number;
  idUsuarioRecebedor: number | null;
  recebida: boolean;
}

/**
 * Deadlines on the demo (issue 20): some steps carry a default, and the last sending of documents still moving gets,
 * in turn, a deadline already past, one due today, one a few days ahead with a scheduled return, one from the
 * step's default, and none; a few were changed by the unit holding them (with the reason), and some earlier
 * sendings scheduled a return that was met when the document came back. Dates are relative to `agora` on the
 * institution's calendar. Answers the rows written per table.
 */
export async function semearPrazos(trx: Kysely<Database>, agora: Date): Promise<Record<string, number>> {
  // The institution's days, when the calendar's seed ran first, count as they do on the server.
  const { rows: institucionais } = await sql<DiaNaoUtil>`
    SELECT to_char(data, 'YYYY-MM-DD') AS data, descricao, tipo FROM dia_nao_util`.execute(trx);
  const calendario = criarCalendario(institucionais);
  const hoje = dataEmSaoPaulo(agora);
  const proximoUtil = calendario.ehDiaUtil(hoje) ? hoje : calendario.somarDiasUteis(hoje, 1);

  let passos = 0;
  for (const p of PADROES_PASSO) {
    const r = await sql`UPDATE passo SET prazo_dias_uteis = ${p.dias}
      WHERE descricao = ${p.passo} AND id_fluxo IN (SELECT id FROM fluxo WHERE descricao = ${p.fluxo})`.execute(trx);
    passos += Number(r.numAffectedRows ?? 0);
  }

  // The last live sending of each document still moving, by a step that may carry a deadline.
  const { rows } = await sql<Candidata>`
    SELECT t.id, t.id_documento, t.id_unidade_destino, t.id_usuario_recebedor, t.dt_recebimento IS NOT NULL AS recebida
    FROM documento d
    JOIN tramitacao t ON t.id_documento = d.id
      AND t.sequencia = (SELECT max(x.sequencia) FROM tramitacao x WHERE x.id_documento = d.id)
    JOIN passo p ON p.id = t.id_passo
    WHERE d.situacao IN ('ENVIADO', 'RECEBIDO', 'T') AND d.id_documento_agregador IS NULL
      AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND p.tipo IN ('ENCAMINHAR', 'DEVOLVER') AND d.estado_processamento IN (1, 6)
    ORDER BY d.id`.execute(trx);

  const prazos: { id: number; prazo: string; origem: 'PASSO' | 'REMETENTE'; retorno: string | null }[] = [];
  const alteracoes: Candidata[] = [];
  rows.forEach((t, i) => {
    switch (i % 6) {
      case 0:
        prazos.push({ id: t.id, prazo: diasUteisAntes(calendario, hoje, 3), origem: 'REMETENTE', retorno: null });
        break;
      case 1:
        prazos.push({ id: t.id, prazo: proximoUtil, origem: 'PASSO', retorno: null });
        break;
      case 2:
        prazos.push({
          id: t.id,
          prazo: calendario.somarDiasUteis(hoje, 2),
          origem: 'REMETENTE',
          retorno: calendario.somarDiasUteis(hoje, 8),
        });
        break;
      case 3:
        prazos.push({ id: t.id, prazo: calendario.somarDiasUteis(hoje, 7), origem: 'PASSO', retorno: null });
        if (t.recebida && t.idUsuarioRecebedor !== null && alteracoes.length < 10) alteracoes.push(t);
        break;
      default:
        break;
    }
  });
  if (prazos.length > 0) {
    const valores = sql.join(
      prazos.map((p) => sql`(${p.id}::bigint, ${p.prazo}::date, ${p.origem}::text, ${p.retorno}::date)`),
    );
    await sql`UPDATE tramitacao SET prazo = v.prazo, origem_prazo = v.origem, retorno_programado = v.retorno
      FROM (VALUES ${valores}) AS v(id, prazo, origem, retorno) WHERE tramitacao.id = v.id`.execute(trx);
    await sql`UPDATE documento SET prazo = t.prazo FROM tramitacao t
      WHERE t.id IN (SELECT v.id FROM (VALUES ${valores}) AS v(id, prazo, origem, retorno))
        AND documento.id = t.id_documento`.execute(trx);
  }

  // The holder pushed these deadlines back from 4 to 7 business days, and said why.
  const anterior = calendario.somarDiasUteis(hoje, 4);
  for (const t of alteracoes) {
    await trx
      .insertInto('prazoAlteracao')
      .values({
        idDocumento: t.idDocumento,
        idTramitacao: t.id,
        tipo: 'PRAZO',
        anterior,
        novo: calendario.somarDiasUteis(hoje, 7),
        motivo: 'Aguardando manifestação de outra unidade',
        idUsuario: t.idUsuarioRecebedor as number,
        idUnidade: t.idUnidadeDestino,
        em: new Date(agora.getTime() - 86_400_000),
      })
      .execute();
  }

  // Earlier sendings that scheduled a return, met when the document came back to the sending unit.
  const cumpridos = await sql`
    UPDATE tramitacao SET retorno_programado = (tramitacao.dt_despacho AT TIME ZONE 'America/Sao_Paulo')::date + 10
    WHERE tramitacao.id IN (
      SELECT t.id FROM tramitacao t
      WHERE t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL AND t.id % 7 = 0
        AND EXISTS (SELECT 1 FROM tramitacao v WHERE v.id_documento = t.id_documento AND v.sequencia > t.sequencia
          AND v.id_unidade_destino = t.id_unidade_origem AND v.dt_cancelamento IS NULL)
      ORDER BY t.id LIMIT 40)`.execute(trx);

  return {
    passoPrazo: passos,
    tramitacaoPrazo: prazos.length,
    prazoAlteracao: alteracoes.length,
    tramitacaoRetornoCumprido: Number(cumpridos.numAffectedRows ?? 0),
  };
}
