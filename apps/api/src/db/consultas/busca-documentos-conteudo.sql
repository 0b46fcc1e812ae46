-- features/documentos/queries.ts: consultaBusca
-- parâmetros: ["laudo \"insalubridade\" -ruído","EM_CRIACAO",7,8,"2026-01-01","America/Sao_Paulo","2026-12-31","America/Sao_Paulo","2026-01-01","America/Sao_Paulo","2026-12-31","America/Sao_Paulo","laudo \"insalubridade\" -ruído","laudo \"insalubridade\" -ruído","laudo \"insalubridade\" -ruído","laudo \"insalubridade\" -ruído","laudo \"insalubridade\" -ruído","laudo \"insalubridade\" -ruído",7,7,11,"laudo \"insalubridade\" -ruído",1001,1000,20,0,"","laudo \"insalubridade\" -ruído","StartSel=, StopSel=, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=\" … \"",7,7,11,"laudo \"insalubridade\" -ruído","laudo or insalubridade","laudo \"insalubridade\" -ruído","laudo \"insalubridade\" -ruído"]
with "pagina" as (select "d"."id", "c"."total", "c"."rank_conteudo"
from (select "c"."id", "c"."rank_conteudo", row_number() OVER (ORDER BY c.data_criacao DESC, c.id DESC) as "posicao", (count(*) OVER ())::int as "total"
from (select "d"."id", "d"."data_criacao", coalesce(ts_rank(x.tsv_publico, websearch_to_tsquery('public.portugues_sem_acento', $1)), 0) as "rank_conteudo"
from "documento_texto" as "x"
inner join "documento" as "d" on "d"."id" = "x"."id_documento"
where (("d"."situacao" <> $2 or "d"."id_unidade_criadora" in ($3, $4)) and "d"."data_criacao" >= ($5::date)::timestamp AT TIME ZONE $6 and "d"."data_criacao" < ($7::date + 1)::timestamp AT TIME ZONE $8) and x.data_criacao >= ($9::date)::timestamp AT TIME ZONE $10 AND x.data_criacao < ($11::date + 1)::timestamp AT TIME ZONE $12 and ((x.nao_publicas OR (CASE WHEN x.tsv_publico IS NOT NULL AND (x.posicoes_exatas OR strpos(websearch_to_tsquery('public.portugues_sem_acento', $13)::text, '<') = 0) THEN x.tsv_publico @@ websearch_to_tsquery('public.portugues_sem_acento', $14)
    ELSE EXISTS (SELECT 1 FROM peca p JOIN anexo an ON an.id = p.id_anexo
    JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
    WHERE p.id_documento = x.id_documento AND p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL AND tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $15)) END)) and (NOT x.nao_publicas OR (CASE WHEN x.tsv_publico IS NOT NULL AND (x.posicoes_exatas OR strpos(websearch_to_tsquery('public.portugues_sem_acento', $16)::text, '<') = 0) THEN x.tsv_publico @@ websearch_to_tsquery('public.portugues_sem_acento', $17)
    ELSE EXISTS (SELECT 1 FROM peca p JOIN anexo an ON an.id = p.id_anexo
    JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
    WHERE p.id_documento = x.id_documento AND p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL AND tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $18)) END) OR EXISTS (SELECT 1 FROM peca p JOIN anexo an ON an.id = p.id_anexo
    JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
    WHERE p.id_documento = x.id_documento AND NOT (p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL) AND (CASE
    WHEN p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL THEN true
    WHEN p.nivel_acesso = 'R' AND p.situacao_vinculo IS NULL THEN ((d.id_unidade_atual = $19 AND d.situacao IN ('RECEBIDO', 'EM_CRIACAO')) OR (d.id_documento_agregador IS NOT NULL AND juntada_na_caixa_de(d.id, $20)) OR (EXISTS (SELECT 1 FROM interessado i WHERE i.id = d.id_interessado AND i.id_pessoa = $21)
      AND (d.estado_processamento IN (2, 3)
        OR (SELECT count(*) FROM (SELECT 1 FROM tramitacao t WHERE t.id_documento = d.id LIMIT 2) ate_duas) <= 1)))
    ELSE false END) AND tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $22))))
order by x.data_criacao DESC, x.id_documento DESC
limit $23) as "c") as "c"
inner join "documento" as "d" on "d"."id" = "c"."id"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
where "c"."posicao" <= $24
order by (c.rank_conteudo) DESC, d.id DESC
limit $25
offset $26)
select "pg"."total", "d"."id", "d"."numero", "d"."id_tipo_documento", "t"."descricao" as "tipo_descricao", "d"."situacao", "d"."estado_processamento", "d"."estado_origem", "d"."estado_tamanho", "d"."estado_visibilidade_caixa", "d"."resumo_assunto", "a"."descricao" as "assunto", "i"."nome" as "interessado", "up"."sigla" as "unidade_procedencia", "ua"."sigla" as "unidade_atual", "d"."data_criacao", "d"."data_envio", "d"."urgente", (SELECT json_build_object('idAcessoAnexo', m.id, 'idAnexo', m.id_anexo, 'nomePeca', m.nome,
      'sequencial', m.sequencial, 'pagina', m.pagina, 'trecho', ts_headline('public.portugues_sem_acento', translate(m.texto, $27, ''), websearch_to_tsquery('public.portugues_sem_acento', $28),
    $29))
    FROM (SELECT p.id, p.id_anexo, an.nome, p.sequencial, tp.pagina, tp.texto
          FROM peca p JOIN anexo an ON an.id = p.id_anexo JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
          WHERE p.id_documento = d.id AND (CASE
    WHEN p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL THEN true
    WHEN p.nivel_acesso = 'R' AND p.situacao_vinculo IS NULL THEN ((d.id_unidade_atual = $30 AND d.situacao IN ('RECEBIDO', 'EM_CRIACAO')) OR (d.id_documento_agregador IS NOT NULL AND juntada_na_caixa_de(d.id, $31)) OR (EXISTS (SELECT 1 FROM interessado i WHERE i.id = d.id_interessado AND i.id_pessoa = $32)
      AND (d.estado_processamento IN (2, 3)
        OR (SELECT count(*) FROM (SELECT 1 FROM tramitacao t WHERE t.id_documento = d.id LIMIT 2) ate_duas) <= 1)))
    ELSE false END)
            AND (tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $33) OR tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $34))
          ORDER BY tp.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $35) DESC, ts_rank(tp.tsv, websearch_to_tsquery('public.portugues_sem_acento', $36)) DESC, p.sequencial, tp.pagina LIMIT 1) m) as "ocorrencia"
from "pagina" as "pg"
inner join "documento" as "d" on "d"."id" = "pg"."id"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
inner join "unidade" as "up" on "up"."id" = "d"."id_unidade_procedencia"
inner join "unidade" as "ua" on "ua"."id" = "d"."id_unidade_atual"
left join "assunto" as "a" on "a"."id" = "d"."id_assunto"
left join "interessado" as "i" on "i"."id" = "d"."id_interessado"
order by (pg.rank_conteudo) DESC, d.id DESC
