import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipoRelatorio, UnidadeRelatorio } from '@tramite/shared';
import { api } from '../../lib/api';

/** GET relatorios/{x}/unidades: the user's own units first (they are grouped that way), then by name. */
export const consultaUnidadesRelatorio = (tipo: TipoRelatorio) =>
  queryOptions({
    queryKey: ['relatorios', tipo, 'unidades'],
    queryFn: ({ signal }) => api.get<UnidadeRelatorio[]>(`relatorios/${tipo}/unidades`, { signal }),
    select: (unidades) => [...unidades.filter((u) => u.lotacao), ...unidades.filter((u) => !u.lotacao)],
  });

export const useUnidadesRelatorio = (tipo: TipoRelatorio) => useQuery(consultaUnidadesRelatorio(tipo));

export interface PedidoRelatorio {
  idsUnidades: number[];
  /** 'YYYY-MM-DDTHH:mm' (spec §9: date, 'T', time). */
  inicio: string;
  fim: string;
}

/** GET relatorios/malote | relatorios/desarquivados: the PDF, with the file name the server chose. */
export function gerarRelatorio(tipo: TipoRelatorio, pedido: PedidoRelatorio) {
  return api.binario(`relatorios/${tipo}`, {
    params: { idsUnidades: pedido.idsUnidades, inicio: pedido.inicio, fim: pedido.fim },
  });
}
