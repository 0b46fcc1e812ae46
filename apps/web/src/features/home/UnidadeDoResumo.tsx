import { MenuItem, TextField } from '@mui/material';
import type { Usuario } from '@tramite/shared';
import { useTrocarUnidade } from '../usuario/api';

/** The unit the counts are about: the user's current unit, switched here as in the header (useTrocarUnidade). */
export function UnidadeDoResumo({ usuario }: { usuario: Usuario }) {
  const trocar = useTrocarUnidade(usuario);
  const atual = usuario.configuracoes.idUnidadeAtual;
  return (
    <TextField
      select
      size="small"
      id="home-unidade-atual"
      label="Unidade atual"
      value={atual === null || atual === undefined ? '' : String(atual)}
      onChange={(evento) => void trocar(Number(evento.target.value))}
      sx={{ minWidth: 220 }}
      data-testid="home-unidade-atual"
    >
      {usuario.lotacoes.map((lotacao) => (
        <MenuItem key={lotacao.id} value={String(lotacao.id)}>
          {lotacao.sigla} — {lotacao.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}
