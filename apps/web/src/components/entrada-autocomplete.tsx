import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { type AutocompleteRenderInputParams, InputAdornment, TextField } from '@mui/material';
import type { ReactNode } from 'react';

interface CampoAutocomplete {
  rotulo: string;
  obrigatorio?: boolean;
  erro?: boolean;
  textoAjuda?: ReactNode;
  /** Takes the focus as it mounts: it replaces its light stand-in, which had it. */
  focar?: boolean;
}

// The hint often explains why the field is disabled, so it keeps a readable colour.
const AJUDA_LEGIVEL = { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } };

/**
 * The `renderInput` of an entity Autocomplete: a text field with label, required mark, error and hint, and `adorno`
 * (e.g. a spinner while it searches) before the Autocomplete's own buttons.
 */
export function entradaAutocomplete(
  { rotulo, obrigatorio, erro, textoAjuda, focar }: CampoAutocomplete,
  adorno?: ReactNode,
) {
  return (parametros: AutocompleteRenderInputParams) => (
    <TextField
      {...parametros}
      label={rotulo}
      required={obrigatorio}
      error={erro}
      helperText={textoAjuda}
      autoFocus={focar}
      slotProps={{
        ...parametros.slotProps,
        formHelperText: AJUDA_LEGIVEL,
        ...(adorno !== undefined && {
          input: {
            ...parametros.slotProps.input,
            endAdornment: (
              <>
                {adorno}
                {parametros.slotProps.input.endAdornment}
              </>
            ),
          },
        }),
      }}
    />
  );
}

interface EntradaAutocompleteLeveProps extends CampoAutocomplete {
  id: string;
  /** The chosen option's label, as the Autocomplete shows it. */
  texto: string;
  desabilitado?: boolean;
  testId?: string;
  aoFocar: (focado: boolean) => void;
}

/**
 * What an Autocomplete field shows until MUI's Autocomplete (with its Popper, about 16 KB) is loaded at the user's
 * first gesture (issue 23): its text field, of the same size, label and value, read-only. The field that replaces
 * it takes the focus if this one had it.
 */
export function EntradaAutocompleteLeve(props: EntradaAutocompleteLeveProps) {
  const { id, rotulo, texto, obrigatorio, erro, textoAjuda, desabilitado, testId, aoFocar } = props;
  return (
    <TextField
      id={id}
      label={rotulo}
      value={texto}
      required={obrigatorio}
      error={erro}
      helperText={textoAjuda}
      disabled={desabilitado}
      data-testid={testId}
      fullWidth
      onFocus={() => aoFocar(true)}
      onBlur={() => aoFocar(false)}
      slotProps={{
        formHelperText: AJUDA_LEGIVEL,
        htmlInput: { readOnly: true, role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <ArrowDropDown color={desabilitado ? 'disabled' : 'action'} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
