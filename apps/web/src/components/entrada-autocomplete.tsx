import { type AutocompleteRenderInputParams, TextField } from '@mui/material';
import type { ReactNode } from 'react';

interface CampoAutocomplete {
  rotulo: string;
  obrigatorio?: boolean;
  erro?: boolean;
  textoAjuda?: ReactNode;
}

/**
 * The `renderInput` of an entity Autocomplete: a text field with label, required mark, error and hint, and `adorno`
 * (e.g. a spinner while it searches) before the Autocomplete's own buttons.
 */
export function entradaAutocomplete({ rotulo, obrigatorio, erro, textoAjuda }: CampoAutocomplete, adorno?: ReactNode) {
  return (parametros: AutocompleteRenderInputParams) => (
    <TextField
      {...parametros}
      label={rotulo}
      required={obrigatorio}
      error={erro}
      helperText={textoAjuda}
      slotProps={{
        ...parametros.slotProps,
        // The hint often explains why the field is disabled, so it keeps a readable colour.
        formHelperText: { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } },
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
