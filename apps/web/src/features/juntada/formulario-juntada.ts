import { TIPOS_AGREGACAO, type TipoAgregacao } from '@tramite/shared';
import { z } from 'zod';

/** Screen texts of the join wizard that are not messages of the specification. */
export const TEXTOS = {
  erroDocumento: 'Não foi possível carregar o documento',
  erroBusca: 'Não foi possível buscar os documentos',
  escolhaTipo: 'Escolha anexar ou apensar',
  escolhaDocumento: 'Escolha um documento da lista',
} as const;

/** The wizard's choices: the kind of join, the number searched and the document chosen among those found. */
export interface CamposJuntada {
  tipo: TipoAgregacao | null;
  numero: string;
  idDocumento: number | null;
}

/**
 * What each step needs before the next one (its message goes to the step's alert): a kind of join, then a document.
 * What POST documentos/{id}/agregados receives (juntarSchema) is made of both on confirming.
 */
export const juntadaSchema: z.ZodType<{ [C in keyof CamposJuntada]: NonNullable<CamposJuntada[C]> }, CamposJuntada> =
  z.object({
    tipo: z.enum(TIPOS_AGREGACAO, { error: TEXTOS.escolhaTipo }),
    numero: z.string(),
    idDocumento: z.number({ error: TEXTOS.escolhaDocumento }),
  });
