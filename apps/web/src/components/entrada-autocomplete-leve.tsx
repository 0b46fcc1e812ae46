import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { InputAdornment } from '@mui/material';
import type { ReactNode } from 'react';
import { CampoTextoLeve } from './CampoTextoLeve';

// What an Autocomplete field shows before MUI's Autocomplete is loaded: a module of its own, without TextField, which
// imports Select, Menu and Modal (issue 23); entrada-autocomplete.tsx has the loaded field's `renderInput`.

export interface CampoAutocomplete {
  rotulo: string;
  obrigatorio?: boolean;
  erro?: boolean;
  textoAjuda?: ReactNode;
  /** Takes the focus as it mounts: it replaces its light stand-in, which had it. */
  focar?: boolean;
}

// The hint often explains why the field is disabled, so it keeps a readable colour.
export const AJUDA_LEGIVEL = { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } };

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
 * first gesture (issue 23): its text field (CampoTextoLeve, without TextField's Select), of the same size, label and
 * value, read-only. The field that replaces
 * it takes the focus if this one had it.
 */
export function EntradaAutocompleteLeve(props: EntradaAutocompleteLeveProps) {
  const { id, rotulo, texto, obrigatorio, erro, textoAjuda, desabilitado, testId, aoFocar } = props;
  return (
    <CampoTextoLeve
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
