import {
  type ConsultaEstruturasTramita,
  type EstruturaPen,
  type EstruturaTramita,
  LIMITES_MAPEAMENTOS_TRAMITA,
  type LimiteDestinoTramita,
  type MapeamentosTramita,
  type MapeamentoUnidadeTramita,
  MENSAGENS,
  type PaginaEstruturasTramita,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { type AutorAuditoria, type EntidadeAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, conflito, naoEncontrado } from '../../platform/erros.ts';
import { ErroBarramento } from './cliente.ts';
import * as queries from './queries.ts';
import * as q from './queries-mapeamentos.ts';
import { abrirCliente, type DependenciasTramita, naoConfigurado, TEMPO_LIMITE_INTERATIVO_MS } from './service.ts';

/**
 * Tramita GOV.BR, step 4 (docs/tramita-govbr-desenho.md §1, 0028, and §2.1): the mappings an administrator keeps —
 * units ↔ structures of the institution's repository, document types ↔ PEN species and Trâmite's legal hypotheses ↔
 * the PEN's, each way, and what is known of destinations' limits — and the search of structures on the barramento.
 * Every change is audited; without a saved configuration every call answers 409 TRAMITA_NAO_CONFIGURADO.
 */

const M = MENSAGENS.tramita;

/** The saved configuration (active or not), or 409. */
async function exigirConfiguracao(db: Banco) {
  const linha = await queries.buscarConfiguracao(db);
  if (!linha) throw naoConfigurado();
  return linha;
}

/** GET administracao/tramita/mapeamentos. */
export async function consultarMapeamentos(db: Banco): Promise<MapeamentosTramita> {
  const configuracao = await exigirConfiguracao(db);
  const [unidades, especiesEnvio, especiesRecebimento, hipotesesEnvio, hipotesesRecebimento, limites, opcoes] =
    await Promise.all([
      q.listarUnidadesMapeadas(db),
      q.listarEspeciesEnvio(db),
      q.listarEspeciesRecebimento(db),
      q.listarHipotesesEnvio(db),
      q.listarHipotesesRecebimento(db),
      q.listarLimites(db),
      q.listarOpcoes(db),
    ]);
  const [especies, repositorios] = await Promise.all([queries.listarEspecies(db), queries.listarRepositorios(db)]);
  return {
    idRepositorio: configuracao.idRepositorio,
    unidades,
    especiesEnvio,
    especiesRecebimento,
    hipotesesEnvio,
    hipotesesRecebimento,
    limites,
    ...opcoes,
    especies,
    repositorios,
  };
}

/** The hierarchy's acronyms (or names), nearest level first, as the screens show it. */
function textoHierarquia(estrutura: EstruturaPen): string | null {
  const niveis = estrutura.hierarquia.map((nivel) => nivel.sigla || nivel.nome).filter(Boolean);
  return niveis.length > 0 ? niveis.join(' / ').slice(0, 2000) : null;
}

function paraTela(estrutura: EstruturaPen): EstruturaTramita {
  return {
    numero: estrutura.numeroDeIdentificacaoDaEstrutura,
    nome: estrutura.nome,
    sigla: estrutura.sigla ?? null,
    hierarquia: textoHierarquia(estrutura),
  };
}

/** The barramento's "not found" of a structure: 404, or its code 0055 (not in the repository). */
export const estruturaAusente = (erro: unknown) =>
  erro instanceof ErroBarramento && (erro.statusBarramento === 404 || erro.codigoBarramento === '0055');

/**
 * GET tramita/estruturas: a page of the structures of a repository able to receive, whose name (or, if none,
 * acronym) contains the text; a number finds that structure directly. Holders of ADMINISTRACAO_TRAMITA may search
 * before the configuration is active (to map the units); everyone else only once it is.
 */
export async function buscarEstruturas(
  deps: DependenciasTramita,
  consulta: ConsultaEstruturasTramita,
  administrador: boolean,
): Promise<PaginaEstruturasTramita> {
  const linha = await exigirConfiguracao(deps.db);
  if (!linha.ativo && !administrador) throw naoConfigurado();
  const repositorio = await q.buscarRepositorio(deps.db, consulta.repositorio);
  if (!repositorio) throw campoInvalido(M.repositorioInexistente(consulta.repositorio), 'repositorio');
  if (!repositorio.ativo) throw campoInvalido(M.repositorioInativo(repositorio.nome), 'repositorio');
  const porPagina = LIMITES_MAPEAMENTOS_TRAMITA.estruturasPorPagina;
  const cliente = await abrirCliente(deps, linha, Math.min(TEMPO_LIMITE_INTERATIVO_MS, deps.config.tempoLimiteMs));
  try {
    if (/^\d+$/.test(consulta.texto)) {
      const numero = Number(consulta.texto);
      let estrutura: EstruturaPen | null = null;
      if (Number.isSafeInteger(numero) && numero > 0) {
        try {
          estrutura = await cliente.consultarEstrutura(consulta.repositorio, numero);
        } catch (erro) {
          if (!estruturaAusente(erro)) throw erro;
        }
      }
      // The same rule as the search: only active structures able to receive.
      const apta = estrutura && estrutura.ativo !== false && estrutura.aptoParaReceberTramites !== false;
      return { itens: apta && estrutura ? [paraTela(estrutura)] : [], total: apta ? 1 : 0, pagina: 1, porPagina };
    }
    const filtros = {
      apenasAtivas: true,
      permiteRecebimento: true,
      registroInicial: (consulta.pagina - 1) * porPagina,
      quantidadeDeRegistros: porPagina,
    };
    let lista = await cliente.consultarEstruturas(consulta.repositorio, { ...filtros, nome: consulta.texto });
    if (lista.totalDeRegistros === 0) {
      lista = await cliente.consultarEstruturas(consulta.repositorio, { ...filtros, sigla: consulta.texto });
    }
    return {
      itens: lista.estruturas.slice(0, porPagina).map(paraTela),
      total: lista.totalDeRegistros,
      pagina: consulta.pagina,
      porPagina,
    };
  } finally {
    cliente.fechar();
  }
}

/** Appends the audit row of a mapping's change (`depois` undefined: removed). */
function auditar(
  db: Banco,
  autor: AutorAuditoria,
  acao: 'MAPEAR_UNIDADE_TRAMITA' | 'MAPEAR_ESPECIE_TRAMITA' | 'MAPEAR_HIPOTESE_TRAMITA' | 'LIMITAR_DESTINO_TRAMITA',
  entidade: EntidadeAuditoria,
  idEntidade: number,
  antes: unknown,
  depois: unknown,
) {
  return registrarAuditoria(db, {
    idUsuario: autor.idUsuario,
    ip: autor.ip,
    acao,
    entidade,
    idEntidade,
    antes: antes ?? undefined,
    depois: depois ?? undefined,
  });
}

/**
 * PUT administracao/tramita/unidades/{idUnidade}: maps an active unit to a structure of the institution's repository,
 * read now from the barramento (active, inside the institution's structure, not mapped to another unit).
 */
export async function salvarUnidade(
  deps: DependenciasTramita,
  idUnidade: number,
  valores: MapeamentoUnidadeTramita,
  autor: AutorAuditoria,
): Promise<MapeamentosTramita> {
  const linha = await exigirConfiguracao(deps.db);
  if (linha.idRepositorio === null) throw conflito(M.semRepositorioInstituicao, 'TRAMITA_NAO_CONFIGURADO');
  const unidade = await q.buscarUnidadeAtiva(deps.db, idUnidade);
  if (!unidade) throw naoEncontrado(M.unidadeInexistente);
  const outra = await q.unidadeDaEstrutura(deps.db, valores.numeroEstrutura);
  if (outra && outra.idUnidade !== idUnidade)
    throw conflito(M.estruturaJaMapeada(valores.numeroEstrutura, outra.sigla));

  const cliente = await abrirCliente(deps, linha, Math.min(TEMPO_LIMITE_INTERATIVO_MS, deps.config.tempoLimiteMs));
  let estrutura: EstruturaPen;
  try {
    estrutura = await cliente.consultarEstrutura(linha.idRepositorio, valores.numeroEstrutura);
  } catch (erro) {
    if (estruturaAusente(erro))
      throw campoInvalido(M.estruturaNaoEncontrada(valores.numeroEstrutura), 'numeroEstrutura');
    throw erro;
  } finally {
    cliente.fechar();
  }
  if (estrutura.ativo === false) throw campoInvalido(M.estruturaInativa(estrutura.nome), 'numeroEstrutura');
  const raiz = linha.numeroEstruturaRaiz;
  const niveis = estrutura.hierarquia.map((nivel) => nivel.numeroDeIdentificacaoDaEstrutura);
  // Without numbers in the hierarchy (the barramento may omit them) the structure cannot be placed: it is accepted.
  if (
    raiz !== null &&
    estrutura.numeroDeIdentificacaoDaEstrutura !== raiz &&
    niveis.some((n) => n !== undefined) &&
    !niveis.includes(raiz)
  ) {
    throw campoInvalido(M.estruturaForaDaInstituicao(estrutura.nome), 'numeroEstrutura');
  }

  const depois = {
    numeroEstrutura: valores.numeroEstrutura,
    nome: (estrutura.nome.trim() || `Estrutura ${valores.numeroEstrutura}`).slice(0, 500),
    sigla: estrutura.sigla ? estrutura.sigla.slice(0, 100) : null,
    hierarquia: textoHierarquia(estrutura),
    envia: valores.envia,
    recebe: valores.recebe,
  };
  await deps.db.transaction().execute(async (trx) => {
    const antes = await q.travarUnidadeMapeada(trx, idUnidade);
    // Checked again under the lock: the unique index is the last word, this gives the message.
    const concorrente = await q.unidadeDaEstrutura(trx, valores.numeroEstrutura);
    if (concorrente && concorrente.idUnidade !== idUnidade) {
      throw conflito(M.estruturaJaMapeada(valores.numeroEstrutura, concorrente.sigla));
    }
    await q.gravarUnidadeEstrutura(trx, idUnidade, { ...depois, atualizadoEm: new Date(), idUsuario: autor.idUsuario });
    await auditar(trx, autor, 'MAPEAR_UNIDADE_TRAMITA', 'tramita_unidade_estrutura', idUnidade, antes, depois);
  });
  return consultarMapeamentos(deps.db);
}

export async function removerUnidade(db: Banco, idUnidade: number, autor: AutorAuditoria): Promise<MapeamentosTramita> {
  await exigirConfiguracao(db);
  await db.transaction().execute(async (trx) => {
    const antes = await q.travarUnidadeMapeada(trx, idUnidade);
    if (!antes) throw naoEncontrado(M.mapeamentoInexistente);
    await q.removerUnidadeEstrutura(trx, idUnidade);
    await auditar(trx, autor, 'MAPEAR_UNIDADE_TRAMITA', 'tramita_unidade_estrutura', idUnidade, antes, undefined);
  });
  return consultarMapeamentos(db);
}

/** An active document type of peças (not of processes), or the error in the field. */
async function exigirTipoPeca(db: Banco, id: number, campo: string) {
  const tipo = await q.buscarTipoAtivo(db, id);
  if (!tipo) throw campoInvalido(M.tipoDocumentoInexistente, campo);
  if (tipo.processo) throw campoInvalido(M.tipoEspecieEhProcesso, campo);
  return tipo;
}

/** A species of the cached list, active, or the error in the field. */
async function exigirEspecie(db: Banco, codigo: number, campo: string) {
  const especie = await q.buscarEspecie(db, codigo);
  if (!especie) throw campoInvalido(M.especieInexistente(codigo), campo);
  if (!especie.ativa) throw campoInvalido(M.especieInativa(especie.nome), campo);
  return especie;
}

async function exigirHipoteseLegal(db: Banco, id: number, campo: string) {
  const hipotese = await q.buscarHipoteseLegalAtiva(db, id);
  if (!hipotese) throw campoInvalido(M.hipoteseLegalInexistente, campo);
  return hipotese;
}

async function exigirHipotesePen(db: Banco, identificacao: number, campo: string) {
  const hipotese = await q.buscarHipotesePen(db, identificacao);
  if (!hipotese) throw campoInvalido(M.hipotesePenInexistente(identificacao), campo);
  if (!hipotese.ativa) throw campoInvalido(M.hipotesePenInativa(hipotese.nome), campo);
  return hipotese;
}

/**
 * A one-key mapping's save or removal, in a transaction with its audit row: `chave` is the row's key, `travar`
 * reads it locked (the `antes` of the audit), `gravar` null removes (404 when there is nothing to remove).
 */
async function alterarMapeamento<L>(
  db: Banco,
  autor: AutorAuditoria,
  opcoes: {
    acao: 'MAPEAR_ESPECIE_TRAMITA' | 'MAPEAR_HIPOTESE_TRAMITA';
    entidade: EntidadeAuditoria;
    chave: number;
    travar: (trx: Banco) => Promise<L | undefined>;
    gravar: { depois: unknown; executar: (trx: Banco) => Promise<void> } | null;
    remover: (trx: Banco) => Promise<void>;
  },
): Promise<MapeamentosTramita> {
  await db.transaction().execute(async (trx) => {
    const antes = await opcoes.travar(trx);
    if (opcoes.gravar) {
      await opcoes.gravar.executar(trx);
    } else {
      if (!antes) throw naoEncontrado(M.mapeamentoInexistente);
      await opcoes.remover(trx);
    }
    await auditar(trx, autor, opcoes.acao, opcoes.entidade, opcoes.chave, antes, opcoes.gravar?.depois);
  });
  return consultarMapeamentos(db);
}

/** PUT/DELETE administracao/tramita/especies-envio/{idTipoDocumento}: the species a type's peças go as. */
export async function salvarEspecieEnvio(
  db: Banco,
  idTipoDocumento: number,
  codigoEspecie: number | null,
  autor: AutorAuditoria,
): Promise<MapeamentosTramita> {
  await exigirConfiguracao(db);
  if (codigoEspecie !== null) {
    await exigirTipoPeca(db, idTipoDocumento, 'idTipoDocumento');
    await exigirEspecie(db, codigoEspecie, 'codigoEspecie');
  }
  return alterarMapeamento(db, autor, {
    acao: 'MAPEAR_ESPECIE_TRAMITA',
    entidade: 'tramita_especie_envio',
    chave: idTipoDocumento,
    travar: (trx) => q.travarEspecieEnvio(trx, idTipoDocumento),
    gravar:
      codigoEspecie === null
        ? null
        : {
            depois: { idTipoDocumento, codigoEspecie },
            executar: (trx) => q.gravarEspecieEnvio(trx, idTipoDocumento, codigoEspecie),
          },
    remover: (trx) => q.removerEspecieEnvio(trx, idTipoDocumento),
  });
}

/** PUT/DELETE administracao/tramita/especies-recebimento/{codigoEspecie}: the type a species' documents arrive as. */
export async function salvarEspecieRecebimento(
  db: Banco,
  codigoEspecie: number,
  idTipoDocumento: number | null,
  autor: AutorAuditoria,
): Promise<MapeamentosTramita> {
  await exigirConfiguracao(db);
  if (idTipoDocumento !== null) {
    await exigirEspecie(db, codigoEspecie, 'codigoEspecie');
    await exigirTipoPeca(db, idTipoDocumento, 'idTipoDocumento');
  }
  return alterarMapeamento(db, autor, {
    acao: 'MAPEAR_ESPECIE_TRAMITA',
    entidade: 'tramita_especie_recebimento',
    chave: codigoEspecie,
    travar: (trx) => q.travarEspecieRecebimento(trx, codigoEspecie),
    gravar:
      idTipoDocumento === null
        ? null
        : {
            depois: { codigoEspecie, idTipoDocumento },
            executar: (trx) => q.gravarEspecieRecebimento(trx, codigoEspecie, idTipoDocumento),
          },
    remover: (trx) => q.removerEspecieRecebimento(trx, codigoEspecie),
  });
}

/** PUT/DELETE administracao/tramita/hipoteses-envio/{idHipoteseLegal}. */
export async function salvarHipoteseEnvio(
  db: Banco,
  idHipoteseLegal: number,
  identificacaoPen: number | null,
  autor: AutorAuditoria,
): Promise<MapeamentosTramita> {
  await exigirConfiguracao(db);
  if (identificacaoPen !== null) {
    await exigirHipoteseLegal(db, idHipoteseLegal, 'idHipoteseLegal');
    await exigirHipotesePen(db, identificacaoPen, 'identificacaoPen');
  }
  return alterarMapeamento(db, autor, {
    acao: 'MAPEAR_HIPOTESE_TRAMITA',
    entidade: 'tramita_hipotese_envio',
    chave: idHipoteseLegal,
    travar: (trx) => q.travarHipoteseEnvio(trx, idHipoteseLegal),
    gravar:
      identificacaoPen === null
        ? null
        : {
            depois: { idHipoteseLegal, identificacaoPen },
            executar: (trx) => q.gravarHipoteseEnvio(trx, idHipoteseLegal, identificacaoPen),
          },
    remover: (trx) => q.removerHipoteseEnvio(trx, idHipoteseLegal),
  });
}

/** PUT/DELETE administracao/tramita/hipoteses-recebimento/{identificacaoPen}. */
export async function salvarHipoteseRecebimento(
  db: Banco,
  identificacaoPen: number,
  idHipoteseLegal: number | null,
  autor: AutorAuditoria,
): Promise<MapeamentosTramita> {
  await exigirConfiguracao(db);
  if (idHipoteseLegal !== null) {
    await exigirHipotesePen(db, identificacaoPen, 'identificacaoPen');
    await exigirHipoteseLegal(db, idHipoteseLegal, 'idHipoteseLegal');
  }
  return alterarMapeamento(db, autor, {
    acao: 'MAPEAR_HIPOTESE_TRAMITA',
    entidade: 'tramita_hipotese_recebimento',
    chave: identificacaoPen,
    travar: (trx) => q.travarHipoteseRecebimento(trx, identificacaoPen),
    gravar:
      idHipoteseLegal === null
        ? null
        : {
            depois: { identificacaoPen, idHipoteseLegal },
            executar: (trx) => q.gravarHipoteseRecebimento(trx, identificacaoPen, idHipoteseLegal),
          },
    remover: (trx) => q.removerHipoteseRecebimento(trx, identificacaoPen),
  });
}

/**
 * The stored values of a destination's limit: the repository must be in the cache; a structure is read now from the
 * barramento (its name is kept for the screens).
 */
async function valoresLimite(deps: DependenciasTramita, valores: LimiteDestinoTramita, autor: AutorAuditoria) {
  const linha = await exigirConfiguracao(deps.db);
  const repositorio = await q.buscarRepositorio(deps.db, valores.idRepositorio);
  if (!repositorio) throw campoInvalido(M.repositorioInexistente(valores.idRepositorio), 'idRepositorio');
  let nomeEstrutura: string | null = null;
  if (valores.numeroEstrutura !== null) {
    const cliente = await abrirCliente(deps, linha, Math.min(TEMPO_LIMITE_INTERATIVO_MS, deps.config.tempoLimiteMs));
    try {
      const estrutura = await cliente.consultarEstrutura(valores.idRepositorio, valores.numeroEstrutura);
      nomeEstrutura = (estrutura.sigla ? `${estrutura.nome} (${estrutura.sigla})` : estrutura.nome).slice(0, 500);
    } catch (erro) {
      if (estruturaAusente(erro)) {
        throw campoInvalido(M.estruturaNaoEncontrada(valores.numeroEstrutura), 'numeroEstrutura');
      }
      throw erro;
    } finally {
      cliente.fechar();
    }
  }
  return {
    idRepositorio: valores.idRepositorio,
    numeroEstrutura: valores.numeroEstrutura,
    nomeEstrutura,
    tamanhoMaximoMb: valores.tamanhoMaximoMb,
    extensoesRecusadas: valores.extensoesRecusadas,
    observacao: valores.observacao,
    atualizadoEm: new Date(),
    idUsuario: autor.idUsuario,
  };
}

const auditadoLimite = ({ atualizadoEm: _a, idUsuario: _u, ...resto }: q.ValoresLimite) => resto;

/** POST administracao/tramita/limites: at most one limit per destination (409). */
export async function criarLimite(
  deps: DependenciasTramita,
  valores: LimiteDestinoTramita,
  autor: AutorAuditoria,
): Promise<MapeamentosTramita> {
  const linha = await valoresLimite(deps, valores, autor);
  await deps.db.transaction().execute(async (trx) => {
    if (await q.limiteDoDestino(trx, linha.idRepositorio, linha.numeroEstrutura)) throw conflito(M.limiteJaExiste);
    const id = await q.inserirLimite(trx, linha);
    await auditar(
      trx,
      autor,
      'LIMITAR_DESTINO_TRAMITA',
      'tramita_limite_destino',
      id,
      undefined,
      auditadoLimite(linha),
    );
  });
  return consultarMapeamentos(deps.db);
}

/** PUT administracao/tramita/limites/{id}. */
export async function alterarLimite(
  deps: DependenciasTramita,
  id: number,
  valores: LimiteDestinoTramita,
  autor: AutorAuditoria,
): Promise<MapeamentosTramita> {
  const linha = await valoresLimite(deps, valores, autor);
  await deps.db.transaction().execute(async (trx) => {
    const antes = await q.travarLimite(trx, id);
    if (!antes) throw naoEncontrado(M.limiteInexistente);
    if (await q.limiteDoDestino(trx, linha.idRepositorio, linha.numeroEstrutura, id)) throw conflito(M.limiteJaExiste);
    await q.alterarLimite(trx, id, linha);
    await auditar(trx, autor, 'LIMITAR_DESTINO_TRAMITA', 'tramita_limite_destino', id, antes, auditadoLimite(linha));
  });
  return consultarMapeamentos(deps.db);
}

/** DELETE administracao/tramita/limites/{id}. */
export async function removerLimite(db: Banco, id: number, autor: AutorAuditoria): Promise<MapeamentosTramita> {
  await exigirConfiguracao(db);
  await db.transaction().execute(async (trx) => {
    const antes = await q.travarLimite(trx, id);
    if (!antes) throw naoEncontrado(M.limiteInexistente);
    await q.removerLimite(trx, id);
    await auditar(trx, autor, 'LIMITAR_DESTINO_TRAMITA', 'tramita_limite_destino', id, antes, undefined);
  });
  return consultarMapeamentos(db);
}
