import { zodResolver } from '@hookform/resolvers/zod';
import { type ArquivoAssinado, MENSAGENS, somenteDigitosNup } from '@tramite/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoFormulario } from '../../components/formulario/DialogoFormulario';
import { ErroHttp } from '../../lib/api';
import { buscarDocumentoPorNumero } from '../documentos/api';
import { vincularArquivoAssinado } from './api';

const M = MENSAGENS.arquivosAssinados;

/** The document's number, typed with or without punctuation (40 characters, as the search takes it). */
const vinculoSchema = z.object({
  numero: z.string().refine((numero) => somenteDigitosNup(numero) !== '', M.numeroDocumentoObrigatorio),
});

interface DialogoVinculoProps {
  arquivo: ArquivoAssinado;
  aoFechar: () => void;
  aoVincular: (vinculado: ArquivoAssinado) => void;
}

/** Asks the number of the document the signed file goes to, finds its id by the search API and links it. */
export function DialogoVinculo({ arquivo, aoFechar, aoVincular }: DialogoVinculoProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(vinculoSchema),
    defaultValues: { numero: '' },
    shouldFocusError: false,
  });
  const ocupado = formState.isSubmitting;

  const vincular = handleSubmit(async ({ numero }) => {
    const digitos = somenteDigitosNup(numero);
    try {
      const vinculado = await executar('Vinculando o arquivo ao documento', async () => {
        const encontrados = (await buscarDocumentoPorNumero(numero.trim())).itens.filter(
          (documento) => somenteDigitosNup(documento.numero) === digitos,
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
      setError('numero', { type: 'server', message: detalhe ?? mensagem });
      snackbar.erro(mensagem);
    }
  });

  return (
    <DialogoFormulario
      titulo="Vincular a um documento"
      descricao={`O arquivo ${arquivo.nomeOriginal} será incluído como nova peça do documento, que precisa estar recebido pela sua unidade (ou em criação nela).`}
      testId="dialogo-vinculo"
      aoEnviar={vincular}
      aoCancelar={aoFechar}
      enviando={ocupado}
      bloquearCancelar
      rotuloEnviar="Vincular"
    >
      <CampoTextoControlado
        control={control}
        name="numero"
        label="Número do documento"
        textoAjuda="Com ou sem pontuação"
        autoFocus
        fullWidth
        required
        disabled={ocupado}
        maxLength={40}
      />
    </DialogoFormulario>
  );
}
