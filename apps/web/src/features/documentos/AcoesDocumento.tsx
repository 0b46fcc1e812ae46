import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Button, Link, Stack, Tooltip } from '@mui/material';
import {
  type Documento,
  MENSAGENS,
  motivoNaoEditavel,
  motivoSemAlteracaoPecas,
  motivoSemJuntada,
  type Usuario,
} from '@tramite/shared';
import { type ReactNode, useState } from 'react';
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

/** A screen of the document's own, or the same button disabled with the reason on hover and focus. */
function AcaoComMotivo(props: { para: string; icone: ReactNode; rotulo: string; motivo: string | null }) {
  if (props.motivo === null) {
    return (
      <Button variant="outlined" startIcon={props.icone} component={RouterLink} to={props.para}>
        {props.rotulo}
      </Button>
    );
  }
  // aria-disabled, not disabled: the button stays focusable and hoverable, so the reason can be read.
  return (
    <Tooltip title={props.motivo} describeChild>
      <Button
        variant="outlined"
        startIcon={props.icone}
        aria-disabled="true"
        onClick={(evento) => evento.preventDefault()}
        sx={{ color: 'text.disabled', borderColor: 'action.disabled', cursor: 'not-allowed' }}
      >
        {props.rotulo}
      </Button>
    </Tooltip>
  );
}

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
  const idUnidadeUsuario = usuario?.configuracoes.idUnidadeAtual ?? null;
  const estadoProcessamento = documento.estado['2001'];
  const motivoSemPecas = motivoSemAlteracaoPecas(
    { situacao: documento.situacao, idUnidadeAtual: documento.unidadeAtual.id, estadoProcessamento },
    idUnidadeUsuario,
  );
  const motivoJuntada =
    motivoSemJuntada(
      {
        idUnidadeAtual: documento.unidadeAtual.id,
        situacao: documento.situacao,
        estadoProcessamento,
        idDocumentoAgregador: documento.idDocumentoAgregador,
      },
      idUnidadeUsuario,
    )?.mensagem ?? null;

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
        {usuario ? (
          <>
            <AcaoComMotivo
              para={`/documentos/${id}/pecas/upload`}
              icone={<UploadFileOutlined />}
              rotulo="Adicionar peças"
              motivo={motivoSemPecas}
            />
            <AcaoComMotivo
              para={`/documentos/${id}/juntada`}
              icone={<AttachFileOutlined />}
              rotulo="Juntar documentos"
              motivo={motivoJuntada}
            />
          </>
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
