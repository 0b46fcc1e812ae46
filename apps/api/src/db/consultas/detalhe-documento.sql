-- features/documentos/queries.ts: consultaInformacoesDocumento
-- parâmetros: [3,3,3,1,42]
select "d"."id", "d"."numero", "t"."descricao" as "tipo_descricao", "t"."gera_capa", "d"."situacao", "d"."estado_processamento", "d"."estado_origem", "d"."estado_tamanho", "d"."estado_visibilidade_caixa", "a"."codigo" as "assunto_codigo", "a"."descricao" as "assunto_descricao", "d"."resumo_assunto", "d"."urgente", "d"."motivo_urgencia", "i"."tipo" as "interessado_tipo", "i"."nome" as "interessado_nome", "up"."sigla" as "procedencia_sigla", "up"."nome" as "procedencia_nome", "ua"."sigla" as "atual_sigla", "ua"."nome" as "atual_nome", "d"."id_unidade_criadora", "d"."numero_documento_origem", "d"."emissor_documento_origem", "d"."data_documento_origem", "d"."data_recebimento", "d"."data_criacao", "d"."data_validade", "d"."id_tipo_documento", "d"."id_assunto", "d"."observacao", "d"."tipo_interessado", "d"."id_interessado", "i"."id_pessoa" as "interessado_id_pessoa", "d"."id_unidade_procedencia", "d"."id_unidade_atual", "d"."data_envio", "d"."id_documento_agregador", "ag"."numero" as "agregador_numero", (SELECT g.tipo_agregacao FROM agregacao g
        WHERE g.id_documento = d.id AND g.desjuntado_em IS NULL) as "tipo_agregacao", "ut"."id" as "ultima_id", "ut"."sequencia" as "ultima_sequencia", "ut"."id_unidade_origem" as "ultima_id_unidade_origem", "ut"."origem_sigla" as "ultima_origem_sigla", "ut"."origem_nome" as "ultima_origem_nome", "ut"."id_unidade_destino" as "ultima_id_unidade_destino", "ut"."destino_sigla" as "ultima_destino_sigla", "ut"."destino_nome" as "ultima_destino_nome", "ut"."passo" as "ultima_passo", "ut"."dt_despacho" as "ultima_dt_despacho", "ut"."dt_recebimento" as "ultima_dt_recebimento", coalesce((SELECT array_agg(m.marcador ORDER BY m.marcador COLLATE pt_br) FROM marcador m
        WHERE m.id_usuario = $1 AND m.id_documento = d.id), '{}') as "marcadores", (SELECT f.acompanhado_por_email FROM favorito f
        WHERE f.id_usuario = $2 AND f.id_documento = d.id) as "acompanhado_por_email", EXISTS (SELECT 1 FROM favorito f WHERE f.id_usuario = $3 AND f.id_documento = d.id) as "favorito"
from "documento" as "d"
inner join "tipo_documento" as "t" on "t"."id" = "d"."id_tipo_documento"
inner join "unidade" as "up" on "up"."id" = "d"."id_unidade_procedencia"
inner join "unidade" as "ua" on "ua"."id" = "d"."id_unidade_atual"
left join "assunto" as "a" on "a"."id" = "d"."id_assunto"
left join "interessado" as "i" on "i"."id" = "d"."id_interessado"
left join "documento" as "ag" on "ag"."id" = "d"."id_documento_agregador"
left join lateral (select "t"."id", "t"."sequencia", "t"."id_unidade_origem", "uo"."sigla" as "origem_sigla", "uo"."nome" as "origem_nome", "t"."id_unidade_destino", "ud"."sigla" as "destino_sigla", "ud"."nome" as "destino_nome", "p"."descricao" as "passo", "t"."dt_despacho", "t"."dt_recebimento"
from "tramitacao" as "t"
inner join "unidade" as "uo" on "uo"."id" = "t"."id_unidade_origem"
inner join "unidade" as "ud" on "ud"."id" = "t"."id_unidade_destino"
left join "passo" as "p" on "p"."id" = "t"."id_passo"
where "t"."id_documento" = "d"."id" and "t"."dt_cancelamento" is null
order by "t"."sequencia" desc
limit $4) as "ut" on true
where "d"."id" = $5
