import { Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { type ChangeEvent, type ComponentType, type ReactNode, useId } from 'react';
import type { FieldValues, RefCallBack } from 'react-hook-form';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

export interface CampoMarcacaoControladoProps<T extends FieldValues, C, R> extends CampoControladoProps<T, C, R> {
  rotulo: ReactNode;
  /** Read by screen readers with the box, and shown below it while it has no error. */
  textoAjuda?: ReactNode;
  desabilitado?: boolean;
  /** Runs after the box is ticked or cleared, e.g. to clear a field that depends on it. */
  aoMudar?: (marcado: boolean) => void;
  testId?: string;
}

/** A checkbox of a react-hook-form form holding a boolean; its error message, or else `textoAjuda`, below it. */
export function CampoMarcacaoControlado<T extends FieldValues, C, R>(props: CampoMarcacaoControladoProps<T, C, R>) {
  return <MarcacaoControlada {...props} Controle={Checkbox} />;
}

/** What the box or the switch is given (MUI's Checkbox and Switch take it alike). */
interface PropsControle {
  name: string;
  checked: boolean;
  onChange: (evento: ChangeEvent<HTMLInputElement>, marcado: boolean) => void;
  onBlur: () => void;
  slotProps: { input: { ref: RefCallBack; 'aria-describedby'?: string } };
}

/**
 * The box of CampoMarcacaoControlado, or the switch of CampoChaveControlado: only the screens with a switch load it
 * (issue 23: the opening form's first screen does not).
 */
export function MarcacaoControlada<T extends FieldValues, C, R>(
  props: CampoMarcacaoControladoProps<T, C, R> & {
    Controle: ComponentType<PropsControle>;
  },
) {
  const { rotulo, desabilitado, aoMudar, testId, Controle } = props;
  const { field, invalido, ajuda } = useCampoControlado(props);
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
