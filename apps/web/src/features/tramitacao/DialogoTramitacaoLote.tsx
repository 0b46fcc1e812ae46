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
  type TramitarLoteEntrada,
  tramitarLoteSchema,
} from '@tramite/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { CamposPassoFluxo } from '../../components/CamposPassoFluxo';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDestinos, useFluxos, useTramitarLote } from './api';
import {
  CamposDespacho,
  despachoPadrao,
  type ErrosFormulario,
  errosPorCampo,
  type ValoresDespacho,
} from './CamposDespacho';
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

function FormularioLote({ documentos, aoConcluir, aoCancelar }: FormularioLoteProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const primeiro = documentos[0] ?? null;
  const idPrimeiro = primeiro?.idDocumento ?? null;
  const fluxos = useFluxos(idPrimeiro);
  const [idFluxo, setIdFluxo] = useState<number | null>(null);
  const [idPasso, setIdPasso] = useState<number | null>(null);
  const [idDestino, setIdDestino] = useState<number | null>(null);
  const [despacho, setDespacho] = useState<ValoresDespacho>(() => despachoPadrao());
  const [erros, setErros] = useState<ErrosFormulario>({});
  const destinos = useDestinos(idPrimeiro, idFluxo, idPasso);
  const tramitarLote = useTramitarLote();
  useErroConsulta(fluxos.error, (erro) => mensagemComDetalhe(TEXTOS.erroCarregarFluxos, erro));
  useErroConsulta(destinos.error, (erro) => mensagemComDetalhe(TEXTOS.erroCarregarDestinos, erro));

  useEffect(() => {
    if (!destinos.data) return;
    setIdDestino((atual) => {
      if (atual !== null && destinos.data.some((destino) => destino.id === atual)) return atual;
      return destinos.data.length === 1 ? (destinos.data[0]?.id ?? null) : null;
    });
  }, [destinos.data]);

  async function enviar(evento: FormEvent) {
    evento.preventDefault();
    const lote: TramitarLoteEntrada = {
      idsDocumentos: documentos.map((documento) => documento.idDocumento),
      idPasso: idPasso ?? undefined,
      idDestino: idDestino ?? undefined,
      despacho: despacho.despacho,
      tipoDespacho: despacho.tipoDespacho,
      nivelAcesso: despacho.nivelAcesso,
      idHipoteseLegal: despacho.idHipoteseLegal,
    };
    const resultado = tramitarLoteSchema.safeParse(lote);
    const novosErros: ErrosFormulario = {
      ...(idFluxo === null ? { idFluxo: TEXTOS.informeFluxo } : {}),
      ...(resultado.success ? {} : errosPorCampo(resultado.error.issues)),
    };
    setErros(novosErros);
    const primeiroErro = Object.values(novosErros)[0];
    if (primeiroErro) {
      snackbar.erro(primeiroErro);
      return;
    }
    try {
      const resultados = await executar('Tramitando documentos selecionados', () => tramitarLote.mutateAsync(lote));
      const falhas = resultados.filter((item) => !item.tramitado).length;
      if (falhas === 0) snackbar.sucesso(MENSAGENS.tramitacao.loteSucesso(resultados.length));
      else snackbar.erro(MENSAGENS.tramitacao.loteFalhas(falhas));
      aoConcluir(resultados);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(TEXTOS.erroTramitarLote, erro));
    }
  }

  return (
    <form noValidate onSubmit={enviar} aria-labelledby={ID_TITULO}>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Alert severity="info" data-testid="aviso-primeiro-documento">
            O mesmo passo, destino e despacho serão aplicados aos {documentos.length} documentos selecionados. Os fluxos
            e passos oferecidos são os do primeiro documento selecionado ({primeiro?.numero}); em cada documento será
            usado o passo de mesmo fluxo e descrição do seu tipo.
          </Alert>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Documentos selecionados">
            {documentos.map((documento) => (
              <Chip key={documento.idDocumento} label={documento.numero} size="small" />
            ))}
          </Stack>
          <CamposPassoFluxo
            id="lote"
            fluxos={fluxos.data ?? []}
            idFluxo={idFluxo}
            idPasso={idPasso}
            aoMudarFluxo={setIdFluxo}
            aoMudarPasso={setIdPasso}
            carregando={fluxos.isLoading}
            erroFluxo={erros.idFluxo}
            erroPasso={erros.idPasso}
          />
          <SelecaoPorId
            id="lote-destino"
            rotulo="Destino"
            opcoes={destinos.data ?? []}
            valor={idDestino}
            aoMudar={setIdDestino}
            rotuloOpcao={(destino) => `${destino.sigla} — ${destino.nome}`}
            carregando={destinos.isFetching}
            desabilitado={idPasso === null}
            obrigatorio
            erro={Boolean(erros.idDestino)}
            textoAjuda={erros.idDestino ?? (idPasso === null ? 'Escolha antes o passo do fluxo.' : undefined)}
          />
          <CamposDespacho
            id="lote"
            valores={despacho}
            aoMudar={(alteracoes) => setDespacho((atual) => ({ ...atual, ...alteracoes }))}
            erros={erros}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={aoCancelar}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={tramitarLote.isPending}>
          Tramitar
        </Button>
      </DialogActions>
    </form>
  );
}
