import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, AlertTitle, Box, Button, DialogContentText } from '@mui/material';
import {
  type Documento,
  impedimentoLevantamento,
  type LevantarSobrestamentoEntrada,
  levantarSobrestamentoSchema,
  MENSAGENS,
  MOTIVO_SOBRESTAMENTO_MAXIMO,
  type Sobrestamento,
} from '@tramite/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { FormularioDialogo, marcarErrosDoServidor } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { formatarDataHora } from '../../lib/formatacao';
import { useLevantarSobrestamento, useSobrestamento } from './consultas';
import { documentoSobrestavel } from './regras';
import { TEXTOS_SOBRESTAMENTO as T } from './textos';

const ID_TITULO = 'titulo-dialogo-levantar';
const CAMPOS: readonly FieldPath<LevantarSobrestamentoEntrada>[] = ['motivo'];

/**
 * The document page's banner while the document is suspended: the reason, until when, and for the holding unit the
 * "Levantar sobrestamento" button.
 */
export function AvisoSobrestamento({
  documento,
  idUnidadeUsuario,
}: {
  documento: Documento;
  /** The user's current unit; null for anonymous readers. */
  idUnidadeUsuario: number | null;
}) {
  const situacao = useSobrestamento(documento.idDocumento);
  const [levantando, setLevantando] = useState(false);
  const vigente = situacao.data?.vigente ?? null;
  if (!vigente) return null;
  const podeLevantar =
    idUnidadeUsuario !== null &&
    impedimentoLevantamento(documentoSobrestavel(documento, true), true, idUnidadeUsuario) === null;
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      data-testid="aviso-sobrestamento"
      action={
        podeLevantar ? (
          <Button color="inherit" variant="outlined" size="small" onClick={() => setLevantando(true)}>
            {T.tituloLevantar}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{T.aviso(vigente.levantarEm)}</AlertTitle>
      <Detalhes vigente={vigente} />
      <DialogoEdicao
        aberto={levantando}
        idTitulo={ID_TITULO}
        titulo={T.tituloLevantar}
        aoFechar={() => setLevantando(false)}
      >
        <FormularioLevantar idDocumento={documento.idDocumento} aoFechar={() => setLevantando(false)} />
      </DialogoEdicao>
    </Alert>
  );
}

function Detalhes({ vigente }: { vigente: Sobrestamento }) {
  return (
    <>
      <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap' }} data-testid="motivo-sobrestamento">
        {vigente.motivo !== null ? `Motivo: ${vigente.motivo}` : T.motivoRestrito}
      </Box>
      <Box component="p" sx={{ m: 0 }}>
        {T.desde(formatarDataHora(vigente.em), vigente.unidade.sigla, vigente.usuario)}
      </Box>
    </>
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
