-- features/tramitacao/queries.ts: consultasCaixa
-- parâmetros: [7,"2026-03-10",20,7,"2026-03-10",20,20,0]
WITH pagina AS (
      SELECT c.id, c.pendente, c.data_ordem, c.numero, c.id_tipo_documento, c.prazo FROM (
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = $1 AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  AND t.prazo < $2::date
    ORDER BY t.prazo ASC NULLS LAST, t.dt_despacho DESC, t.id_documento DESC LIMIT $3)
    UNION ALL
    (SELECT d.id, coalesce(d.data_envio, d.data_criacao), false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = $4 AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
      AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1) AND true  AND d.prazo < $5::date
    ORDER BY d.prazo ASC NULLS LAST, coalesce(d.data_envio, d.data_criacao) DESC, d.id DESC LIMIT $6)) c
      ORDER BY c.prazo ASC NULLS LAST, c.data_ordem DESC, c.id DESC
      LIMIT $7 OFFSET $8
    )
    SELECT d.id, d.numero, d.id_tipo_documento, tp.descricao AS tipo_descricao, d.resumo_assunto, d.situacao,
      c.pendente, d.data_envio, d.data_criacao, to_char(c.prazo, 'YYYY-MM-DD') AS prazo, d.urgente, d.estado_processamento, d.estado_origem, d.estado_tamanho,
      d.estado_visibilidade_caixa, true AS lido,
      (SELECT uo.sigla FROM tramitacao t JOIN unidade uo ON uo.id = t.id_unidade_origem
        WHERE t.id_documento = d.id AND t.dt_cancelamento IS NULL ORDER BY t.sequencia DESC LIMIT 1) AS origem_sigla
    FROM pagina c
    JOIN documento d ON d.id = c.id
    JOIN tipo_documento tp ON tp.id = d.id_tipo_documento
    
    ORDER BY c.prazo ASC NULLS LAST, c.data_ordem DESC, c.id DESC
