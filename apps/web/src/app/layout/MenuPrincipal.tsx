import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import type { Usuario } from '@tramite/shared';
import { NavLink } from 'react-router';
import { gruposMenu } from './itens-menu';

interface MenuPrincipalProps {
  usuario: Usuario | null;
  /** Called after a link is followed (closes the drawer on small screens). */
  aoNavegar?: () => void;
}

/** Main navigation: public entries, then the ones the user's login and permissions allow (spec §2). */
export function MenuPrincipal({ usuario, aoNavegar }: MenuPrincipalProps) {
  return (
    <nav id="menu-principal" aria-label="Menu principal" data-testid="menu-principal">
      {gruposMenu(usuario).map((grupo) => {
        const idGrupo = `menu-grupo-${grupo.titulo.normalize('NFD').replace(/\W/g, '').toLowerCase()}`;
        return (
          <List
            key={grupo.titulo}
            dense
            aria-labelledby={idGrupo}
            subheader={
              <ListSubheader id={idGrupo} sx={{ lineHeight: '36px', fontWeight: 700, color: 'text.secondary' }}>
                {grupo.titulo}
              </ListSubheader>
            }
          >
            {grupo.itens.map(({ caminho, rotulo, icone: Icone, testId }) => (
              <ListItem key={caminho} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={caminho}
                  onClick={aoNavegar}
                  data-testid={testId}
                  sx={{
                    mx: 1,
                    borderRadius: 1,
                    '&.active': {
                      bgcolor: 'rgba(13, 59, 115, 0.1)',
                      color: 'primary.main',
                      fontWeight: 700,
                      '& .MuiListItemIcon-root': { color: 'primary.main' },
                    },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icone fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={rotulo} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        );
      })}
    </nav>
  );
}
