-- features/tramitacao/queries.ts: consultaContagensCaixa
-- parâmetros: ["2026-01-20T12:00:00.000Z",7,"2026-01-01","America/Sao_Paulo","2026-01-31","America/Sao_Paulo",7,"2026-01-01","America/Sao_Paulo","2026-01-31","America/Sao_Paulo"]
SELECT count(*)::int AS todos,
      (count(*) FILTER (WHERE c.pendente))::int AS aguardando,
      (count(*) FILTER (WHERE NOT c.pendente AND c.situacao IN ('RECEBIDO', 'T')))::int AS recebidos,
      (count(*) FILTER (WHERE (c.chegada > $1)))::int AS novos,
      (count(*) FILTER (WHERE c.urgente))::int AS urgentes
    FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $2 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true AND t.dt_despacho >= ($3::date)::timestamp AT TIME ZONE $4 AND t.dt_despacho < ($5::date + 1)::timestamp AT TIME ZONE $6 
    )
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $7 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true AND coalesce(d.data_envio, d.data_criacao) >= ($8::date)::timestamp AT TIME ZONE $9 AND coalesce(d.data_envio, d.data_criacao) < ($10::date + 1)::timestamp AT TIME ZONE $11 
    )) c
