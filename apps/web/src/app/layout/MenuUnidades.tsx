import Check from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { Usuario } from '@tramite/shared';

interface MenuUnidadesProps {
  usuario: Usuario;
  ancora: HTMLElement | null;
  aoFechar: () => void;
  aoEscolher: (idUnidade: number) => void;
}

/** The header's list of the user's units; loaded when first opened (issue 23), as most users hold one unit. */
export function MenuUnidades({ usuario, ancora, aoFechar, aoEscolher }: MenuUnidadesProps) {
  return (
    <Menu
      id="menu-unidades"
      anchorEl={ancora}
      open={ancora !== null}
      onClose={aoFechar}
      slotProps={{ list: { 'aria-labelledby': 'botao-unidade-atual', dense: true } }}
    >
      {usuario.lotacoes.map((lotacao) => {
        const atual = lotacao.id === usuario.configuracoes.idUnidadeAtual;
        return (
          <MenuItem
            key={lotacao.id}
            role="menuitemradio"
            aria-checked={atual}
            selected={atual}
            onClick={() => aoEscolher(lotacao.id)}
          >
            <ListItemIcon>{atual ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={lotacao.sigla} secondary={lotacao.nome} />
          </MenuItem>
        );
      })}
    </Menu>
  );
}
