import multipart from '@fastify/multipart';
import {
  administracaoTramitaSchema,
  configuracaoTramitaSalvaSchema,
  configuracaoTramitaSchema,
  consultaEstruturasTramitaSchema,
  consultaVerificacaoTramitaSchema,
  estadoTramitaSchema,
  LIMITES_CONFIGURACAO_TRAMITA,
  limiteDestinoTramitaSchema,
  mapeamentoEspecieEnvioSchema,
  mapeamentoEspecieRecebimentoSchema,
  mapeamentoHipoteseEnvioSchema,
  mapeamentoHipoteseRecebimentoSchema,
  mapeamentosTramitaSchema,
  mapeamentoUnidadeTramitaSchema,
  opcoesEnvioTramitaSchema,
  paginaEstruturasTramitaSchema,
  sincronizacaoTramitaSchema,
  testeConexaoTramitaSchema,
  verificacaoTramitaSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao, exigirUsuario } from '../../platform/autenticacao.ts';
import { corpoDaRequisicao, receberEnvio } from '../../platform/envio-multipart.ts';
import { apenasComPermissao, apenasUsuarios, idSchema, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as mapeamentos from './mapeamentos.ts';
import * as service from './service.ts';
import { opcoesEnvio, verificarEnvioTramita } from './verificacao.ts';

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

  // Step 4: the mappings (design §1, 0028) and the search of structures (§2.1).

  app.get(
    '/tramita/estruturas',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramita'],
        summary:
          'Busca no Tramita GOV.BR as estruturas ativas e aptas a receber de um repositório, pelo nome ou, sem resultado, pela sigla; um número busca a estrutura direto',
        description:
          'Paginada (20 por página). Sem configuração, ou com ela inativa para quem não tem ADMINISTRACAO_TRAMITA: 409.',
        querystring: consultaEstruturasTramitaSchema,
        response: { 200: paginaEstruturasTramitaSchema, ...respostasErro(400, 401, 409, 422), ...errosBarramento },
      },
    },
    async (request) => {
      const usuario = exigirUsuario(request);
      return mapeamentos.buscarEstruturas(deps, request.query, usuario.permissoes.includes('ADMINISTRACAO_TRAMITA'));
    },
  );

  // Step 5: the external destination in Tramitar (§2.1) and the pre-send check (§2.2).

  app.get(
    '/tramita/envio',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramita'],
        summary:
          'O que o Tramitar precisa para oferecer "Órgão externo (Tramita GOV.BR)": se a unidade atual está mapeada para enviar, o repositório da instituição e os repositórios ativos',
        description: 'Sem configuração ativa: 409 TRAMITA_NAO_CONFIGURADO.',
        response: { 200: opcoesEnvioTramitaSchema, ...respostasErro(401, 403, 409) },
      },
    },
    async (request) => opcoesEnvio(app.db, exigirUsuario(request)),
  );

  app.get(
    '/documentos/:id/tramita/verificacao',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramita'],
        summary:
          'Verificação antes do envio pelo Tramita GOV.BR a uma estrutura de destino: { ERRO, ALERTA } em português, cada item de peça com o seu sequencial',
        description:
          'Quem pode tramitar o documento: 404 para documento que o chamador não vê, 403 quando outra unidade o detém; ' +
          'outros impedimentos (juntado, sobrestado, não recebido…) vêm como o ERRO IMPEDIDO. Sem configuração ativa, ' +
          'só o ERRO NAO_CONFIGURADO, sem consultar o barramento. Repositório fora da lista guardada, ou estrutura que o ' +
          'barramento não conhece: 400 no campo.',
        params: parametroId,
        querystring: consultaVerificacaoTramitaSchema,
        response: {
          200: verificacaoTramitaSchema,
          ...respostasErro(400, 401, 403, 404, 409, 422),
          ...errosBarramento,
        },
      },
    },
    async (request) =>
      verificarEnvioTramita(deps, {
        idDocumento: request.params.id,
        usuario: exigirUsuario(request),
        ...request.query,
      }),
  );

  /** The keys of the mappings' paths are int4 columns: larger numbers are a 400, never a database error. */
  const chave = idSchema.max(LIMITES_CONFIGURACAO_TRAMITA.identificadorMaximo);
  const autor = (request: Parameters<typeof exigirPermissao>[0]) => {
    const usuario = exigirPermissao(request, 'ADMINISTRACAO_TRAMITA');
    return { idUsuario: usuario.id, ip: request.ip };
  };
  const respostaMapeamentos = { 200: mapeamentosTramitaSchema, ...respostasErro(400, 401, 403, 404, 409) };

  app.get(
    '/administracao/tramita/mapeamentos',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Os mapeamentos do Tramita GOV.BR (ADMINISTRACAO_TRAMITA): unidades ↔ estruturas, tipos ↔ espécies e hipóteses legais nos dois sentidos, limites por destino, e as listas para escolher',
        response: { 200: mapeamentosTramitaSchema, ...respostasErro(401, 403, 409) },
      },
    },
    async () => mapeamentos.consultarMapeamentos(app.db),
  );

  app.put(
    '/administracao/tramita/unidades/:idUnidade',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Mapeia a unidade a uma estrutura do repositório da instituição (lida agora no Tramita GOV.BR: ativa, dentro da instituição); estrutura já mapeada a outra unidade: 409',
        params: z.object({ idUnidade: chave }),
        body: mapeamentoUnidadeTramitaSchema,
        response: { ...respostaMapeamentos, ...respostasErro(422), ...errosBarramento },
      },
    },
    async (request) => mapeamentos.salvarUnidade(deps, request.params.idUnidade, request.body, autor(request)),
  );

  app.delete(
    '/administracao/tramita/unidades/:idUnidade',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'Remove o mapeamento da unidade',
        params: z.object({ idUnidade: chave }),
        response: respostaMapeamentos,
      },
    },
    async (request) => mapeamentos.removerUnidade(app.db, request.params.idUnidade, autor(request)),
  );

  app.put(
    '/administracao/tramita/especies-envio/:idTipoDocumento',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'A espécie do PEN com que vão as peças do tipo documental (ativa na lista guardada)',
        params: z.object({ idTipoDocumento: chave }),
        body: mapeamentoEspecieEnvioSchema,
        response: respostaMapeamentos,
      },
    },
    async (request) =>
      mapeamentos.salvarEspecieEnvio(
        app.db,
        request.params.idTipoDocumento,
        request.body.codigoEspecie,
        autor(request),
      ),
  );

  app.delete(
    '/administracao/tramita/especies-envio/:idTipoDocumento',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'Remove a espécie de envio do tipo documental',
        params: z.object({ idTipoDocumento: chave }),
        response: respostaMapeamentos,
      },
    },
    async (request) => mapeamentos.salvarEspecieEnvio(app.db, request.params.idTipoDocumento, null, autor(request)),
  );

  app.put(
    '/administracao/tramita/especies-recebimento/:codigoEspecie',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'O tipo documental dado às peças que chegam com a espécie do PEN',
        params: z.object({ codigoEspecie: chave }),
        body: mapeamentoEspecieRecebimentoSchema,
        response: respostaMapeamentos,
      },
    },
    async (request) =>
      mapeamentos.salvarEspecieRecebimento(
        app.db,
        request.params.codigoEspecie,
        request.body.idTipoDocumento,
        autor(request),
      ),
  );

  app.delete(
    '/administracao/tramita/especies-recebimento/:codigoEspecie',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'Remove o tipo documental de recebimento da espécie',
        params: z.object({ codigoEspecie: chave }),
        response: respostaMapeamentos,
      },
    },
    async (request) => mapeamentos.salvarEspecieRecebimento(app.db, request.params.codigoEspecie, null, autor(request)),
  );

  app.put(
    '/administracao/tramita/hipoteses-envio/:idHipoteseLegal',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'A hipótese legal do PEN enviada no lugar da hipótese do Trâmite (ativa na lista guardada)',
        params: z.object({ idHipoteseLegal: chave }),
        body: mapeamentoHipoteseEnvioSchema,
        response: respostaMapeamentos,
      },
    },
    async (request) =>
      mapeamentos.salvarHipoteseEnvio(
        app.db,
        request.params.idHipoteseLegal,
        request.body.identificacaoPen,
        autor(request),
      ),
  );

  app.delete(
    '/administracao/tramita/hipoteses-envio/:idHipoteseLegal',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'Remove a hipótese do PEN de envio da hipótese legal',
        params: z.object({ idHipoteseLegal: chave }),
        response: respostaMapeamentos,
      },
    },
    async (request) => mapeamentos.salvarHipoteseEnvio(app.db, request.params.idHipoteseLegal, null, autor(request)),
  );

  app.put(
    '/administracao/tramita/hipoteses-recebimento/:identificacaoPen',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'A hipótese legal do Trâmite dada ao que chega com a hipótese do PEN',
        params: z.object({ identificacaoPen: chave }),
        body: mapeamentoHipoteseRecebimentoSchema,
        response: respostaMapeamentos,
      },
    },
    async (request) =>
      mapeamentos.salvarHipoteseRecebimento(
        app.db,
        request.params.identificacaoPen,
        request.body.idHipoteseLegal,
        autor(request),
      ),
  );

  app.delete(
    '/administracao/tramita/hipoteses-recebimento/:identificacaoPen',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'Remove a hipótese legal de recebimento da hipótese do PEN',
        params: z.object({ identificacaoPen: chave }),
        response: respostaMapeamentos,
      },
    },
    async (request) =>
      mapeamentos.salvarHipoteseRecebimento(app.db, request.params.identificacaoPen, null, autor(request)),
  );

  app.post(
    '/administracao/tramita/limites',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary:
          'Registra o que se sabe de um destino (o repositório inteiro ou uma estrutura): tamanho máximo e extensões recusadas; um por destino (409)',
        body: limiteDestinoTramitaSchema,
        response: { ...respostaMapeamentos, ...respostasErro(422), ...errosBarramento },
      },
    },
    async (request) => mapeamentos.criarLimite(deps, request.body, autor(request)),
  );

  app.put(
    '/administracao/tramita/limites/:id',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'Altera o limite de um destino',
        params: z.object({ id: chave }),
        body: limiteDestinoTramitaSchema,
        response: { ...respostaMapeamentos, ...respostasErro(422), ...errosBarramento },
      },
    },
    async (request) => mapeamentos.alterarLimite(deps, request.params.id, request.body, autor(request)),
  );

  app.delete(
    '/administracao/tramita/limites/:id',
    {
      ...apenasAdministracaoTramita,
      schema: {
        tags: ['tramita'],
        summary: 'Remove o limite de um destino',
        params: z.object({ id: chave }),
        response: respostaMapeamentos,
      },
    },
    async (request) => mapeamentos.removerLimite(app.db, request.params.id, autor(request)),
  );
};
