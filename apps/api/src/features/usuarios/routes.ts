import {
  alterarUsuarioAdministracaoSchema,
  consultaUsuariosAdministracaoSchema,
  paginaUsuariosAdministracaoSchema,
  usuarioAdministracaoSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exigirPermissao } from '../../platform/autenticacao.ts';
import { apenasComPermissao, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

/** Permission first, before the query or body is validated: without it the answer is 401/403 whatever they hold. */
const apenasAdministracaoUsuarios = apenasComPermissao('ADMINISTRACAO_USUARIOS');

/** Administração › Usuários: find users and change their lotações, current unit, permissions and `ativo`. */
export const rotasUsuarios: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/administracao/usuarios',
    {
      schema: {
        tags: ['administracao-usuarios'],
        summary: 'Usuários por nome, username, CPF ou matrícula SIAPE, paginados (ADMINISTRACAO_USUARIOS)',
        querystring: consultaUsuariosAdministracaoSchema,
        response: { 200: paginaUsuariosAdministracaoSchema, ...respostasErro(400, 401, 403) },
      },
      ...apenasAdministracaoUsuarios,
    },
    async (request) => {
      exigirPermissao(request, 'ADMINISTRACAO_USUARIOS');
      return service.listarUsuarios(app.db, request.query);
    },
  );

  app.get(
    '/administracao/usuarios/:id',
    {
      schema: {
        tags: ['administracao-usuarios'],
        summary: 'Um usuário, com lotações e permissões (ADMINISTRACAO_USUARIOS)',
        params: parametroId,
        response: { 200: usuarioAdministracaoSchema, ...respostasErro(400, 401, 403, 404) },
      },
      ...apenasAdministracaoUsuarios,
    },
    async (request) => {
      exigirPermissao(request, 'ADMINISTRACAO_USUARIOS');
      return service.buscarUsuario(app.db, request.params.id);
    },
  );

  app.patch(
    '/administracao/usuarios/:id',
    {
      schema: {
        tags: ['administracao-usuarios'],
        summary: 'Altera lotações, unidade atual, permissões ou situação de um usuário (ADMINISTRACAO_USUARIOS)',
        params: parametroId,
        body: alterarUsuarioAdministracaoSchema,
        response: { 200: usuarioAdministracaoSchema, ...respostasErro(400, 401, 403, 404, 409) },
      },
      ...apenasAdministracaoUsuarios,
    },
    async (request) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_USUARIOS');
      return service.alterarUsuario(app.db, request.params.id, request.body, { idUsuario: usuario.id, ip: request.ip });
    },
  );
};
