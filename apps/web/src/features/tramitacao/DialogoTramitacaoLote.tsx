import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  type ItemCaixaPostal,
  MENSAGENS,
  type ResultadoCancelamentoLote,
  type ResultadoLote,
  type ResultadoRecebimentoLote,
  type TramitarLote,
  tramitarLoteSchema,
} from '@tramite/shared';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CampoDestino, CamposPassoFluxo } from '../../components/CamposPassoFluxo';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { hojeNoNavegador, useCalendario } from '../../lib/calendario';
import { passoEscolhido, useEscolhaPasso } from '../../lib/use-escolha-passo';
import { consultaDestinos, useFluxos, useReceberLote, useTramitarLote } from './api';
import { CamposDespacho } from './CamposDespacho';
import { CamposPrazo } from './CamposPrazo';
import { FormularioCancelamentoLote } from './DialogoCancelarEnvio';
import { type EnvioValidado, resolverEnvio, type ValoresEnvio, valoresEnvioPadrao } from './formulario-envio';
import { TEXTOS } from './textos';

const ID_TITULO = 'titulo-dialogo-tramitacao-lote';

interface DialogoTramitacaoLoteProps {
  aberto: boolean;
  /** The selected documents, in the order they were selected: the first one supplies the flows. */
  documentos: readonly ItemCaixaPostal[];
  /** Closes the dialog; `concluido` is true once a bulk forwarding was sent (the selection is then cleared). */
  aoFechar: (concluido: boolean) => void;
}

/** Bulk forwarding (spec §7): one step, destination and dispatch for every selected document, one outcome each. */
export function DialogoTramitacaoLote({ aberto, documentos, aoFechar }: DialogoTramitacaoLoteProps) {
  const [resultados, setResultados] = useState<ResultadoLote[] | null>(null);
  // After the forwarding, "Cancelar estes envios": the reason (true), then each recall's outcome.
  const [cancelamento, setCancelamento] = useState<true | ResultadoCancelamentoLote[] | null>(null);
  const fechar = () => {
    const concluido = resultados !== null;
    setResultados(null);
    setCancelamento(null);
    aoFechar(concluido);
  };
  const enviados = (resultados ?? []).filter((resultado) => resultado.tramitado);
  return (
    <Dialog open={aberto} onClose={fechar} aria-labelledby={ID_TITULO} fullWidth maxWidth="md">
      <DialogTitle id={ID_TITULO}>
        {cancelamento ? 'Cancelar envios dos documentos tramitados' : 'Tramitar documentos selecionados'}
      </DialogTitle>
      {cancelamento === true ? (
        <FormularioCancelamentoLote
          idTitulo={ID_TITULO}
          documentos={enviados}
          aoVoltar={() => setCancelamento(null)}
          aoConcluir={setCancelamento}
        />
      ) : cancelamento ? (
        <ResultadosLote resultados={cancelamento.map(deCancelamento)} textos={TEXTOS_CANCELAMENTO} aoFechar={fechar} />
      ) : resultados ? (
        <ResultadosLote
          resultados={resultados.map(deTramitacao)}
          textos={TEXTOS_TRAMITACAO}
          aoFechar={fechar}
          acaoExtra={
            enviados.length > 0 ? (
              <Button color="error" onClick={() => setCancelamento(true)}>
                Cancelar estes envios
              </Button>
            ) : null
          }
        />
      ) : (
        <FormularioLote documentos={documentos} aoConcluir={setResultados} aoCancelar={fechar} />
      )}
    </Dialog>
  );
}

/** One document's outcome in a bulk action: done, or why not. */
interface ResultadoDocumento {
  idDocumento: number;
  numero: string | null;
  feito: boolean;
  erro: string | null;
}

/** How a bulk action words its outcome: the chip of a document done, the summary, the fallback error. */
interface TextosResultado {
  feito: string;
  sucesso: (quantidade: number) => string;
  falhas: (quantidade: number) => string;
  erro: string;
}

const TEXTOS_TRAMITACAO: TextosResultado = {
  feito: 'Tramitado',
  sucesso: MENSAGENS.tramitacao.loteSucesso,
  falhas: MENSAGENS.tramitacao.loteFalhas,
  erro: TEXTOS.erroTramitar,
};

const TEXTOS_RECEBIMENTO: TextosResultado = {
  feito: 'Recebido',
  sucesso: MENSAGENS.documento.loteRecebidos,
  falhas: MENSAGENS.documento.loteNaoRecebidos,
  erro: MENSAGENS.documento.erroReceber,
};

const TEXTOS_CANCELAMENTO: TextosResultado = {
  feito: 'Envio cancelado',
  sucesso: (quantidade) => `${quantidade} envio(s) cancelado(s)`,
  falhas: (quantidade) => `${quantidade} envio(s) não cancelado(s)`,
  erro: MENSAGENS.cancelamentoEnvio.erroCancelar,
};

const deTramitacao = (r: ResultadoLote): ResultadoDocumento => ({ ...r, feito: r.tramitado });
const deCancelamento = (r: ResultadoCancelamentoLote): ResultadoDocumento => ({ ...r, feito: r.cancelado });
const deRecebimento = (r: ResultadoRecebimentoLote): ResultadoDocumento => ({ ...r, feito: r.recebido });

/** The outcome of a bulk action (forwarding, receiving, recalling): a summary, then one row per document. */
function ResultadosLote({
  resultados,
  textos,
  aoFechar,
  acaoExtra = null,
}: {
  resultados: readonly ResultadoDocumento[];
  textos: TextosResultado;
  aoFechar: () => void;
  /** What may be done next with these documents, beside "Fechar". */
  acaoExtra?: ReactNode;
}) {
  const feitos = resultados.filter((resultado) => resultado.feito).length;
  const resumo = [
    feitos > 0 ? textos.sucesso(feitos) : null,
    feitos < resultados.length ? textos.falhas(resultados.length - feitos) : null,
  ].filter((parte) => parte !== null);
  return (
    <>
      <DialogContent>
        <Typography role="status" sx={{ mb: 2 }} data-testid="resumo-lote">
          {`${resumo.join('. ')}.`}
        </Typography>
        <Table size="small" aria-label="Resultado por documento" data-testid="resultado-lote">
          <TableHead>
            <TableRow>
              <TableCell>Número</TableCell>
              <TableCell>Resultado</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {resultados.map((resultado) => (
              <TableRow key={resultado.idDocumento} data-testid="resultado-documento">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {resultado.numero ?? `Documento ${resultado.idDocumento}`}
                </TableCell>
                <TableCell>
                  {resultado.feito ? (
                    <Chip label={textos.feito} color="success" size="small" variant="outlined" />
                  ) : (
                    <Typography color="error" variant="body2">
                      {resultado.erro ?? textos.erro}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        {acaoExtra}
        <Button onClick={aoFechar} variant="contained" autoFocus>
          Fechar
        </Button>
      </DialogActions>
    </>
  );
}

interface FormularioLoteProps {
  documentos: readonly ItemCaixaPostal[];
  aoConcluir: (resultados: ResultadoLote[]) => void;
  aoCancelar: () => void;
}

type ValoresLote = ValoresEnvio & { idsDocumentos: number[] };

function FormularioLote({ documentos, aoConcluir, aoCancelar }: FormularioLoteProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const primeiro = documentos[0] ?? null;
  const idPrimeiro = primeiro?.idDocumento ?? null;
  const fluxos = useFluxos(idPrimeiro);
  const calendario = useCalendario();
  const formulario = useForm<ValoresLote, unknown, EnvioValidado<TramitarLote>>({
    // One deadline for all: even the step's default goes as N business days, the same date for every document.
    resolver: resolverEnvio(tramitarLoteSchema, undefined, (valores) => {
      const passo = passoEscolhido(fluxos.data, valores);
      return { passo: passo && { ...passo, prazoDiasUteis: null }, calendario, hoje: hojeNoNavegador() };
    }),
    defaultValues: { ...valoresEnvioPadrao(), idsDocumentos: documentos.map((documento) => documento.idDocumento) },
    shouldFocusError: false,
  });
  const escolha = useEscolhaPasso(formulario, {
    fluxos,
    destinos: (idFluxo, idPasso) => consultaDestinos(idPrimeiro, idFluxo, idPasso),
  });
  const tramitarLote = useTramitarLote();
  // As the single forwarding warns of an urgent document (its ALERTA) and asks to confirm, so does the bulk one.
  const urgentes = documentos.filter((documento) => documento.urgente).map((documento) => documento.numero);
  const [confirmandoUrgentes, setConfirmandoUrgentes] = useState<EnvioValidado<TramitarLote> | null>(null);

  async function enviar(validado: EnvioValidado<TramitarLote>, confirmado = false) {
    if (urgentes.length > 0 && !confirmado) {
      setConfirmandoUrgentes(validado);
      return;
    }
    setConfirmandoUrgentes(null);
    const { envio } = validado;
    try {
      const resultados = await executar('Tramitando documentos selecionados', () => tramitarLote.mutateAsync(envio));
      const falhas = resultados.filter((item) => !item.tramitado).length;
      if (falhas === 0) snackbar.sucesso(MENSAGENS.tramitacao.loteSucesso(resultados.length));
      else snackbar.erro(MENSAGENS.tramitacao.loteFalhas(falhas));
      aoConcluir(resultados);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(TEXTOS.erroTramitarLote, erro));
    }
  }

  if (confirmandoUrgentes) {
    return (
      <>
        <DialogContent>
          <Alert severity="warning" role="alert" data-testid="confirmacao-urgentes">
            {MENSAGENS.tramitacao.loteUrgentes(urgentes)}.
          </Alert>
          <Typography sx={{ mt: 2 }}>Deseja tramitar os {documentos.length} documentos selecionados?</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmandoUrgentes(null)}>Cancelar</Button>
          <Button variant="contained" onClick={() => enviar(confirmandoUrgentes, true)} autoFocus>
            Tramitar
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <FormularioDialogo
      idTitulo={ID_TITULO}
      aoEnviar={formulario.handleSubmit(
        (validado) => enviar(validado),
        (erros) => snackbar.erro(Object.values(erros)[0]?.message ?? ''),
      )}
      aoCancelar={aoCancelar}
      enviando={tramitarLote.isPending}
      rotuloEnviar="Tramitar"
    >
      <Alert severity="info" data-testid="aviso-primeiro-documento">
        O mesmo passo, destino e despacho serão aplicados aos {documentos.length} documentos selecionados. Os fluxos e
        passos oferecidos são os do primeiro documento selecionado ({primeiro?.numero}); em cada documento será usado o
        passo de mesmo fluxo e descrição do seu tipo.
      </Alert>
      {urgentes.length > 0 ? (
        <Alert severity="warning" data-testid="aviso-urgentes">
          {MENSAGENS.tramitacao.loteUrgentes(urgentes)}.
        </Alert>
      ) : null}
      <ListaSelecionados documentos={documentos} />
      <CamposPassoFluxo id="lote" escolha={escolha} />
      <CampoDestino id="lote" escolha={escolha} />
      <CamposPrazo
        id="lote"
        formulario={formulario}
        passo={escolha.passo}
        calendario={calendario}
        hoje={hojeNoNavegador()}
      />
      <CamposDespacho id="lote" formulario={formulario} />
    </FormularioDialogo>
  );
}

/** The selected documents, as chips (urgent ones say so). */
function ListaSelecionados({ documentos }: { documentos: readonly ItemCaixaPostal[] }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Documentos selecionados">
      {documentos.map((documento) => (
        <Chip
          key={documento.idDocumento}
          label={documento.urgente ? `${documento.numero} (urgente)` : documento.numero}
          color={documento.urgente ? 'error' : 'default'}
          variant={documento.urgente ? 'outlined' : 'filled'}
          size="small"
          sx={{ '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
        />
      ))}
    </Stack>
  );
}

const ID_TITULO_RECEBIMENTO = 'titulo-dialogo-recebimento-lote';

interface DialogoRecebimentoLoteProps {
  aberto: boolean;
  /** The selected documents waiting to be received in the user's unit. */
  documentos: readonly ItemCaixaPostal[];
  /** Closes the dialog; `concluido` is true once the receipt was sent (the selection is then cleared). */
  aoFechar: (concluido: boolean) => void;
}

/** "Receber selecionados" (issue 20): confirms, receives each document by itself and shows each one's outcome. */
export function DialogoRecebimentoLote({ aberto, documentos, aoFechar }: DialogoRecebimentoLoteProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const receberLote = useReceberLote();
  const [resultados, setResultados] = useState<ResultadoRecebimentoLote[] | null>(null);
  const fechar = () => {
    const concluido = resultados !== null;
    setResultados(null);
    aoFechar(concluido);
  };

  async function receber() {
    try {
      const respostas = await executar('Recebendo documentos selecionados', () =>
        receberLote.mutateAsync(documentos.map((documento) => documento.idDocumento)),
      );
      const falhas = respostas.filter((item) => !item.recebido).length;
      if (falhas === 0) snackbar.sucesso(MENSAGENS.documento.loteRecebidos(respostas.length));
      else snackbar.erro(MENSAGENS.documento.loteNaoRecebidos(falhas));
      setResultados(respostas);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.documento.erroReceber, erro));
    }
  }

  return (
    <Dialog open={aberto} onClose={fechar} aria-labelledby={ID_TITULO_RECEBIMENTO} fullWidth maxWidth="sm">
      <DialogTitle id={ID_TITULO_RECEBIMENTO}>Receber documentos selecionados</DialogTitle>
      {resultados ? (
        <ResultadosLote resultados={resultados.map(deRecebimento)} textos={TEXTOS_RECEBIMENTO} aoFechar={fechar} />
      ) : (
        <>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>
              {documentos.length === 1
                ? 'Confirma o recebimento do documento selecionado na sua unidade?'
                : `Confirma o recebimento dos ${documentos.length} documentos selecionados na sua unidade?`}
            </Typography>
            <ListaSelecionados documentos={documentos} />
          </DialogContent>
          <DialogActions>
            <Button onClick={fechar} disabled={receberLote.isPending}>
              Cancelar
            </Button>
            <Button variant="contained" onClick={receber} disabled={receberLote.isPending} autoFocus>
              Receber
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
