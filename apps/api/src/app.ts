import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Dependencias } from './contexto.ts';
import { rotasArquivosAssinados } from './features/arquivos-assinados/routes.ts';
import { rotasAssuntos } from './features/assuntos/routes.ts';
import { rotasAuth } from './features/auth/routes.ts';
import { rotasCalendario } from './features/calendario/routes.ts';
import { rotasCiencia } from './features/ciencia/routes.ts';
import { rotasConsolidacao } from './features/consolidacao/routes.ts';
import { rotasAdministracaoIndexacao } from './features/conteudo/routes-administracao.ts';
import { rotasConteudoDocumento } from './features/conteudo/routes-documento.ts';
import { rotasDocumentos } from './features/documentos/routes.ts';
import { rotasDocumentosPdf } from './features/documentos-pdf/routes.ts';
import { rotasFavoritos } from './features/favoritos/routes.ts';
import { rotasGlossario } from './features/glossario/routes.ts';
import { rotasInteressados } from './features/interessados/routes.ts';
import { rotasJuntada } from './features/juntada/routes.ts';
import { rotasMensagens } from './features/mensagens/routes.ts';
import { rotasPainel } from './features/painel/routes.ts';
import { rotasPecas } from './features/pecas/routes.ts';
import { rotasProcedencias } from './features/procedencias/routes.ts';
import { rotasPropriedades } from './features/propriedades/routes.ts';
import { rotasRelatorios } from './features/relatorios/routes.ts';
import { rotasResumoDiario } from './features/resumo-diario/routes.ts';
import { rotasSobrestamento } from './features/sobrestamento/routes.ts';
import { rotasTiposDocumentos } from './features/tipos-documentos/routes.ts';
import { rotasTramita } from './features/tramita/routes.ts';
import { leituraDocumentos } from './features/tramitacao/leitura.ts';
import { rotasTramitacao } from './features/tramitacao/routes.ts';
import { rotasControlePrazos } from './features/tramitacao/routes-controle-prazos.ts';
import { rotasEventosDocumento } from './features/tramitacao/routes-eventos.ts';
import { rotasUsuarios } from './features/usuarios/routes.ts';
import { registrarAplicacaoWeb, registrarRobots } from './platform/aplicacao-web.ts';
import { autenticacao } from './platform/autenticacao.ts';
import { compressao } from './platform/compressao.ts';
import { VagasEnvio } from './platform/envio-multipart.ts';
import { criarCompiladorSerializacao } from './platform/serializacao.ts';
import { cabecalhosSeguranca, registrarTratamentoErros, respostasForaDasRotas } from './platform/tratamento-erros.ts';

export const VERSAO_API = '0.1.0';

/** Builds the whole server (API under /api and the built web app everywhere else) without listening. */
export async function buildApp(deps: Dependencias): Promise<FastifyInstance> {
  const opcoesHelmet = opcoesCabecalhosSeguranca(deps.config.urlPublica);
  // Errors answered before any hook runs get the same security headers as the rest (issue 12).
  const foraDasRotas = respostasForaDasRotas(cabecalhosSeguranca(opcoesHelmet));
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel, stream: deps.destinoLog },
    // Only the configured proxies' X-Forwarded-For is believed (issue 17); without any, request.ip is the socket's.
    trustProxy: deps.config.proxiesConfiaveis.length > 0 ? deps.config.proxiesConfiaveis : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: foraDasRotas.frameworkErrors,
    clientErrorHandler: foraDasRotas.clientErrorHandler,
    // Slow clients hold sockets (issue 17): headers and whole requests have deadlines (408), a socket silent in both
    // directions is closed, and so is an idle keep-alive connection. Here rather than in server.ts, so that tests
    // that listen get them too.
    http: {
      headersTimeout: deps.config.prazosHttp.cabecalhosMs,
      // Node checks the two deadlines above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1000, deps.config.prazosHttp.cabecalhosMs),
    },
    requestTimeout: deps.config.prazosHttp.requisicaoMs,
    connectionTimeout: deps.config.prazosHttp.conexaoOciosaMs,
    keepAliveTimeout: deps.config.prazosHttp.manterConexaoMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify from each zod response schema; in tests and development also checked against zod's encode.
  const conferirSerializacao = process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';
  app.setSerializerCompiler(criarCompiladorSerializacao({ conferir: conferirSerializacao }));
  app.decorate('db', deps.db);
  app.decorate('dbLeitura', deps.dbLeitura ?? deps.db);
  app.decorate('config', deps.config);
  app.decorate('armazenamento', deps.armazenamento);
  app.decorate('envios', new VagasEnvio(deps.config.envios));
  app.decorate('trabalhadores', deps.trabalhadores);

  registrarTratamentoErros(app);
  await app.register(helmet, opcoesHelmet);
  await app.register(cookie);
  await app.register(compressao);
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trâmite — API do protocolo eletrônico',
        description: 'Chamadas usadas pela aplicação web. Autenticação por cookie de sessão.',
        version: VERSAO_API,
      },
      components: {
        securitySchemes: { sessao: { type: 'apiKey', in: 'cookie', name: 'tramite_sessao' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(autenticacao);
  await app.register(
    async (api) => {
      await api.register(rotasAuth);
      await api.register(rotasMensagens);
      await api.register(rotasTiposDocumentos);
      await api.register(rotasAssuntos);
      await api.register(rotasGlossario);
      await api.register(rotasInteressados);
      await api.register(rotasProcedencias);
      await api.register(rotasPropriedades);
      await api.register(rotasDocumentos);
      await api.register(rotasDocumentosPdf);
      await api.register(rotasTramitacao);
      await api.register(rotasControlePrazos);
      await api.register(leituraDocumentos);
      await api.register(rotasFavoritos);
      await api.register(rotasPecas);
      await api.register(rotasConteudoDocumento);
      await api.register(rotasJuntada);
      await api.register(rotasConsolidacao);
      await api.register(rotasArquivosAssinados);
      await api.register(rotasRelatorios);
      await api.register(rotasUsuarios);
      await api.register(rotasResumoDiario);
      await api.register(rotasCalendario);
      await api.register(rotasCiencia);
      await api.register(rotasSobrestamento);
      await api.register(rotasEventosDocumento);
      await api.register(rotasAdministracaoIndexacao);
      await api.register(rotasPainel);
      await api.register(rotasTramita);
    },
    { prefix: '/api' },
  );

  registrarRobots(app, deps.config.robotsPaginasPublicas);
  await registrarAplicacaoWeb(app, deps.config.webDist, deps.config.instituicao);
  return app;
}

/** Security headers of every answer (helmet): a strict CSP, no framing, no MIME sniffing, same-origin referrer. */
function opcoesCabecalhosSeguranca(urlPublica: string): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: urlPublica.startsWith('https://'),
  };
}
