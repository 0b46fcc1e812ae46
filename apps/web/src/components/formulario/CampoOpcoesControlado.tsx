import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { OpcaoSelecao } from './CampoSelecaoControlado';
import { escolhaDaOpcao } from './escolha-opcao';

interface CampoOpcoesControladoProps<T extends FieldValues, C, R, V extends string | number> {
  control: Control<T, C, R>;
  name: FieldPath<T>;
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
export function CampoOpcoesControlado<T extends FieldValues, C, R, V extends string | number>({
  control,
  name,
  rotulo,
  opcoes,
  emLinha,
  aoMudar,
}: CampoOpcoesControladoProps<T, C, R, V>) {
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
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
      )}
    />
  );
}
