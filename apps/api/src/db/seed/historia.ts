import type { FormatoNup } from '@tramite/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { Aleatorio } from './aleatorio.ts';
import { registrarLeituras } from './caixa-postal.ts';
import { type DocumentoPlano, PESOS_TIPO, PlanejadorDocumentos, type UltimoNup } from './documentos.ts';
import { ajustarSequencias, inserirEmLotes } from './inserir.ts';
import { linhasDocumentos, linhasTramitacoes, numerarRegistros } from './linhas-documentos.ts';
import { dataLocal, MINUTOS_DIA_UTIL, type RelogioExpediente } from './relogio.ts';
import type { ChaveTipo } from './vocabulario.ts';

// Issue 22: a year of movement for the Painel. The stories (cenarios.ts) are few and mostly recent; this adds
// documents that went from unit to unit over the last twelve months and were archived, so the weekly flow, the
// time in unit per type and the Protocolo Central's stays show real shapes, without touching any box but the
// Arquivo Central's (where archived documents rest). A few stay held in the Protocolo Central (RETIDOS_NO_PROTOCOLO).

const SEMENTE_HISTORIA = 20_251_126;
const ARQUIVADOS = 480;
/** Share of them received and kept by the Protocolo Central (the demo's main unit) before it archived them. */
const PELO_PROTOCOLO = 0.35;
/**
 * Held in the Protocolo Central's box, received so many office days ago: three over 90 days and one in the band of 6
 * to 15 days, which the stories' documents reach only at its edge.
 */
const RETIDOS_NO_PROTOCOLO: [number, number][] = [
  [6.5, 7.5],
  [70, 170],
  [70, 170],
  [70, 170],
];
/** Office days in twelve months. */
const DIAS_UTEIS_ANO = 258;

/** The university's rhythm: the holidays of January, July and December are quiet, the terms busy. */
const PESO_MES = [0.45, 0.75, 1.25, 1.1, 1.1, 1, 0.65, 1.2, 1.1, 1.1, 1.05, 0.7];
const MAIOR_PESO_MES = Math.max(...PESO_MES);

/** How long each type stays in a unit, relative to the others: purchases and contracts wait for opinions. */
const RITMO_TIPO: Partial<Record<ChaveTipo, number>> = {
  processoCompra: 1.8,
  contrato: 1.6,
  convenio: 1.6,
  processoSeletivo: 1.4,
  edital: 1.3,
  processo: 1.2,
  parecer: 1.2,
  recursoAdministrativo: 1.1,
  oficio: 0.7,
  despacho: 0.6,
  requerimento: 0.6,
  declaracao: 0.5,
  certidao: 0.5,
  solicitacaoDiarias: 0.45,
};

/** Memorando is extinct: none in the last year. */
const TIPOS_HISTORIA = PESOS_TIPO.filter(([tipo]) => tipo !== 'memorando');

export interface HistoriaPlano {
  documentos: DocumentoPlano[];
  /** The NUP sequences after the history's documents (continuing `depoisDe.ultimos`). */
  ultimosNup: Map<string, UltimoNup>;
}

/**
 * The year of history, numbered after the stories' documents (ids and NUP sequences continue theirs), so those keep
 * their ids and numbers. Its own random streams: one for the documents, whose structure is the same on every run,
 * and one for the dates, drawn along the months' rhythm.
 */
export function planejarHistoria(
  relogio: RelogioExpediente,
  formato: FormatoNup,
  depoisDe: { ultimoId: number; ultimos: ReadonlyMap<string, UltimoNup> },
): HistoriaPlano {
  const aleatorio = new Aleatorio(SEMENTE_HISTORIA);
  const datas = new Aleatorio(SEMENTE_HISTORIA + 1);
  const planejador = new PlanejadorDocumentos(aleatorio, relogio, { semCarla: true });
  // Days to weeks, a few long ones.
  const estadia = (tipo: ChaveTipo) => {
    const dias = aleatorio.ponderado([
      [aleatorio.real(0.3, 4), 62],
      [aleatorio.real(4, 15), 28],
      [aleatorio.real(15, 60), 10],
    ] as const);
    return dias * (RITMO_TIPO[tipo] ?? 1);
  };
  // Office days before now when it was archived, more often in busy months.
  const arquivadoHa = () => {
    for (;;) {
      const dias = datas.real(0.3, DIAS_UTEIS_ANO);
      const mes = Number(dataLocal(relogio.paraData(relogio.agoraMin - dias * MINUTOS_DIA_UTIL)).slice(5, 7)) - 1;
      if (datas.proximo() * MAIOR_PESO_MES < (PESO_MES[mes] as number)) return dias;
    }
  };
  for (let i = 0; i < ARQUIVADOS; i++) {
    const dias = arquivadoHa();
    planejador.novo({
      desfecho: 'ARQUIVADO',
      tipo: aleatorio.ponderado(TIPOS_HISTORIA),
      ...(aleatorio.chance(PELO_PROTOCOLO) ? { destinoFinal: 'PROT' } : {}),
      movimentos: [1, 4],
      urgente: false,
      recencia: [dias, dias],
      estadia,
    });
  }
  for (const recencia of RETIDOS_NO_PROTOCOLO) {
    planejador.novo({
      desfecho: 'RECEBIDO',
      tipo: aleatorio.ponderado(TIPOS_HISTORIA),
      destinoFinal: 'PROT',
      movimentos: [1, 3],
      urgente: false,
      recencia,
      estadia,
    });
  }
  planejador.origemPeloTipo();
  const ultimosNup = planejador.numerar(formato, depoisDe);
  return { documentos: planejador.documentos, ultimosNup };
}

/**
 * Inserts the year of history, last of the demo (the other steps choose their documents among the stories'):
 * documents, tramitações after the ones already written, and the receivers' reads. Answers the rows per table.
 */
export async function semearHistoria(
  trx: Transaction<Database>,
  documentos: readonly DocumentoPlano[],
  relogio: RelogioExpediente,
): Promise<Record<string, number>> {
  const primeiro = documentos[0];
  if (!primeiro) return {};
  const { rows } = await sql<{ ultimo: number }>`SELECT coalesce(max(id), 0)::int AS ultimo FROM tramitacao`.execute(
    trx,
  );
  numerarRegistros(documentos, [], rows[0]?.ultimo ?? 0);
  const documento = await inserirEmLotes(trx, 'documento', linhasDocumentos(documentos, relogio));
  const tramitacao = await inserirEmLotes(trx, 'tramitacao', linhasTramitacoes(documentos, relogio));
  const documentoLeitura = await registrarLeituras(trx, primeiro.id);
  await ajustarSequencias(trx, ['documento', 'tramitacao']);
  return { documento, tramitacao, documentoLeitura };
}
