import { Alert, Snackbar } from '@mui/material';
import type { TipoSnackbar } from './contexto-snackbar';

export interface PropsSnackbarMensagem {
  texto: string;
  tipo: TipoSnackbar;
  aberto: boolean;
  duracaoMs: number;
  aoFechar: () => void;
}

/** The global snackbar itself (MUI Snackbar + Alert), loaded at the first gesture (see SnackbarProvider). */
export function SnackbarMensagem({ texto, tipo, aberto, duracaoMs, aoFechar }: PropsSnackbarMensagem) {
  return (
    <Snackbar
      open={aberto}
      autoHideDuration={duracaoMs}
      onClose={(_evento, motivo) => {
        if (motivo !== 'clickaway') aoFechar();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        data-testid="snackbar"
        data-tipo={tipo}
        role={tipo === 'error' ? 'alert' : 'status'}
        severity={tipo}
        variant="filled"
        onClose={aoFechar}
        slotProps={{ closeButton: { title: 'Fechar', 'aria-label': 'Fechar mensagem' } }}
        sx={{ width: '100%', maxWidth: 720, alignItems: 'center' }}
      >
        {texto}
      </Alert>
    </Snackbar>
  );
}
