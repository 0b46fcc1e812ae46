import { Box, IconButton } from '@mui/material';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { criarCargaNoGesto } from '../../lib/carga-no-gesto';
import {
  ATRASO_REEXIBICAO_SNACKBAR_MS,
  type ContextoSnackbar,
  SnackbarContext,
  type TipoSnackbar,
} from './contexto-snackbar';
import type { PropsSnackbarMensagem } from './SnackbarMensagem';

/**
 * The snackbar's module (MUI Snackbar, Alert and their transitions) stays out of the first screen (issue 23): it is
 * downloaded at the user's first gesture, before any message an action of theirs can cause; a message that comes
 * before it (or when the download fails) is shown by the plain notice below, so none is lost.
 */
const cargaSnackbar = criarCargaNoGesto(async () => (await import('./SnackbarMensagem')).SnackbarMensagem);

interface MensagemSnackbar {
  chave: number;
  texto: string;
  tipo: TipoSnackbar;
}

const DURACAO_MS: Record<TipoSnackbar, number> = { success: 6000, error: 10000 };

/** One global snackbar for feedback (spec §2, §4). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [aberto, setAberto] = useState(false);
  const [mensagem, setMensagem] = useState<MensagemSnackbar | null>(null);
  const temporizador = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const contador = useRef(0);

  useEffect(() => () => clearTimeout(temporizador.current), []);

  const mostrar = useCallback((texto: string, tipo: TipoSnackbar) => {
    clearTimeout(temporizador.current);
    setAberto(false);
    void cargaSnackbar.carregar();
    temporizador.current = setTimeout(() => {
      contador.current += 1;
      setMensagem({ chave: contador.current, texto, tipo });
      setAberto(true);
    }, ATRASO_REEXIBICAO_SNACKBAR_MS);
  }, []);

  const esconder = useCallback(() => setAberto(false), []);

  const fechar = useCallback(() => {
    clearTimeout(temporizador.current);
    setAberto(false);
  }, []);

  const valor = useMemo<ContextoSnackbar>(
    () => ({
      mostrar,
      sucesso: (texto) => mostrar(texto, 'success'),
      erro: (texto) => mostrar(texto, 'error'),
      fechar,
    }),
    [mostrar, fechar],
  );

  return (
    <SnackbarContext.Provider value={valor}>
      {children}
      {mensagem && (
        <MensagemGlobal
          key={mensagem.chave}
          texto={mensagem.texto}
          tipo={mensagem.tipo}
          aberto={aberto}
          duracaoMs={DURACAO_MS[mensagem.tipo]}
          aoFechar={esconder}
        />
      )}
    </SnackbarContext.Provider>
  );
}

function MensagemGlobal(props: PropsSnackbarMensagem) {
  const SnackbarMensagem = cargaSnackbar.useModulo();
  if (SnackbarMensagem) return <SnackbarMensagem {...props} />;
  return <AvisoSimples {...props} />;
}

/** The message before the snackbar's module arrives: the same text, role and test id, closed after the same time. */
function AvisoSimples({ texto, tipo, aberto, duracaoMs, aoFechar }: PropsSnackbarMensagem) {
  useEffect(() => {
    if (!aberto) return;
    const temporizador = setTimeout(aoFechar, duracaoMs);
    return () => clearTimeout(temporizador);
  }, [aberto, duracaoMs, aoFechar]);
  if (!aberto) return null;
  return (
    <Box
      data-testid="snackbar"
      data-tipo={tipo}
      role={tipo === 'error' ? 'alert' : 'status'}
      sx={{
        position: 'fixed',
        bottom: 24,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (tema) => tema.zIndex.snackbar,
        maxWidth: 'min(720px, calc(100vw - 16px))',
        px: 2,
        py: 1.5,
        borderRadius: 1,
        boxShadow: 6,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: '#fff',
        bgcolor: tipo === 'error' ? 'error.main' : 'success.main',
      }}
    >
      <Box component="span" sx={{ flex: 1 }}>
        {texto}
      </Box>
      <IconButton size="small" color="inherit" title="Fechar" aria-label="Fechar mensagem" onClick={aoFechar}>
        ×
      </IconButton>
    </Box>
  );
}
