import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { Box, Button } from '@mui/material';
import type { Usuario } from '@tramite/shared';
import { lazy, Suspense, useState } from 'react';
import { useTrocarUnidade } from '../../features/usuario/api';
import { unidadeAtual } from '../../lib/sessao';

const MenuUnidades = lazy(async () => ({ default: (await import('./MenuUnidades')).MenuUnidades }));

const ESTILO_SIGLA = { px: 1, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.16)', fontWeight: 700 } as const;

/**
 * The unit the user acts for. With several lotações it is a menu that switches the current unit (useTrocarUnidade:
 * the same POST auth/configuracoes as the settings page, keeping the notification choices); every screen then
 * reloads its data for the new unit.
 */
export function SeletorUnidade({ usuario }: { usuario: Usuario }) {
  const unidade = unidadeAtual(usuario);
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  // Mounted once first opened, so that it then closes with its transition.
  const [menuUsado, setMenuUsado] = useState(false);
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
        onClick={(evento) => {
          setMenuUsado(true);
          setAncora(evento.currentTarget);
        }}
        endIcon={<ArrowDropDown />}
        sx={{ minWidth: 0, '& .MuiButton-endIcon': { ml: 0 } }}
      >
        <Box component="span" data-testid="unidade-atual" sx={ESTILO_SIGLA}>
          {unidade?.sigla ?? '—'}
        </Box>
      </Button>
      {menuUsado ? (
        <Suspense fallback={null}>
          <MenuUnidades usuario={usuario} ancora={ancora} aoFechar={() => setAncora(null)} aoEscolher={escolher} />
        </Suspense>
      ) : null}
    </>
  );
}
