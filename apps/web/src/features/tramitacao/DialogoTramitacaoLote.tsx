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
  type ResultadoLote,
  type TramitarLote,
  tramitarLoteSchema,
} from '@tramite/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CampoDestino, CamposPassoFluxo } from '../../components/CamposPassoFluxo';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { useEscolhaPasso } from '../../lib/use-escolha-passo';
import { consultaDestinos, useFluxos, useTramitarLote } from './api';
import { CamposDespacho } from './CamposDespacho';
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
  const fechar = () => {
    const concluido = resultados !== null;
    setResultados(null);
    aoFechar(concluido);
  };
  return (
    <Dialog open={aberto} onClose={fechar} aria-labelledby={ID_TITULO} fullWidth maxWidth="md">
      <DialogTitle id={ID_TITULO}>Tramitar documentos selecionados</DialogTitle>
      {resultados ? (
        <ResultadosLote resultados={resultados} aoFechar={fechar} />
      ) : (
        <FormularioLote documentos={documentos} aoConcluir={setResultados} aoCancelar={fechar} />
      )}
    </Dialog>
  );
}

function ResultadosLote({ resultados, aoFechar }: { resultados: readonly ResultadoLote[]; aoFechar: () => void }) {
  const tramitados = resultados.filter((resultado) => resultado.tramitado).length;
  const resumo = [
    tramitados > 0 ? MENSAGENS.tramitacao.loteSucesso(tramitados) : null,
    tramitados < resultados.length ? MENSAGENS.tramitacao.loteFalhas(resultados.length - tramitados) : null,
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
                  {resultado.tramitado ? (
                    <Chip label="Tramitado" color="success" size="small" variant="outlined" />
                  ) : (
                    <Typography color="error" variant="body2">
                      {resultado.erro ?? TEXTOS.erroTramitar}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
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
  const formulario = useForm<ValoresLote, unknown, EnvioValidado<TramitarLote>>({
    resolver: resolverEnvio(tramitarLoteSchema),
    defaultValues: { ...valoresEnvioPadrao(), idsDocumentos: documentos.map((documento) => documento.idDocumento) },
    shouldFocusError: false,
  });
  const escolha = useEscolhaPasso(formulario, {
    fluxos,
    destinos: (idFluxo, idPasso) => consultaDestinos(idPrimeiro, idFluxo, idPasso),
  });
  const tramitarLote = useTramitarLote();

  async function enviar({ envio }: EnvioValidado<TramitarLote>) {
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

  return (
    <FormularioDialogo
      idTitulo={ID_TITULO}
      aoEnviar={formulario.handleSubmit(enviar, (erros) => snackbar.erro(Object.values(erros)[0]?.message ?? ''))}
      aoCancelar={aoCancelar}
      enviando={tramitarLote.isPending}
      rotuloEnviar="Tramitar"
    >
      <Alert severity="info" data-testid="aviso-primeiro-documento">
        O mesmo passo, destino e despacho serão aplicados aos {documentos.length} documentos selecionados. Os fluxos e
        passos oferecidos são os do primeiro documento selecionado ({primeiro?.numero}); em cada documento será usado o
        passo de mesmo fluxo e descrição do seu tipo.
      </Alert>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Documentos selecionados">
        {documentos.map((documento) => (
          <Chip key={documento.idDocumento} label={documento.numero} size="small" />
        ))}
      </Stack>
      <CamposPassoFluxo id="lote" escolha={escolha} />
      <CampoDestino id="lote" escolha={escolha} />
      <CamposDespacho id="lote" formulario={formulario} />
    </FormularioDialogo>
  );
}
