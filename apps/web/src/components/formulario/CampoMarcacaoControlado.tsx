import { Box, Checkbox, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { type ReactNode, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

interface CampoMarcacaoControladoProps<T extends FieldValues, C, R> extends CampoControladoProps<T, C, R> {
  rotulo: ReactNode;
  /** Read by screen readers with the box, and shown below it while it has no error. */
  textoAjuda?: ReactNode;
  desabilitado?: boolean;
  /** Runs after the box is ticked or cleared, e.g. to clear a field that depends on it. */
  aoMudar?: (marcado: boolean) => void;
  /** Shown as a switch instead of a box (a setting turned on or off). */
  chave?: boolean;
  testId?: string;
}

/** A checkbox of a react-hook-form form holding a boolean; its error message, or else `textoAjuda`, below it. */
export function CampoMarcacaoControlado<T extends FieldValues, C, R>(props: CampoMarcacaoControladoProps<T, C, R>) {
  const { rotulo, desabilitado, aoMudar, chave = false, testId } = props;
  const { field, invalido, ajuda } = useCampoControlado(props);
  const Controle = chave ? Switch : Checkbox;
  const idAjuda = useId();
  return (
    <Box>
      <FormControlLabel
        label={rotulo}
        disabled={desabilitado}
        data-testid={testId}
        control={
          <Controle
            name={field.name}
            checked={field.value === true}
            onChange={(_evento, marcado) => {
              field.onChange(marcado);
              aoMudar?.(marcado);
            }}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': ajuda ? idAjuda : undefined } }}
          />
        }
      />
      {ajuda && (
        <FormHelperText id={idAjuda} error={invalido}>
          {ajuda}
        </FormHelperText>
      )}
    </Box>
  );
}
