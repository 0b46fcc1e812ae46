/**
 * The cases every two-date period filter answers (`problemaPeriodo`), for a validator that reads the dates under the
 * names `inicio` and `fim`: the filters it accepts, and those it refuses with their message.
 */
export function casosPeriodo(inicio: string, fim: string, mensagens: { incompleto: string; invertido: string }) {
  const periodo = (de?: string, ate?: string): Record<string, string> => ({
    ...(de === undefined ? {} : { [inicio]: de }),
    ...(ate === undefined ? {} : { [fim]: ate }),
  });
  const recusados: [Record<string, string>, string][] = [
    [periodo('2026-01-01'), mensagens.incompleto],
    [periodo('', '2026-01-01'), mensagens.incompleto],
    [periodo(undefined, '2026-01-01'), mensagens.incompleto],
    [periodo('2026-01-02', '2026-01-01'), mensagens.invertido],
    [periodo('2026-02-01', '2026-01-01'), mensagens.invertido],
  ];
  return { aceitos: [periodo(), periodo('2026-01-01', '2026-01-01'), periodo('2026-01-01', '2026-01-31')], recusados };
}
