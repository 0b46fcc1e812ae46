import {
  assuntosPainelSchema,
  consultaInicioPainelSchema,
  filtrosPainelSchema,
  filtrosPeriodoPainelSchema,
  idadePainelSchema,
  inicioPainelSchema,
  movimentoPainelSchema,
  permanenciaPainelSchema,
  unidadesAntigasPainelSchema,
  unidadesPainelSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const erros = respostasErro(400, 401, 403);

/**
 * Issue 22: the home page's counts and the Painel's aggregates (docs/domain.md, "Painel"). Counts only. The charts
 * read from the read replica when there is one; the home page's counts from the primary, as the box it links to.
 */
export const rotasPainel: FastifyPluginAsyncZod = async (app) => {
  const tags = ['painel'];
  const unidadeOuInstituicao =
    'idUnidade: uma das lotações do usuário (ou qualquer unidade com PAINEL_INSTITUCIONAL); ausente, a instituição ' +
    'inteira (exige PAINEL_INSTITUCIONAL). Datas AAAA-MM-DD no calendário de Brasília, até dois anos.';

  app.get(
    '/painel/inicio',
    {
      ...apenasUsuarios,
      schema: {
        tags,
        summary: 'Contagens da caixa postal e os últimos documentos do usuário, para a página inicial',
        description:
          'Cada contagem é o total que a caixa postal mostra pelo link da página inicial: aguardando recebimento, ' +
          'recebidos não lidos e urgentes nos últimos 30 dias; prazos que vencem hoje e vencidos. idUnidade: uma das ' +
          'lotações do usuário (padrão: a unidade atual).',
        querystring: consultaInicioPainelSchema,
        response: { 200: inicioPainelSchema, ...erros },
      },
    },
    async (request) => service.inicio(app.db, exigirUsuario(request), request.query.idUnidade),
  );

  app.get(
    '/painel/unidades',
    {
      ...apenasUsuarios,
      schema: {
        tags,
        summary: 'Unidades cujo painel o usuário pode abrir',
        response: { 200: unidadesPainelSchema, ...respostasErro(401) },
      },
    },
    async (request) => service.unidades(app.db, exigirUsuario(request)),
  );

  const graficos = [
    ['movimento', 'Documentos recebidos e enviados por semana', movimentoPainelSchema, service.movimento],
    [
      'permanencia',
      'Tempo na unidade por tipo de documento (mediana e percentil 90, em dias)',
      permanenciaPainelSchema,
      service.permanencia,
    ],
    ['idade', 'Idade do que a unidade detém agora, por faixa de dias', idadePainelSchema, service.idade],
    ['assuntos', 'Os dez assuntos com mais documentos detidos agora', assuntosPainelSchema, service.assuntos],
  ] as const;
  for (const [rota, summary, resposta, consulta] of graficos) {
    app.get(
      `/painel/${rota}`,
      {
        ...apenasUsuarios,
        schema: {
          tags,
          summary,
          description: unidadeOuInstituicao,
          querystring: filtrosPainelSchema,
          response: { 200: resposta, ...erros },
        },
      },
      async (request) => consulta(app.dbLeitura, exigirUsuario(request), request.query),
    );
  }

  app.get(
    '/painel/unidades-antigas',
    {
      ...apenasUsuarios,
      schema: {
        tags,
        summary: 'As dez unidades que detêm os documentos mais antigos (PAINEL_INSTITUCIONAL)',
        querystring: filtrosPeriodoPainelSchema,
        response: { 200: unidadesAntigasPainelSchema, ...erros },
      },
    },
    async (request) => service.unidadesAntigas(app.dbLeitura, exigirUsuario(request)),
  );
};
