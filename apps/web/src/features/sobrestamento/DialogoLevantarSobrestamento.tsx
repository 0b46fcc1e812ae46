import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText } from '@mui/material';
import {
  type LevantarSobrestamentoEntrada,
  levantarSobrestamentoSchema,
  MENSAGENS,
  MOTIVO_SOBRESTAMENTO_MAXIMO,
} from '@tramite/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { marcarErrosDoServidor } from '../../components/formulario/erros-servidor';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { useLevantarSobrestamento } from './consultas';
import { TEXTOS_SOBRESTAMENTO as T } from './textos';

const ID_TITULO = 'titulo-dialogo-levantar';
const CAMPOS: readonly FieldPath<LevantarSobrestamentoEntrada>[] = ['motivo'];

/** "Levantar sobrestamento", from the banner of a suspended document: the reason, then the lifting. */
export function DialogoLevantarSobrestamento({
  aberto,
  idDocumento,
  aoFechar,
}: {
  aberto: boolean;
  idDocumento: number;
  aoFechar: () => void;
}) {
  return (
    <DialogoEdicao aberto={aberto} idTitulo={ID_TITULO} titulo={T.tituloLevantar} aoFechar={aoFechar}>
      <FormularioLevantar idDocumento={idDocumento} aoFechar={aoFechar} />
    </DialogoEdicao>
  );
}

function FormularioLevantar({ idDocumento, aoFechar }: { idDocumento: number; aoFechar: () => void }) {
  const levantar = useLevantarSobrestamento(idDocumento);
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const { control, handleSubmit, setError, formState } = useForm<LevantarSobrestamentoEntrada>({
    resolver: zodResolver(levantarSobrestamentoSchema),
    defaultValues: { motivo: '' },
  });
  const enviar = handleSubmit(async (dados) => {
    try {
      await executar(T.levantando, () => levantar.mutateAsync(dados));
      snackbar.sucesso(MENSAGENS.sobrestamento.levantado);
      aoFechar();
    } catch (erro) {
      marcarErrosDoServidor(erro, CAMPOS, setError);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.sobrestamento.erroLevantar, erro));
    }
  });
  return (
    <FormularioDialogo
      idTitulo={ID_TITULO}
      aoEnviar={enviar}
      aoCancelar={aoFechar}
      enviando={formState.isSubmitting}
      rotuloEnviar="Levantar"
      enviarComEnter={false}
    >
      <DialogContentText>{T.explicacaoLevantar}</DialogContentText>
      <CampoTextoControlado
        control={control}
        name="motivo"
        id="campo-motivo-levantamento"
        label={T.rotuloMotivoLevantamento}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        maxLength={MOTIVO_SOBRESTAMENTO_MAXIMO}
        textoAjuda=" "
      />
    </FormularioDialogo>
  );
}
