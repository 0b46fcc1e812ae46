import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { RelogioExpediente } from './relogio.ts';
import { idUnidade } from './unidades.ts';
import { usuario } from './usuarios.ts';
import { HIPOTESE } from './vocabulario.ts';

/** The recalled sendings of the demo: from the Protocolo Central, by Ana, one public and one restricted. */
const RECALLS = [
  {
    destino: 'PROGRAD',
    nivelAcesso: 'P' as const,
    despacho: 'Encaminho para análise e manifestação.',
    motivo: 'Enviado à unidade errada; o documento será encaminhado à PROGEPE.',
    diasAtras: 2,
  },
  {
    destino: 'REIT',
    nivelAcesso: 'R' as const,
    despacho: 'Encaminho para ciência do Gabinete, com os dados pessoais do requerente.',
    motivo: 'Faltou anexar o parecer da Procuradoria antes do envio.',
    diasAtras: 1,
  },
];

/**
 * "Cancelar envio" on the demo (issue 20). Every sending still waiting to be received gets what a sending made now
 * records of the document before it (situação, estado, data de envio, prazo), so its origin unit can recall it;
 * and two documents held by the Protocolo Central show, in their history, a sending recalled by Ana with the
 * reason (the second one restricted: its reason hidden as its despacho). Adds the rows it writes to `contagens`
 * (the recalled sendings to `tramitacao` too).
 */
export async function semearCancelamentos(
  trx: Kysely<Database>,
  agora: Date,
  contagens: Record<string, number>,
): Promise<void> {
  const preparados = await sql`
    WITH alvo AS (
      SELECT t.id, t.id_tramitacao_principal IS NOT NULL AS agregada, p.tipo, d.situacao, d.estado_processamento,
        d.prazo, ant.dt_despacho AS envio_anterior, ant.prazo AS prazo_anterior, ant.reencaminhamento,
        ant.id IS NOT NULL AS tem_anterior
      FROM tramitacao t
      JOIN documento d ON d.id = t.id_documento
      LEFT JOIN passo p ON p.id = t.id_passo
      LEFT JOIN LATERAL (
        SELECT x.id, x.dt_despacho, x.prazo, x.reencaminhamento FROM tramitacao x
        WHERE x.id_documento = t.id_documento AND x.sequencia < t.sequencia AND x.dt_cancelamento IS NULL
        ORDER BY x.sequencia DESC LIMIT 1
      ) ant ON true
      WHERE t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.situacao_anterior IS NULL
    )
    UPDATE tramitacao t SET
      situacao_anterior = CASE
        WHEN a.agregada THEN a.situacao
        WHEN NOT a.tem_anterior THEN 'EM_CRIACAO'
        WHEN a.reencaminhamento THEN 'T'
        ELSE 'RECEBIDO' END,
      estado_processamento_anterior = CASE
        WHEN a.tipo IN ('ARQUIVAR', 'CONCLUIR') THEN 1
        WHEN a.tipo = 'DESARQUIVAR' THEN 2
        WHEN NOT a.tem_anterior AND a.estado_processamento = 1 THEN 6
        ELSE a.estado_processamento END,
      data_envio_anterior = a.envio_anterior,
      prazo_anterior = CASE WHEN a.agregada THEN a.prazo ELSE a.prazo_anterior END
    FROM alvo a WHERE t.id = a.id`.execute(trx);

  const relogio = new RelogioExpediente(agora);
  const ana = usuario('ana').id;
  const protocolo = idUnidade('PROT');
  // Documents the Protocolo Central received before the recalled sendings, alone (no joined children).
  const { rows: documentos } = await sql<{ id: number; situacao: string; estado: number; dataEnvio: Date | null }>`
    SELECT d.id, d.situacao, d.estado_processamento AS estado, d.data_envio AS "dataEnvio"
    FROM documento d
    WHERE d.situacao = 'RECEBIDO' AND d.id_unidade_atual = ${protocolo} AND d.estado_processamento = 1
      AND d.id_documento_agregador IS NULL
      AND NOT EXISTS (SELECT 1 FROM documento f WHERE f.id_documento_agregador = d.id)
      AND (SELECT max(t.dt_recebimento) FROM tramitacao t WHERE t.id_documento = d.id)
        < ${relogio.paraData(relogio.agoraMin - 3 * 600)}
    ORDER BY d.id
    LIMIT ${RECALLS.length}`.execute(trx);

  let cancelados = 0;
  for (const [i, documento] of documentos.entries()) {
    const recall = RECALLS[i];
    if (!recall) break;
    const dtDespacho = relogio.paraData(relogio.agoraMin - recall.diasAtras * 600 + 60);
    const dtCancelamento = new Date(dtDespacho.getTime() + 40 * 60_000);
    const resultado = await sql`
      INSERT INTO tramitacao (id_documento, sequencia, id_fluxo, id_passo, id_unidade_origem, id_unidade_destino,
        id_usuario_remetente, despacho, nivel_acesso, id_hipotese_legal, dt_despacho, dt_cancelamento,
        id_usuario_cancelamento, motivo_cancelamento, situacao_anterior, estado_processamento_anterior,
        data_envio_anterior, prazo_anterior)
      SELECT ${documento.id}, (SELECT max(sequencia) + 1 FROM tramitacao WHERE id_documento = ${documento.id}),
        p.id_fluxo, p.id, ${protocolo}, ${idUnidade(recall.destino)}, ${ana}, ${recall.despacho},
        ${recall.nivelAcesso}, ${recall.nivelAcesso === 'P' ? null : HIPOTESE.informacaoPessoal}, ${dtDespacho},
        ${dtCancelamento}, ${ana}, ${recall.motivo}, ${documento.situacao}, ${documento.estado},
        ${documento.dataEnvio}, d.prazo
      FROM documento d
      JOIN LATERAL (
        SELECT p.id, p.id_fluxo FROM passo p JOIN fluxo f ON f.id = p.id_fluxo
        WHERE p.tipo = 'ENCAMINHAR' AND f.ativo AND (f.id_tipo_documento = d.id_tipo_documento OR f.id_tipo_documento IS NULL)
        ORDER BY f.id_tipo_documento NULLS LAST, f.id, p.ordem LIMIT 1
      ) p ON true
      WHERE d.id = ${documento.id}`.execute(trx);
    cancelados += Number(resultado.numAffectedRows ?? 0);
  }
  contagens.tramitacao = (contagens.tramitacao ?? 0) + cancelados;
  contagens.tramitacaoCancelada = cancelados;
  contagens.tramitacaoPreparada = Number(preparados.numAffectedRows ?? 0);
}
