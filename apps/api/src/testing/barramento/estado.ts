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

  constructor(readonly cenario: CenarioBarramento) {}

  sistemaPorImpressao(impressao: string | undefined): SistemaCenario | undefined {
    return this.cenario.sistemas.find((sistema) => sistema.impressao === impressao);
  }

  /** GET tramites/pendentes: the trâmites waiting on this system, in IDT order. */
  pendenciasDe(sistema: SistemaCenario): PendenciaPen[] {
    return [...this.tramites.values()]
      .filter(
        (tramite) =>
          (PENDENTE_NO_REMETENTE.includes(tramite.situacao) && representa(sistema, tramite.remetente)) ||
          (PENDENTE_NO_DESTINATARIO.includes(tramite.situacao) && representa(sistema, tramite.destinatario)),
      )
      .sort((a, b) => a.IDT - b.IDT)
      .map((tramite) => ({ IDT: tramite.IDT, status: tramite.situacao }));
  }
}
