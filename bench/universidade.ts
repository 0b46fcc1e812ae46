/** The shape of the benchmark's university: its dimensions at a scale and the well-known rows the benchmark uses. */

export interface Dimensoes {
  unidades: number;
  usuarios: number;
  documentos: number;
  interessados: number;
  /** Documents of each special set (busy box, pending pool, malote): documentos / 50. */
  porConjunto: number;
}

export function dimensoes(escala: number): Dimensoes {
  const documentos = Math.max(500, Math.round(1_000_000 * escala));
  // At least 100 units: with fewer, an ordinary unit's box (documentos / (unidades - 3)) outgrows the busy one's.
  const unidades = Math.max(100, Math.round(200 * escala));
  // Every unit gets the same number of users (ids unit + unidades * j).
  const usuarios = unidades * Math.max(5, Math.round((5_000 * escala) / unidades));
  return {
    unidades,
    usuarios,
    documentos,
    interessados: Math.max(100, Math.round(2_000 * escala)),
    porConjunto: Math.floor(documentos / 50),
  };
}

/** The well-known rows the benchmark uses. */
export const ESPECIAIS = {
  unidadeMovimentada: 2,
  unidadeRecebimento: 3,
  unidadeMalote: 4,
  documentoLongo: 1,
  documentoConsolidacao: 2,
  documentoVolumoso: 3,
  usuarioMovimentada: 'protocolo',
  usuarioRecebimento: 'recebedor',
  senha: 'bench',
  tramitacoesDocumentoLongo: 200,
  pecasDocumentoLongo: 100,
} as const;
