import multipart from '@fastify/multipart';
import {
  administracaoTramitaSchema,
  configuracaoTramitaSalvaSchema,
  configuracaoTramitaSchema,
  estadoTramitaSchema,
  LIMITES_CONFIGURACAO_TRAMITA,
  sincronizacaoTramitaSchema,
  testeConexaoTramitaSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exigirPermissao } from '../../platform/autenticacao.ts';
import { corpoDaRequisicao, receberEnvio } from '../../platform/envio-multipart.ts';
import { apenasComPermissao, apenasUsuarios, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

/** Permission first, before the input is validated: without it the answer is 401/403 whatever the input. */
const apenasAdministracaoTramita = apenasComPermissao('ADMINISTRACAO_TRAMITA');

/** The barramento's failures: refused certificate or request (502), unreachable (503), too slow (504). */
const errosBarramento = respostasErro(502, 503, 504);

export const rotasTramita: FastifyPluginAsyncZod = async (app) => {
  // Only the certificate's upload takes a multipart body, read as a stream with its own limits.
  await app.register(multipart, { throwFileSizeLimit: false });
  const deps = { db: app.db, config: app.config.tramita };

  app.get(
    '/tramita/estado',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramita'],
        summary:
          'Se a troca de processos pelo Tramita GOV.BR está ativa: { ativo: false } sem configuração ativa; ativa, o ambiente',
        response: { 200: estadoTramitaSchema, ...respostasErro(401) },
      },
    },
    async () => service.consultarEstado(app.db),
  );

  app.get(
    '/administracao/tramita',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Configuração do Tramita GOV.BR (ADMINISTRACAO_TRAMITA): campos, o certificado do ambiente (titular, emissor, validade e impressão SHA-256; nunca o certificado nem a senha) e as listas do PEN guardadas',
        response: { 200: administracaoTramitaSchema, ...respostasErro(401, 403) },
      },
    },
    async () => service.consultarAdministracao(app.db),
  );

  app.put(
    '/administracao/tramita',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Salva a configuração do Tramita GOV.BR (ADMINISTRACAO_TRAMITA); ativa, sincroniza as listas do PEN (a falha da sincronização vem na resposta, a configuração fica salva)',
        description:
          'Ativar exige repositório, estrutura da instituição e um certificado válido do ambiente (400 no campo ativo). ' +
          'Unidade, tipos e espécie informados precisam existir (400 no campo).',
        body: configuracaoTramitaSchema,
        response: { 200: configuracaoTramitaSalvaSchema, ...respostasErro(400, 401, 403) },
      },
    },
    async (request) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_TRAMITA');
      return service.salvarConfiguracao(deps, request.body, { idUsuario: usuario.id, ip: request.ip });
    },
  );

  app.put(
    '/administracao/tramita/certificado',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Envia o certificado do sistema para o ambiente configurado (multipart: arquivo PKCS#12 e senha, ou certificado e chave em PEM e senhaChave se a chave for cifrada)',
        description:
          `Cada arquivo até ${LIMITES_CONFIGURACAO_TRAMITA.certificadoBytes / 1024} KiB (413). Conferido na hora: legível, ` +
          'chave do próprio certificado, RSA, dentro da validade (422). 409 antes de salvar a configuração.',
        consumes: ['multipart/form-data'],
        response: { 200: administracaoTramitaSchema, ...respostasErro(400, 401, 403, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_TRAMITA');
      return receberEnvio(request, reply, usuario.id, () =>
        service.salvarCertificado(
          { ...deps, trabalhadores: app.trabalhadores },
          corpoDaRequisicao(request, { files: 2, fields: 3, parts: 5 }),
          {
            idUsuario: usuario.id,
            ip: request.ip,
          },
        ),
      );
    },
  );

  app.post(
    '/administracao/tramita/testar-conexao',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Testa a conexão com o Tramita GOV.BR (healthcheck e repositórios de estruturas) com o certificado guardado; falhas de TLS e de rede em português',
        response: {
          200: testeConexaoTramitaSchema,
          ...respostasErro(401, 403, 409, 422),
          ...errosBarramento,
        },
      },
    },
    async () => service.testarConexao(deps),
  );

  app.post(
    '/administracao/tramita/sincronizar',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Sincroniza as espécies, hipóteses legais e repositórios do PEN (ADMINISTRACAO_TRAMITA); o que sumiu do PEN fica inativo, nunca é apagado',
        response: {
          200: sincronizacaoTramitaSchema,
          ...respostasErro(401, 403, 409, 422),
          ...errosBarramento,
        },
      },
    },
    async (request) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_TRAMITA');
      return service.sincronizarListas(deps, { idUsuario: usuario.id, ip: request.ip });
    },
  );
};
