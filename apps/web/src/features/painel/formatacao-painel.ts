import { formatarData } from '../../lib/formatacao';

// The painel's numbers and dates, written once for the chart, its table and its CSV (the same text in all three).

/** A count in pt-BR: '1.234'. */
export const formatarQuantidade = (valor: number): string => valor.toLocaleString('pt-BR');

/** Days with one decimal in pt-BR: '3,5', '4,0'. */
export const formatarDiasDecimais = (valor: number): string =>
  valor.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 'YYYY-MM-DD' as DD/MM/AAAA. */
export const formatarDia = (data: string): string => formatarData(data);

/**
 * Okabe–Ito blue and vermillion: told apart with every common colour blindness, and both above 3:1 against white
 * (WCAG 1.4.11) — the palette's orange and yellow are not, so they are left out. Series also differ by mark, dash or
 * label, never by colour alone.
 */
export const CORES_PAINEL = { azul: '#0072B2', vermelhao: '#D55E00' } as const;
