import { MenuItem, TextField } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { criarCargaNoGesto } from '../lib/carga-no-gesto';

export interface SelecaoPorIdProps<T extends { id: number }> {
  id: string;
  rotulo: string;
  opcoes: readonly T[];
  /** Id of the chosen option, or null. */
  valor: number | null;
  aoMudar: (valor: number | null) => void;
  rotuloOpcao: (opcao: T) => string;
  /** Options shown but not selectable (e.g. subjects that cannot be assigned). */
  opcaoDesabilitada?: (opcao: T) => boolean;
  carregando?: boolean;
  desabilitado?: boolean;
  obrigatorio?: boolean;
  erro?: boolean;
  textoAjuda?: ReactNode;
  testId?: string;
}

// MUI's Autocomplete (with its Popper, about 10 KB gzip) loads at the user's first gesture on the page, not with
// the first screen (issue 11). Until then, and while the user is still on it, the field is a plain list with the
// same label and options; it gives way to the Autocomplete once that is loaded and the user is elsewhere.
const cargaCompleta = criarCargaNoGesto(async () => (await import('./SelecaoPorIdCompleta')).SelecaoPorIdCompleta);

/** A list of entities with an id, filtered as the user types; keyboard-accessible (MUI Autocomplete). */
export function SelecaoPorIdLeve<T extends { id: number }>(props: SelecaoPorIdProps<T>) {
  const Completa = cargaCompleta.useModulo();
  const [emUso, setEmUso] = useState({ foco: false, lista: false });
  if (Completa && !emUso.foco && !emUso.lista) return <Completa {...props} />;
  const { id, rotulo, opcoes, valor, aoMudar, rotuloOpcao, opcaoDesabilitada, carregando } = props;
  const escolhida = opcoes.find((opcao) => opcao.id === valor);
  return (
    <TextField
      select
      id={id}
      label={rotulo}
      value={escolhida ? escolhida.id : ''}
      onChange={(evento) => aoMudar(evento.target.value === '' ? null : Number(evento.target.value))}
      onFocus={() => setEmUso((uso) => ({ ...uso, foco: true }))}
      onBlur={() => setEmUso((uso) => ({ ...uso, foco: false }))}
      disabled={props.desabilitado}
      required={props.obrigatorio}
      error={props.erro}
      helperText={props.textoAjuda}
      data-testid={props.testId}
      fullWidth
      slotProps={{
        // The hint often explains why the field is disabled, so it keeps a readable colour.
        formHelperText: { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } },
        select: {
          onOpen: () => setEmUso((uso) => ({ ...uso, lista: true })),
          onClose: () => setEmUso((uso) => ({ ...uso, lista: false })),
        },
      }}
    >
      <MenuItem value="">{carregando ? 'Carregando…' : <em>Nenhum</em>}</MenuItem>
      {opcoes.map((opcao) => (
        <MenuItem key={opcao.id} value={opcao.id} disabled={opcaoDesabilitada?.(opcao)}>
          {rotuloOpcao(opcao)}
        </MenuItem>
      ))}
    </TextField>
  );
}
