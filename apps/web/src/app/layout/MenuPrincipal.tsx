import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import type { Usuario } from '@tramite/shared';
import { NavLink } from 'react-router';
import { OCULTO_VISUALMENTE } from '../../components/oculto-visualmente';
import { useContagensCaixaPadrao } from '../../features/tramitacao/contagens-caixa';
import { gruposMenu } from './itens-menu';

/**
 * Beside "Caixa postal": how many documents wait to be received in the user's current unit, counted as the box opens
 * (issue 20); nothing while there is no answer or none waits.
 */
function ContagemCaixa({ usuario }: { usuario: Usuario }) {
  const { data } = useContagensCaixaPadrao(usuario.configuracoes.idUnidadeAtual ?? null);
  if (!data || data.aguardando === 0) return null;
  return (
    <Box
      component="span"
      data-testid="contagem-menu-caixa"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 22,
        borderRadius: 11,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: '22px',
        textAlign: 'center',
      }}
    >
      <span aria-hidden>{data.aguardando.toLocaleString('pt-BR')}</span>
      <Box component="span" sx={OCULTO_VISUALMENTE}>
        {data.aguardando === 1
          ? '1 documento aguardando recebimento'
          : `${data.aguardando} documentos aguardando recebimento`}
      </Box>
    </Box>
  );
}

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
                  {caminho === '/caixa-postal' && usuario ? <ContagemCaixa usuario={usuario} /> : null}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        );
      })}
    </nav>
  );
}
