import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  MENSAGENS,
  OBSERVACAO_CIENCIA_MAXIMO,
  type ResultadoCienciaLote,
  registrarCienciaSchema,
} from '@tramite/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { useCienciaLote } from './consultas';
import { TEXTOS_CIENCIA as T } from './textos';

const ID_TITULO = 'titulo-dialogo-ciencia-lote';

interface DialogoCienciaLoteProps {
  aberto: boolean;
  idsDocumentos: readonly number[];
  /** `concluido`: the request was made (the selection may then be cleared). */
  aoFechar: (concluido: boolean) => void;
}

/** The postal box's bulk "Dar ciência": one optional note for every selected document, one outcome each. */
export function DialogoCienciaLote({ aberto, idsDocumentos, aoFechar }: DialogoCienciaLoteProps) {
  const [resultados, setResultados] = useState<ResultadoCienciaLote[] | null>(null);
  const fechar = () => {
    const concluido = resultados !== null;
    setResultados(null);
    aoFechar(concluido);
  };
  return (
    <Dialog open={aberto} onClose={fechar} aria-labelledby={ID_TITULO} fullWidth maxWidth="sm">
      <DialogTitle id={ID_TITULO}>{T.tituloLote}</DialogTitle>
      {resultados ? (
        <Resultados resultados={resultados} aoFechar={fechar} />
      ) : (
        <FormularioLote idsDocumentos={idsDocumentos} aoConcluir={setResultados} aoCancelar={fechar} />
      )}
    </Dialog>
  );
}

function FormularioLote({
  idsDocumentos,
  aoConcluir,
  aoCancelar,
}: {
  idsDocumentos: readonly number[];
  aoConcluir: (resultados: ResultadoCienciaLote[]) => void;
  aoCancelar: () => void;
}) {
  const lote = useCienciaLote();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(registrarCienciaSchema),
    defaultValues: { observacao: '' },
  });
  const enviar = handleSubmit(async ({ observacao }) => {
    try {
      aoConcluir(
        await executar(T.registrando, () => lote.mutateAsync({ idsDocumentos: [...idsDocumentos], observacao })),
      );
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.ciencia.erroRegistrar, erro));
    }
  });
  return (
    <FormularioDialogo
      idTitulo={ID_TITULO}
      aoEnviar={enviar}
      aoCancelar={aoCancelar}
      enviando={formState.isSubmitting}
      rotuloEnviar={T.tituloLote}
      enviarComEnter={false}
    >
      <DialogContentText>{T.explicacaoLote(idsDocumentos.length)}</DialogContentText>
      <CampoTextoControlado
        control={control}
        name="observacao"
        id="campo-observacao-ciencia-lote"
        label={T.rotuloObservacao}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        maxLength={OBSERVACAO_CIENCIA_MAXIMO}
        textoAjuda={T.ajudaObservacao}
      />
    </FormularioDialogo>
  );
}

function Resultados({ resultados, aoFechar }: { resultados: readonly ResultadoCienciaLote[]; aoFechar: () => void }) {
  const registradas = resultados.filter((r) => r.registrada).length;
  return (
    <>
      <DialogContent>
        <Typography role="status" sx={{ mb: 2 }} data-testid="resumo-ciencia-lote">
          {MENSAGENS.ciencia.loteConcluido(registradas, resultados.length)}
        </Typography>
        <Table size="small" aria-label="Resultado por documento" data-testid="resultado-ciencia-lote">
          <TableHead>
            <TableRow>
              <TableCell>Número</TableCell>
              <TableCell>Resultado</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {resultados.map((r) => (
              <TableRow key={r.idDocumento} data-testid="resultado-documento">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.numero ?? `Documento ${r.idDocumento}`}</TableCell>
                <TableCell>
                  {r.registrada ? (
                    <Chip label={T.resultadoRegistrada} color="success" size="small" variant="outlined" />
                  ) : (
                    <Typography color="error" variant="body2">
                      {r.erro ?? MENSAGENS.ciencia.erroRegistrar}
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
