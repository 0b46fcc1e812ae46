import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { type ArquivoAssinado, MENSAGENS } from '@tramite/shared';
import { type FormEvent, useId, useState } from 'react';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { ErroHttp } from '../../lib/api';
import { buscarDocumentoPorNumero } from '../documentos/api';
import { vincularArquivoAssinado } from './api';

const M = MENSAGENS.arquivosAssinados;
const somenteDigitos = (texto: string) => texto.replace(/\D/g, '');

interface DialogoVinculoProps {
  arquivo: ArquivoAssinado;
  aoFechar: () => void;
  aoVincular: (vinculado: ArquivoAssinado) => void;
}

/** Asks the number of the document the signed file goes to, finds its id by the search API and links it. */
export function DialogoVinculo({ arquivo, aoFechar, aoVincular }: DialogoVinculoProps) {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const [numero, setNumero] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);

  async function confirmar(evento: FormEvent) {
    evento.preventDefault();
    const digitos = somenteDigitos(numero);
    if (!digitos) {
      setErro(M.numeroDocumentoObrigatorio);
      return;
    }
    setErro(null);
    setOcupado(true);
    try {
      const vinculado = await executar('Vinculando o arquivo ao documento', async () => {
        const encontrados = (await buscarDocumentoPorNumero(numero.trim())).itens.filter(
          (documento) => somenteDigitos(documento.numero) === digitos,
        );
        const [documento] = encontrados;
        if (encontrados.length !== 1 || !documento) throw new Error(M.documentoNaoEncontrado);
        return vincularArquivoAssinado(arquivo, documento.idDocumento);
      });
      snackbar.sucesso(M.vinculado(arquivo.nomeOriginal, vinculado.numeroDocumentoVinculado ?? numero));
      aoVincular(vinculado);
    } catch (falha) {
      const detalhe =
        falha instanceof ErroHttp ? falha.mensagemServidor : falha instanceof Error ? falha.message : undefined;
      const mensagem = `${M.naoVinculado(arquivo.nomeOriginal)}${detalhe ? `: ${detalhe}` : ''}`;
      setErro(detalhe ?? mensagem);
      snackbar.erro(mensagem);
    } finally {
      setOcupado(false);
    }
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (!ocupado) aoFechar();
      }}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-descricao`}
      data-testid="dialogo-vinculo"
    >
      <form onSubmit={confirmar} noValidate>
        <DialogTitle id={`${id}-titulo`}>Vincular a um documento</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-descricao`} sx={{ mb: 2 }}>
            O arquivo {arquivo.nomeOriginal} será incluído como nova peça do documento, que precisa estar recebido pela
            sua unidade (ou em criação nela).
          </DialogContentText>
          <TextField
            id={`${id}-numero`}
            label="Número do documento"
            value={numero}
            onChange={(evento) => setNumero(evento.target.value)}
            error={erro !== null}
            helperText={erro ?? 'Com ou sem pontuação'}
            autoFocus
            fullWidth
            required
            disabled={ocupado}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={aoFechar} disabled={ocupado}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={ocupado}>
            Vincular
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
