import multipart from '@fastify/multipart';
import { alterarPecaSchema, alterarTipoPecaSchema, cancelarPecaSchema, type Peca, pecaSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { corpoDaRequisicao, receberEnvio } from '../../platform/envio-multipart.ts';
import { apenasUsuarios, enviarArquivo, idSchema, parametroId, respostasErro } from '../../platform/rotas.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as alteracao from './alteracao.ts';
import * as service from './service.ts';

const parametrosAnexo = z.object({ id: idSchema, idAnexo: idSchema });
const parametrosPeca = z.object({ id: idSchema, idAcessoAnexo: idSchema });

const erros = respostasErro(400, 401, 403, 404, 409);

export const rotasPecas: FastifyPluginAsyncZod = async (app) => {
  // Only these routes take multipart bodies; each one reads its parts as a stream, with per-request limits.
  await app.register(multipart, { throwFileSizeLimit: false });
  const deps = { db: app.db, armazenamento: app.armazenamento, urlPublica: app.config.urlPublica };

  app.post(
    '/documentos/:id/anexos',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['pecas'],
        summary:
          'Anexa um arquivo (multipart: o arquivo e os campos tipoCopia, nivelAcesso, idHipoteseLegal, descricao, idTipoDocumento) como nova peça',
        description:
          'O conteúdo é conferido pelos bytes iniciais (jpg, png, bmp, gif, mp3, mp4, pdf, zip). Limite de 5 MiB por arquivo, ou 50 MiB quando o estado 32005 do documento é 2 (413). Só a unidade que detém o documento, depois de recebê-lo (ou em criação), anexa peças.',
        consumes: ['multipart/form-data'],
        params: parametroId,
        response: { 201: pecaSchema, ...erros, ...respostasErro(413, 415) },
      },
    },
    async (request, reply) => {
      const usuario = exigirUsuario(request);
      const peca = await receberEnvio(request, reply, usuario.id, () =>
        service.enviarPeca(
          deps,
          usuario,
          request.params.id,
          corpoDaRequisicao(request, { files: 1, fields: 20, parts: 25 }),
          request.ip,
        ),
      );
      return reply.status(201).send(peca);
    },
  );

  app.get(
    '/documentos/:id/pecas',
    {
      schema: {
        tags: ['pecas'],
        summary: 'Peças do documento (pública), em ordem de sequência, incluindo as canceladas com seu rótulo',
        description:
          'podeVisualizar diz se o chamador pode obter o arquivo. Peças sigilosas só aparecem para quem tem VISUALIZACAO_IRRESTRITA_PECAS.',
        params: parametroId,
        response: { 200: z.array(pecaSchema), ...respostasErro(400, 404) },
      },
    },
    async (request) => service.listarPecas(app.db, request.usuario, request.params.id),
  );

  app.get(
    '/documentos/:id/anexos',
    {
      schema: {
        tags: ['pecas'],
        summary: 'Anexos atuais do documento (pública): as mesmas linhas de /pecas, só as peças não canceladas',
        params: parametroId,
        response: { 200: z.array(pecaSchema), ...respostasErro(400, 404) },
      },
    },
    async (request) => service.listarPecas(app.db, request.usuario, request.params.id, { somenteAtivas: true }),
  );

  app.get(
    '/documentos/:id/anexos/:idAnexo',
    {
      schema: {
        tags: ['pecas'],
        summary: 'Dados de uma peça, pelo idAnexo (pública)',
        params: parametrosAnexo,
        response: { 200: pecaSchema, ...respostasErro(400, 404) },
      },
    },
    async (request) => service.buscarPeca(app.db, request.usuario, request.params.id, request.params.idAnexo),
  );

  app.get(
    '/documentos/:id/anexos/:idAnexo/binario',
    {
      schema: {
        tags: ['pecas'],
        summary:
          'Conteúdo do arquivo: aberto no navegador (pdf, imagens) ou baixado; peças restritas só para quem pode vê-las',
        params: parametrosAnexo,
        produces: ['application/octet-stream'],
        response: {
          200: z.unknown().describe('Os bytes do arquivo, com o Content-Type do seu conteúdo'),
          ...respostasErro(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const arquivo = await service.abrirArquivo(deps, request.usuario, request.params.id, request.params.idAnexo);
      return enviarArquivo(reply, {
        tipoMime: arquivo.tipoMime,
        tamanho: arquivo.tamanho,
        nome: arquivo.nome,
        emLinha: arquivo.emLinha,
        conteudo: arquivo.conteudo,
        politicaConteudo:
          "default-src 'none'; img-src 'self' data:; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      });
    },
  );

  /** PATCH documentos/{id}/pecas/{idAcessoAnexo}{sufixo}: one change to a peça, answering the peça as it is now. */
  function rotaAlteracao<C extends z.ZodType>(
    sufixo: string,
    descricao: { summary: string; description?: string; body: C },
    alterar: (
      db: Banco,
      usuario: UsuarioAutenticado,
      idDocumento: number,
      idPeca: number,
      corpo: z.output<C>,
      ip: string,
    ) => Promise<Peca>,
  ) {
    app.patch(
      `/documentos/:id/pecas/:idAcessoAnexo${sufixo}`,
      {
        ...apenasUsuarios,
        schema: { tags: ['pecas'], ...descricao, params: parametrosPeca, response: { 200: pecaSchema, ...erros } },
      },
      async (request) => {
        // Parsed by `body`: the provider's type of a generic schema does not resolve to its output.
        const corpo = request.body as z.output<C>;
        const { id, idAcessoAnexo } = request.params;
        return alterar(app.db, exigirUsuario(request), id, idAcessoAnexo, corpo, request.ip);
      },
    );
  }

  rotaAlteracao(
    '',
    {
      summary:
        'Altera a sequência da peça ({ sequencial }) ou seus dados ({ idAnexo, descricao, tipoCopia, nivelAcesso, idHipoteseLegal, justificativaAlteracao })',
      description:
        'O novo número é limitado ao menor e ao maior número entre as peças com situacaoTramitacao T (1..n quando não há nenhuma); as peças entre as posições se deslocam.',
      body: alterarPecaSchema,
    },
    alteracao.alterarPeca,
  );

  rotaAlteracao(
    '/tipo',
    {
      summary:
        'Escolhe o tipo documental da peça ({ idTipoDocumento }, ou null para retirá-lo): um tipo ativo que não seja processo',
      description:
        'A espécie do Tramita GOV.BR mapeada para o tipo é a que a peça leva ao ser enviada a um órgão externo. Quem pode alterar as peças do documento pode escolher o tipo; peça cancelada não muda (409).',
      body: alterarTipoPecaSchema,
    },
    alteracao.alterarTipoPeca,
  );

  rotaAlteracao(
    '/cancelar',
    {
      summary: 'Cancela a peça, irreversivelmente: desmembrada (M, copiada para outro documento) ou desentranhada (D)',
      body: cancelarPecaSchema,
    },
    alteracao.cancelarPeca,
  );

  app.delete(
    '/documentos/:id/anexos/:idAnexo',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['pecas'],
        summary: 'Exclui uma peça que ainda não tramitou e renumera as seguintes',
        params: parametrosAnexo,
        response: { 204: z.null(), ...erros },
      },
    },
    async (request, reply) => {
      const { falhaLimpeza } = await alteracao.excluirPeca(
        deps,
        exigirUsuario(request),
        request.params.id,
        request.params.idAnexo,
        request.ip,
      );
      if (falhaLimpeza) request.log.error({ err: falhaLimpeza }, 'arquivo sem uso não removido do armazenamento');
      return reply.status(204).send(null);
    },
  );
};
