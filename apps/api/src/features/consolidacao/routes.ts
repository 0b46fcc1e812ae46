import {
  consolidacaoSchema,
  consolidacaoSolicitadaSchema,
  LIMITE_CONSULTA_CONSOLIDACOES,
  LIMITE_PECAS_CONSOLIDACAO,
  MENSAGENS,
  nomeArquivoConsolidacao,
  TIPOS_CONSOLIDACAO,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enviarArquivo, idSchema, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

export const rotasConsolidacao: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, armazenamento: app.armazenamento };
  const opcoes = app.config.consolidacao;

  app.post(
    '/consolidacao/:idDocumento/:tipo',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'Solicita a consolidação das peças (pública): corpo é a lista de idAnexo; responde o uuid',
        description:
          'As peças vêm em ordem de sequência, qualquer que seja a ordem da lista. Ids que não são peças atuais do documento dão 400; peças restritas que o chamador não pode abrir ficam de fora. Uma consolidação com peça que um leitor anônimo não poderia abrir fica restrita a quem a pediu. Um pedido idêntico (mesmo documento, mesmas peças, mesma classe de acesso) ainda guardado responde o mesmo uuid. O PDF é montado em segundo plano (GET consolidacao/{uuid}/pdf quando concluída) e guardado por CONSOLIDACAO_RETENCAO_HORAS. Cada solicitante (usuário, ou IP quando anônimo) tem no máximo 3 consolidações em andamento, e há um limite de pedidos por endereço e por usuário (429 com Retry-After); sem espaço reservado, 503.',
        params: z.object({
          idDocumento: idSchema,
          tipo: z.enum(TIPOS_CONSOLIDACAO, { error: MENSAGENS.consolidacao.tipoInvalido }),
        }),
        body: z.array(idSchema).max(LIMITE_PECAS_CONSOLIDACAO),
        response: {
          202: consolidacaoSolicitadaSchema,
          ...respostasErro(400, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const resposta = await service.solicitar(
        app.db,
        request.usuario,
        request.params.idDocumento,
        request.body,
        request.ip,
        opcoes,
      );
      return reply.status(202).send(resposta);
    },
  );

  app.get(
    '/consolidacao',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'Consolidações recentes do usuário logado (as 20 últimas); lista vazia para quem não entrou',
        response: { 200: z.array(consolidacaoSchema) },
      },
    },
    async (request) => service.listarRecentes(app.db, request.usuario, opcoes),
  );

  app.post(
    '/consolidacao',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'Estado das consolidações pedidas (corpo: lista de uuids, os guardados no navegador)',
        description:
          'Uuids desconhecidos ou inválidos são ignorados, assim como as consolidações restritas de outro usuário. O uuid de uma consolidação pública é a sua credencial.',
        body: z.array(z.string().max(100)).max(LIMITE_CONSULTA_CONSOLIDACOES),
        response: { 200: z.array(consolidacaoSchema), ...respostasErro(400) },
      },
    },
    async (request) => service.consultar(app.db, request.usuario, request.body, opcoes),
  );

  app.get(
    '/consolidacao/:uuid/pdf',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'O PDF de uma consolidação concluída',
        description:
          'O uuid, impossível de adivinhar, é a credencial de uma consolidação pública; uma restrita só é servida a quem a pediu (404 para os demais, como um uuid desconhecido), e só enquanto ele ainda puder abrir todas as suas peças (403). Expirada: 410.',
        params: z.object({ uuid: z.uuid() }),
        produces: ['application/pdf'],
        response: {
          200: z.unknown().describe('O PDF consolidado'),
          ...respostasErro(400, 403, 404, 409, 410),
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.abrirPdf(deps, request.usuario, request.params.uuid, opcoes);
      return enviarArquivo(reply, {
        tipoMime: 'application/pdf',
        tamanho: pdf.tamanho,
        nome: nomeArquivoConsolidacao(pdf.numero),
        emLinha: false,
        conteudo: pdf.conteudo,
      });
    },
  );
};
