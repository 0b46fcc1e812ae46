import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import {
  type AdministracaoTramita,
  type AmbienteTramita,
  type ConfiguracaoTramita,
  type ConfiguracaoTramitaSalva,
  type EstadoTramita,
  LIMITES_CONFIGURACAO_TRAMITA,
  MENSAGENS,
  type ResumoListaTramita,
  ROTULOS_AMBIENTE_TRAMITA,
  type SincronizacaoTramita,
  type TesteConexaoTramita,
} from '@tramite/shared';
import type { Config } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import { type AutorAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { formatarDataHora } from '../../platform/data-hora.ts';
import { arquivoGrande, type CorpoEnvio, traduzirErroEnvio } from '../../platform/envio-multipart.ts';
import { campoInvalido, ErroDominio, requisicaoInvalida } from '../../platform/erros.ts';
import type { TratadorTarefa } from '../../platform/fila.ts';
import { enfileirar } from '../../platform/fila.ts';
import type { ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import {
  abrirCertificadoEnviado,
  conferirValidade,
  gravarCertificado,
  lerCertificadoGuardado,
  pkcs12Normalizado,
  type ResumoCertificado,
  resumoCertificadoGuardado,
  type TrocaCertificado,
  type tarefasTramita,
} from './certificado.ts';
import { type CertificadoTramita, ClienteTramita } from './cliente.ts';
import * as queries from './queries.ts';

/**
 * Tramita GOV.BR, step 3 (docs/tramita-govbr-desenho.md §1): the configuration, the system certificate, the
 * connection test and the PEN's cached lists. Without an active configuration nothing of the feature shows.
 */

export const TAREFA_SINCRONIZAR_LISTAS_TRAMITA = 'tramita.sincronizar';

export interface DependenciasTramita {
  db: Banco;
  config: Config['tramita'];
}

/** A person waits at the screen (testing, syncing): each request at most this long, whatever the configured limit. */
export const TEMPO_LIMITE_INTERATIVO_MS = 30_000;

const L = LIMITES_CONFIGURACAO_TRAMITA;
const rotuloAmbiente = (ambiente: AmbienteTramita) => ROTULOS_AMBIENTE_TRAMITA[ambiente];
export const naoConfigurado = () => new ErroDominio('TRAMITA_NAO_CONFIGURADO', MENSAGENS.tramita.naoConfigurado);

/** GET tramita/estado. */
export async function consultarEstado(db: Banco): Promise<EstadoTramita> {
  const linha = await queries.buscarEstado(db);
  return linha?.ativo ? { ativo: true, ambiente: linha.ambiente } : { ativo: false };
}

/** GET administracao/tramita. */
export async function consultarAdministracao(db: Banco): Promise<AdministracaoTramita> {
  const [linha, contagens, repositorios, especies, tiposDocumento] = await Promise.all([
    queries.buscarConfiguracao(db),
    queries.contarListas(db),
    queries.listarRepositorios(db),
    queries.listarEspecies(db),
    queries.listarTiposDocumentoAtivos(db),
  ]);
  return {
    configuracao: linha
      ? {
          ambiente: linha.ambiente,
          urlBase: linha.urlBase,
          idRepositorio: linha.idRepositorio,
          numeroEstruturaRaiz: linha.numeroEstruturaRaiz,
          ativo: linha.ativo,
          blocoMb: linha.blocoMb,
          tamanhoMaximoComponenteMb: linha.tamanhoMaximoComponenteMb,
          intervaloConsultaSegundos: linha.intervaloConsultaSegundos,
          idUnidadeTramita: linha.idUnidadeTramita,
          idTipoDocumentoRecebido: linha.idTipoDocumentoRecebido,
          codigoEspeciePadraoEnvio: linha.codigoEspeciePadraoEnvio,
          idTipoPecaPadraoRecebimento: linha.idTipoPecaPadraoRecebimento,
          atualizadoEm: linha.atualizadoEm.toISOString(),
          atualizadoPor: linha.atualizadoPor,
        }
      : null,
    certificado: linha ? resumoDaLinha(linha) : null,
    listas: { ...contagens, sincronizadaEm: linha?.sincronizadaEm?.toISOString() ?? null },
    repositorios,
    especies,
    tiposDocumento,
  };
}

function resumoDaLinha(linha: queries.LinhaConfiguracao): AdministracaoTramita['certificado'] {
  const { certificadoImpressao, certificadoTitular, certificadoEmissor, certificadoValidoDe, certificadoValidoAte } =
    linha;
  if (!certificadoImpressao || !certificadoTitular || !certificadoEmissor || !certificadoValidoDe) return null;
  if (!certificadoValidoAte) return null;
  return {
    titular: certificadoTitular,
    emissor: certificadoEmissor,
    validoDe: certificadoValidoDe.toISOString(),
    validoAte: certificadoValidoAte.toISOString(),
    impressao: certificadoImpressao,
  };
}

function colunasCertificado(resumo: ResumoCertificado | null) {
  return {
    certificadoImpressao: resumo?.impressao ?? null,
    certificadoTitular: resumo?.titular ?? null,
    certificadoEmissor: resumo?.emissor ?? null,
    certificadoValidoDe: resumo?.validoDe ?? null,
    certificadoValidoAte: resumo?.validoAte ?? null,
  };
}

/** The configuration's own fields, as the audit log records them (nothing about the certificate's key). */
function camposAuditados(valores: ConfiguracaoTramita | queries.LinhaConfiguracao) {
  return {
    ambiente: valores.ambiente,
    urlBase: valores.urlBase,
    idRepositorio: valores.idRepositorio,
    numeroEstruturaRaiz: valores.numeroEstruturaRaiz,
    ativo: valores.ativo,
    blocoMb: valores.blocoMb,
    tamanhoMaximoComponenteMb: valores.tamanhoMaximoComponenteMb,
    intervaloConsultaSegundos: valores.intervaloConsultaSegundos,
    idUnidadeTramita: valores.idUnidadeTramita,
    idTipoDocumentoRecebido: valores.idTipoDocumentoRecebido,
    codigoEspeciePadraoEnvio: valores.codigoEspeciePadraoEnvio,
    idTipoPecaPadraoRecebimento: valores.idTipoPecaPadraoRecebimento,
  };
}

/** The units, types and species the configuration names must exist (and the types be of the right kind). */
async function conferirReferencias(db: Banco, valores: ConfiguracaoTramita): Promise<void> {
  const { idUnidadeTramita, idTipoDocumentoRecebido, idTipoPecaPadraoRecebimento, codigoEspeciePadraoEnvio } = valores;
  const tipos = [idTipoDocumentoRecebido, idTipoPecaPadraoRecebimento].filter((id) => id !== null);
  const existentes = await queries.referenciasExistentes(db, {
    unidades: idUnidadeTramita === null ? [] : [idUnidadeTramita],
    tipos,
    especies: codigoEspeciePadraoEnvio === null ? [] : [codigoEspeciePadraoEnvio],
  });
  const tipo = (id: number) => existentes.tipos.find((t) => t.id === id);
  const erros: { campo: string; mensagem: string }[] = [];
  if (idUnidadeTramita !== null && existentes.unidades.length === 0) {
    erros.push({ campo: 'idUnidadeTramita', mensagem: MENSAGENS.tramita.unidadeInexistente });
  }
  if (idTipoDocumentoRecebido !== null) {
    const encontrado = tipo(idTipoDocumentoRecebido);
    if (!encontrado)
      erros.push({ campo: 'idTipoDocumentoRecebido', mensagem: MENSAGENS.tramita.tipoDocumentoInexistente });
    else if (!encontrado.processo) {
      erros.push({ campo: 'idTipoDocumentoRecebido', mensagem: MENSAGENS.tramita.tipoRecebidoNaoProcesso });
    }
  }
  if (idTipoPecaPadraoRecebimento !== null) {
    const encontrado = tipo(idTipoPecaPadraoRecebimento);
    if (!encontrado) {
      erros.push({ campo: 'idTipoPecaPadraoRecebimento', mensagem: MENSAGENS.tramita.tipoDocumentoInexistente });
    } else if (encontrado.processo) {
      erros.push({ campo: 'idTipoPecaPadraoRecebimento', mensagem: MENSAGENS.tramita.tipoPecaEhProcesso });
    }
  }
  if (codigoEspeciePadraoEnvio !== null && existentes.especies.length === 0) {
    erros.push({
      campo: 'codigoEspeciePadraoEnvio',
      mensagem: MENSAGENS.tramita.especieInexistente(codigoEspeciePadraoEnvio),
    });
  }
  const [primeiro] = erros;
  if (primeiro) throw requisicaoInvalida(primeiro.mensagem, erros);
}

/**
 * PUT administracao/tramita: saves the configuration (one row, audited). Changing the environment brings that
 * environment's stored certificate, if any. Activating needs a valid certificate; an active save then syncs the
 * PEN's lists, whose failure is reported but does not undo the save.
 */
export async function salvarConfiguracao(
  deps: DependenciasTramita,
  valores: ConfiguracaoTramita,
  autor: AutorAuditoria,
): Promise<ConfiguracaoTramitaSalva> {
  await deps.db.transaction().execute(async (trx) => {
    const atual = await queries.travarConfiguracao(trx);
    await conferirReferencias(trx, valores);
    const certificado =
      atual && atual.ambiente === valores.ambiente
        ? {
            certificadoImpressao: atual.certificadoImpressao,
            certificadoTitular: atual.certificadoTitular,
            certificadoEmissor: atual.certificadoEmissor,
            certificadoValidoDe: atual.certificadoValidoDe,
            certificadoValidoAte: atual.certificadoValidoAte,
          }
        : colunasCertificado(await resumoCertificadoGuardado(deps.config.pastaCertificados, valores.ambiente));
    if (valores.ativo) {
      if (!certificado.certificadoValidoAte) {
        throw campoInvalido(
          MENSAGENS.tramita.certificadoObrigatorioParaAtivar(rotuloAmbiente(valores.ambiente)),
          'ativo',
        );
      }
      if (certificado.certificadoValidoAte <= new Date()) {
        throw campoInvalido(
          MENSAGENS.tramita.certificadoVencido(formatarDataHora(certificado.certificadoValidoAte)),
          'ativo',
        );
      }
    }
    await queries.gravarConfiguracao(trx, {
      ...valores,
      ...certificado,
      atualizadoEm: new Date(),
      idUsuario: autor.idUsuario,
    });
    await registrarAuditoria(trx, {
      idUsuario: autor.idUsuario,
      ip: autor.ip,
      acao: 'CONFIGURAR_TRAMITA',
      entidade: 'tramita_configuracao',
      idEntidade: 1,
      antes: atual ? camposAuditados(atual) : undefined,
      depois: camposAuditados(valores),
    });
  });
  let sincronizacao: ConfiguracaoTramitaSalva['sincronizacao'] = null;
  if (valores.ativo) {
    try {
      sincronizacao = { resultado: await sincronizarListas(deps, autor), erro: null };
    } catch (erro) {
      if (!(erro instanceof ErroDominio)) throw erro;
      sincronizacao = { resultado: null, erro: MENSAGENS.tramita.sincronizacaoFalhouAoSalvar(erro.message) };
    }
  }
  return { ...(await consultarAdministracao(deps.db)), sincronizacao };
}

const ARQUIVOS_CERTIFICADO = ['arquivo', 'certificado', 'chave'] as const;
type ArquivoCertificado = (typeof ARQUIVOS_CERTIFICADO)[number];

async function lerParte(fluxo: Readable): Promise<Buffer> {
  const pedacos: Buffer[] = [];
  for await (const pedaco of fluxo) pedacos.push(pedaco as Buffer);
  return Buffer.concat(pedacos);
}

/**
 * The multipart body of an upload: `arquivo` (PKCS#12) with `senha`, or `certificado` and `chave` (PEM) with
 * `senhaChave` when the key is encrypted. Each file at most a few KB, read into memory (a secret never goes to the
 * file store's temporary files).
 */
async function lerEnvioCertificado(corpo: CorpoEnvio): Promise<CertificadoTramita> {
  const limite = L.certificadoBytes;
  const arquivos = new Map<ArquivoCertificado, Buffer>();
  const campos: Record<string, string> = {};
  try {
    for await (const parte of corpo.partes(limite)) {
      if (parte.type === 'file') {
        const nome = ARQUIVOS_CERTIFICADO.find((n) => n === parte.fieldname);
        if (!nome || arquivos.has(nome)) {
          parte.file.resume();
          throw requisicaoInvalida(MENSAGENS.tramita.envioCertificadoIncompleto);
        }
        const conteudo = await lerParte(parte.file);
        if (parte.file.truncated) throw arquivoGrande(limite);
        arquivos.set(nome, conteudo);
      } else if (campos[parte.fieldname] === undefined) {
        campos[parte.fieldname] = typeof parte.value === 'string' ? parte.value : String(parte.value ?? '');
      }
    }
  } catch (erro) {
    throw traduzirErroEnvio(erro, limite, MENSAGENS.tramita.envioCertificadoIncompleto);
  }
  for (const campo of ['senha', 'senhaChave']) {
    if ((campos[campo]?.length ?? 0) > L.senhaMaxima)
      throw campoInvalido(MENSAGENS.tramita.senhaLonga(L.senhaMaxima), campo);
  }
  const p12 = arquivos.get('arquivo');
  const certificado = arquivos.get('certificado');
  const chave = arquivos.get('chave');
  if (p12 && (certificado || chave)) throw requisicaoInvalida(MENSAGENS.tramita.envioCertificadoMisturado);
  if (p12) return { formato: 'PKCS12', arquivo: p12, senha: campos.senha ?? '' };
  if (certificado && chave) {
    return {
      formato: 'PEM',
      certificado: certificado.toString('utf8'),
      chave: chave.toString('utf8'),
      senhaChave: campos.senhaChave ? campos.senhaChave : undefined,
    };
  }
  throw requisicaoInvalida(MENSAGENS.tramita.envioCertificadoIncompleto);
}

/**
 * PUT administracao/tramita/certificado: checks the uploaded certificate now (readable, the key is its own, RSA,
 * valid today) and stores it for the configured environment, replacing the one there (audited).
 */
export async function salvarCertificado(
  deps: DependenciasTramita & { trabalhadores: ExecutorTarefas<typeof tarefasTramita> },
  corpo: CorpoEnvio,
  autor: AutorAuditoria,
): Promise<AdministracaoTramita> {
  if (!(await queries.buscarEstado(deps.db))) throw naoConfigurado();
  const credenciais = await abrirCertificadoEnviado(deps.trabalhadores, await lerEnvioCertificado(corpo));
  const resumo = conferirValidade(credenciais);
  const normalizado = pkcs12Normalizado(credenciais);
  const trocas: TrocaCertificado[] = [];
  try {
    await deps.db.transaction().execute(async (trx) => {
      const linha = await queries.travarConfiguracao(trx);
      if (!linha) throw naoConfigurado();
      const antes = resumoDaLinha(linha);
      trocas.push(await gravarCertificado(deps.config.pastaCertificados, linha.ambiente, normalizado));
      await queries.gravarResumoCertificado(
        trx,
        {
          certificadoImpressao: resumo.impressao,
          certificadoTitular: resumo.titular,
          certificadoEmissor: resumo.emissor,
          certificadoValidoDe: resumo.validoDe,
          certificadoValidoAte: resumo.validoAte,
        },
        autor.idUsuario,
      );
      await registrarAuditoria(trx, {
        idUsuario: autor.idUsuario,
        ip: autor.ip,
        acao: 'CONFIGURAR_TRAMITA',
        entidade: 'tramita_configuracao',
        idEntidade: 1,
        antes: { ambiente: linha.ambiente, certificado: antes },
        depois: {
          ambiente: linha.ambiente,
          certificado: {
            ...resumo,
            validoDe: resumo.validoDe.toISOString(),
            validoAte: resumo.validoAte.toISOString(),
          },
        },
      });
    });
  } catch (erro) {
    for (const troca of trocas) await troca.desfazer();
    throw erro;
  }
  for (const troca of trocas) await troca.confirmar();
  return consultarAdministracao(deps.db);
}

/** A client of the barramento with the configured environment's stored certificate, checked valid now. */
export async function abrirCliente(
  deps: DependenciasTramita,
  linha: queries.LinhaConfiguracao,
  tempoLimiteMs: number,
): Promise<ClienteTramita> {
  const semCertificado = () =>
    new ErroDominio('TRAMITA_NAO_CONFIGURADO', MENSAGENS.tramita.semCertificado(rotuloAmbiente(linha.ambiente)));
  if (!linha.certificadoValidoAte) throw semCertificado();
  if (linha.certificadoValidoAte <= new Date()) {
    throw new ErroDominio(
      'TRAMITA_CERTIFICADO_INVALIDO',
      MENSAGENS.tramita.certificadoVencido(formatarDataHora(linha.certificadoValidoAte)),
    );
  }
  const guardado = await lerCertificadoGuardado(deps.config.pastaCertificados, linha.ambiente);
  if (!guardado) throw semCertificado();
  const autoridades = deps.config.autoridades
    ? [...rootCertificates, await readFile(deps.config.autoridades, 'utf8')]
    : undefined;
  return new ClienteTramita({
    urlBase: linha.urlBase,
    certificado: { formato: 'PKCS12', arquivo: guardado.p12, senha: guardado.senha },
    autoridades,
    tempoLimiteMs,
  });
}

/** POST administracao/tramita/testar-conexao: the healthcheck and the repositories, with the stored certificate. */
export async function testarConexao(deps: DependenciasTramita): Promise<TesteConexaoTramita> {
  const linha = await queries.buscarConfiguracao(deps.db);
  if (!linha) throw naoConfigurado();
  const cliente = await abrirCliente(deps, linha, Math.min(TEMPO_LIMITE_INTERATIVO_MS, deps.config.tempoLimiteMs));
  try {
    const inicio = performance.now();
    await cliente.healthcheck();
    const repositorios = await cliente.listarRepositorios();
    return {
      repositorios: repositorios.map(({ id, nome }) => ({ id, nome })),
      duracaoMs: Math.round(performance.now() - inicio),
    };
  } finally {
    cliente.fechar();
  }
}

/** A list after a sync: what changed against the cache (`antes`, key → active) and what it holds now. */
function resumirLista(antes: Map<number, boolean>, depois: Map<number, boolean>): ResumoListaTramita {
  let novas = 0;
  let desativadas = 0;
  for (const [chave, ativa] of depois) {
    if (!antes.has(chave)) novas++;
    else if (antes.get(chave) && !ativa) desativadas++;
  }
  for (const [chave, ativa] of antes) if (ativa && !depois.has(chave)) desativadas++;
  const todas = new Map([...[...antes.keys()].map((chave) => [chave, false] as const), ...depois]);
  const ativas = [...todas.values()].filter(Boolean).length;
  return { ativas, inativas: todas.size - ativas, novas, desativadas };
}

/**
 * Fetches the PEN's species, legal hypotheses (active and inactive) and repositories, then writes them in one
 * transaction: what the PEN no longer lists stays, inactive. An empty list is taken as the barramento's failure and
 * changes nothing. Audited (`autor` null: the daily job, which alone waits the configured limit per request).
 */
export async function sincronizarListas(
  deps: DependenciasTramita,
  autor: AutorAuditoria | null,
): Promise<SincronizacaoTramita> {
  const linha = await queries.buscarConfiguracao(deps.db);
  if (!linha) throw naoConfigurado();
  const tempoLimiteMs = autor
    ? Math.min(TEMPO_LIMITE_INTERATIVO_MS, deps.config.tempoLimiteMs)
    : deps.config.tempoLimiteMs;
  const cliente = await abrirCliente(deps, linha, tempoLimiteMs);
  let especies: Awaited<ReturnType<ClienteTramita['listarEspecies']>>;
  let hipotesesAtivas: Awaited<ReturnType<ClienteTramita['listarHipoteses']>>;
  let hipotesesInativas: Awaited<ReturnType<ClienteTramita['listarHipoteses']>>;
  let repositorios: Awaited<ReturnType<ClienteTramita['listarRepositorios']>>;
  try {
    especies = await cliente.listarEspecies();
    hipotesesAtivas = await cliente.listarHipoteses(true);
    hipotesesInativas = await cliente.listarHipoteses(false);
    repositorios = await cliente.listarRepositorios();
  } finally {
    cliente.fechar();
  }
  const vazia = (lista: string) => new ErroDominio('TRAMITA_RESPOSTA_INVALIDA', MENSAGENS.tramita.listaVazia(lista));
  if (especies.length === 0) throw vazia('espécies documentais');
  if (hipotesesAtivas.length === 0) throw vazia('hipóteses legais');
  if (repositorios.length === 0) throw vazia('repositórios de estruturas');

  const hipoteses = new Map<
    number,
    { identificacao: number; nome: string; baseLegal: string | null; ativa: boolean }
  >();
  for (const [lista, padrao] of [
    [hipotesesInativas, false],
    [hipotesesAtivas, true],
  ] as const) {
    for (const h of lista) {
      hipoteses.set(h.identificacao, {
        identificacao: h.identificacao,
        nome: h.nome,
        baseLegal: h.baseLegal ?? null,
        ativa: h.status ?? padrao,
      });
    }
  }
  const especiesPorCodigo = new Map(especies.map((e) => [e.codigo, { codigo: e.codigo, nome: e.nomeNoProdutor }]));
  const repositoriosPorId = new Map(
    repositorios.map((r) => [r.id, { id: r.id, nome: r.nome, ativo: r.ativo ?? true }]),
  );

  const agora = new Date();
  return deps.db.transaction().execute(async (trx) => {
    await queries.travarConfiguracao(trx);
    const antes = await queries.situacaoListas(trx);
    await queries.gravarEspecies(trx, [...especiesPorCodigo.values()], agora);
    await queries.gravarHipoteses(trx, [...hipoteses.values()], agora);
    await queries.gravarRepositorios(trx, [...repositoriosPorId.values()]);
    await queries.marcarSincronizada(trx, agora);
    const resultado: SincronizacaoTramita = {
      sincronizadaEm: agora.toISOString(),
      especies: resumirLista(antes.especies, new Map([...especiesPorCodigo.keys()].map((c) => [c, true]))),
      hipoteses: resumirLista(antes.hipoteses, new Map([...hipoteses.values()].map((h) => [h.identificacao, h.ativa]))),
      repositorios: resumirLista(
        antes.repositorios,
        new Map([...repositoriosPorId.values()].map((r) => [r.id, r.ativo])),
      ),
    };
    await registrarAuditoria(trx, {
      idUsuario: autor?.idUsuario ?? null,
      ip: autor?.ip ?? null,
      acao: 'SINCRONIZAR_LISTAS_TRAMITA',
      entidade: 'tramita_configuracao',
      idEntidade: 1,
      depois: resultado,
    });
    return resultado;
  });
}

/**
 * The daily sync: when the configuration is active and its lists are a day old, enqueues one sync job (the queue
 * retries it; a process that dies leaves it to another). Every process calls it now and then.
 */
export function agendarSincronizacaoDevida(db: Banco): Promise<{ agendada: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (!(await queries.travarConfiguracao(trx))) return { agendada: false };
    if (!(await queries.sincronizacaoDiariaDevida(trx, TAREFA_SINCRONIZAR_LISTAS_TRAMITA))) return { agendada: false };
    await enfileirar(trx, TAREFA_SINCRONIZAR_LISTAS_TRAMITA, {}, { maxTentativas: 3 });
    return { agendada: true };
  });
}

/** The queue's handler of TAREFA_SINCRONIZAR_LISTAS_TRAMITA: nothing when the feature was turned off meanwhile. */
export function tratadorSincronizacaoTramita(deps: DependenciasTramita): TratadorTarefa {
  return async () => {
    if (!(await consultarEstado(deps.db)).ativo) return;
    await sincronizarListas(deps, null);
  };
}
