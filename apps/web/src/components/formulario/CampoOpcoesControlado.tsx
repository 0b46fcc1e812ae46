import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { OpcaoSelecao } from './CampoSelecaoControlado';
import { escolhaDaOpcao } from './escolha-opcao';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

interface CampoOpcoesControladoProps<T extends FieldValues, C, R, V extends string | number>
  extends Omit<CampoControladoProps<T, C, R>, 'textoAjuda'> {
  /** The group's legend, which also names it. */
  rotulo: string;
  opcoes: readonly OpcaoSelecao<V>[];
  /** The options side by side instead of one under the other. */
  emLinha?: boolean;
  /** Runs after the choice changes, e.g. to clear a message about the previous one. */
  aoMudar?: (valor: V | null) => void;
}

/**
 * Radio buttons of a react-hook-form form: the field holds the chosen option's own value (number or text) or null,
 * like `CampoSelecaoControlado`; a value that is not among the options leaves every button clear.
 */
export function CampoOpcoesControlado<T extends FieldValues, C, R, V extends string | number>(
  props: CampoOpcoesControladoProps<T, C, R, V>,
) {
  const { rotulo, opcoes, emLinha, aoMudar } = props;
  const { field } = useCampoControlado(props);
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id}>{rotulo}</FormLabel>
      <RadioGroup
        row={emLinha}
        aria-labelledby={id}
        name={field.name}
        {...escolhaDaOpcao(opcoes, field, aoMudar)}
        onBlur={field.onBlur}
      >
        {opcoes.map((opcao) => (
          <FormControlLabel
            key={String(opcao.valor)}
            value={String(opcao.valor)}
            control={<Radio />}
            label={opcao.rotulo}
            disabled={opcao.desabilitada}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
