/**
 * Receipts: POST documentos/{id}/receber, each request another document of the pending pool, at 1 and 32
 * connections; after the server stopped, the database must show every receipt exactly once.
 */
import type { BancoPreparado } from './banco.ts';
import { estatisticas, medirHttp } from './medicao.ts';
import { marca, ms, type Resultados } from './resultados.ts';
import { BASE, type ContextoSecao, comBanco, log, XRW } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';

/**
 * The receive pool back to 'waiting' (a previous run received part of it); the verification reads it afterwards.
 * Answers the pending documents' ids.
 */
export function prepararRecebimento(banco: BancoPreparado): Promise<number[]> {
  return comBanco(banco, async (q) => {
    await q(`
      CREATE TEMP TABLE ultimas AS
        SELECT t.id, t.id_documento, t.id_unidade_origem FROM tramitacao t
        WHERE t.id_unidade_destino = ${ESPECIAIS.unidadeRecebimento} AND t.id_documento <> ${ESPECIAIS.documentoVolumoso}
          AND t.sequencia = (SELECT max(x.sequencia) FROM tramitacao x WHERE x.id_documento = t.id_documento);
      UPDATE tramitacao SET dt_recebimento = NULL, id_usuario_recebedor = NULL
        WHERE id IN (SELECT id FROM ultimas) AND dt_recebimento IS NOT NULL;
      UPDATE documento d SET situacao = 'ENVIADO', id_unidade_atual = u.id_unidade_origem
        FROM ultimas u WHERE d.id = u.id_documento AND d.situacao <> 'ENVIADO';`);
    const ids = await q('SELECT id_documento FROM ultimas ORDER BY id_documento');
    return ids.map((l) => Number(l.id_documento));
  });
}

export type MedidaRecebimento = Awaited<ReturnType<typeof medirRecebimento>>;

export async function medirRecebimento(contexto: ContextoSecao, pendentes: number[]) {
  const inicio = new Date(Date.now() - 1000).toISOString();
  let proximo = 0;
  const alvo = () => `/api/documentos/${pendentes[proximo++] ?? 0}/receber`;
  const pedidoReceber = {
    metodo: 'POST' as const,
    caminho: alvo,
    cabecalhos: { cookie: contexto.cookieRecebedor, ...XRW },
  };
  const totalPendentes = pendentes.length;
  const qAquec = Math.min(200, Math.floor(totalPendentes * 0.05));
  const q1 = Math.min(1500, Math.floor(totalPendentes * 0.2));
  const q32 = Math.min(6000, totalPendentes - qAquec - q1);
  const medido = contexto.rodar('recebimento') && q1 > 0 && q32 > 0;
  const semMedida = { ...estatisticas([], 1), codigos: {} as Record<string, number> };
  if (medido) await medirHttp(BASE, pedidoReceber, { conexoes: 4, quantidade: Math.max(1, qAquec) });
  const rec1 = medido ? await medirHttp(BASE, pedidoReceber, { conexoes: 1, quantidade: q1 }) : semMedida;
  const rec32 = medido ? await medirHttp(BASE, pedidoReceber, { conexoes: 32, quantidade: q32 }) : semMedida;
  const recebidos = pendentes.slice(0, proximo);
  log(
    `receber: ${ms(rec1.p50)}/${ms(rec1.p99)} (1), ${ms(rec32.p50)}/${ms(rec32.p99)} (32); ${recebidos.length} documentos`,
  );
  return { medido, inicio, rec1, rec32, recebidos };
}

/** With the server stopped: every document received once, audited once, its movement received once. */
export async function registrarRecebimento(
  banco: BancoPreparado,
  medida: MedidaRecebimento,
  resultados: Resultados,
): Promise<void> {
  const { inicio, rec1, rec32, recebidos } = medida;
  const verificacao = await comBanco(banco, (q) =>
    q(`
      WITH alvo AS (SELECT unnest(ARRAY[${recebidos.join(',') || 'NULL'}]::bigint[]) AS id)
      SELECT
        (SELECT count(*) FROM alvo a JOIN documento d ON d.id = a.id
          WHERE d.situacao = 'RECEBIDO' AND d.id_unidade_atual = ${ESPECIAIS.unidadeRecebimento})::int AS recebidos,
        (SELECT count(*) FROM alvo a WHERE (SELECT count(*) FROM auditoria au WHERE au.entidade = 'documento'
          AND au.id_entidade = a.id::text AND au.acao = 'RECEBER_DOCUMENTO' AND au.em >= '${inicio}') = 1)::int AS uma_auditoria,
        (SELECT count(*) FROM alvo a JOIN tramitacao t ON t.id_documento = a.id
          WHERE t.id_unidade_destino = ${ESPECIAIS.unidadeRecebimento} AND t.dt_recebimento IS NOT NULL
            AND t.dt_recebimento >= '${inicio}')::int AS tramitacoes_recebidas,
        (SELECT count(*) FROM tramitacao t WHERE t.id_unidade_destino = ${ESPECIAIS.unidadeRecebimento}
          AND t.dt_recebimento >= '${inicio}')::int AS recebidas_no_total`),
  );
  const v = verificacao[0] ?? {};
  const semPerdaNemDupla =
    v.recebidos === recebidos.length &&
    v.uma_auditoria === recebidos.length &&
    v.tramitacoes_recebidas === recebidos.length &&
    v.recebidas_no_total === recebidos.length &&
    rec1.erros + rec32.erros === 0;
  const secao = 'Recebimento (POST documentos/{id}/receber, cada pedido um documento)';
  resultados.adicionar({
    secao,
    medida: '1 conexão: p50 / p99 / req/s',
    valor: `${ms(rec1.p50)} / ${ms(rec1.p99)} / ${rec1.rps.toFixed(0)} (${rec1.n} pedidos)`,
    meta: '—',
    situacao: 'info',
  });
  resultados.adicionar({
    secao,
    medida: '32 conexões: p50 / p99 / req/s',
    valor: `${ms(rec32.p50)} / ${ms(rec32.p99)} / ${rec32.rps.toFixed(0)} (${rec32.n} pedidos)`,
    meta: 'p99 < 50 ms',
    situacao: marca(rec32.p99 < 50),
  });
  resultados.adicionar({
    secao,
    medida: 'sem recebimento perdido nem duplo',
    valor: `${recebidos.length} pedidos; ${v.recebidos} documentos recebidos, ${v.uma_auditoria} com exatamente uma auditoria, ${v.recebidas_no_total} tramitações recebidas; respostas não 2xx: ${rec1.erros + rec32.erros} ${JSON.stringify({ ...rec1.codigos, ...rec32.codigos })}`,
    meta: 'todos exatamente uma vez',
    situacao: marca(semPerdaNemDupla),
  });
}
