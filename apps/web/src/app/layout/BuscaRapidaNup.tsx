import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Box, IconButton, InputBase } from '@mui/material';
import { MENSAGENS_BUSCA_RAPIDA } from '@tramite/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { buscarDocumentoPorNumero } from '../../features/documentos/api';

/** Long enough for a formatted NUP with some spaces around it; the search itself takes any part of it. */
const TAMANHO_MAXIMO = 40;

/**
 * The header's quick search by number (NUP), full or partial: Enter opens the document when exactly one matches,
 * otherwise the search page lists the matches (or says there are none).
 */
export function BuscaRapidaNup({ autoFocus = false }: { autoFocus?: boolean }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [numero, setNumero] = useState('');
  const [buscando, setBuscando] = useState(false);

  async function buscar(evento: FormEvent<HTMLFormElement>) {
    evento.preventDefault();
    const procurado = numero.trim();
    if (!/\d/.test(procurado)) {
      snackbar.erro(MENSAGENS_BUSCA_RAPIDA.numeroVazio);
      return;
    }
    if (buscando) return;
    setBuscando(true);
    try {
      const pagina = await buscarDocumentoPorNumero(procurado);
      const [unico] = pagina.itens;
      setNumero('');
      if (pagina.total === 1 && unico) navigate(`/documentos/${unico.idDocumento}`);
      else navigate(`/busca?${new URLSearchParams({ numeroDocumento: procurado })}`);
    } catch {
      snackbar.erro(MENSAGENS_BUSCA_RAPIDA.erroBuscar);
    } finally {
      setBuscando(false);
    }
  }

  return (
    <Box
      component="form"
      role="search"
      aria-label="Busca rápida por número"
      onSubmit={buscar}
      data-testid="busca-rapida-nup"
      sx={{
        display: 'flex',
        alignItems: 'center',
        borderRadius: 1,
        bgcolor: 'rgba(255,255,255,0.16)',
        '&:focus-within': { bgcolor: 'rgba(255,255,255,0.24)', outline: '2px solid #fff', outlineOffset: 1 },
        width: { xs: '100%', sm: 220, lg: 260 },
      }}
    >
      <InputBase
        value={numero}
        onChange={(evento) => setNumero(evento.target.value)}
        placeholder="Número (NUP)"
        autoFocus={autoFocus}
        inputProps={{
          'aria-label': 'NUP (busca rápida)',
          maxLength: TAMANHO_MAXIMO,
          inputMode: 'numeric',
          autoComplete: 'off',
          enterKeyHint: 'search',
        }}
        sx={{
          color: 'inherit',
          flex: 1,
          pl: 1.5,
          '& input::placeholder': { color: 'inherit', opacity: 0.85 },
        }}
      />
      <IconButton
        type="submit"
        color="inherit"
        size="small"
        aria-label="Abrir documento pelo número"
        disabled={buscando}
      >
        <SearchOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}
