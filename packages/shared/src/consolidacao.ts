import { z } from 'zod';

// The prefix lives with the rules without zod: the session (on the first screen) clears these keys at logout.
export { PREFIXO_CONSOLIDACAO } from './regras-leves.ts';

export const ESTADOS_CONSOLIDACAO = ['PENDENTE', 'PROCESSANDO', 'CONCLUIDA', 'ERRO'] as const;
export type EstadoConsolidacao = (typeof ESTADOS_CONSOLIDACAO)[number];
export const ROTULOS_ESTADO_CONSOLIDACAO: Record<EstadoConsolidacao, string> = {
  PENDENTE: 'Pendente',
  PROCESSANDO: 'Processando',
  CONCLUIDA: 'Concluída',
  ERRO: 'Erro',
};

/** Output formats of a consolidation (the `tipo` of POST consolidacao/{idDocumento}/{tipo}). */
export const TIPOS_CONSOLIDACAO = ['PDF'] as const;

/** How many recent consolidations GET consolidacao answers. */
export const LIMITE_CONSOLIDACOES_RECENTES = 20;
/** Unfinished consolidations a requester (user, or IP when anonymous) may have at once. */
export const LIMITE_CONSOLIDACOES_EM_ANDAMENTO = 3;
/** Peças per request, and uuids per state lookup. */
export const LIMITE_PECAS_CONSOLIDACAO = 2000;
export const LIMITE_CONSULTA_CONSOLIDACOES = 50;

export const consolidacaoSchema = z.object({
  uuid: z.uuid(),
  idDocumento: z.number().int(),
  numero: z.string(),
  tipo: z.string(),
  estado: z.enum(ESTADOS_CONSOLIDACAO),
  quantidadePecas: z.number().int(),
  paginas: z.number().int().nullable(),
  tamanho: z.number().int().nullable(),
  erro: z.string().nullable(),
  criadoEm: z.string(),
  concluidoEm: z.string().nullable(),
  /** Holds a peça an anonymous reader could not open: only its requester may follow and download it. */
  restrita: z.boolean(),
  /** Past its retention: the PDF was (or is about to be) deleted; ask for it again. */
  expirada: z.boolean(),
  /** When a finished one stops being served (null while it is being built). */
  expiraEm: z.string().nullable(),
});
export type Consolidacao = z.infer<typeof consolidacaoSchema>;

export const consolidacaoSolicitadaSchema = z.object({ uuid: z.uuid() });

/** An unfinished consolidation is worth asking about again. */
export function consolidacaoEmAndamento(estado: EstadoConsolidacao): boolean {
  return estado === 'PENDENTE' || estado === 'PROCESSANDO';
}

/** File name of the download: the NUP with its slash replaced. */
export function nomeArquivoConsolidacao(numero: string): string {
  return `consolidacao-${numero.replace(/[^0-9A-Za-z.-]+/g, '-')}.pdf`;
}
