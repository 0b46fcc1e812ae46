import type { PendenciaPen, SituacaoTramite } from '@tramite/shared';
import type { CenarioBarramento, SistemaCenario } from './cenario.ts';

/**
 * The test barramento's memory: the scenario it was started with and the trâmites it holds. The sending and
 * receiving state machine (protocol notes §4, plan steps 6 and 8) writes `tramites`; the pending list is derived from
 * them, as the real one is per calling system.
 */

interface EstruturaRef {
  repositorio: number;
  numero: number;
}

/** A component the barramento asked the sender for, known by its hash within a protocol (§7.1–7.2). */
export interface ComponenteDuble {
  hash: string;
  protocolo: string;
  /** `tamanhoEmBytes` of the metadata: what the upload must add up to. */
  tamanho: number;
  /** Uploaded whole, or its parts joined, with the size and hash declared. */
  recebido: boolean;
  /** Parts written so far (while uploading in parts): `inicio` → `fim` (exclusive). */
  partes: Map<number, number>;
  /** Its content on disk (written by offset, never held in memory). */
  caminho: string;
  /** Served to the receiver whole, or its parts served cover it (§8.2). */
  baixado: boolean;
  /** Parts served to the receiver so far: `inicio` → `fim` (exclusive). */
  faixasBaixadas: Map<number, number>;
}

/** A download the receiver asked for (§8.2): `faixa` is `inicio-fim`, or null for the whole component. */
export interface DownloadPedido {
  protocolo: string;
  hash: string;
  faixa: string | null;
}

/** The receiver's refusal (§8.4). */
export interface RecusaDuble {
  motivo: string;
  justificativa: string;
}

/** The receiver's signed receipt as it arrived (§9), with the certificate it came with over TLS. */
export interface ReciboDuble {
  dataDeRecebimento: string;
  hashDaAssinatura: string;
  hashes: string[];
  /** Base64 DER of the receiver's TLS client certificate: the `cadeiaDoCertificado` the sender gets. */
  certificado: string;
}

export interface TramiteDuble {
  IDT: number;
  NRE: string;
  remetente: EstruturaRef;
  destinatario: EstruturaRef;
  situacao: SituacaoTramite;
  mudancas: { situacao: SituacaoTramite; dataHora: string }[];
  /** The process's protocol (the NUP) and the metadata as sent (§7.1). */
  protocolo: string;
  metadados: unknown;
  /** `ticketParaEnvioDeComponentesDigitais`. */
  ticket: string;
  /** The components asked for in the answer to tramites/processo. */
  componentes: ComponenteDuble[];
  /** When the last asked component arrived (the sender's receipt's date). */
  dataUltimoComponente: string | null;
  recusa: RecusaDuble | null;
  recibo: ReciboDuble | null;
  /** Every download asked for, in arrival order, repeats included (what a resumed receiver asks again). */
  downloads: DownloadPedido[];
}

/** What each side is asked to do in each state (protocol notes §5). */
const PENDENTE_NO_REMETENTE: readonly SituacaoTramite[] = [1, 5, 8];
const PENDENTE_NO_DESTINATARIO: readonly SituacaoTramite[] = [2, 3, 4];

const representa = (sistema: SistemaCenario, estrutura: EstruturaRef) =>
  sistema.estruturas.some((e) => e.repositorio === estrutura.repositorio && e.numero === estrutura.numero);

export class EstadoBarramento {
  readonly tramites = new Map<number, TramiteDuble>();
  /** An NRE per process protocol, kept across the process's trâmites (§3). */
  readonly nrePorProtocolo = new Map<string, string>();
  /** Hashes already delivered to the barramento under each NRE (for `enviarApenasComponentesDigitaisPendentes`). */
  readonly hashesPorNre = new Map<string, Set<string>>();

  /** What each system was already told by `tramites/pendentes`, as `IDT:status` (for `todas=false`). */
  private readonly pendenciasEntregues = new Map<string, Set<string>>();

  constructor(readonly cenario: CenarioBarramento) {}

  sistemaPorImpressao(impressao: string | undefined): SistemaCenario | undefined {
    return this.cenario.sistemas.find((sistema) => sistema.impressao === impressao);
  }

  /**
   * GET tramites/pendentes: the trâmites waiting on this system, in IDT order. With `todas` false, only those not
   * listed to it before in the same status (what `false` filters is NOT CONFIRMED, notes §5).
   */
  pendenciasDe(sistema: SistemaCenario, todas = true): PendenciaPen[] {
    const entregues = this.pendenciasEntregues.get(sistema.nome) ?? new Set<string>();
    this.pendenciasEntregues.set(sistema.nome, entregues);
    const lista = [...this.tramites.values()]
      .filter(
        (tramite) =>
          (PENDENTE_NO_REMETENTE.includes(tramite.situacao) && representa(sistema, tramite.remetente)) ||
          (PENDENTE_NO_DESTINATARIO.includes(tramite.situacao) && representa(sistema, tramite.destinatario)),
      )
      .sort((a, b) => a.IDT - b.IDT)
      .map((tramite) => ({ IDT: tramite.IDT, status: tramite.situacao }));
    const novas = lista.filter((p) => !entregues.has(`${p.IDT}:${p.status}`));
    for (const p of lista) entregues.add(`${p.IDT}:${p.status}`);
    return todas ? lista : novas;
  }
}
