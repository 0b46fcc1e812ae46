import { Chip } from '@mui/material';
import { useState } from 'react';
import { criarCargaNoGesto } from '../lib/carga-no-gesto';
import { CampoTextoLeve } from './CampoTextoLeve';
import type { CampoMarcadoresProps } from './estado-marcadores';

// MUI's Autocomplete, with its Popper and TextField's Select (some 23 KB compressed), loads at the user's first
// gesture on the page, not with the document page (issue 23).
const cargaCompleto = criarCargaNoGesto(async () => (await import('./CampoMarcadores')).CampoMarcadores);

// The Autocomplete's own spacing (its input root, input and chips, and the room of its clear button once something is
// typed or chosen), so that nothing moves when it replaces this field.
const COMO_AUTOCOMPLETE = {
  '& .MuiOutlinedInput-root': { flexWrap: 'wrap', padding: '9px' },
  '& .MuiOutlinedInput-input': { padding: '7.5px 4px 7.5px 5px', width: 0, minWidth: 30, flexGrow: 1 },
  '& .MuiChip-root': { margin: '3px', maxWidth: 'calc(100% - 6px)' },
} as const;
const COM_BOTAO_LIMPAR = { '& .MuiOutlinedInput-root': { paddingRight: '39px' } } as const;

/**
 * CampoMarcadores until it is loaded: the same field, chips and label, in which the user may already type (Enter or
 * a comma adds a tag, a chip's delete removes it); the state is the caller's, so the full field takes it over, and
 * the focus if this one had it.
 */
export function CampoMarcadoresLeve(props: CampoMarcadoresProps) {
  const Completo = cargaCompleto.useModulo();
  const [focado, setFocado] = useState(false);
  const { estado, id, helperText, disabled } = props;
  if (Completo) return <Completo {...props} autoFocus={props.autoFocus || focado} />;
  const chips = estado.valor.map((marcador) => (
    <Chip
      key={marcador}
      label={marcador}
      size="small"
      disabled={disabled}
      onDelete={() => estado.setValor(estado.valor.filter((outro) => outro !== marcador))}
    />
  ));
  return (
    <CampoTextoLeve
      id={id}
      label="Marcadores"
      value={estado.texto}
      helperText={helperText}
      disabled={disabled}
      autoFocus={props.autoFocus}
      fullWidth
      sx={[COMO_AUTOCOMPLETE, estado.valor.length > 0 || estado.texto !== '' ? COM_BOTAO_LIMPAR : {}]}
      onChange={(evento) => estado.digitar(evento.target.value)}
      onFocus={() => {
        setFocado(true);
        void cargaCompleto.carregar();
      }}
      onBlur={() => setFocado(false)}
      slotProps={{
        htmlInput: {
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          onKeyDown: (evento: { key: string; preventDefault: () => void }) => {
            if (evento.key !== 'Enter') return;
            evento.preventDefault();
            if (estado.texto.trim()) estado.setValor([...estado.valor, estado.texto]);
            estado.digitar('');
          },
        },
        input: { startAdornment: chips.length > 0 ? chips : undefined },
      }}
    />
  );
}
