import {
  type alterarUsuarioAdministracaoSchema,
  type consultaUsuariosAdministracaoSchema,
  MENSAGENS,
  type PaginaUsuariosAdministracao,
  type UsuarioAdministracao,
  validarUsuarioAdministracao,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { type AutorAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, conflito, naoEncontrado } from '../../platform/erros.ts';
import * as queries from './queries.ts';

const M = MENSAGENS.administracaoUsuarios;

type Consulta = z.output<typeof consultaUsuariosAdministracaoSchema>;
type Alteracao = z.output<typeof alterarUsuarioAdministracaoSchema>;

/** GET administracao/usuarios: one page of the users found, active or not. */
export async function listarUsuarios(db: Banco, consulta: Consulta): Promise<PaginaUsuariosAdministracao> {
  const { total, itens } = await queries.listarUsuarios(db, consulta);
  return { itens, total, pagina: consulta.pagina, tamanhoPagina: consulta.tamanhoPagina };
}

export async function buscarUsuario(db: Banco, id: number): Promise<UsuarioAdministracao> {
  const usuario = await queries.buscarUsuario(db, id);
  if (!usuario) throw naoEncontrado(M.usuarioNaoEncontrado);
  return usuario;
}

/** What the audit row records of a user, before and after: the four things this screen changes. */
function estadoDe(usuario: UsuarioAdministracao): queries.EstadoAdministravel {
  return {
    lotacoes: usuario.lotacoes.map((lotacao) => lotacao.id).sort((a, b) => a - b),
    idUnidadeAtual: usuario.idUnidadeAtual,
    permissoes: [...usuario.permissoes].sort(),
    ativo: usuario.ativo,
  };
}

const mesmoEstado = (a: queries.EstadoAdministravel, b: queries.EstadoAdministravel) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH administracao/usuarios/{id}: under the user's row lock, the new state is the old one with what the request
 * gives; it is checked whole, written, and audited (before and after) in one transaction. Deactivating a user ends
 * their sessions in the same transaction. Nobody deactivates themselves or drops their own ADMINISTRACAO_USUARIOS
 * (409): the product would be left without anyone able to undo it.
 */
export function alterarUsuario(
  db: Banco,
  id: number,
  alteracao: Alteracao,
  autor: AutorAuditoria,
): Promise<UsuarioAdministracao> {
  return db.transaction().execute(async (trx) => {
    if (!(await queries.travarUsuario(trx, id))) throw naoEncontrado(M.usuarioNaoEncontrado);
    const antes = (await queries.buscarUsuario(trx, id)) as UsuarioAdministracao;
    const estadoAntes = estadoDe(antes);
    const novo: queries.EstadoAdministravel = {
      lotacoes: alteracao.lotacoes ? [...alteracao.lotacoes].sort((a, b) => a - b) : estadoAntes.lotacoes,
      idUnidadeAtual: alteracao.idUnidadeAtual === undefined ? estadoAntes.idUnidadeAtual : alteracao.idUnidadeAtual,
      permissoes: alteracao.permissoes ?? estadoAntes.permissoes,
      ativo: alteracao.ativo ?? estadoAntes.ativo,
    };
    if (id === autor.idUsuario) {
      if (!novo.ativo) throw conflito(M.autoDesativacao);
      if (!novo.permissoes.includes('ADMINISTRACAO_USUARIOS')) throw conflito(M.autoRemocaoAdministracao);
    }
    // A lotação kept may be in a unit closed since; one added must be in a unit that exists and is active.
    const novas = novo.lotacoes.filter((idUnidade) => !estadoAntes.lotacoes.includes(idUnidade));
    const ativas = await queries.unidadesAtivas(trx, novas);
    if (novas.some((idUnidade) => !ativas.has(idUnidade))) throw campoInvalido(M.unidadeLotacaoInvalida, 'lotacoes');
    const problema = validarUsuarioAdministracao(novo);
    if (problema) throw campoInvalido(problema.mensagem, problema.campo);
    if (mesmoEstado(estadoAntes, novo)) return antes;

    await queries.gravarEstado(trx, id, novo);
    const sessoesEncerradas = estadoAntes.ativo && !novo.ativo ? await queries.encerrarSessoes(trx, id) : 0;
    const depois = (await queries.buscarUsuario(trx, id)) as UsuarioAdministracao;
    await registrarAuditoria(trx, {
      ...autor,
      acao: 'ALTERAR_USUARIO',
      entidade: 'usuario',
      idEntidade: id,
      antes: estadoAntes,
      depois: sessoesEncerradas > 0 ? { ...novo, sessoesEncerradas } : novo,
    });
    return depois;
  });
}
