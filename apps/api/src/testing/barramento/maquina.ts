import { createHash, createSign, createVerify, X509Certificate } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type envioProcessoSchema,
  type envioReciboSchema,
  type filtroTramitesSchema,
  type identificacaoComponenteSchema,
  type ParteComponente,
  PRAZO_CANCELAMENTO_AUTOMATICO_DIAS,
  type ProcessoPen,
  type reciboDeEnvioSchema,
  type reciboTramiteSchema,
  type recusaTramiteSchema,
  type respostaEnvioProcessoSchema,
  SITUACOES_CANCELAVEIS,
  SITUACOES_RECUSAVEIS,
  type SituacaoTramite,
  type tramitePenSchema,
  xmlReciboEnvio,
  xmlReciboTramite,
} from '@tramite/shared';
import type { z } from 'zod';
import type { SistemaCenario } from './cenario.ts';
import type { ParPem } from './certificados.ts';
import type { ComponenteDuble, EstadoBarramento, TramiteDuble } from './estado.ts';

/**
 * The test barramento's state machine (protocol notes §4, §7–9). Sending: a trâmite started with its metadata (1),
 * its components uploaded whole or in parts to disk and checked against the declared size and `base64(sha256)`, 2
 * when the last asked component arrived, the sender's receipt signed by the test CA, the sender's cancellation
 * (1–4 → 7) and the automatic one (10) after the deadline in 1–4, on a clock the tests move. Receiving: the metadata
 * (2 → 3), the components served whole or in parts as Base64 read from disk (3 → 4 once every pending one was
 * served), the receiver's receipt checked against its TLS certificate (4 → 5) and handed to the sender (5 → 6), the
 * refusal (3–4 → 8) and the sender's acknowledgement (8 → 9).
 *
 * The HTTP statuses and the codes starting with 9 are our choice (the real ones were not seen, notes §3): 400 a body
 * or path that does not parse, 404 a trâmite or ticket the calling system cannot see, 409 a transition the state does
 * not allow, 422 a component whose size or hash is not the declared one.
 */

export const CODIGOS_PEN = {
  requisicaoInvalida: '9400',
  certificadoNaoCadastrado: '9403',
  naoEncontrado: '9404',
  transicaoInvalida: '9409',
  componenteInvalido: '9422',
  /** The receiver's receipt does not verify against its certificate. */
  reciboInvalido: '9423',
  erroInterno: '9500',
  /** Seen in the reference client: a structure number outside the repository asked. */
  estruturaForaDoRepositorio: '0055',
  /** Seen in the reference client: the process already has a trâmite under way (notes §4). */
  tramiteEmAndamento: '0044',
} as const;

export class ErroPen extends Error {
  constructor(
    readonly status: number,
    readonly codigoErro: string,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

const DIA_MS = 24 * 60 * 60 * 1000;

/** The barramento's clock: the real time plus what the tests advanced. */
export class Relogio {
  private deslocamentoMs = 0;

  agora(): Date {
    return new Date(Date.now() + this.deslocamentoMs);
  }

  /** Moves the clock forward (fractions of a day allowed). */
  avancar(dias: number): void {
    if (!(dias >= 0)) throw new RangeError('the clock only moves forward');
    this.deslocamentoMs += dias * DIA_MS;
  }
}

/** States in which the process still has a trâmite under way: a new one is refused with 0044. */
const SITUACOES_EM_ANDAMENTO: readonly SituacaoTramite[] = [1, 2, 3, 4, 5, 8];

type EnvioProcesso = z.output<typeof envioProcessoSchema>;
type IdentificacaoComponente = z.output<typeof identificacaoComponenteSchema>;

/** How far parts cover a component from byte 0 with no gap. */
function coberturaDe(partes: Map<number, number>): number {
  let ate = 0;
  for (const [inicio, fim] of [...partes].sort((a, b) => a[0] - b[0])) {
    if (inicio > ate) break;
    ate = Math.max(ate, fim);
  }
  return ate;
}

/** Base64 text of a component's bytes `inicio`–`fim` (exclusive), when it is served (§8.2). */
const tamanhoBase64 = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * The Base64 of a file's byte range, read from disk and encoded as it streams (whole groups of 3 bytes per chunk,
 * the rest carried over): a 50 MiB part is never held whole. `corromper` flips the range's first byte.
 */
export async function* base64DoArquivo(
  caminho: string,
  inicio: number,
  fim: number,
  corromper: boolean,
): AsyncGenerator<Buffer> {
  if (fim <= inicio) return;
  let resto = Buffer.alloc(0);
  let primeiro = corromper;
  for await (const lido of createReadStream(caminho, { start: inicio, end: fim - 1 })) {
    let pedaco = lido as Buffer;
    if (primeiro) {
      pedaco = Buffer.from(pedaco);
      pedaco.writeUInt8(pedaco.readUInt8(0) ^ 0xff, 0);
      primeiro = false;
    }
    const junto = resto.length > 0 ? Buffer.concat([resto, pedaco]) : pedaco;
    const inteiros = junto.length - (junto.length % 3);
    resto = Buffer.from(junto.subarray(inteiros));
    if (inteiros > 0) yield Buffer.from(junto.subarray(0, inteiros).toString('base64'), 'latin1');
  }
  if (resto.length > 0) yield Buffer.from(resto.toString('base64'), 'latin1');
}

/** A download checked and ready to serve: where the bytes are, and what to record once they were sent. */
export interface DownloadPreparado {
  tramite: TramiteDuble;
  caminho: string;
  inicio: number;
  fim: number;
  /** The length of the Base64 answer. */
  tamanhoResposta: number;
  /** Called when the whole answer was written: counts the range as downloaded (and may move 3 → 4). */
  servido: () => void;
}

const representa = (sistema: SistemaCenario, estrutura: TramiteDuble['remetente']) =>
  sistema.estruturas.some((e) => e.repositorio === estrutura.repositorio && e.numero === estrutura.numero);

const naoEncontrado = (mensagem: string) => new ErroPen(404, CODIGOS_PEN.naoEncontrado, mensagem);
const transicaoInvalida = (mensagem: string) => new ErroPen(409, CODIGOS_PEN.transicaoInvalida, mensagem);
const componenteInvalido = (mensagem: string) => new ErroPen(422, CODIGOS_PEN.componenteInvalido, mensagem);
const requisicaoInvalida = (mensagem: string) => new ErroPen(400, CODIGOS_PEN.requisicaoInvalida, mensagem);

/** The components of a process and of the processes joined to it, each protocol with its own (§7.1, §10.1). */
function componentesDoProcesso(processo: ProcessoPen): { protocolo: string; hash: string; tamanho: number }[] {
  const lista = processo.documentos.flatMap((documento) =>
    documento.componentesDigitais.map((c) => ({
      protocolo: processo.protocolo,
      hash: c.hash.conteudo,
      tamanho: c.tamanhoEmBytes,
    })),
  );
  return [...lista, ...(processo.processoApensado ?? []).flatMap(componentesDoProcesso)];
}

/** Reads a stream to the end, keeping nothing: what is left of a refused upload. */
export async function descartar(fluxo: Readable): Promise<void> {
  for await (const _ of fluxo) {
    // discarded
  }
}

export interface OpcoesMaquina {
  /** Where components are written. */
  pasta: string;
  relogio: Relogio;
  /** Signs the sender's receipt (the test CA). */
  assinante: ParPem;
  prazoDias?: number;
}

export class MaquinaBarramento {
  private proximoIdt = 1;
  private proximoNre = 1;
  private proximoTicket = 1;
  readonly prazoDias: number;

  constructor(
    private readonly estado: EstadoBarramento,
    private readonly opcoes: OpcoesMaquina,
  ) {
    this.prazoDias = opcoes.prazoDias ?? PRAZO_CANCELAMENTO_AUTOMATICO_DIAS;
  }

  get relogio(): Relogio {
    return this.opcoes.relogio;
  }

  private mudar(tramite: TramiteDuble, situacao: SituacaoTramite): void {
    tramite.situacao = situacao;
    tramite.mudancas.push({ situacao, dataHora: this.relogio.agora().toISOString() });
  }

  /**
   * Cancels (10) every trâmite that stayed in 1–4 longer than the deadline since its last change of state (notes
   * §4: "parado"; whether it counts from the start is NOT CONFIRMED). Answers the IDTs cancelled.
   */
  varrer(): number[] {
    const agora = this.relogio.agora().getTime();
    const cancelados: number[] = [];
    for (const tramite of this.estado.tramites.values()) {
      if (!SITUACOES_CANCELAVEIS.includes(tramite.situacao)) continue;
      const desde = Date.parse(tramite.mudancas.at(-1)?.dataHora ?? '');
      if (agora - desde > this.prazoDias * DIA_MS) {
        this.mudar(tramite, 10);
        cancelados.push(tramite.IDT);
      }
    }
    return cancelados;
  }

  /** The sender sees its trâmites always; the receiver once the components are in and until a refusal. */
  private ve(sistema: SistemaCenario, tramite: TramiteDuble): boolean {
    if (representa(sistema, tramite.remetente)) return true;
    return (
      representa(sistema, tramite.destinatario) &&
      tramite.mudancas.some((m) => m.situacao === 2) &&
      tramite.situacao !== 8 &&
      tramite.situacao !== 9
    );
  }

  private tramiteVisivel(sistema: SistemaCenario, idt: number): TramiteDuble {
    const tramite = this.estado.tramites.get(idt);
    if (!tramite || !this.ve(sistema, tramite)) throw naoEncontrado(`Trâmite ${idt} não encontrado`);
    return tramite;
  }

  /** POST tramites/processo (→ 1, or 2 at once when no component is asked). */
  iniciar(sistema: SistemaCenario, envio: EnvioProcesso): z.input<typeof respostaEnvioProcessoSchema> {
    const { cabecalho, processo } = envio;
    const remetente = {
      repositorio: cabecalho.remetente.identificacaoDoRepositorioDeEstruturas,
      numero: cabecalho.remetente.numeroDeIdentificacaoDaEstrutura,
    };
    const destinatario = {
      repositorio: cabecalho.destinatario.identificacaoDoRepositorioDeEstruturas,
      numero: cabecalho.destinatario.numeroDeIdentificacaoDaEstrutura,
    };
    if (!representa(sistema, remetente)) {
      throw requisicaoInvalida('O remetente não é uma estrutura representada por este sistema');
    }
    const estrutura = this.estado.cenario.repositorios
      .find((r) => r.id === destinatario.repositorio)
      ?.estruturas.find((e) => e.numero === destinatario.numero);
    if (!estrutura) {
      throw new ErroPen(
        400,
        CODIGOS_PEN.estruturaForaDoRepositorio,
        'A unidade pesquisada não está vinculada à estrutura organizacional selecionada',
      );
    }
    if (estrutura.ativo === false || estrutura.aptoParaReceberTramites === false) {
      throw requisicaoInvalida(`A estrutura ${estrutura.sigla} não está habilitada a receber trâmites`);
    }
    const emAndamento = [...this.estado.tramites.values()].some(
      (t) => t.protocolo === processo.protocolo && SITUACOES_EM_ANDAMENTO.includes(t.situacao),
    );
    if (emAndamento) {
      throw new ErroPen(409, CODIGOS_PEN.tramiteEmAndamento, 'O processo já possui um trâmite em andamento');
    }

    const pedidos = new Map<string, { protocolo: string; hash: string; tamanho: number }>();
    for (const componente of componentesDoProcesso(processo)) {
      const chave = `${componente.protocolo}\n${componente.hash}`;
      const anterior = pedidos.get(chave);
      if (anterior && anterior.tamanho !== componente.tamanho) {
        throw requisicaoInvalida(`O componente ${componente.hash} foi informado com dois tamanhos diferentes`);
      }
      pedidos.set(chave, componente);
    }

    const nre =
      cabecalho.NRE ??
      this.estado.nrePorProtocolo.get(processo.protocolo) ??
      `${String(this.proximoNre++).padStart(12, '0')}${this.relogio.agora().getUTCFullYear()}`;
    this.estado.nrePorProtocolo.set(processo.protocolo, nre);
    const jaEntregues = cabecalho.enviarApenasComponentesDigitaisPendentes
      ? (this.estado.hashesPorNre.get(nre) ?? new Set<string>())
      : new Set<string>();

    const idt = this.proximoIdt++;
    const agora = this.relogio.agora().toISOString();
    const componentes: ComponenteDuble[] = [...pedidos.values()]
      .filter((c) => !jaEntregues.has(c.hash))
      .map((c, indice) => ({
        ...c,
        recebido: false,
        partes: new Map(),
        caminho: join(this.opcoes.pasta, String(idt), String(indice)),
        baixado: false,
        faixasBaixadas: new Map(),
      }));
    const tramite: TramiteDuble = {
      IDT: idt,
      NRE: nre,
      remetente,
      destinatario,
      situacao: 1,
      mudancas: [{ situacao: 1, dataHora: agora }],
      protocolo: processo.protocolo,
      metadados: envio,
      ticket: String(1_000_000 + this.proximoTicket++),
      componentes,
      dataUltimoComponente: null,
      recusa: null,
      recibo: null,
      downloads: [],
    };
    this.estado.tramites.set(idt, tramite);
    if (componentes.length === 0) this.concluirComponentes(tramite);

    const porProtocolo = new Map<string, string[]>();
    for (const c of componentes) porProtocolo.set(c.protocolo, [...(porProtocolo.get(c.protocolo) ?? []), c.hash]);
    return {
      IDT: idt,
      NRE: nre,
      dataHoraDeRegistroDoTramite: agora,
      ticketParaEnvioDeComponentesDigitais: tramite.ticket,
      processosComComponentesDigitaisSolicitados: [...porProtocolo].map(([protocolo, hashes]) => ({
        protocolo,
        hashes,
      })),
    };
  }

  /**
   * The trâmite and component an upload names, checked before any byte is read: the ticket must be of a trâmite of
   * the calling system (404), in state 1 (409), and the component one it asked for (400).
   */
  componenteDoUpload(
    sistema: SistemaCenario,
    ticket: string,
    id: IdentificacaoComponente,
  ): { tramite: TramiteDuble; componente: ComponenteDuble } {
    const tramite = [...this.estado.tramites.values()].find((t) => t.ticket === ticket);
    if (!tramite || !representa(sistema, tramite.remetente)) {
      throw naoEncontrado(`Ticket ${ticket} não encontrado`);
    }
    if (tramite.situacao !== 1) {
      throw transicaoInvalida(
        `O trâmite ${tramite.IDT} não aguarda componentes digitais (situação ${tramite.situacao})`,
      );
    }
    const componente = tramite.componentes.find(
      (c) => c.hash === id.hashDoComponenteDigital && c.protocolo === id.protocolo,
    );
    if (!componente) {
      throw requisicaoInvalida(
        `O componente ${id.hashDoComponenteDigital} do protocolo ${id.protocolo} não foi solicitado neste trâmite`,
      );
    }
    return { tramite, componente };
  }

  /** PUT …/componentes-a-enviar: the whole content, checked for size and hash; the trâmite stays in 1 if wrong. */
  async receberInteiro(tramite: TramiteDuble, componente: ComponenteDuble, fluxo: Readable): Promise<void> {
    await mkdir(join(this.opcoes.pasta, String(tramite.IDT)), { recursive: true });
    componente.partes.clear();
    const resumo = createHash('sha256');
    let tamanho = 0;
    await pipeline(
      fluxo,
      async function* (origem: AsyncIterable<Buffer>) {
        for await (const pedaco of origem) {
          resumo.update(pedaco);
          tamanho += pedaco.length;
          yield pedaco;
        }
      },
      createWriteStream(componente.caminho),
    );
    await this.conferir(tramite, componente, tamanho, resumo.digest('base64'));
  }

  /**
   * PUT …/partes/{inicio}-{fim}: the bytes written at their offset, in any order, a repeated part overwriting the
   * earlier one. The part must lie within the declared size and hold exactly `fim - inicio` bytes (422).
   */
  async receberParte(
    tramite: TramiteDuble,
    componente: ComponenteDuble,
    parte: ParteComponente,
    fluxo: Readable,
  ): Promise<void> {
    if (parte.fim > componente.tamanho) {
      await descartar(fluxo);
      throw componenteInvalido(
        `A parte ${parte.inicio}-${parte.fim} passa do tamanho informado do componente (${componente.tamanho} bytes)`,
      );
    }
    await mkdir(join(this.opcoes.pasta, String(tramite.IDT)), { recursive: true });
    await (await open(componente.caminho, 'a')).close();
    let tamanho = 0;
    const esperado = parte.fim - parte.inicio;
    await pipeline(
      fluxo,
      async function* (origem: AsyncIterable<Buffer>) {
        for await (const pedaco of origem) {
          // Never past the part's end: a longer body is refused below, without touching the next part.
          const cabe = Math.max(0, esperado - tamanho);
          tamanho += pedaco.length;
          if (cabe > 0) yield cabe >= pedaco.length ? pedaco : pedaco.subarray(0, cabe);
        }
      },
      createWriteStream(componente.caminho, { flags: 'r+', start: parte.inicio }),
    );
    if (tamanho !== esperado) {
      // What was written of it is no longer a known part.
      for (const [inicio, fim] of componente.partes) {
        if (inicio < parte.inicio + Math.min(tamanho, esperado) && fim > parte.inicio) componente.partes.delete(inicio);
      }
      throw componenteInvalido(
        `A parte ${parte.inicio}-${parte.fim} deveria ter ${esperado} bytes e chegou com ${tamanho}`,
      );
    }
    componente.partes.set(parte.inicio, parte.fim);
  }

  /**
   * POST …/partes/sinalizacao-termino-envio: the parts must cover the component from 0 to its size; the file's
   * hash is then checked. A wrong hash drops the parts (the sender starts the component again).
   */
  async terminarPartes(tramite: TramiteDuble, componente: ComponenteDuble): Promise<void> {
    const ate = coberturaDe(componente.partes);
    if (ate < componente.tamanho) {
      throw componenteInvalido(
        `Faltam partes do componente ${componente.hash}: recebidos os bytes até ${ate} de ${componente.tamanho}`,
      );
    }
    const resumo = createHash('sha256');
    await pipeline(createReadStream(componente.caminho), async (origem: AsyncIterable<Buffer>) => {
      for await (const pedaco of origem) resumo.update(pedaco);
    });
    const { size } = await stat(componente.caminho);
    await this.conferir(tramite, componente, size, resumo.digest('base64'));
  }

  /** Size and hash against the metadata (422, the content dropped); the last asked component moves the trâmite to 2. */
  private async conferir(tramite: TramiteDuble, c: ComponenteDuble, tamanho: number, hash: string): Promise<void> {
    if (tamanho !== c.tamanho || hash !== c.hash) {
      c.partes.clear();
      c.recebido = false;
      await rm(c.caminho, { force: true });
      throw componenteInvalido(
        tamanho !== c.tamanho
          ? `O componente ${c.hash} tem ${tamanho} bytes e foi informado com ${c.tamanho}`
          : `O hash do componente recebido (${hash}) não confere com o informado (${c.hash})`,
      );
    }
    c.recebido = true;
    // A trâmite cancelled while this upload ran keeps its state.
    if (tramite.situacao === 1 && tramite.componentes.every((x) => x.recebido)) this.concluirComponentes(tramite);
  }

  private concluirComponentes(tramite: TramiteDuble): void {
    tramite.dataUltimoComponente = this.relogio.agora().toISOString();
    const entregues = this.estado.hashesPorNre.get(tramite.NRE) ?? new Set<string>();
    for (const c of tramite.componentes) entregues.add(c.hash);
    this.estado.hashesPorNre.set(tramite.NRE, entregues);
    this.mudar(tramite, 2);
  }

  /** GET tramites/{idt}/recibo-de-envio: the sender's, once every asked component arrived; signed by the test CA. */
  reciboDeEnvio(sistema: SistemaCenario, idt: number): z.input<typeof reciboDeEnvioSchema> {
    const tramite = this.tramiteVisivel(sistema, idt);
    if (!representa(sistema, tramite.remetente)) throw naoEncontrado(`Trâmite ${idt} não encontrado`);
    const data = tramite.dataUltimoComponente;
    if (data === null) throw transicaoInvalida(`Os componentes digitais do trâmite ${idt} ainda não foram recebidos`);
    const hashes = tramite.componentes.map((c) => c.hash);
    const xml = xmlReciboEnvio({ idt, nre: tramite.NRE, dataDeRecebimentoDoUltimoComponenteDigital: data, hashes });
    const assinatura = createSign('RSA-SHA256').update(xml, 'utf8').sign(this.opcoes.assinante.chave, 'base64');
    return {
      reciboDeEnvio: {
        IDT: idt,
        NRE: tramite.NRE,
        dataDeRecebimentoDoUltimoComponenteDigital: data,
        hashesDosComponentesDigitais: hashes,
      },
      cadeiaDoCertificado: new X509Certificate(this.opcoes.assinante.certificado).raw.toString('base64'),
      hashDaAssinatura: assinatura,
    };
  }

  /** DELETE tramites/{idt}: only the sender, in 1–4 (→ 7). */
  cancelar(sistema: SistemaCenario, idt: number): void {
    const tramite = this.tramiteVisivel(sistema, idt);
    if (!representa(sistema, tramite.remetente)) {
      throw transicaoInvalida(`Só o remetente pode cancelar o trâmite ${idt}`);
    }
    if (!SITUACOES_CANCELAVEIS.includes(tramite.situacao)) {
      throw transicaoInvalida(`O trâmite ${idt} não pode ser cancelado na situação ${tramite.situacao}`);
    }
    this.mudar(tramite, 7);
  }

  // Receiving (notes §8–9).

  /** The trâmite, seen by the calling system, which must be its receiver (409 for its sender, 404 for others). */
  private doDestinatario(sistema: SistemaCenario, idt: number, acao: string): TramiteDuble {
    const tramite = this.tramiteVisivel(sistema, idt);
    if (!representa(sistema, tramite.destinatario)) {
      throw transicaoInvalida(`Só o destinatário pode ${acao} o trâmite ${idt}`);
    }
    return tramite;
  }

  /** The trâmite, seen by the calling system, which must be its sender (409 for its receiver, 404 for others). */
  private doRemetente(sistema: SistemaCenario, idt: number, acao: string): TramiteDuble {
    const tramite = this.tramiteVisivel(sistema, idt);
    if (!representa(sistema, tramite.remetente)) {
      throw transicaoInvalida(`Só o remetente pode ${acao} o trâmite ${idt}`);
    }
    return tramite;
  }

  /**
   * GET tramites/{idt}: the metadata as the sender sent it, with `nre` in lower case as the notes saw (§8.1). The
   * receiver asking in 2 moves the trâmite to 3 (and straight to 4 when no component is pending: NOT CONFIRMED); the
   * sender, or the receiver later, only reads.
   */
  metadados(sistema: SistemaCenario, idt: number): Record<string, unknown> {
    const tramite = this.tramiteVisivel(sistema, idt);
    if (representa(sistema, tramite.destinatario) && tramite.situacao === 2) {
      this.mudar(tramite, 3);
      this.talvezBaixado(tramite);
    }
    const { cabecalho, processo } = tramite.metadados as EnvioProcesso;
    return {
      IDT: tramite.IDT,
      nre: tramite.NRE,
      remetente: cabecalho.remetente,
      destinatario: cabecalho.destinatario,
      propriedadesAdicionais: cabecalho.propriedadesAdicionais ?? [],
      processo,
    };
  }

  /**
   * POST tramites/{idt}/protocolos/componentes-digitais[/partes/{inicio}-{fim}]: checked before any byte is served.
   * Only the receiver, in 3 or 4 (after asking the metadata; 409 otherwise); the component must be in the metadata
   * (404), the part within its size (400). A component not asked of the sender in this trâmite (delivered in an
   * earlier one of the same NRE) is served from there and does not count for 4.
   */
  prepararDownload(
    sistema: SistemaCenario,
    idt: number,
    id: IdentificacaoComponente,
    parte: ParteComponente | null,
  ): DownloadPreparado {
    const tramite = this.doDestinatario(sistema, idt, 'baixar componentes de');
    if (tramite.situacao !== 3 && tramite.situacao !== 4) {
      throw transicaoInvalida(
        `Os componentes do trâmite ${idt} não estão disponíveis na situação ${tramite.situacao}; solicite antes os metadados`,
      );
    }
    const { processo } = tramite.metadados as EnvioProcesso;
    const declarado = componentesDoProcesso(processo).find(
      (c) => c.hash === id.hashDoComponenteDigital && c.protocolo === id.protocolo,
    );
    if (!declarado) {
      throw naoEncontrado(
        `O componente ${id.hashDoComponenteDigital} do protocolo ${id.protocolo} não existe no trâmite ${idt}`,
      );
    }
    const doTramite = (t: TramiteDuble) =>
      t.componentes.find((c) => c.recebido && c.hash === declarado.hash && c.protocolo === declarado.protocolo);
    const pendente = tramite.componentes.find((c) => c.hash === declarado.hash && c.protocolo === declarado.protocolo);
    const fonte =
      doTramite(tramite) ??
      [...this.estado.tramites.values()].filter((t) => t.NRE === tramite.NRE).flatMap((t) => doTramite(t) ?? [])[0];
    if (!fonte) throw naoEncontrado(`O conteúdo do componente ${declarado.hash} não está no barramento`);
    const { inicio, fim } = parte ?? { inicio: 0, fim: declarado.tamanho };
    if (fim > declarado.tamanho) {
      throw requisicaoInvalida(`A parte ${inicio}-${fim} passa do tamanho do componente (${declarado.tamanho} bytes)`);
    }
    tramite.downloads.push({
      protocolo: declarado.protocolo,
      hash: declarado.hash,
      faixa: parte ? `${inicio}-${fim}` : null,
    });
    return {
      tramite,
      caminho: fonte.caminho,
      inicio,
      fim,
      tamanhoResposta: tamanhoBase64(fim - inicio),
      servido: () => {
        if (!pendente || pendente.baixado) return;
        pendente.faixasBaixadas.set(inicio, Math.max(fim, pendente.faixasBaixadas.get(inicio) ?? 0));
        if (coberturaDe(pendente.faixasBaixadas) >= pendente.tamanho) pendente.baixado = true;
        this.talvezBaixado(tramite);
      },
    };
  }

  /** 3 → 4 once every component asked of the sender was served to the receiver (a cancelled trâmite stays). */
  private talvezBaixado(tramite: TramiteDuble): void {
    if (tramite.situacao === 3 && tramite.componentes.every((c) => c.baixado)) this.mudar(tramite, 4);
  }

  /**
   * The hashes the receiver's receipt lists (§9): each distinct component hash of the process and of the processes
   * joined to it, as declared in the metadata (NOT CONFIRMED: whether the real one lists repeated hashes twice, or
   * only the components asked in this trâmite).
   */
  private hashesDoRecibo(tramite: TramiteDuble): string[] {
    const { processo } = tramite.metadados as EnvioProcesso;
    return [...new Set(componentesDoProcesso(processo).map((c) => c.hash))].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
  }

  /**
   * POST tramites/{idt}/recibo: only the receiver, in 4 (409). The canonical XML is rebuilt with the trâmite's hashes
   * and the date sent, and the RSA-SHA256 signature checked against the certificate the receiver connected with:
   * 422 (9423) if it does not verify. → 5.
   */
  receberRecibo(
    sistema: SistemaCenario,
    idt: number,
    corpo: z.output<typeof envioReciboSchema>,
    certificadoDer: Buffer,
  ): void {
    const tramite = this.doDestinatario(sistema, idt, 'enviar o recibo de');
    if (tramite.situacao !== 4) {
      throw transicaoInvalida(`O trâmite ${idt} não aguarda o recibo de conclusão (situação ${tramite.situacao})`);
    }
    if (Number.isNaN(Date.parse(corpo.dataDeRecebimento))) {
      throw requisicaoInvalida(`Data de recebimento inválida: ${corpo.dataDeRecebimento}`);
    }
    const hashes = this.hashesDoRecibo(tramite);
    const xml = xmlReciboTramite({ idt, nre: tramite.NRE, dataDeRecebimento: corpo.dataDeRecebimento, hashes });
    const certificado = new X509Certificate(certificadoDer);
    let valida = false;
    try {
      valida = createVerify('RSA-SHA256')
        .update(xml, 'utf8')
        .verify(certificado.publicKey, corpo.hashDaAssinatura, 'base64');
    } catch {
      valida = false;
    }
    if (!valida) {
      throw new ErroPen(
        422,
        CODIGOS_PEN.reciboInvalido,
        `A assinatura do recibo do trâmite ${idt} não confere com o certificado do sistema`,
      );
    }
    tramite.recibo = {
      dataDeRecebimento: corpo.dataDeRecebimento,
      hashDaAssinatura: corpo.hashDaAssinatura,
      hashes,
      certificado: certificadoDer.toString('base64'),
    };
    this.mudar(tramite, 5);
  }

  /**
   * GET tramites/{idt}/recibo: the sender gets the receiver's receipt with the receiver's certificate (§7.5); in 5
   * this concludes the trâmite (→ 6); in 6 it is answered again; before, 409.
   */
  reciboDeConclusao(sistema: SistemaCenario, idt: number): z.input<typeof reciboTramiteSchema> {
    const tramite = this.doRemetente(sistema, idt, 'obter o recibo de conclusão de');
    const { recibo } = tramite;
    if (!recibo || (tramite.situacao !== 5 && tramite.situacao !== 6)) {
      throw transicaoInvalida(`O trâmite ${idt} não tem recibo de conclusão (situação ${tramite.situacao})`);
    }
    if (tramite.situacao === 5) this.mudar(tramite, 6);
    return {
      recibo: {
        IDT: idt,
        NRE: tramite.NRE,
        dataDeRecebimento: recibo.dataDeRecebimento,
        hashesDosComponentesDigitais: recibo.hashes,
      },
      cadeiaDoCertificado: recibo.certificado,
      hashDaAssinatura: recibo.hashDaAssinatura,
    };
  }

  /** POST tramites/{idt}/recusa: only the receiver, in 3 or 4 (409 otherwise; whether 2 is allowed is NOT CONFIRMED). → 8. */
  recusar(sistema: SistemaCenario, idt: number, recusa: z.output<typeof recusaTramiteSchema>): void {
    const tramite = this.doDestinatario(sistema, idt, 'recusar');
    if (!SITUACOES_RECUSAVEIS.includes(tramite.situacao)) {
      throw transicaoInvalida(`O trâmite ${idt} não pode ser recusado na situação ${tramite.situacao}`);
    }
    tramite.recusa = { motivo: recusa.motivo, justificativa: recusa.justificativa };
    this.mudar(tramite, 8);
  }

  /** GET tramites/{idt}/ciencia (a GET that changes state, as the reference client calls it): only the sender, in 8. → 9. */
  darCiencia(sistema: SistemaCenario, idt: number): void {
    const tramite = this.doRemetente(sistema, idt, 'dar ciência da recusa de');
    if (tramite.situacao !== 8) {
      throw transicaoInvalida(`O trâmite ${idt} não aguarda ciência de recusa (situação ${tramite.situacao})`);
    }
    this.mudar(tramite, 9);
  }

  /** GET tramites?IDT=&NRE=&protocolo=: the trâmites the calling system sees, in IDT order (§8.3). */
  consultar(
    sistema: SistemaCenario,
    filtro: z.output<typeof filtroTramitesSchema>,
  ): z.input<typeof tramitePenSchema>[] {
    return [...this.estado.tramites.values()]
      .filter(
        (t) =>
          this.ve(sistema, t) &&
          (filtro.IDT === undefined || t.IDT === filtro.IDT) &&
          (filtro.NRE === undefined || t.NRE === filtro.NRE) &&
          (filtro.protocolo === undefined || t.protocolo === filtro.protocolo),
      )
      .sort((a, b) => a.IDT - b.IDT)
      .map((t) => ({
        IDT: t.IDT,
        NRE: t.NRE,
        remetente: {
          identificacaoDoRepositorioDeEstruturas: t.remetente.repositorio,
          numeroDeIdentificacaoDaEstrutura: t.remetente.numero,
        },
        destinatario: {
          identificacaoDoRepositorioDeEstruturas: t.destinatario.repositorio,
          numeroDeIdentificacaoDaEstrutura: t.destinatario.numero,
        },
        situacaoAtual: t.situacao,
        protocolo: t.protocolo,
        motivoDaRecusa: t.recusa?.motivo ?? null,
        justificativaDaRecusa: t.recusa?.justificativa ?? null,
        hashDosComponentesPendentesDeRecebimento: [
          ...new Set(t.componentes.filter((c) => !c.baixado).map((c) => c.hash)),
        ],
        mudancasDeSituacao: t.mudancas,
      }));
  }
}
