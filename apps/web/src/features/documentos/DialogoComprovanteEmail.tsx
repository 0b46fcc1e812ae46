import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type Documento, MENSAGENS } from '@tramite/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { mensagemComDetalhe } from '../../lib/api';
import { buscarEmailInteressado, enviarComprovantePorEmail } from './api';
import { TEXTOS } from './textos';

const FORMATO_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface DialogoComprovanteEmailProps {
  aberto: boolean;
  documento: Documento;
  aoFechar: () => void;
}

/** Sends the protocol receipt to a recipient, prefilled with the interested party's e-mail when there is one. */
export function DialogoComprovanteEmail({ aberto, documento, aoFechar }: DialogoComprovanteEmailProps) {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const [destinatario, setDestinatario] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const { idInteressado, tipoInteressado } = documento;

  useEffect(() => {
    if (!aberto) return;
    setDestinatario('');
    setErro(null);
    if (idInteressado === null || tipoInteressado === null) return;
    let ativo = true;
    buscarEmailInteressado(idInteressado, tipoInteressado)
      .then(({ email }) => {
        if (ativo && email) setDestinatario((atual) => atual || email);
      })
      // Without the interested party's e-mail the user simply types one.
      .catch(() => {});
    return () => {
      ativo = false;
    };
  }, [aberto, idInteressado, tipoInteressado]);

  async function enviar(evento: FormEvent) {
    evento.preventDefault();
    const email = destinatario.trim();
    if (!FORMATO_EMAIL.test(email)) {
      setErro(TEXTOS.emailInvalido);
      return;
    }
    setEnviando(true);
    try {
      await executar('Enviando comprovante', () => enviarComprovantePorEmail(documento.idDocumento, email));
      snackbar.sucesso(TEXTOS.comprovanteEnviado(email));
      aoFechar();
    } catch (falha) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.documento.erroEnviarComprovante, falha));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog
      open={aberto}
      onClose={enviando ? undefined : aoFechar}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-descricao`}
    >
      <Box component="form" noValidate onSubmit={enviar}>
        <DialogTitle id={`${id}-titulo`}>Enviar comprovante por e-mail</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-descricao`} sx={{ mb: 2 }}>
            O comprovante de protocolo do documento {documento.numero} será enviado ao destinatário.
          </DialogContentText>
          <TextField
            id="campo-destinatario"
            label="E-mail do destinatário"
            type="email"
            required
            fullWidth
            autoFocus
            autoComplete="email"
            value={destinatario}
            onChange={(evento) => {
              setDestinatario(evento.target.value);
              setErro(null);
            }}
            error={erro !== null}
            helperText={erro ?? ' '}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={aoFechar} disabled={enviando}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={enviando}>
            Enviar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
