import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Check from '@mui/icons-material/Check';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { Usuario } from '@tramite/shared';
import { useState } from 'react';
import { useTrocarUnidade } from '../../features/usuario/api';
import { unidadeAtual } from '../../lib/sessao';

const ESTILO_SIGLA = { px: 1, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.16)', fontWeight: 700 } as const;

/**
 * The unit the user acts for. With several lotações it is a menu that switches the current unit (useTrocarUnidade:
 * the same POST auth/configuracoes as the settings page, keeping the notification choices); every screen then
 * reloads its data for the new unit.
 */
export function SeletorUnidade({ usuario }: { usuario: Usuario }) {
  const unidade = unidadeAtual(usuario);
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const trocar = useTrocarUnidade(usuario);

  if (usuario.lotacoes.length < 2) {
    return unidade ? (
      <Box component="span" data-testid="unidade-atual" title={unidade.nome} sx={ESTILO_SIGLA}>
        {unidade.sigla}
      </Box>
    ) : null;
  }

  async function escolher(idUnidade: number) {
    setAncora(null);
    await trocar(idUnidade);
  }

  return (
    <>
      <Button
        color="inherit"
        id="botao-unidade-atual"
        aria-haspopup="menu"
        aria-expanded={ancora ? 'true' : undefined}
        aria-controls={ancora ? 'menu-unidades' : undefined}
        aria-label={`Unidade atual: ${unidade?.sigla ?? 'nenhuma'}. Trocar de unidade`}
        title={unidade?.nome}
        onClick={(evento) => setAncora(evento.currentTarget)}
        endIcon={<ArrowDropDown />}
        sx={{ minWidth: 0, '& .MuiButton-endIcon': { ml: 0 } }}
      >
        <Box component="span" data-testid="unidade-atual" sx={ESTILO_SIGLA}>
          {unidade?.sigla ?? '—'}
        </Box>
      </Button>
      <Menu
        id="menu-unidades"
        anchorEl={ancora}
        open={ancora !== null}
        onClose={() => setAncora(null)}
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
              onClick={() => escolher(lotacao.id)}
            >
              <ListItemIcon>{atual ? <Check fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={lotacao.sigla} secondary={lotacao.nome} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
