-- features/documentos/queries.ts: consultaBusca
-- parâmetros: ["laudo \"insalubridade\" -ruído","EM_CRIACAO",7,8,"2026-01-01","America/Sao_Paulo","2026-12-31","America/Sao_Paulo","laudo \"insalubridade\" -ruído",7,7,11,"laudo \"insalubridade\" -ruído",20,0,"","laudo \"insalubridade\" -ruído","StartSel=, StopSel=, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=\" … \"","laudo \"insalubridade\" -ruído",7,7,11,"laudo \"insalubridade\" -ruído"]
with "pagina" as (select "d"."id", (count(*) OVER ())::int as "total", max(ts_rank(tp.tsv, websearch_to_tsquery('public.portugues_sem_acento', $1))) as "rank_conteudo"
from "documento" as "d"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
inner join "peca" as "p" on "p"."id_documento" = "d"."id"
inner join "anexo" as "an" on "an"."id" = "p"."id_anexo"
inner join "arquivo_texto_pagina" as "tp" on "tp"."sha256" = "an"."sha256"
where (("d"."situacao" <> $2 or "d"."id_unidade_criadora" in ($3, $4)) and "d"."data_criacao" >= ($5::date)::timestamp AT TIME ZONE $6 and "d"."data_criacao" < ($7::date + 1)::timestamp AT TIME ZONE $8) and tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $9) and (CASE
    WHEN p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL THEN true
    WHEN p.nivel_acesso = 'R' AND p.situacao_vinculo IS NULL THEN ((d.id_unidade_atual = $10 AND d.situacao IN ('RECEBIDO', 'EM_CRIACAO')) OR (d.id_documento_agregador IS NOT NULL AND EXISTS (
      WITH RECURSIVE acima(id, nivel) AS (
        SELECT d.id_documento_agregador, 1
        UNION ALL
        SELECT x.id_documento_agregador, a.nivel + 1 FROM documento x JOIN acima a ON x.id = a.id
        WHERE a.id IS NOT NULL AND a.nivel < 50
      )
      SELECT 1 FROM (SELECT r.situacao, r.id_unidade_atual FROM acima a JOIN documento r ON r.id = a.id
                     ORDER BY a.nivel DESC LIMIT 1) raiz
      WHERE raiz.id_unidade_atual = $11 AND raiz.situacao IN ('RECEBIDO', 'EM_CRIACAO'))) OR (EXISTS (SELECT 1 FROM interessado i WHERE i.id = d.id_interessado AND i.id_pessoa = $12)
      AND (d.estado_processamento IN (2, 3)
        OR (SELECT count(*) FROM (SELECT 1 FROM tramitacao t WHERE t.id_documento = d.id LIMIT 2) ate_duas) <= 1)))
    ELSE false END) group by "d"."id", "t"."id"
order by (max(ts_rank(tp.tsv, websearch_to_tsquery('public.portugues_sem_acento', $13)))) DESC, d.id DESC
limit $14
offset $15)
select "pg"."total", "d"."id", "d"."numero", "d"."id_tipo_documento", "t"."descricao" as "tipo_descricao", "d"."situacao", "d"."estado_processamento", "d"."estado_origem", "d"."estado_tamanho", "d"."estado_visibilidade_caixa", "d"."resumo_assunto", "a"."descricao" as "assunto", "i"."nome" as "interessado", "up"."sigla" as "unidade_procedencia", "ua"."sigla" as "unidade_atual", "d"."data_criacao", "d"."data_envio", "d"."urgente", (SELECT json_build_object('idAcessoAnexo', m.id, 'idAnexo', m.id_anexo, 'nomePeca', m.nome,
      'sequencial', m.sequencial, 'pagina', m.pagina, 'trecho', ts_headline('public.portugues_sem_acento', translate(m.texto, $16, ''), websearch_to_tsquery('public.portugues_sem_acento', $17),
    $18))
    FROM (SELECT p.id, p.id_anexo, an.nome, p.sequencial, tp.pagina, tp.texto FROM peca p
    JOIN anexo an ON an.id = p.id_anexo
    JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
    WHERE p.id_documento = d.id AND tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $19) AND (CASE
    WHEN p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL THEN true
    WHEN p.nivel_acesso = 'R' AND p.situacao_vinculo IS NULL THEN ((d.id_unidade_atual = $20 AND d.situacao IN ('RECEBIDO', 'EM_CRIACAO')) OR (d.id_documento_agregador IS NOT NULL AND EXISTS (
      WITH RECURSIVE acima(id, nivel) AS (
        SELECT d.id_documento_agregador, 1
        UNION ALL
        SELECT x.id_documento_agregador, a.nivel + 1 FROM documento x JOIN acima a ON x.id = a.id
        WHERE a.id IS NOT NULL AND a.nivel < 50
      )
      SELECT 1 FROM (SELECT r.situacao, r.id_unidade_atual FROM acima a JOIN documento r ON r.id = a.id
                     ORDER BY a.nivel DESC LIMIT 1) raiz
      WHERE raiz.id_unidade_atual = $21 AND raiz.situacao IN ('RECEBIDO', 'EM_CRIACAO'))) OR (EXISTS (SELECT 1 FROM interessado i WHERE i.id = d.id_interessado AND i.id_pessoa = $22)
      AND (d.estado_processamento IN (2, 3)
        OR (SELECT count(*) FROM (SELECT 1 FROM tramitacao t WHERE t.id_documento = d.id LIMIT 2) ate_duas) <= 1)))
    ELSE false END)
          ORDER BY ts_rank(tp.tsv, websearch_to_tsquery('public.portugues_sem_acento', $23)) DESC, p.sequencial, tp.pagina LIMIT 1) m) as "ocorrencia"
from "pagina" as "pg"
inner join "documento" as "d" on "d"."id" = "pg"."id"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
inner join "unidade" as "up" on "up"."id" = "d"."id_unidade_procedencia"
inner join "unidade" as "ua" on "ua"."id" = "d"."id_unidade_atual"
left join "assunto" as "a" on "a"."id" = "d"."id_assunto"
left join "interessado" as "i" on "i"."id" = "d"."id_interessado"
order by (pg.rank_conteudo) DESC, d.id DESC
