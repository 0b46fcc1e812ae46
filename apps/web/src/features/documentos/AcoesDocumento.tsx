import EditOutlined from '@mui/icons-material/EditOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Alert, Button, Link, Stack } from '@mui/material';
import { type Documento, MENSAGENS, motivoNaoEditavel, type Usuario } from '@tramite/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { api, mensagemComDetalhe } from '../../lib/api';
import { abrirEmNovaAba } from '../../lib/download';
import { useReceberDocumento } from '../tramitacao/api';
import { solicitarConsolidacao } from './api';
import { DialogoComprovanteEmail } from './DialogoComprovanteEmail';
import { TEXTOS } from './textos';

/** Spec §3 and §9: consolidations are also remembered locally under keys prefixed PROTOCOLO. */
export const PREFIXO_CONSOLIDACAO = 'PROTOCOLO';

/**
 * The actions on the document (spec §2 "Document detail"). The PDFs and the consolidation are public like the
 * screen; receiving, forwarding, editing and e-mail need a logged-in user.
 */
export function AcoesDocumento({ documento, usuario }: { documento: Documento; usuario: Usuario | null }) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const receber = useReceberDocumento();
  const [confirmandoRecebimento, setConfirmandoRecebimento] = useState(false);
  const [enviandoEmail, setEnviandoEmail] = useState(false);
  const [consolidacaoSolicitada, setConsolidacaoSolicitada] = useState(false);
  const id = documento.idDocumento;
  const naUnidadeAtual = usuario !== null && documento.unidadeAtual.id === usuario.configuracoes.idUnidadeAtual;
  const editavel = motivoNaoEditavel(documento) === null && naUnidadeAtual;
  // The server decides which steps are allowed; the button is offered where sending can make sense.
  const podeTramitar =
    naUnidadeAtual && ['RECEBIDO', 'T', 'EM_CRIACAO'].includes(documento.situacao) && !documento.podeReceber;

  async function confirmarRecebimento() {
    setConfirmandoRecebimento(false);
    try {
      await executar('Recebendo documento', () => receber.mutateAsync(documento.idDocumento));
      snackbar.sucesso(MENSAGENS.documento.recebido);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.documento.erroReceber, erro));
    }
  }

  /**
   * Opens a PDF made by the server in a new tab. The tab is opened at the click, while the browser still
   * allows it, and receives the file once it is ready; the loading stack shows meanwhile.
   */
  async function abrirPdf(caminho: string, titulo: string, mensagemErro: string) {
    try {
      await abrirEmNovaAba(async () => (await executar(titulo, () => api.binario(caminho))).blob);
    } catch (erro) {
      // The server says why (e.g. the type does not generate a cover) after the screen's own message.
      snackbar.erro(mensagemComDetalhe(mensagemErro, erro));
    }
  }

  async function consolidar() {
    try {
      const uuid = await executar('Solicitando consolidação', () => solicitarConsolidacao(id));
      localStorage.setItem(
        `${PREFIXO_CONSOLIDACAO}${uuid}`,
        JSON.stringify({ uuid, idDocumento: id, numero: documento.numero, solicitadaEm: new Date().toISOString() }),
      );
      snackbar.sucesso(TEXTOS.consolidacaoSolicitada);
      setConsolidacaoSolicitada(true);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.documento.erroConsolidacao, erro));
    }
  }

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label="Ações do documento"
      >
        {usuario && documento.podeReceber ? (
          <Button
            variant="contained"
            startIcon={<MoveToInboxOutlined />}
            onClick={() => setConfirmandoRecebimento(true)}
          >
            Receber
          </Button>
        ) : null}
        {podeTramitar ? (
          <Button
            variant="outlined"
            startIcon={<SendOutlined />}
            component={RouterLink}
            to={`/documentos/${id}/tramitar`}
          >
            Tramitar
          </Button>
        ) : null}
        {editavel ? (
          <Button variant="outlined" startIcon={<EditOutlined />} component={RouterLink} to={`/autuacoes/${id}`}>
            Editar autuação
          </Button>
        ) : null}
        {documento.geraCapa ? (
          <Button
            variant="outlined"
            startIcon={<PictureAsPdfOutlined />}
            onClick={() => abrirPdf(`documentos/${id}/capa`, 'Gerando capa', TEXTOS.erroCapa)}
          >
            Capa
          </Button>
        ) : null}
        <Button
          variant="outlined"
          startIcon={<ReceiptLongOutlined />}
          onClick={() =>
            abrirPdf(`documentos/${id}/comprovante`, 'Gerando comprovante', MENSAGENS.documento.erroComprovante)
          }
        >
          Comprovante
        </Button>
        {usuario ? (
          <Button variant="outlined" startIcon={<EmailOutlined />} onClick={() => setEnviandoEmail(true)}>
            Enviar comprovante por e-mail
          </Button>
        ) : null}
        <Button variant="outlined" startIcon={<LibraryBooksOutlined />} onClick={consolidar}>
          Solicitar consolidação
        </Button>
      </Stack>
      {consolidacaoSolicitada ? (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => setConsolidacaoSolicitada(false)}>
          Consolidação solicitada. O PDF é montado em segundo plano:{' '}
          <Link component={RouterLink} to="/consolidacao">
            acompanhe e baixe na tela de consolidação
          </Link>
          .
        </Alert>
      ) : null}
      <DialogoConfirmacao
        aberto={confirmandoRecebimento}
        titulo="Receber documento"
        rotuloConfirmar="Receber"
        aoCancelar={() => setConfirmandoRecebimento(false)}
        aoConfirmar={confirmarRecebimento}
      >
        Confirma o recebimento do documento {documento.numero} na sua unidade?
      </DialogoConfirmacao>
      <DialogoComprovanteEmail aberto={enviandoEmail} documento={documento} aoFechar={() => setEnviandoEmail(false)} />
    </>
  );
}
