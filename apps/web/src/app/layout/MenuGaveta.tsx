import CloseIcon from '@mui/icons-material/Close';
import { Drawer, IconButton, Toolbar, Typography } from '@mui/material';
import type { Usuario } from '@tramite/shared';
import { MenuPrincipal } from './MenuPrincipal';

interface MenuGavetaProps {
  usuario: Usuario | null;
  aberto: boolean;
  aoFechar: () => void;
  largura: number;
}

/** The main menu of small screens, a drawer over the page; loaded when first opened (issue 23). */
export function MenuGaveta({ usuario, aberto, aoFechar, largura }: MenuGavetaProps) {
  return (
    <Drawer
      variant="temporary"
      open={aberto}
      onClose={aoFechar}
      slotProps={{ paper: { sx: { width: largura }, 'aria-label': 'Menu de navegação' } }}
    >
      <Toolbar sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h6" component="span">
          Trâmite
        </Typography>
        <IconButton aria-label="Fechar menu" onClick={aoFechar} edge="end">
          <CloseIcon />
        </IconButton>
      </Toolbar>
      <MenuPrincipal usuario={usuario} aoNavegar={aoFechar} />
    </Drawer>
  );
}
