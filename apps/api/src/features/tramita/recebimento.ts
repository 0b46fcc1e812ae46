import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  BLOCO_TRANSFERENCIA,
  hashPen,
  MENSAGENS,
  type MotivoRecusa,
  metadadosTramiteSchema,
  partesDe,
  somenteDigitosNup,
  TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA,
} from '@tramite/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { enfileirar, type TratadorTarefa } from '../../platform/fila.ts';
import { bloquearConteudo, inserirArquivo, inserirPecaRecebida } from '../pecas/service.ts';
import type { ClienteTramita } from './cliente.ts';
import * as queries from './queries.ts';
import * as q from './queries-recebimento.ts';
import { abrirCliente, type DependenciasTramita } from './service.ts';

/**
 * Tramita GOV.BR, plan step 8 (docs/tramita-govbr-desenho.md §4.1–4.2): the consultation of pending trâmites and the
 * job that receives one. Every step is persisted in `tramite_externo.etapa` before the next, so a job that dies
 * (or a process killed mid-download) resumes where it stopped; the process is created in one transaction
 * (REGISTRAR), or the trâmite is refused with the right code and nothing of it exists locally.
 */

export const TAREFA_RECEBER_TRAMITE = 'tramita.receber';

export interface DependenciasRecebimento extends DependenciasTramita {
  armazenamento: ArmazenamentoArquivos;
}

type Metadados = z.output<typeof metadadosTramiteSchema>;

/** The barramento states in which the receiver has work to do (2 → metadata, 3 → components, 4 → receipt). */
const SITUACOES_A_RECEBER = [2, 3, 4];

/** Only one process of the API asks the barramento at a time (session advisory lock, §4.1). */
const CHAVE_CONSULTA = sql`hashtextextended('tramita:consulta-pendencias', 0)`;

/**
 * The lease of a receiving job on its trâmite, renewed at each step and part: a job the queue hands to another
 * process while this one still downloads (a part slower than the queue's reservation) finds it held and leaves it.
 */
const RESERVA_SEGUNDOS = 600;

const mensagemDe = (erro: unknown) => (erro instanceof Error ? erro.message : String(erro));

/**
 * One pass of the consultation (§4.1): with the configuration active and its interval elapsed since the last pass
 * (`forcar` ignores the interval), and only in the process that takes the advisory lock, asks the pending trâmites
 * and enqueues the right job for each IDT that has none alive. Answers whether it asked and how many it enqueued.
 */
export function consultarPendencias(
  deps: DependenciasTramita,
  opcoes: { forcar?: boolean } = {},
): Promise<{ consultada: boolean; enfileiradas: number }> {
  const nada = { consultada: false, enfileiradas: 0 };
  return deps.db.connection().execute(async (con) => {
    const { rows } = await sql<{ travado: boolean }>`SELECT pg_try_advisory_lock(${CHAVE_CONSULTA}) AS travado`.execute(
      con,
    );
    if (!rows[0]?.travado) return nada;
    try {
      const linha = await queries.buscarConfiguracao(con);
      if (!linha?.ativo) return nada;
      const devida =
        opcoes.forcar ||
        !linha.consultadaEm ||
        linha.consultadaEm.getTime() + linha.intervaloConsultaSegundos * 1000 <= Date.now();
      if (!devida) return nada;
      let pendencias: { IDT: number; status: number }[];
      try {
        const cliente = await abrirCliente(deps, linha, deps.config.tempoLimiteMs);
        try {
          pendencias = await cliente.consultarPendentes(true);
        } finally {
          cliente.fechar();
        }
      } catch (erro) {
        await q.marcarConsulta(con, mensagemDe(erro));
        throw erro;
      }
      let enfileiradas = 0;
      for (const { IDT, status } of pendencias) {
        if (await registrarPendencia(con, IDT, status)) enfileiradas++;
      }
      await q.marcarConsulta(con, null);
      return { consultada: true, enfileiradas };
    } finally {
      await sql`SELECT pg_advisory_unlock(${CHAVE_CONSULTA})`.execute(con);
    }
  });
}

/**
 * One pending trâmite, in a short transaction: the row created or its state updated, and the job enqueued unless
 * one is alive for this IDT (checked under the row's lock). Only receiving is handled in this step; the sending
 * states (1, 5, 8) update a known trâmite's state and wait for the sending steps.
 */
function registrarPendencia(db: Banco, idt: number, situacao: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const receber = SITUACOES_A_RECEBER.includes(situacao);
    const linha = await q.registrarPendencia(trx, idt, situacao, receber);
    if (linha?.sentido !== 'R' || !receber || q.ETAPAS_FINAIS.includes(linha.etapa)) return false;
    if (await q.haTarefaViva(trx, TAREFA_RECEBER_TRAMITE, idt)) return false;
    await enfileirar(trx, TAREFA_RECEBER_TRAMITE, { idt }, { maxTentativas: 10 });
    return true;
  });
}

const payloadSchema = z.object({ idt: z.number().int().positive() });

/** The queue's handler of TAREFA_RECEBER_TRAMITE. */
export function tratadorRecebimentoTramita(deps: DependenciasRecebimento): TratadorTarefa {
  return async (payload) => {
    await receberTramite(deps, payloadSchema.parse(payload).idt);
  };
}

/**
 * Runs the trâmite's steps from the one persisted until it is concluded or refused. Idempotent: a concluded or
 * refused trâmite does nothing, and each step rereads what the previous ones wrote. A failure (the barramento down,
 * a part cut short) is kept in `ultima_falha` and thrown: the queue tries again later, from the same step.
 */
export async function receberTramite(deps: DependenciasRecebimento, idt: number): Promise<void> {
  const inicial = await q.buscarTramitePorIdt(deps.db, idt);
  if (inicial?.sentido !== 'R' || q.ETAPAS_FINAIS.includes(inicial.etapa)) return;
  const configuracao = await queries.buscarConfiguracao(deps.db);
  if (!configuracao?.ativo) return;
  if (!(await q.reservarTramite(deps.db, inicial.id, RESERVA_SEGUNDOS))) return;
  let cliente: ClienteTramita;
  try {
    cliente = await abrirCliente(deps, configuracao, deps.config.tempoLimiteMs);
  } catch (erro) {
    await q.liberarTramite(deps.db, inicial.id);
    throw erro;
  }
  const contexto: Contexto = { deps, cliente, configuracao, idt };
  try {
    for (;;) {
      await q.reservarTramite(deps.db, inicial.id, RESERVA_SEGUNDOS, true);
      const tramite = await q.buscarTramitePorIdt(deps.db, idt);
      if (!tramite) return;
      switch (tramite.etapa) {
        case 'METADADOS':
          await etapaMetadados(contexto, tramite);
          break;
        case 'VALIDAR':
          await etapaValidar(contexto, tramite);
          break;
        case 'BAIXAR':
          await etapaBaixar(contexto, tramite);
          break;
        case 'REGISTRAR':
          await etapaRegistrar(contexto, tramite);
          break;
        case 'RECIBO':
          await etapaRecibo(contexto, tramite);
          break;
        case 'RECUSAR':
          await etapaRecusar(contexto, tramite);
          break;
        default:
          return;
      }
    }
  } catch (erro) {
    await q.atualizarTramite(deps.db, inicial.id, {
      ultimaFalha: mensagemDe(erro).slice(0, 2000),
      ultimaFalhaEm: new Date(),
    });
    throw erro;
  } finally {
    cliente.fechar();
    await q.liberarTramite(deps.db, inicial.id);
  }
}

interface Contexto {
  deps: DependenciasRecebimento;
  cliente: ClienteTramita;
  configuracao: NonNullable<Awaited<ReturnType<typeof queries.buscarConfiguracao>>>;
  idt: number;
}

const recusar = (db: Banco, id: number, motivo: MotivoRecusa, justificativa: string) =>
  q.atualizarTramite(db, id, {
    etapa: 'RECUSAR',
    motivoRecusa: motivo,
    justificativaRecusa: cortarJustificativa(justificativa),
  });

/** At most TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA characters, ending in "..." when cut. */
export function cortarJustificativa(texto: string): string {
  const maximo = TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA;
  return texto.length <= maximo ? texto : `${texto.slice(0, maximo - 3)}...`;
}

const NIVEL_PEN: Record<number, 'P' | 'R' | 'S'> = { 1: 'P', 2: 'R', 3: 'S' };

/** 1. METADADOS: the metadata (2 → 3) and one row per digital component, in one transaction. */
async function etapaMetadados({ deps, cliente, idt }: Contexto, tramite: q.LinhaTramiteExterno): Promise<void> {
  const metadados = await cliente.obterMetadados(idt);
  const noBarramento = await cliente.consultarTramite(idt);
  const pendentes = new Set(noBarramento?.hashDosComponentesPendentesDeRecebimento ?? []);
  const processo = metadados.processo;
  await deps.db.transaction().execute(async (trx) => {
    const atual = await q.travarTramite(trx, tramite.id);
    if (atual.etapa !== 'METADADOS') return;
    await q.atualizarTramite(trx, tramite.id, {
      metadados: JSON.stringify(metadados),
      nre: metadados.NRE,
      protocolo: processo?.protocolo ?? metadados.documento?.protocolo ?? null,
      idRepositorioRemetente: metadados.remetente?.identificacaoDoRepositorioDeEstruturas ?? null,
      numeroEstruturaRemetente: metadados.remetente?.numeroDeIdentificacaoDaEstrutura ?? null,
      idRepositorioDestinatario: metadados.destinatario?.identificacaoDoRepositorioDeEstruturas ?? null,
      numeroEstruturaDestinatario: metadados.destinatario?.numeroDeIdentificacaoDaEstrutura ?? null,
      situacaoBarramento: noBarramento?.situacaoAtual ?? atual.situacaoBarramento,
      etapa: 'VALIDAR',
    });
    if (!processo) return;
    await q.inserirComponentes(
      trx,
      processo.documentos.flatMap((documento) =>
        documento.componentesDigitais.map((componente) => ({
          idTramiteExterno: tramite.id,
          ordemDocumento: documento.ordem,
          ordem: componente.ordem,
          protocolo: processo.protocolo,
          hash: componente.hash.conteudo,
          tamanho: componente.tamanhoEmBytes,
          nome: componente.nome,
          tipoMime:
            componente.mimeType === 'outro'
              ? (componente.dadosComplementaresDoTipoDeArquivo ?? 'application/octet-stream')
              : componente.mimeType,
          codigoEspecie: documento.especie.codigo,
          nomeEspecie: documento.especie.nomeNoProdutor,
          // The stricter of the process's level and the document's: nothing is made public on the way in.
          nivelAcesso: NIVEL_PEN[Math.max(processo.nivelDeSigilo, documento.nivelDeSigilo)] ?? 'S',
          retirado: documento.retirado ?? false,
          pendenteNoBarramento: pendentes.has(componente.hash.conteudo),
        })),
      ),
    );
  });
}

interface Problema {
  motivo: MotivoRecusa;
  texto: string;
}

/**
 * 2. VALIDAR (§4.2), without touching the documents: the destination mapped to a unit that receives, every species
 * mapped (or the default type), every restricted or secret document's hypothesis mapped, sizes within the limit,
 * the NUP not already here. Every problem goes into the justification; 04 when a species is missing, else 99.
 */
async function etapaValidar({ deps, configuracao }: Contexto, tramite: q.LinhaTramiteExterno): Promise<void> {
  const { db } = deps;
  const metadados = metadadosTramiteSchema.parse(tramite.metadados);
  const processo = metadados.processo;
  const M = MENSAGENS.tramita.recebimento;
  if (!processo) return recusar(db, tramite.id, '99', M.documentoAvulso);
  if (configuracao.idUnidadeTramita === null || configuracao.idTipoDocumentoRecebido === null) {
    return recusar(db, tramite.id, '99', M.naoConfigurado);
  }
  const problemas: Problema[] = [];
  const numeroDestino = tramite.numeroEstruturaDestinatario ?? 0;
  const unidade = await q.unidadeMapeada(db, numeroDestino);
  if (!unidade?.recebe || !unidade.ativa)
    problemas.push({ motivo: '99', texto: M.destinatarioNaoMapeado(numeroDestino) });
  if (await q.numeroExiste(db, processo.protocolo, somenteDigitosNup(processo.protocolo))) {
    problemas.push({ motivo: '99', texto: M.nupExistente(processo.protocolo) });
  }
  const especies = await q.mapaEspeciesRecebimento(db);
  const hipoteses = await q.mapaHipotesesRecebimento(db);
  const limiteBytes = configuracao.tamanhoMaximoComponenteMb * BLOCO_TRANSFERENCIA.bytesPorMb;
  const componentes = await q.listarComponentes(db, tramite.id);
  const mapeados = new Map<number, { idTipoDocumento: number; idHipoteseLegal: number | null }>();
  for (const documento of processo.documentos) {
    const idTipo = especies.get(documento.especie.codigo) ?? configuracao.idTipoPecaPadraoRecebimento;
    if (idTipo === null) {
      problemas.push({
        motivo: '04',
        texto: M.especieNaoMapeada(documento.ordem, documento.especie.nomeNoProdutor, documento.especie.codigo),
      });
    }
    let idHipotese: number | null = null;
    if (Math.max(processo.nivelDeSigilo, documento.nivelDeSigilo) > 1) {
      const hipotese = documento.hipoteseLegal ?? processo.hipoteseLegal;
      idHipotese = hipotese ? (hipoteses.get(hipotese.identificacao) ?? null) : null;
      if (idHipotese === null) {
        const nome = hipotese ? (hipotese.nome ?? String(hipotese.identificacao)) : 'não informada';
        problemas.push({ motivo: '99', texto: M.hipoteseNaoMapeada(documento.ordem, nome) });
      }
    }
    for (const componente of documento.componentesDigitais) {
      if (componente.tamanhoEmBytes > limiteBytes) {
        problemas.push({
          motivo: '99',
          texto: M.tamanhoExcedido(documento.ordem, componente.nome, configuracao.tamanhoMaximoComponenteMb),
        });
      }
    }
    if (idTipo !== null) mapeados.set(documento.ordem, { idTipoDocumento: idTipo, idHipoteseLegal: idHipotese });
  }
  if (problemas.length > 0) {
    const motivo = problemas.some((p) => p.motivo === '04') ? '04' : '99';
    const textos = [...problemas.filter((p) => p.motivo === motivo), ...problemas.filter((p) => p.motivo !== motivo)];
    return recusar(db, tramite.id, motivo, textos.map((p) => p.texto).join('; '));
  }
  await db.transaction().execute(async (trx) => {
    for (const componente of componentes) {
      const mapeado = mapeados.get(componente.ordemDocumento);
      await q.atualizarComponente(trx, componente.id, {
        idTipoDocumento: mapeado?.idTipoDocumento ?? null,
        idHipoteseLegal: mapeado?.idHipoteseLegal ?? null,
      });
    }
    await q.atualizarTramite(trx, tramite.id, { idUnidade: unidade?.idUnidade ?? null, etapa: 'BAIXAR' });
  });
}

/** Where a component's download is written until it is verified: outside the content-addressed tree. */
const caminhoParcial = (armazenamento: ArmazenamentoArquivos, idt: number, componente: q.LinhaComponente) =>
  join(armazenamento.raiz, 'tmp', `tramita-${idt}-${componente.ordemDocumento}-${componente.ordem}.parcial`);

async function sincronizarArquivo(caminho: string): Promise<void> {
  const arquivo = await open(caminho, 'r+');
  try {
    await arquivo.datasync();
  } finally {
    await arquivo.close();
  }
}

async function sha256DoArquivo(caminho: string): Promise<string> {
  const resumo = createHash('sha256');
  for await (const pedaco of createReadStream(caminho)) resumo.update(pedaco as Buffer);
  return resumo.digest('hex');
}

/**
 * 3. BAIXAR: each component not yet verified, in parts of `bloco_mb` (whole when smaller), decoded in a stream into
 * its partial file; `bytes_recebidos` is written after each part is on disk, so a new attempt truncates the file
 * there and asks only the next parts. Then one read for the SHA-256: different from the metadata → refuse 02; equal
 * → the file is renamed into the store (its `arquivo` row comes with the peça, in REGISTRAR).
 */
async function etapaBaixar({ deps, cliente, configuracao, idt }: Contexto, tramite: q.LinhaTramiteExterno) {
  const { db, armazenamento } = deps;
  const bloco = configuracao.blocoMb * BLOCO_TRANSFERENCIA.bytesPorMb;
  for (const componente of await q.listarComponentes(db, tramite.id)) {
    if (componente.estado === 'VERIFICADO') continue;
    const caminho = caminhoParcial(armazenamento, idt, componente);
    await mkdir(dirname(caminho), { recursive: true });
    const id = { hashDoComponenteDigital: componente.hash, protocolo: componente.protocolo };
    let recebidos = componente.bytesRecebidos;
    if (componente.tamanho <= bloco) {
      await cliente.baixarComponente(idt, id, caminho);
      recebidos = componente.tamanho;
    } else {
      // Whatever a dead attempt wrote past the last confirmed part is cut off.
      const arquivo = await open(caminho, 'a');
      await arquivo.truncate(recebidos);
      await arquivo.close();
      for (const parte of partesDe(componente.tamanho, bloco)) {
        if (parte.fim <= recebidos) continue;
        await cliente.baixarParte(idt, id, parte, caminho);
        await sincronizarArquivo(caminho);
        recebidos = parte.fim;
        await q.atualizarComponente(db, componente.id, { bytesRecebidos: recebidos, estado: 'BAIXANDO' });
        await q.reservarTramite(db, tramite.id, RESERVA_SEGUNDOS, true);
      }
    }
    const tamanho = (await stat(caminho)).size;
    const sha256 = await sha256DoArquivo(caminho);
    if (tamanho !== componente.tamanho || hashPen(sha256) !== componente.hash) {
      await rm(caminho, { force: true });
      await q.atualizarComponente(db, componente.id, { bytesRecebidos: 0, estado: 'PENDENTE' });
      return recusar(
        db,
        tramite.id,
        '02',
        MENSAGENS.tramita.recebimento.hashDiferente(componente.ordemDocumento, componente.nome),
      );
    }
    await sincronizarArquivo(caminho);
    const destino = armazenamento.caminho(sha256);
    await mkdir(dirname(destino), { recursive: true });
    await rename(caminho, destino);
    await q.atualizarComponente(db, componente.id, { bytesRecebidos: recebidos, sha256, estado: 'VERIFICADO' });
  }
  await q.atualizarTramite(db, tramite.id, { etapa: 'REGISTRAR' });
}

/** A failure of the database while registering that no new attempt would fix: refused with 99. */
const erroDeRegistro = (erro: unknown) => {
  const codigo = (erro as { code?: unknown })?.code;
  return typeof codigo === 'string' && (codigo.startsWith('23') || codigo.startsWith('22'));
};

/**
 * 4. REGISTRAR (one transaction, once every component is verified and the barramento is at 4): the document with
 * the original NUP, one peça per component with the mapped level and hypothesis, the external history, and the
 * tramitação from the internal unit "Tramita GOV.BR" to the mapped unit, pending receipt (the unit's box,
 * "aguardando"). Already registered: skipped. A file removed meanwhile from the store (the orphans' sweep) is
 * downloaded again.
 */
async function etapaRegistrar({ deps, cliente, configuracao, idt }: Contexto, tramite: q.LinhaTramiteExterno) {
  const { db, armazenamento } = deps;
  const componentes = await q.listarComponentes(db, tramite.id);
  for (const componente of componentes) {
    if (componente.sha256 && (await armazenamento.existe(componente.sha256))) continue;
    await q.atualizarComponente(db, componente.id, { estado: 'PENDENTE', bytesRecebidos: 0, sha256: null });
    await q.atualizarTramite(db, tramite.id, { etapa: 'BAIXAR' });
    return;
  }
  const noBarramento = await cliente.consultarTramite(idt);
  const situacao = noBarramento?.situacaoAtual ?? 0;
  if (situacao !== 4) {
    if (situacao === 5 || situacao === 6) return q.atualizarTramite(db, tramite.id, { etapa: 'RECIBO' });
    throw new Error(`O trâmite ${idt} está na situação ${situacao} do Tramita GOV.BR; o registro espera a situação 4`);
  }
  const metadados = metadadosTramiteSchema.parse(tramite.metadados);
  try {
    await db.transaction().execute((trx) => registrar(trx, { tramite, metadados, componentes, configuracao }));
  } catch (erro) {
    if (!erroDeRegistro(erro)) throw erro;
    await recusar(db, tramite.id, '99', MENSAGENS.tramita.recebimento.erroRegistro(mensagemDe(erro)));
  }
}

async function registrar(
  trx: Banco,
  dados: {
    tramite: q.LinhaTramiteExterno;
    metadados: Metadados;
    componentes: q.LinhaComponente[];
    configuracao: Contexto['configuracao'];
  },
): Promise<void> {
  const { tramite, metadados, componentes, configuracao } = dados;
  const atual = await q.travarTramite(trx, tramite.id);
  if (atual.etapa !== 'REGISTRAR' || atual.idDocumento !== null) return;
  const processo = metadados.processo;
  const idUnidadeTramita = configuracao.idUnidadeTramita;
  const idTipo = configuracao.idTipoDocumentoRecebido;
  const idUnidade = atual.idUnidade;
  if (!processo || idUnidadeTramita === null || idTipo === null || idUnidade === null) {
    throw new Error('Trâmite sem processo, unidade ou tipo: a validação deveria tê-lo recusado');
  }
  const M = MENSAGENS.tramita.recebimento;
  if (await q.numeroExiste(trx, processo.protocolo, somenteDigitosNup(processo.protocolo))) {
    await recusar(trx, tramite.id, '99', M.nupExistente(processo.protocolo));
    return;
  }
  const idUsuario = configuracao.idUsuario;
  const volumoso = componentes.some((c) => c.tamanho > 5 * BLOCO_TRANSFERENCIA.bytesPorMb);
  const { id: idDocumento } = await trx
    .insertInto('documento')
    .values({
      numero: processo.protocolo,
      numeroDigitos: somenteDigitosNup(processo.protocolo),
      idTipoDocumento: idTipo,
      idAssunto: null,
      resumoAssunto: processo.descricao,
      observacao: null,
      urgente: false,
      motivoUrgencia: null,
      tipoInteressado: null,
      idInteressado: null,
      idUnidadeProcedencia: idUnidadeTramita,
      idUnidadeCriadora: idUnidadeTramita,
      idUnidadeAtual: idUnidadeTramita,
      idUsuarioCriador: idUsuario,
      situacao: 'ENVIADO',
      estadoProcessamento: 1,
      estadoOrigem: 4,
      estadoTamanho: volumoso ? 2 : 1,
      estadoVisibilidadeCaixa: null,
      idDocumentoOrigem: null,
      numeroDocumentoOrigem: processo.protocolo,
      emissorDocumentoOrigem: processo.produtor.unidade?.nome ?? processo.produtor.nome,
      dataDocumentoOrigem: null,
      dataRecebimento: null,
      dataEnvio: sql`now()`,
      dataValidade: sql`now()`,
      idDocumentoAgregador: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tipos = await q.descricoesTipos(trx, [
    ...new Set(componentes.flatMap((c) => (c.idTipoDocumento === null ? [] : [c.idTipoDocumento]))),
  ]);
  let sequencial = 0;
  for (const componente of componentes) {
    const sha256 = componente.sha256 ?? '';
    await bloquearConteudo(trx, sha256);
    await inserirArquivo(trx, { sha256, tamanho: componente.tamanho, tipoMime: componente.tipoMime });
    const idPeca = await inserirPecaRecebida(trx, {
      idDocumento,
      sha256,
      nome: componente.nome,
      sequencial: ++sequencial,
      descricao:
        (componente.idTipoDocumento === null ? null : tipos.get(componente.idTipoDocumento)) ?? componente.nomeEspecie,
      nivelAcesso: componente.nivelAcesso,
      idHipoteseLegal: componente.nivelAcesso === 'P' ? null : componente.idHipoteseLegal,
      idUsuario,
      retirada: componente.retirado ? M.pecaRetirada : null,
    });
    await q.atualizarComponente(trx, componente.id, { idPeca });
  }
  await q.inserirHistorico(
    trx,
    (processo.itensHistorico ?? []).map((item, i) => ({
      idDocumento,
      idTramiteExterno: tramite.id,
      ordem: i + 1,
      dataHora: item.dataHoraOperacao,
      unidade: item.unidadeOperacao,
      operacao: item.operacao,
      usuario: item.usuario ?? null,
    })),
  );
  const origem = processo.produtor.unidade?.nome ?? processo.produtor.nome;
  await trx
    .insertInto('tramitacao')
    .values({
      idDocumento,
      sequencia: 1,
      idFluxo: null,
      idPasso: null,
      idUnidadeOrigem: idUnidadeTramita,
      idUnidadeDestino: idUnidade,
      idUsuarioRemetente: idUsuario,
      despacho: M.despachoChegada(origem, metadados.NRE),
      nivelAcesso: 'P',
      idHipoteseLegal: null,
      despachoPreparatorio: null,
      dtDespacho: sql`now()`,
      dtRecebimento: null,
      idUsuarioRecebedor: null,
      idTramitacaoPrincipal: null,
      prazo: null,
      origemPrazo: null,
      retornoProgramado: null,
      situacaoAnterior: 'EM_CRIACAO',
      estadoProcessamentoAnterior: 6,
      dataEnvioAnterior: null,
      prazoAnterior: null,
    })
    .execute();
  await q.atualizarTramite(trx, tramite.id, { idDocumento, registradoEm: new Date(), etapa: 'RECIBO' });
  await registrarAuditoria(trx, {
    idUsuario: null,
    acao: 'RECEBER_TRAMITE_EXTERNO',
    entidade: 'documento',
    idEntidade: idDocumento,
    depois: {
      idt: tramite.idt,
      nre: metadados.NRE,
      protocolo: processo.protocolo,
      origem,
      idUnidade,
      pecas: componentes.length,
    },
  });
}

/**
 * 5. RECIBO: the signed receipt (4 → 5), with `dataDeRecebimento` the date of the change to 4 in UTC and every
 * distinct hash of the process. Already in 5 or 6 (a receipt sent by an attempt that died before writing it down):
 * concluded without sending again.
 */
async function etapaRecibo({ deps, cliente, idt }: Contexto, tramite: q.LinhaTramiteExterno) {
  const noBarramento = await cliente.consultarTramite(idt);
  const situacao = noBarramento?.situacaoAtual ?? 0;
  if (situacao === 5 || situacao === 6) {
    return q.atualizarTramite(deps.db, tramite.id, {
      etapa: 'CONCLUIDO',
      situacaoBarramento: situacao,
      concluidoEm: new Date(),
    });
  }
  const mudanca = noBarramento?.mudancasDeSituacao.findLast((m) => m.situacao === 4);
  const dataDeRecebimento = new Date(mudanca?.dataHora ?? Date.now()).toISOString();
  const componentes = await q.listarComponentes(deps.db, tramite.id);
  const enviado = await cliente.enviarReciboDeTramite(idt, {
    nre: tramite.nre ?? '',
    dataDeRecebimento,
    hashes: [...new Set(componentes.map((c) => c.hash))],
  });
  await q.atualizarTramite(deps.db, tramite.id, {
    etapa: 'CONCLUIDO',
    situacaoBarramento: 5,
    reciboDataRecebimento: enviado.dataDeRecebimento,
    reciboHashAssinatura: enviado.hashDaAssinatura,
    concluidoEm: new Date(),
  });
}

/**
 * 6. RECUSAR: the refusal with its code and justification (→ 8); the partial files are deleted (files already
 * renamed into the store have no row and go with the orphans' sweep). Already 8 or 9: only written down.
 */
async function etapaRecusar({ deps, cliente, idt }: Contexto, tramite: q.LinhaTramiteExterno) {
  const motivo = (tramite.motivoRecusa ?? '99') as MotivoRecusa;
  const justificativa = tramite.justificativaRecusa ?? MENSAGENS.tramita.recebimento.erroRegistro('motivo ausente');
  const noBarramento = await cliente.consultarTramite(idt);
  const situacao = noBarramento?.situacaoAtual ?? 0;
  if (situacao !== 8 && situacao !== 9) await cliente.recusarTramite(idt, { motivo, justificativa });
  for (const componente of await q.listarComponentes(deps.db, tramite.id)) {
    await rm(caminhoParcial(deps.armazenamento, idt, componente), { force: true });
  }
  await deps.db.transaction().execute(async (trx) => {
    await q.atualizarTramite(trx, tramite.id, {
      etapa: 'RECUSADO',
      situacaoBarramento: situacao === 9 ? 9 : 8,
      concluidoEm: new Date(),
    });
    await registrarAuditoria(trx, {
      idUsuario: null,
      acao: 'RECUSAR_TRAMITE_EXTERNO',
      entidade: 'tramite_externo',
      idEntidade: tramite.id,
      depois: { idt, nre: tramite.nre, protocolo: tramite.protocolo, motivo, justificativa },
    });
  });
}
