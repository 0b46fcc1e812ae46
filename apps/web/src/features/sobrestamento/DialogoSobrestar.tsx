import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText } from '@mui/material';
import {
  limiteLevantarEm,
  MENSAGENS,
  MOTIVO_SOBRESTAMENTO_MAXIMO,
  problemaLevantarEm,
  type SobrestarEntrada,
  sobrestarSchema,
} from '@tramite/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { CampoData } from '../../components/CampoData';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoDataControlado } from '../../components/formulario/CampoDataControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { marcarErrosDoServidor } from '../../components/formulario/erros-servidor';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { hojeNoNavegador } from '../../lib/calendario';
import { useSobrestar } from './consultas';
import { TEXTOS_SOBRESTAMENTO as T } from './textos';

const ID_TITULO = 'titulo-dialogo-sobrestar';
const CAMPOS: readonly FieldPath<SobrestarEntrada>[] = ['motivo', 'levantarEm'];

/** The server's schema, and the date's relation to today checked here as the server checks it. */
const esquemaFormulario = sobrestarSchema.superRefine((valores, contexto) => {
  const problema = problemaLevantarEm(valores.levantarEm, hojeNoNavegador());
  if (problema) contexto.addIssue({ code: 'custom', path: ['levantarEm'], message: problema });
});

interface DialogoSobrestarProps {
  aberto: boolean;
  idDocumento: number;
  numero: string;
  aoFechar: () => void;
}

/** "Sobrestar": a reason and an optional date of automatic lifting, then a confirmation. */
export function DialogoSobrestar({ aberto, idDocumento, numero, aoFechar }: DialogoSobrestarProps) {
  return (
    <DialogoEdicao aberto={aberto} idTitulo={ID_TITULO} titulo={T.tituloSobrestar} aoFechar={aoFechar}>
      <FormularioSobrestar idDocumento={idDocumento} numero={numero} aoFechar={aoFechar} />
    </DialogoEdicao>
  );
}

function FormularioSobrestar({ idDocumento, numero, aoFechar }: Omit<DialogoSobrestarProps, 'aberto'>) {
  const sobrestar = useSobrestar(idDocumento);
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const [aConfirmar, setAConfirmar] = useState<{ motivo: string; levantarEm: string | null } | null>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(esquemaFormulario),
    defaultValues: { motivo: '', levantarEm: '' },
  });
  const hoje = hojeNoNavegador();

  async function confirmar() {
    if (!aConfirmar) return;
    try {
      await executar(T.sobrestando, () => sobrestar.mutateAsync(aConfirmar));
      snackbar.sucesso(MENSAGENS.sobrestamento.sobrestado);
      setAConfirmar(null);
      aoFechar();
    } catch (erro) {
      setAConfirmar(null);
      marcarErrosDoServidor(erro, CAMPOS, setError);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.sobrestamento.erroSobrestar, erro));
    }
  }

  return (
    <>
      <FormularioDialogo
        idTitulo={ID_TITULO}
        aoEnviar={handleSubmit((dados) => setAConfirmar(dados))}
        aoCancelar={aoFechar}
        enviando={formState.isSubmitting}
        rotuloEnviar="Sobrestar"
        enviarComEnter={false}
      >
        <DialogContentText>{T.explicacao(numero)}</DialogContentText>
        <CampoTextoControlado
          control={control}
          name="motivo"
          id="campo-motivo-sobrestamento"
          label={T.rotuloMotivo}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
          maxLength={MOTIVO_SOBRESTAMENTO_MAXIMO}
          textoAjuda=" "
        />
        <CampoDataControlado
          Campo={CampoData}
          control={control}
          name="levantarEm"
          id="campo-levantar-em"
          rotulo={T.rotuloLevantarEm}
          minimo={hoje}
          maximo={limiteLevantarEm(hoje)}
          textoAjuda={T.ajudaLevantarEm}
        />
      </FormularioDialogo>
      <DialogoConfirmacao
        aberto={aConfirmar !== null}
        titulo={T.tituloSobrestar}
        rotuloConfirmar="Sobrestar"
        aoCancelar={() => setAConfirmar(null)}
        aoConfirmar={confirmar}
      >
        {T.confirmar(numero, aConfirmar?.levantarEm ?? null)} {T.explicacao(numero)}
      </DialogoConfirmacao>
    </>
  );
}
