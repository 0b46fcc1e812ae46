import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import {
  cancelarPecaSchema,
  MENSAGENS,
  type Peca,
  ROTULOS_SITUACAO_VINCULO,
  type SituacaoVinculo,
  TAMANHO_MAXIMO_JUSTIFICATIVA,
} from '@tramite/shared';
import { useId, useState } from 'react';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { ErroHttp } from '../../lib/api';
import { buscarDocumentoPorNumero } from '../documentos/api';
import { useCancelarPeca } from './api';
import { nomePeca } from './textos';

interface DialogoCancelamentoProps {
  peca: Peca;
  aoFechar: () => void;
}

const somenteDigitos = (texto: string) => texto.replace(/\D/g, '');

/**
 * Cancels a peça as desentranhada or desmembrada (into another document, chosen by its number), with a
 * justification and a confirmation: irreversible (spec §4).
 */
export function DialogoCancelamento({ peca, aoFechar }: DialogoCancelamentoProps) {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const cancelar = useCancelarPeca(peca.idDocumento);
  const [situacaoVinculo, setSituacaoVinculo] = useState<SituacaoVinculo>('D');
  const [numeroDestino, setNumeroDestino] = useState('');
  const [justificativa, setJustificativa] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [confirmando, setConfirmando] = useState(false);

  function pedirConfirmacao() {
    const novos: Record<string, string> = {};
    if (!justificativa.trim()) novos.justificativa = MENSAGENS.arquivos.justificativaCancelamentoObrigatoria;
    if (situacaoVinculo === 'M' && !somenteDigitos(numeroDestino)) {
      novos.destino = MENSAGENS.arquivos.destinoDesmembramentoObrigatorio;
    }
    setErros(novos);
    const primeira = Object.values(novos)[0];
    if (primeira) {
      snackbar.erro(primeira);
      return;
    }
    setConfirmando(true);
  }

  /** The target's id from its number: exactly one document must have it. */
  async function idDestino(): Promise<number | null> {
    if (situacaoVinculo !== 'M') return null;
    const digitos = somenteDigitos(numeroDestino);
    const encontrados = (await buscarDocumentoPorNumero(numeroDestino.trim())).itens.filter(
      (documento) => somenteDigitos(documento.numero) === digitos,
    );
    if (encontrados.length !== 1) throw new Error(MENSAGENS.arquivos.destinoDesmembramentoNaoEncontrado);
    return (encontrados[0] as { idDocumento: number }).idDocumento;
  }

  async function confirmar() {
    try {
      await executar('Cancelando a peça', async () => {
        const corpo = cancelarPecaSchema.parse({
          situacaoVinculo,
          justificativaCancelamento: justificativa,
          idDocumentoPecaDesmembramento: await idDestino(),
        });
        await cancelar.mutateAsync({ peca, corpo });
      });
      snackbar.sucesso(MENSAGENS.arquivos.cancelado);
      setConfirmando(false);
      aoFechar();
    } catch (erro) {
      setConfirmando(false);
      const detalhe =
        erro instanceof ErroHttp ? erro.mensagemServidor : erro instanceof Error ? erro.message : undefined;
      snackbar.erro(
        detalhe ? `${MENSAGENS.arquivos.erroCancelarPeca}: ${detalhe}` : MENSAGENS.arquivos.erroCancelarPeca,
      );
    }
  }

  return (
    <>
      <Dialog open onClose={aoFechar} aria-labelledby={`${id}-titulo`} fullWidth maxWidth="sm">
        <DialogTitle id={`${id}-titulo`}>Cancelar peça</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Peça {peca.sequencial}: {nomePeca(peca)}. O cancelamento é irreversível; a peça continua listada com o
            rótulo escolhido.
          </DialogContentText>
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id={`${id}-tipo`}>Tipo de cancelamento</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-tipo`}
                value={situacaoVinculo}
                onChange={(evento) => setSituacaoVinculo(evento.target.value as SituacaoVinculo)}
              >
                <FormControlLabel value="D" control={<Radio />} label={ROTULOS_SITUACAO_VINCULO.D} />
                <FormControlLabel value="M" control={<Radio />} label={ROTULOS_SITUACAO_VINCULO.M} />
              </RadioGroup>
            </FormControl>
            {situacaoVinculo === 'M' ? (
              <TextField
                id={`${id}-destino`}
                label="Número do documento de destino"
                required
                fullWidth
                value={numeroDestino}
                onChange={(evento) => setNumeroDestino(evento.target.value)}
                error={Boolean(erros.destino)}
                helperText={erros.destino ?? 'A peça é copiada para esse documento, que deve estar na sua unidade.'}
              />
            ) : null}
            <TextField
              id={`${id}-justificativa`}
              label="Justificativa do cancelamento"
              required
              fullWidth
              multiline
              minRows={2}
              value={justificativa}
              onChange={(evento) => setJustificativa(evento.target.value)}
              error={Boolean(erros.justificativa)}
              helperText={erros.justificativa}
              slotProps={{ htmlInput: { maxLength: TAMANHO_MAXIMO_JUSTIFICATIVA } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={aoFechar}>Voltar</Button>
          <Button variant="contained" color="error" onClick={pedirConfirmacao}>
            Cancelar peça
          </Button>
        </DialogActions>
      </Dialog>
      <DialogoConfirmacao
        aberto={confirmando}
        titulo="Confirmar cancelamento da peça"
        rotuloConfirmar={situacaoVinculo === 'M' ? 'Desmembrar' : 'Desentranhar'}
        ocupado={cancelar.isPending}
        aoConfirmar={confirmar}
        aoCancelar={() => setConfirmando(false)}
      >
        “{nomePeca(peca)}” será marcada como {ROTULOS_SITUACAO_VINCULO[situacaoVinculo].toLowerCase()}
        {situacaoVinculo === 'M' ? ` e copiada para o documento ${numeroDestino.trim()}` : ''}. Esta ação não pode ser
        desfeita.
      </DialogoConfirmacao>
    </>
  );
}
