-- features/documentos/queries.ts: consultaBusca
-- parâmetros: ["EM_CRIACAO",7,8,"diárias viagem",3,"2026-01-01","America/Sao_Paulo","2026-12-31","America/Sao_Paulo","2026-02-01","America/Sao_Paulo","2026-02-28","America/Sao_Paulo",7,"diárias viagem",20,0,"diárias viagem"]
with "pagina" as (select "d"."id", (count(*) OVER ())::int as "total", 0 as "rank_conteudo"
from "documento" as "d"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
where (("d"."situacao" <> $1 or "d"."id_unidade_criadora" in ($2, $3)) and d.resumo_tsv @@ websearch_to_tsquery('public.portugues_sem_acento', $4) and "d"."id_tipo_documento" = $5 and "d"."data_criacao" >= ($6::date)::timestamp AT TIME ZONE $7 and "d"."data_criacao" < ($8::date + 1)::timestamp AT TIME ZONE $9 and EXISTS (SELECT 1 FROM tramitacao t WHERE t.id_documento = d.id AND t.dt_despacho >= ($10::date)::timestamp AT TIME ZONE $11 AND t.dt_despacho < ($12::date + 1)::timestamp AT TIME ZONE $13 AND t.id_unidade_origem = $14))
order by (ts_rank(d.resumo_tsv, websearch_to_tsquery('public.portugues_sem_acento', $15))) DESC, d.id DESC
limit $16
offset $17)
select "pg"."total", "d"."id", "d"."numero", "d"."id_tipo_documento", "t"."descricao" as "tipo_descricao", "d"."situacao", "d"."estado_processamento", "d"."estado_origem", "d"."estado_tamanho", "d"."estado_visibilidade_caixa", "d"."resumo_assunto", "a"."descricao" as "assunto", "i"."nome" as "interessado", "up"."sigla" as "unidade_procedencia", "ua"."sigla" as "unidade_atual", "d"."data_criacao", "d"."data_envio", "d"."urgente", NULL::json as "ocorrencia"
from "pagina" as "pg"
inner join "documento" as "d" on "d"."id" = "pg"."id"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
inner join "unidade" as "up" on "up"."id" = "d"."id_unidade_procedencia"
inner join "unidade" as "ua" on "ua"."id" = "d"."id_unidade_atual"
left join "assunto" as "a" on "a"."id" = "d"."id_assunto"
left join "interessado" as "i" on "i"."id" = "d"."id_interessado"
order by (ts_rank(d.resumo_tsv, websearch_to_tsquery('public.portugues_sem_acento', $18))) DESC, d.id DESC
