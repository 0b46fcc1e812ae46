import {
  consultaRelatorioSchema,
  erroApiSchema,
  type TipoRelatorio,
  tipoRelatorioSchema,
  unidadeRelatorioSchema,
} from '@tramite/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao } from '../../platform/autenticacao.ts';
import { apenasComPermissao, enviarArquivo, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const respostaPdf = {
  200: z.unknown().describe('O relatório em PDF, gerado e enviado aos poucos'),
  ...respostasErro(400, 401, 403),
  422: erroApiSchema.describe('O relatório passou do tempo ou da memória permitidos: reduza o período ou as unidades'),
  429: erroApiSchema.describe('O usuário já tem o máximo de relatórios sendo gerados'),
  503: erroApiSchema.describe('O servidor está ocupado com outros processamentos'),
};

/** Aborted when the answer's connection closes: a report still being drawn then stops and frees its worker. */
function sinalDaResposta(reply: FastifyReply): AbortSignal {
  const controle = new AbortController();
  reply.raw.once('close', () => controle.abort());
  return controle.signal;
}

// Reports depend on the moment and on who asks: enviarArquivo forbids reusing a stored copy.
function enviarPdf(reply: FastifyReply, relatorio: service.RelatorioGerado) {
  return enviarArquivo(reply, {
    tipoMime: 'application/pdf',
    nomeGerado: relatorio.nomeArquivo,
    emLinha: true,
    conteudo: relatorio.pdf,
  });
}

/**
 * Report queries read from the read replica when there is one (app.dbLeitura); the permission, from the session. The
 * PDFs are drawn in the worker pool (app.trabalhadores), at most LIMITE_RELATORIOS_SIMULTANEOS at once per user.
 */
export const rotasRelatorios: FastifyPluginAsyncZod = async (app) => {
  const deps: service.DependenciasRelatorios = {
    db: app.dbLeitura,
    config: app.config,
    trabalhadores: app.trabalhadores,
    emAndamento: new service.RelatoriosEmAndamento(),
  };

  app.get(
    '/relatorios/:x/unidades',
    {
      schema: {
        tags: ['relatorios'],
        summary:
          'Unidades de procedência que o usuário pode escolher no relatório (malote ou desarquivados): as unidades ativas e as suas lotações',
        params: z.object({ x: tipoRelatorioSchema }),
        response: { 200: z.array(unidadeRelatorioSchema), ...respostasErro(400, 401, 403) },
      },
      ...apenasComPermissao('RELATORIOS'),
    },
    async (request) =>
      service.listarUnidades(
        app.dbLeitura,
        exigirPermissao(request, 'RELATORIOS').id,
        request.params.x as TipoRelatorio,
      ),
  );

  /** A report's PDF route: the same schema, permission and streaming for every report. */
  const rotaRelatorio = (caminho: string, resumo: string, gerar: typeof service.gerarMalote, nomeNoLog: string) =>
    app.get(
      caminho,
      {
        schema: {
          tags: ['relatorios'],
          summary: resumo,
          querystring: consultaRelatorioSchema,
          produces: ['application/pdf'],
          response: respostaPdf,
        },
        ...apenasComPermissao('RELATORIOS'),
      },
      async (request, reply) => {
        const usuario = exigirPermissao(request, 'RELATORIOS');
        const relatorio = await gerar(deps, usuario, request.query, {
          sinal: sinalDaResposta(reply),
          aoFalhar: (erro) => request.log.error({ err: erro }, `falha ao gerar o relatório de ${nomeNoLog}`),
        });
        return enviarPdf(reply, relatorio);
      },
    );

  rotaRelatorio(
    '/relatorios/malote',
    'Guia de remessa: documentos enviados pelas unidades no período (inicio e fim como AAAA-MM-DDTHH:mm[:ss], fim inclusive), por unidade de destino',
    service.gerarMalote,
    'malote',
  );
  rotaRelatorio(
    '/relatorios/desarquivados',
    'Documentos desarquivados por unidade no período (inicio e fim como AAAA-MM-DDTHH:mm[:ss], fim inclusive): quem, quando e por quê',
    service.gerarDesarquivados,
    'documentos desarquivados',
  );
};
