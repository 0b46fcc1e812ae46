import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContentText, DialogTitle } from '@mui/material';
import { type Documento, FORMATO_EMAIL_DESTINATARIO, MENSAGENS, TAMANHO_MAXIMO_EMAIL } from '@tramite/shared';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { buscarEmailInteressado, enviarComprovantePorEmail } from './api';
import { TEXTOS } from './textos';

/** The recipient, checked as the API checks it (GET documentos/{id}/comprovante/email). */
const comprovanteEmailSchema = z.object({
  destinatario: z.string().trim().regex(FORMATO_EMAIL_DESTINATARIO, TEXTOS.emailInvalido),
});

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
  // Checked on submit only; typing clears the message (below) instead of checking again.
  const { control, handleSubmit, reset, getValues, setValue, watch, clearErrors, formState } = useForm({
    resolver: zodResolver(comprovanteEmailSchema),
    defaultValues: { destinatario: '' },
  });
  const { idInteressado, tipoInteressado } = documento;

  useEffect(() => {
    const assinatura = watch((_valores, { name }) => {
      if (name) clearErrors(name);
    });
    return () => assinatura.unsubscribe();
  }, [watch, clearErrors]);

  useEffect(() => {
    if (!aberto) return;
    reset({ destinatario: '' });
    if (idInteressado === null || tipoInteressado === null) return;
    let ativo = true;
    buscarEmailInteressado(idInteressado, tipoInteressado)
      .then(({ email }) => {
        if (ativo && email && !getValues('destinatario')) setValue('destinatario', email);
      })
      // Without the interested party's e-mail the user simply types one.
      .catch(() => {});
    return () => {
      ativo = false;
    };
  }, [aberto, idInteressado, tipoInteressado, reset, getValues, setValue]);

  const enviar = handleSubmit(async ({ destinatario: email }) => {
    try {
      await executar('Enviando comprovante', () => enviarComprovantePorEmail(documento.idDocumento, email));
      snackbar.sucesso(TEXTOS.comprovanteEnviado(email));
      aoFechar();
    } catch (falha) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.documento.erroEnviarComprovante, falha));
    }
  });
  const enviando = formState.isSubmitting;

  return (
    <Dialog
      open={aberto}
      onClose={enviando ? undefined : aoFechar}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-descricao`}
    >
      <DialogTitle id={`${id}-titulo`}>Enviar comprovante por e-mail</DialogTitle>
      <FormularioDialogo
        idTitulo={`${id}-titulo`}
        aoEnviar={enviar}
        aoCancelar={aoFechar}
        enviando={enviando}
        bloquearCancelar
        rotuloEnviar="Enviar"
      >
        <DialogContentText id={`${id}-descricao`}>
          O comprovante de protocolo do documento {documento.numero} será enviado ao destinatário.
        </DialogContentText>
        <CampoTextoControlado
          control={control}
          name="destinatario"
          id="campo-destinatario"
          label="E-mail do destinatário"
          type="email"
          required
          fullWidth
          autoFocus
          autoComplete="email"
          textoAjuda=" "
          maxLength={TAMANHO_MAXIMO_EMAIL}
        />
      </FormularioDialogo>
    </Dialog>
  );
}
