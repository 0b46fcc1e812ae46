import { MenuItem, TextField } from '@mui/material';
import type { PropsListaCompleta } from './CampoSelecaoControlado';

/**
 * CampoSelecaoControlado once MUI's Select is loaded: TextField `select`, focused and open at once when the user
 * asked before it arrived.
 */
export function CampoSelecaoControladoCompleto(props: PropsListaCompleta) {
  const { rotulo, opcoes, rotuloVazio, valor, aoEscolher, focar, abrir, slotProps, ...propriedades } = props;
  return (
    <TextField
      {...propriedades}
      select
      label={rotulo}
      value={valor}
      onChange={(evento) => aoEscolher(evento.target.value)}
      autoFocus={focar || propriedades.autoFocus}
      slotProps={{ ...slotProps, select: { defaultOpen: abrir } }}
    >
      {rotuloVazio !== undefined && (
        <MenuItem value="">
          <em>{rotuloVazio}</em>
        </MenuItem>
      )}
      {opcoes.map((opcao) => (
        <MenuItem key={String(opcao.valor)} value={String(opcao.valor)} disabled={opcao.desabilitada}>
          {opcao.rotulo}
        </MenuItem>
      ))}
    </TextField>
  );
}
