import { type AutocompleteRenderInputParams, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { AJUDA_LEGIVEL, type CampoAutocomplete } from './entrada-autocomplete-leve';

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
