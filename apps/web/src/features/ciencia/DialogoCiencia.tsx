import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, DialogActions, DialogContent, DialogContentText, Skeleton, Typography } from '@mui/material';
import {
  MENSAGENS,
  OBSERVACAO_CIENCIA_MAXIMO,
  type RegistrarCienciaEntrada,
  registrarCienciaSchema,
} from '@tramite/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { marcarErrosDoServidor } from '../../components/formulario/erros-servidor';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { formatarDataHora } from '../../lib/formatacao';
import { useCiencias, useRegistrarCiencia } from './consultas';
import { TEXTOS_CIENCIA as T } from './textos';

const ID_TITULO = 'titulo-dialogo-ciencia';
const CAMPOS: readonly FieldPath<RegistrarCienciaEntrada>[] = ['observacao'];

interface DialogoCienciaProps {
  aberto: boolean;
  idDocumento: number;
  numero: string;
  aoFechar: () => void;
}

/** "Registrar ciência": an optional note; when the user already took ciência, says when (and the note). */
export function DialogoCiencia({ aberto, idDocumento, numero, aoFechar }: DialogoCienciaProps) {
  return (
    <DialogoEdicao aberto={aberto} idTitulo={ID_TITULO} titulo={T.titulo} aoFechar={aoFechar}>
      <ConteudoCiencia idDocumento={idDocumento} numero={numero} aoFechar={aoFechar} />
    </DialogoEdicao>
  );
}

function ConteudoCiencia({ idDocumento, numero, aoFechar }: Omit<DialogoCienciaProps, 'aberto'>) {
  const ciencias = useCiencias(idDocumento, 1, 1);
  // Until the answer comes it is unknown whether the user already took ciência: no form to type into yet.
  if (ciencias.isLoading) {
    return (
      <DialogContent>
        <Skeleton variant="rounded" height={120} />
      </DialogContent>
    );
  }
  const minha = ciencias.data?.minha ?? null;
  if (minha) {
    return (
      <>
        <DialogContent>
          <Alert severity="success" data-testid="ciencia-ja-registrada">
            {T.jaRegistrada(formatarDataHora(minha.em))}
            {minha.observacao ? (
              <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                Observação: {minha.observacao}
              </Typography>
            ) : null}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={aoFechar} autoFocus>
            Fechar
          </Button>
        </DialogActions>
      </>
    );
  }
  return <FormularioCiencia idDocumento={idDocumento} numero={numero} aoFechar={aoFechar} />;
}

function FormularioCiencia({ idDocumento, numero, aoFechar }: Omit<DialogoCienciaProps, 'aberto'>) {
  const registrar = useRegistrarCiencia(idDocumento);
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const { control, handleSubmit, setError, formState } = useForm<RegistrarCienciaEntrada>({
    resolver: zodResolver(registrarCienciaSchema),
    defaultValues: { observacao: '' },
  });

  const enviar = handleSubmit(async (dados) => {
    try {
      await executar(T.registrando, () => registrar.mutateAsync(dados));
      snackbar.sucesso(MENSAGENS.ciencia.registrada);
      aoFechar();
    } catch (erro) {
      marcarErrosDoServidor(erro, CAMPOS, setError);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.ciencia.erroRegistrar, erro));
    }
  });

  return (
    <FormularioDialogo
      idTitulo={ID_TITULO}
      aoEnviar={enviar}
      aoCancelar={aoFechar}
      enviando={formState.isSubmitting}
      rotuloEnviar={T.titulo}
      enviarComEnter={false}
    >
      <DialogContentText>{T.explicacao(numero)}</DialogContentText>
      <CampoTextoControlado
        control={control}
        name="observacao"
        id="campo-observacao-ciencia"
        label={T.rotuloObservacao}
        multiline
        minRows={3}
        fullWidth
        autoFocus
        maxLength={OBSERVACAO_CIENCIA_MAXIMO}
        textoAjuda={T.ajudaObservacao}
      />
    </FormularioDialogo>
  );
}
