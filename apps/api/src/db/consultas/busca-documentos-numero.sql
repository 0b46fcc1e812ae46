-- features/documentos/queries.ts: consultaBusca
-- parâmetros: ["EM_CRIACAO","%23000%",20,0]
with "pagina" as (select "d"."id", (count(*) OVER ())::int as "total", 0 as "rank_conteudo"
from "documento" as "d"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
where ("d"."situacao" <> $1 and "d"."numero_digitos" like $2)
order by d.data_criacao DESC, d.id DESC
limit $3
offset $4)
select "pg"."total", "d"."id", "d"."numero", "d"."id_tipo_documento", "t"."descricao" as "tipo_descricao", "d"."situacao", "d"."estado_processamento", "d"."estado_origem", "d"."estado_tamanho", "d"."estado_visibilidade_caixa", "d"."resumo_assunto", "a"."descricao" as "assunto", "i"."nome" as "interessado", "up"."sigla" as "unidade_procedencia", "ua"."sigla" as "unidade_atual", "d"."data_criacao", "d"."data_envio", "d"."urgente", NULL::json as "ocorrencia"
from "pagina" as "pg"
inner join "documento" as "d" on "d"."id" = "pg"."id"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
inner join "unidade" as "up" on "up"."id" = "d"."id_unidade_procedencia"
inner join "unidade" as "ua" on "ua"."id" = "d"."id_unidade_atual"
left join "assunto" as "a" on "a"."id" = "d"."id_assunto"
left join "interessado" as "i" on "i"."id" = "d"."id_interessado"
order by d.data_criacao DESC, d.id DESC
