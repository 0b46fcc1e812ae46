import { type UnidadeRelatorio, validarFiltrosRelatorio } from '@tramite/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';

/** Spec §9: report bounds travel as date, 'T', time. */
const FORMATO_LIMITE = 'YYYY-MM-DDTHH:mm';

export interface CamposRelatorio {
  unidades: UnidadeRelatorio[];
  inicio: Dayjs | null;
  fim: Dayjs | null;
}

/** The last seven days, from the start of the first to the current minute. */
export const camposIniciais = (): CamposRelatorio => ({
  unidades: [],
  inicio: dayjs().subtract(7, 'day').startOf('day'),
  fim: dayjs().endOf('day').startOf('minute'),
});

/** A bound as the API takes it; '' while the field is empty or incomplete. */
export const limite = (valor: Dayjs | null) => (valor?.isValid() ? valor.format(FORMATO_LIMITE) : '');

/**
 * The report's filters as GET relatorios/{tipo} takes them, checked with the shared rule (spec §5): its message is
 * the form's own ('root'), shown under the fields until the next try.
 */
export const relatorioSchema = z.preprocess(
  ({ unidades, inicio, fim }: CamposRelatorio) => ({
    idsUnidades: unidades.map((unidade) => unidade.id),
    inicio: limite(inicio),
    fim: limite(fim),
  }),
  z.object({ idsUnidades: z.array(z.number()), inicio: z.string(), fim: z.string() }).transform((filtros, contexto) => {
    const validacao = validarFiltrosRelatorio(filtros);
    if ('erro' in validacao) {
      contexto.addIssue({ code: 'custom', path: ['root'], message: validacao.erro });
      return z.NEVER;
    }
    return { ...filtros, idsUnidades: validacao.filtros.idsUnidades };
  }),
);
export type FiltrosRelatorio = z.output<typeof relatorioSchema>;
