import { InputBase, MenuItem, Select, TextField } from '@mui/material';
import type { ListaSuspensaProps } from './ListaSuspensa';

/** ListaSuspensa once MUI's Select is loaded: focused and open at once when the user asked before it arrived. */
export function ListaSuspensaCompleta(props: ListaSuspensaProps & { focar: boolean; abrir: boolean }) {
  const { id, rotulo, idRotuloExterno, valor, opcoes, aoMudar, erro, textoAjuda, compacta, focar, abrir } = props;
  const itens = opcoes.map((opcao) => (
    <MenuItem key={opcao.valor} value={opcao.valor}>
      {opcao.rotulo}
    </MenuItem>
  ));
  if (compacta) {
    return (
      <Select
        id={id}
        value={valor}
        onChange={(evento) => aoMudar(String(evento.target.value))}
        input={<InputBase />}
        labelId={idRotuloExterno}
        variant="standard"
        autoFocus={focar}
        defaultOpen={abrir}
        sx={{ typography: 'body2', '& .MuiSelect-select': { py: 0.5, pl: 1, pr: 3 } }}
      >
        {itens}
      </Select>
    );
  }
  return (
    <TextField
      select
      fullWidth
      id={id}
      label={rotulo}
      value={valor}
      onChange={(evento) => aoMudar(evento.target.value)}
      error={erro}
      helperText={textoAjuda}
      autoFocus={focar}
      slotProps={{ select: { defaultOpen: abrir } }}
    >
      {itens}
    </TextField>
  );
}
