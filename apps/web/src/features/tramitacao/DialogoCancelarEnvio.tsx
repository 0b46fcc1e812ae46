import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CancelarEnvio,
  cancelarEnvioSchema,
  type Documento,
  MENSAGENS,
  type ResultadoCancelamentoLote,
  TAMANHO_MAXIMO_MOTIVO_CANCELAMENTO,
} from '@tramite/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { marcarErrosDoServidor } from '../../components/formulario/erros-servidor';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { api, mensagemComDetalhe } from '../../lib/api';
import { chavesDocumentos } from '../documentos/api';

// "Cancelar envio" (issue 20): the sending unit recalls a sending its destination has not received yet.

/** After a recall (or a refused one: someone may have received it first) everything about documents is read again. */
function useRelerAposCancelamento() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      // ['caixa-postal'] is chavesTramitacao.caixaPostal, spelled out: api.ts re-exports this dialog.
      [chavesDocumentos.todos, ['caixa-postal']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** POST documentos/{id}/cancelar-envio: answers the document as it is now, shown at once. */
function useCancelarEnvio(idDocumento: number) {
  const queryClient = useQueryClient();
  const reler = useRelerAposCancelamento();
  return useMutation({
    mutationFn: (corpo: CancelarEnvio) => api.post<Documento>(`documentos/${idDocumento}/cancelar-envio`, corpo),
    onSuccess: (documento) => queryClient.setQueryData(chavesDocumentos.documento(idDocumento), documento),
    onSettled: reler,
  });
}

/** POST tramitacoes/cancelamento/lote: one outcome per document. */
function useCancelarEnvioLote() {
  const reler = useRelerAposCancelamento();
  return useMutation({
    mutationFn: (corpo: { idsDocumentos: number[]; motivo: string }) =>
      api.post<ResultadoCancelamentoLote[]>('tramitacoes/cancelamento/lote', corpo),
    onSettled: reler,
  });
}

interface FormularioMotivoProps {
  idTitulo: string;
  /** What will happen, above the field. */
  descricao: ReactNode;
  /** The question of the confirmation step. */
  pergunta: string;
  aoCancelar: () => void;
  /** Runs the recall; a rejection leaves the form as it was, with the server's field messages. */
  aoConfirmar: (motivo: string) => Promise<void>;
}

/** The reason (checked as the API checks it), then a confirmation step, inside a dialog. */
function FormularioMotivo({ idTitulo, descricao, pergunta, aoCancelar, aoConfirmar }: FormularioMotivoProps) {
  const formulario = useForm<CancelarEnvio>({
    resolver: zodResolver(cancelarEnvioSchema),
    defaultValues: { motivo: '' },
  });
  const [confirmando, setConfirmando] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function confirmar(motivo: string) {
    setEnviando(true);
    try {
      await aoConfirmar(motivo);
    } catch (erro) {
      setConfirmando(null);
      marcarErrosDoServidor(erro, ['motivo'], formulario.setError);
    } finally {
      setEnviando(false);
    }
  }

  if (confirmando !== null) {
    return (
      <>
        <DialogContent>
          <DialogContentText data-testid="confirmacao-cancelamento-envio">{pergunta}</DialogContentText>
          <DialogContentText sx={{ mt: 2 }}>Motivo: {confirmando}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmando(null)} disabled={enviando}>
            Voltar
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => confirmar(confirmando)}
            disabled={enviando}
            autoFocus
          >
            Confirmar cancelamento
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <FormularioDialogo
      idTitulo={idTitulo}
      aoEnviar={formulario.handleSubmit(({ motivo }) => setConfirmando(motivo))}
      aoCancelar={aoCancelar}
      enviando={enviando}
      rotuloCancelar="Fechar"
      rotuloEnviar="Cancelar envio"
      corEnviar="error"
      enviarComEnter={false}
    >
      {descricao}
      <CampoTextoControlado
        control={formulario.control}
        name="motivo"
        id="campo-motivo-cancelamento"
        label="Motivo do cancelamento"
        required
        fullWidth
        autoFocus
        multiline
        minRows={3}
        maxLength={TAMANHO_MAXIMO_MOTIVO_CANCELAMENTO}
        textoAjuda={`Até ${TAMANHO_MAXIMO_MOTIVO_CANCELAMENTO} caracteres. Fica registrado no histórico de movimentações.`}
      />
    </FormularioDialogo>
  );
}

interface DialogoCancelarEnvioProps {
  aberto: boolean;
  documento: Documento;
  aoFechar: () => void;
}

/** The document's page: recalls its pending sending, with a reason and a confirmation. */
export function DialogoCancelarEnvio({ aberto, documento, aoFechar }: DialogoCancelarEnvioProps) {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const cancelar = useCancelarEnvio(documento.idDocumento);
  const ultima = documento.ultimaTramitacao;
  const [versao, setVersao] = useState(0);
  // A new form (empty reason, no confirmation pending) each time the dialog opens.
  useEffect(() => {
    if (aberto) setVersao((atual) => atual + 1);
  }, [aberto]);

  async function confirmar(motivo: string) {
    try {
      await executar('Cancelando envio', () => cancelar.mutateAsync({ motivo }));
      snackbar.sucesso(MENSAGENS.cancelamentoEnvio.cancelado);
      aoFechar();
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.cancelamentoEnvio.erroCancelar, erro));
      throw erro;
    }
  }

  const destino = ultima ? `${ultima.unidadeDestino.sigla} (${ultima.unidadeDestino.nome})` : '';
  return (
    <Dialog
      open={aberto}
      onClose={cancelar.isPending ? undefined : aoFechar}
      aria-labelledby={`${id}-titulo`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-titulo`}>Cancelar envio</DialogTitle>
      <FormularioMotivo
        key={versao}
        idTitulo={`${id}-titulo`}
        descricao={
          <DialogContentText>
            O envio do documento {documento.numero} à unidade {destino} ainda não foi recebido. Ao cancelá-lo, o
            documento volta à sua unidade como estava antes do envio e deixa de aguardar recebimento no destino. O
            despacho enviado não volta a ser rascunho.
          </DialogContentText>
        }
        pergunta={`Confirma o cancelamento do envio do documento ${documento.numero} à unidade ${ultima?.unidadeDestino.sigla ?? ''}?`}
        aoCancelar={aoFechar}
        aoConfirmar={confirmar}
      />
    </Dialog>
  );
}

interface FormularioCancelamentoLoteProps {
  idTitulo: string;
  /** The documents just sent in bulk, whose sendings are to be recalled. */
  documentos: readonly { idDocumento: number; numero: string | null }[];
  aoVoltar: () => void;
  aoConcluir: (resultados: ResultadoCancelamentoLote[]) => void;
}

/** After a bulk forwarding: "Cancelar estes envios", one reason for all, each recalled by itself. */
export function FormularioCancelamentoLote({
  idTitulo,
  documentos,
  aoVoltar,
  aoConcluir,
}: FormularioCancelamentoLoteProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const cancelarLote = useCancelarEnvioLote();

  async function confirmar(motivo: string) {
    try {
      const resultados = await executar('Cancelando envios', () =>
        cancelarLote.mutateAsync({ idsDocumentos: documentos.map((d) => d.idDocumento), motivo }),
      );
      const cancelados = resultados.filter((r) => r.cancelado).length;
      const mensagem = MENSAGENS.cancelamentoEnvio.loteConcluido(cancelados, resultados.length);
      if (cancelados === resultados.length) snackbar.sucesso(mensagem);
      else snackbar.erro(mensagem);
      aoConcluir(resultados);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.cancelamentoEnvio.erroCancelar, erro));
      throw erro;
    }
  }

  return (
    <FormularioMotivo
      idTitulo={idTitulo}
      descricao={
        <Alert severity="warning">
          Os envios ainda não recebidos dos {documentos.length} documento(s) tramitado(s) serão cancelados, cada um por
          si: os já recebidos no destino ficam como estão. Os documentos voltam à sua unidade como estavam antes do
          envio.
        </Alert>
      }
      pergunta={`Confirma o cancelamento dos envios de ${documentos.length} documento(s)?`}
      aoCancelar={aoVoltar}
      aoConfirmar={confirmar}
    />
  );
}
