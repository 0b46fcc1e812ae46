import { Alert, Snackbar } from '@mui/material';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ATRASO_REEXIBICAO_SNACKBAR_MS,
  type ContextoSnackbar,
  SnackbarContext,
  type TipoSnackbar,
} from './contexto-snackbar';

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
    temporizador.current = setTimeout(() => {
      contador.current += 1;
      setMensagem({ chave: contador.current, texto, tipo });
      setAberto(true);
    }, ATRASO_REEXIBICAO_SNACKBAR_MS);
  }, []);

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
      <Snackbar
        key={mensagem?.chave}
        open={aberto && mensagem !== null}
        autoHideDuration={mensagem ? DURACAO_MS[mensagem.tipo] : null}
        onClose={(_evento, motivo) => {
          if (motivo !== 'clickaway') setAberto(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          data-testid="snackbar"
          data-tipo={mensagem?.tipo}
          role={mensagem?.tipo === 'error' ? 'alert' : 'status'}
          severity={mensagem?.tipo ?? 'success'}
          variant="filled"
          onClose={() => setAberto(false)}
          slotProps={{ closeButton: { title: 'Fechar', 'aria-label': 'Fechar mensagem' } }}
          sx={{ width: '100%', maxWidth: 720, alignItems: 'center' }}
        >
          {mensagem?.texto}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}
