import multipart from '@fastify/multipart';
import {
  arquivoAssinadoSchema,
  assinanteSchema,
  filtrosArquivosAssinadosSchema,
  MAXIMO_ARQUIVOS_ASSINATURA,
  TIPOS_ARQUIVO_ASSINADO,
  tipoAssinaturaSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssinadorPdf } from '../../platform/assinatura-pdf.ts';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { corpoDaRequisicao, receberEnvio } from '../../platform/envio-multipart.ts';
import { apenasUsuarios, enviarArquivo, idSchema, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const parametrosVinculo = z.object({ id: idSchema, idDocumento: idSchema });

const erros = respostasErro(400, 401, 403, 404, 409);

export const rotasArquivosAssinados: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { throwFileSizeLimit: false });
  const { config } = app;
  const assinador = new AssinadorPdf({
    arquivoCertificado: config.assinatura.certificado,
    senha: config.assinatura.senha,
    pastaCertificados: config.assinatura.pastaCertificados,
    instituicao: config.instituicao,
  });
  const deps = {
    db: app.db,
    armazenamento: app.armazenamento,
    assinador,
    trabalhadores: app.trabalhadores,
    urlPublica: app.config.urlPublica,
  };

  app.get(
    '/arquivos-assinados/tipos-assinatura',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['arquivos-assinados'],
        summary: 'Tipos de assinatura ativos, em ordem alfabética',
        response: { 200: z.array(tipoAssinaturaSchema), ...respostasErro(401) },
      },
    },
    async () => service.listarTiposAssinatura(app.db),
  );

  app.get(
    '/arquivos-assinados/assinante',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['arquivos-assinados'],
        summary: 'Nome e matrícula SIAPE do usuário, com que ele assina (a tela preenche o campo SIAPE com ela)',
        response: { 200: assinanteSchema, ...respostasErro(401, 404) },
      },
    },
    async (request) => service.buscarAssinante(app.db, exigirUsuario(request)),
  );

  app.get(
    '/arquivos-assinados',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['arquivos-assinados'],
        summary: 'Arquivos assinados visíveis ao usuário, os mais recentes primeiro (no máximo 50)',
        description:
          'Filtros: vinculados (true/false), usuarioAssinante (id do usuário ou parte do nome, sem diferenciar acentos), ' +
          'dataAssinaturaInicio e dataAssinaturaFim (AAAA-MM-DD, no calendário de Brasília, as duas ou nenhuma) e ' +
          'arquivosAssinadosUsuario (true: só os do usuário). O usuário vê os seus e, dos demais, os vinculados a um ' +
          'documento visível por uma peça pública ativa (todos os vinculados com VISUALIZACAO_IRRESTRITA_PECAS).',
        querystring: filtrosArquivosAssinadosSchema,
        response: { 200: z.array(arquivoAssinadoSchema), ...respostasErro(400, 401) },
      },
    },
    async (request) => service.listar(app.db, exigirUsuario(request), request.query),
  );

  app.post(
    '/arquivos-assinados',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['arquivos-assinados'],
        summary: 'Assina PDFs (multipart: idTipoAssinatura, tipoAssinatura opcional, matrSiape e um ou mais arquivos)',
        description:
          `Assinatura PAdES com o certificado da instituição, em nome do usuário. matrSiape deve ser a matrícula do próprio usuário (403). ` +
          `Até ${MAXIMO_ARQUIVOS_ASSINATURA} arquivos de até 50 MiB cada (413); o conteúdo precisa ser PDF (415) legível e sem senha (422). ` +
          'Tudo ou nada: um arquivo recusado recusa o envio, e erros[].campo diz qual.',
        consumes: ['multipart/form-data'],
        response: {
          201: z.array(arquivoAssinadoSchema),
          ...erros,
          ...respostasErro(413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const usuario = exigirUsuario(request);
      const assinados = await receberEnvio(request, reply, usuario.id, () =>
        service.assinarArquivos(
          deps,
          usuario,
          corpoDaRequisicao(request, {
            files: MAXIMO_ARQUIVOS_ASSINATURA,
            fields: 10,
            parts: MAXIMO_ARQUIVOS_ASSINATURA + 10,
          }),
          request.ip,
        ),
      );
      return reply.status(201).send(assinados);
    },
  );

  app.get(
    '/arquivos-assinados/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['arquivos-assinados'],
        summary:
          'Conteúdo do arquivo: tipoArquivo=assinado (padrão, o PDF assinado) ou original (só para quem assinou)',
        description:
          'Quem assinou obtém os dois. Os demais obtêm o PDF assinado de um arquivo vinculado quando podem abrir a peça ' +
          'em que ele se tornou (regras das peças); um arquivo não vinculado de outra pessoa não existe para eles (404).',
        params: parametroId,
        querystring: z.object({ tipoArquivo: z.enum(TIPOS_ARQUIVO_ASSINADO).default('assinado') }),
        produces: ['application/pdf'],
        response: {
          200: z.unknown().describe('Os bytes do PDF'),
          ...respostasErro(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const arquivo = await service.abrir(deps, exigirUsuario(request), request.params.id, request.query.tipoArquivo);
      return enviarArquivo(reply, {
        tipoMime: arquivo.tipoMime,
        tamanho: arquivo.tamanho,
        nome: arquivo.nome,
        emLinha: true,
        conteudo: arquivo.conteudo,
        politicaConteudo: "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      });
    },
  );

  app.delete(
    '/arquivos-assinados/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['arquivos-assinados'],
        summary: 'Exclui um arquivo assinado: só quem assinou, e só enquanto não está vinculado a um documento',
        params: parametroId,
        response: { 204: z.null(), ...erros },
      },
    },
    async (request, reply) => {
      await service.excluir(deps, exigirUsuario(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/arquivos-assinados/:id/vincular-documento/:idDocumento',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['arquivos-assinados'],
        summary: 'Inclui o PDF assinado como nova peça do documento (nato-digital, pública) e registra o vínculo',
        description:
          'Valem as regras do envio de peças: a unidade atual do usuário detém o documento, recebido ou em criação, ' +
          'e ele não está arquivado, concluído nem cancelado (403). Só quem assinou vincula, uma única vez (409).',
        params: parametrosVinculo,
        response: { 200: arquivoAssinadoSchema, ...erros },
      },
    },
    async (request) =>
      service.vincular(deps, exigirUsuario(request), request.params.id, request.params.idDocumento, request.ip),
  );
};
