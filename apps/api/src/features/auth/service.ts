import { randomUUID } from 'node:crypto';
import {
  type AlterarConfiguracoes,
  alterarConfiguracoesSchema,
  type Configuracoes,
  MENSAGENS,
  type Usuario,
} from '@tramite/shared';
import type { Config } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, ErroDominio, ErroLimiteTaxa, requisicaoInvalida } from '../../platform/erros.ts';
import { conferirSenha, HASH_FICTICIO } from '../../platform/senha.ts';
import { criarSessao, encerrarSessao } from '../../platform/sessao.ts';
import type { ResultadoCallback } from './oidc-cliente.ts';
import * as queries from './queries.ts';

/** How many failures from one address, across usernames, make it noisy (LOGIN_MAX_FALHAS times this). */
const FATOR_FALHAS_POR_IP = 4;
/** The wait after LOGIN_MAX_FALHAS failures; it doubles with each further failure, up to the cap. */
const ESPERA_INICIAL_SEGUNDOS = 60;
const ESPERA_MAXIMA_SEGUNDOS = 15 * 60;
/** Share of attempts that also delete the streaks and failures no rule looks at any more. */
const PROPORCAO_LIMPEZA = 0.01;

export type ResultadoLogin = { ok: true; token: string; expiraEm: Date } | { ok: false; erro: ErroDominio };

/**
 * Checks the password and opens a new session (a fresh token every login, so a planted cookie is never reused).
 * The attempt is counted in the database before the password is checked (issue 17), so the limit holds across
 * parallel requests and processes; the rule is `queries.reservarTentativa`'s, documented in docs/deployment.md.
 */
export async function entrar(
  db: Banco,
  config: Config,
  credenciais: { username: string; password: string },
  origem: { ip: string; agente: string | undefined },
): Promise<ResultadoLogin> {
  const chave = credenciais.username.trim().toLowerCase();
  if (!chave || !credenciais.password) {
    return { ok: false, erro: new ErroDominio('REQUISICAO_INVALIDA', MENSAGENS.login.camposObrigatorios) };
  }
  const regra: queries.RegraEsperaLogin = {
    maxFalhas: config.login.maxFalhas,
    falhasRuidosas: config.login.maxFalhas * FATOR_FALHAS_POR_IP,
    janelaMinutos: config.login.janelaMinutos,
    esperaInicialSegundos: ESPERA_INICIAL_SEGUNDOS,
    esperaMaximaSegundos: ESPERA_MAXIMA_SEGUNDOS,
  };
  if (Math.random() < PROPORCAO_LIMPEZA) await queries.apagarTentativasAntigas(db, regra);
  const tentativa = await queries.reservarTentativa(db, chave, origem.ip, randomUUID(), regra);
  if (!tentativa.admitida) {
    const espera = tentativa.esperaSegundos;
    return { ok: false, erro: new ErroLimiteTaxa(MENSAGENS.login.aguardeParaTentar(espera), espera, 'LOGIN_AGUARDE') };
  }
  const usuario = await queries.buscarUsuarioPorUsername(db, chave);
  const senhaConfere = await conferirSenha(credenciais.password, usuario?.senhaHash ?? HASH_FICTICIO);
  if (!usuario?.ativo || !senhaConfere) {
    await queries.registrarFalha(db, chave, origem.ip);
    return { ok: false, erro: new ErroDominio('CREDENCIAIS_INVALIDAS', MENSAGENS.login.credenciaisInvalidas) };
  }
  const sessao = await db.transaction().execute(async (trx) => {
    await queries.limparFalhas(trx, chave);
    const aberta = await criarSessao(trx, usuario.id, config.sessao, origem);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'LOGIN',
      entidade: 'sessao',
      idEntidade: aberta.idSessao,
      depois: detalhesAcesso('senha', origem.agente),
      ip: origem.ip,
    });
    return aberta;
  });
  return { ok: true, token: sessao.token, expiraEm: sessao.expiraEm };
}

/**
 * What the audit keeps of a login or logout besides who, when and the IP: how, and the browser. The session is
 * named by its id, which is the token's SHA-256 (never the token); no password or token goes in.
 */
export function detalhesAcesso(metodo: 'senha' | 'oidc', agente: string | undefined) {
  return { metodo, agente: agente?.slice(0, 500) ?? null };
}

/**
 * Ends the session of the token (audited as LOGOUT, with the ending in one transaction). Answers the provider's ID
 * token when the session came from an OIDC login, so the provider's session can be ended too; null without session.
 */
export async function sair(
  db: Banco,
  token: string,
  origem: { ip: string; agente: string | undefined },
): Promise<{ idTokenOidc: string | null } | null> {
  return db.transaction().execute(async (trx) => {
    const sessao = await encerrarSessao(trx, token);
    if (!sessao) return null;
    await registrarAuditoria(trx, {
      idUsuario: sessao.idUsuario,
      acao: 'LOGOUT',
      entidade: 'sessao',
      idEntidade: sessao.idSessao,
      depois: detalhesAcesso(sessao.idTokenOidc ? 'oidc' : 'senha', origem.agente),
      ip: origem.ip,
    });
    return { idTokenOidc: sessao.idTokenOidc };
  });
}

export async function buscarUsuario(db: Banco, idUsuario: number): Promise<Usuario> {
  const perfil = await queries.buscarPerfilUsuario(db, idUsuario);
  const idUnidadeAtual = unidadeAtualValida(perfil.idUnidadeAtual, perfil.lotacoes);
  return {
    id: perfil.id,
    username: perfil.username,
    nome: perfil.nome,
    permissoes: perfil.permissoes,
    configuracoes: {
      idUnidadeAtual,
      email: perfil.email,
      notificacoesPorEmail: perfil.notificacoesPorEmail,
      resumoDiarioHorario: perfil.resumoDiarioHorario,
    },
    email: perfil.email,
    emailPessoal: perfil.emailPessoal,
    idPessoa: perfil.idPessoa,
    lotacoes: perfil.lotacoes,
  };
}

export async function buscarConfiguracoes(db: Banco, idUsuario: number): Promise<Configuracoes> {
  const [configuracoes, lotacoes] = await Promise.all([
    queries.buscarConfiguracoes(db, idUsuario),
    queries.buscarLotacoes(db, idUsuario),
  ]);
  return { ...configuracoes, idUnidadeAtual: unidadeAtualValida(configuracoes.idUnidadeAtual, lotacoes) };
}

/** The current unit must be one of the user's lotações; the change is audited with before and after. */
export async function alterarConfiguracoes(
  db: Banco,
  idUsuario: number,
  corpo: AlterarConfiguracoes,
  ip: string,
): Promise<Configuracoes> {
  const lido = alterarConfiguracoesSchema.safeParse(corpo);
  if (!lido.success) {
    const erros = lido.error.issues.map((erro) => ({ campo: erro.path.join('.'), mensagem: erro.message }));
    throw requisicaoInvalida(erros[0]?.mensagem ?? MENSAGENS.usuario.erroAlterarConfiguracoes, erros);
  }
  const novas = lido.data;
  return db.transaction().execute(async (trx) => {
    const lotacoes = await queries.buscarLotacoes(trx, idUsuario);
    if (!lotacoes.some((unidade) => unidade.id === novas.idUnidadeAtual)) {
      throw campoInvalido(MENSAGENS.usuario.unidadeNaoLotada, 'idUnidadeAtual');
    }
    const antes = await queries.buscarConfiguracoes(trx, idUsuario);
    const depois = await queries.alterarConfiguracoes(trx, idUsuario, novas);
    await registrarAuditoria(trx, {
      idUsuario,
      acao: 'ALTERAR_CONFIGURACOES',
      entidade: 'usuario',
      idEntidade: idUsuario,
      antes,
      depois,
      ip,
    });
    return { ...depois, idUnidadeAtual: depois.idUnidadeAtual ?? novas.idUnidadeAtual };
  });
}

/** A stale current unit (lotação removed) falls back to the first lotação. */
function unidadeAtualValida(idUnidadeAtual: number | null, lotacoes: { id: number }[]): number {
  if (idUnidadeAtual !== null && lotacoes.some((unidade) => unidade.id === idUnidadeAtual)) return idUnidadeAtual;
  const primeira = lotacoes[0]?.id;
  if (primeira === undefined)
    throw new ErroDominio('USUARIO_SEM_LOTACAO', 'Usuário sem lotação ativa: procure o administrador do sistema');
  return primeira;
}

/**
 * Opens the Trâmite session of a finished OIDC login (the browser's previous one ended) and audits it as LOGIN_OIDC.
 * The ID token stays with the session, never in the audit: logging out hands it back to the provider.
 */
export async function abrirSessaoOidc(
  db: Banco,
  config: Config,
  resultado: ResultadoCallback,
  origem: { ip: string; agente: string | undefined; tokenAnterior: string | undefined },
): Promise<{ token: string; expiraEm: Date }> {
  return db.transaction().execute(async (trx) => {
    if (origem.tokenAnterior) await encerrarSessao(trx, origem.tokenAnterior);
    const sessao = await criarSessao(trx, resultado.idUsuario, config.sessao, {
      ip: origem.ip,
      agente: origem.agente,
      idTokenOidc: resultado.idToken,
    });
    await registrarAuditoria(trx, {
      idUsuario: resultado.idUsuario,
      acao: 'LOGIN_OIDC',
      entidade: 'sessao',
      idEntidade: sessao.idSessao,
      depois: { ...detalhesAcesso('oidc', origem.agente), emissor: config.oidc?.issuer, oidcSub: resultado.sub },
      ip: origem.ip,
    });
    return sessao;
  });
}
