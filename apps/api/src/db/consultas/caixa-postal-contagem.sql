-- features/tramitacao/queries.ts: consultasCaixa
-- parâmetros: [7,7]
SELECT count(*)::int AS total FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $1 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  
    )
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $2 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  
    )) c
