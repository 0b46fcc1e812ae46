-- features/tramitacao/queries.ts: consultaContagensInicio
-- parâmetros: [7,"2026-01-01","America/Sao_Paulo","2026-01-31","America/Sao_Paulo",3,7,"2026-01-01","America/Sao_Paulo","2026-01-31","America/Sao_Paulo",3,7,"2026-01-31",7,"2026-01-31",7,"2026-01-31",7,"2026-01-31",7,"2026-01-01","America/Sao_Paulo","2026-01-31","America/Sao_Paulo",7,"2026-01-01","America/Sao_Paulo","2026-01-31","America/Sao_Paulo"]
SELECT f.aguardando, (SELECT count(*)::int FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $1 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND false AND t.dt_despacho >= ($2::date)::timestamp AT TIME ZONE $3 AND t.dt_despacho < ($4::date + 1)::timestamp AT TIME ZONE $5  AND NOT EXISTS (SELECT 1 FROM documento_leitura l
    WHERE l.id_usuario = $6 AND l.id_documento = d.id AND l.dt_leitura >= t.dt_despacho)
    )
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $7 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND d.situacao IN ('RECEBIDO', 'T') AND coalesce(d.data_envio, d.data_criacao) >= ($8::date)::timestamp AT TIME ZONE $9 AND coalesce(d.data_envio, d.data_criacao) < ($10::date + 1)::timestamp AT TIME ZONE $11  AND NOT EXISTS (SELECT 1 FROM documento_leitura l
    WHERE l.id_usuario = $12 AND l.id_documento = d.id AND l.dt_leitura >= coalesce(d.data_envio, d.data_criacao))
    )) c) AS nao_lidos, f.urgentes,
      (SELECT count(*)::int FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $13 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  AND t.prazo = $14::date
    )
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $15 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  AND d.prazo = $16::date
    )) c) AS vence_hoje, (SELECT count(*)::int FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $17 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  AND t.prazo < $18::date
    )
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $19 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  AND d.prazo < $20::date
    )) c) AS vencidos
    FROM (
    SELECT count(*)::int AS todos,
      (count(*) FILTER (WHERE c.pendente))::int AS aguardando,
      (count(*) FILTER (WHERE NOT c.pendente AND c.situacao IN ('RECEBIDO', 'T')))::int AS recebidos,
      (count(*) FILTER (WHERE (c.chegada IS NOT NULL)))::int AS novos,
      (count(*) FILTER (WHERE c.urgente))::int AS urgentes
    FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $21 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true AND t.dt_despacho >= ($22::date)::timestamp AT TIME ZONE $23 AND t.dt_despacho < ($24::date + 1)::timestamp AT TIME ZONE $25 
    )
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $26 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true AND coalesce(d.data_envio, d.data_criacao) >= ($27::date)::timestamp AT TIME ZONE $28 AND coalesce(d.data_envio, d.data_criacao) < ($29::date + 1)::timestamp AT TIME ZONE $30 
    )) c) f
