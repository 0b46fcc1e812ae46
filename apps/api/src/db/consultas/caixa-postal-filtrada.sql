-- features/tramitacao/queries.ts: consultasCaixa
-- parâmetros: [7,"%2026%",3,"2026-01-01","America/Sao_Paulo","2026-06-30","America/Sao_Paulo",7,"%2026%",3,"2026-01-01","America/Sao_Paulo","2026-06-30","America/Sao_Paulo",20,0]
WITH pagina AS (
      SELECT c.id, c.pendente, c.data_ordem, c.numero, c.id_tipo_documento, c.prazo FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $1 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND d.numero_digitos LIKE $2 AND d.id_tipo_documento = $3 AND true AND t.dt_despacho >= ($4::date)::timestamp AT TIME ZONE $5 AND t.dt_despacho < ($6::date + 1)::timestamp AT TIME ZONE $7 
    )
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $8 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND d.numero_digitos LIKE $9 AND d.id_tipo_documento = $10 AND true AND coalesce(d.data_envio, d.data_criacao) >= ($11::date)::timestamp AT TIME ZONE $12 AND coalesce(d.data_envio, d.data_criacao) < ($13::date + 1)::timestamp AT TIME ZONE $14 
    )) c
      ORDER BY (SELECT tp.descricao FROM tipo_documento tp WHERE tp.id = c.id_tipo_documento) COLLATE pt_br ASC, c.id ASC
      LIMIT $15 OFFSET $16
    )
    SELECT d.id, d.numero, d.id_tipo_documento, tp.descricao AS tipo_descricao, d.resumo_assunto, d.situacao,
      c.pendente, d.data_envio, d.data_criacao, to_char(c.prazo, 'YYYY-MM-DD') AS prazo, d.urgente, d.estado_processamento, d.estado_origem, d.estado_tamanho,
      d.estado_visibilidade_caixa, true AS lido,
      (SELECT uo.sigla FROM tramitacao t JOIN unidade uo ON uo.id = t.id_unidade_origem
        WHERE t.id_documento = d.id AND t.dt_cancelamento IS NULL ORDER BY t.sequencia DESC LIMIT 1) AS origem_sigla
    FROM pagina c
    JOIN documento d ON d.id = c.id
    JOIN tipo_documento tp ON tp.id = d.id_tipo_documento
    
    ORDER BY (SELECT tp.descricao FROM tipo_documento tp WHERE tp.id = c.id_tipo_documento) COLLATE pt_br ASC, c.id ASC
