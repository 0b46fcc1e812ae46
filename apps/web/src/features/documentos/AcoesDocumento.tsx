import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import PauseCircleOutlineOutlined from '@mui/icons-material/PauseCircleOutlineOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Button, Link, Stack, useMediaQuery, useTheme } from '@mui/material';
import {
  type Documento,
  ESTADO,
  ESTADO_SOBRESTADO,
  IMPEDIMENTOS_CANCELAMENTO_ENVIO,
  IMPEDIMENTOS_TRAMITACAO,
  impedimentoCancelamentoEnvio,
  impedimentoSobrestamento,
  impedimentoTramitacao,
  MENSAGENS_AUTUACAO,
  MENSAGENS_DOCUMENTO,
  MENSAGENS_FAVORITOS,
  motivoNaoEditavel,
  motivoSemAlteracaoPecas,
  motivoSemJuntada,
  type Usuario,
} from '@tramite/shared';
import { lazy, type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Dica } from '../../components/Dica';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { SobDemanda } from '../../components/SobDemanda';
import { api, mensagemComDetalhe } from '../../lib/api';
import { abrirEmNovaAba } from '../../lib/download';
import { DialogoCiencia } from '../ciencia/api';
import { DialogoSobrestar, documentoSobrestavel, useSobrestamento } from '../sobrestamento/api';
import { DialogoCancelarEnvio, useReceberDocumento } from '../tramitacao/api';
import { solicitarConsolidacao, useAlternarFavorito } from './api';
import { TEXTOS } from './textos';

// The narrow screens' menu and every dialog load when first opened (issue 23): the document page shows none at first.
const MenuAcoes = lazy(async () => ({ default: (await import('./MenuAcoes')).MenuAcoes }));
const DialogoConfirmacao = lazy(async () => ({
  default: (await import('../../components/DialogoConfirmacao')).DialogoConfirmacao,
}));
const DialogoComprovanteEmail = lazy(async () => ({
  default: (await import('./DialogoComprovanteEmail')).DialogoComprovanteEmail,
}));

/** Spec §3 and §9: consolidations are also remembered locally under keys prefixed PROTOCOLO. */
export const PREFIXO_CONSOLIDACAO = 'PROTOCOLO';

/** One thing the user may do on the document: a screen of its own (`para`) or an immediate action (`aoClicar`). */
export interface Acao {
  rotulo: string;
  icone: ReactNode;
  /** null: available now. A text: the user could do it, but not now; shown disabled, with this reason. */
  motivo: string | null;
  para?: string;
  aoClicar?: () => void;
  /** A toggle (favourite): its state, announced as pressed / checked. */
  pressionado?: boolean;
  /** What hovering a toggle says it will do. */
  dica?: string;
  /** The main action of the moment (receive, forward): filled, and kept out of the menu on narrow screens. */
  principal?: boolean;
}

const ESTILO_INDISPONIVEL = { color: 'text.disabled', borderColor: 'action.disabled', cursor: 'not-allowed' };

/**
 * A wide screen's button. An unavailable action stays focusable and hoverable (aria-disabled, not disabled) and
 * says why: the tooltip shows the reason and it is the button's accessible description (title, then
 * aria-describedby while the tooltip is open).
 */
function BotaoAcao({ acao }: { acao: Acao }) {
  const variante = acao.principal && acao.motivo === null ? 'contained' : 'outlined';
  if (acao.motivo !== null) {
    return (
      <Dica titulo={acao.motivo}>
        <Button
          variant="outlined"
          startIcon={acao.icone}
          aria-disabled="true"
          onClick={(evento) => evento.preventDefault()}
          sx={ESTILO_INDISPONIVEL}
        >
          {acao.rotulo}
        </Button>
      </Dica>
    );
  }
  const botao = acao.para ? (
    <Button variant={variante} startIcon={acao.icone} component={RouterLink} to={acao.para}>
      {acao.rotulo}
    </Button>
  ) : (
    <Button variant={variante} startIcon={acao.icone} onClick={acao.aoClicar} aria-pressed={acao.pressionado}>
      {acao.rotulo}
    </Button>
  );
  return acao.dica ? <Dica titulo={acao.dica}>{botao}</Dica> : botao;
}

/** On a narrow screen (390 px): the main action stays a button, the others go into "Mais ações". */
function MenuMaisAcoes({ acoes }: { acoes: readonly Acao[] }) {
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const id = useId();
  if (acoes.length === 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MoreHoriz />}
        aria-haspopup="menu"
        aria-controls={ancora ? id : undefined}
        aria-expanded={ancora ? 'true' : undefined}
        onClick={(evento) => setAncora(evento.currentTarget)}
      >
        Mais ações
      </Button>
      <SobDemanda aberto={ancora !== null}>
        <MenuAcoes id={id} ancora={ancora} acoes={acoes} aoFechar={() => setAncora(null)} />
      </SobDemanda>
    </>
  );
}

/**
 * Spec §2 "Document detail": every action on the document, in one bar. What the user may do now is a button; what
 * they could do but not now (another unit holds it, it is not received yet...) is shown disabled with the reason,
 * taken from the same shared rule the server enforces; what does not apply to the document at all is left out.
 * The PDFs and the consolidation are public like the screen; the others need a logged-in user.
 */
export function AcoesDocumento({ documento, usuario }: { documento: Documento; usuario: Usuario | null }) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const receber = useReceberDocumento();
  const alternarFavorito = useAlternarFavorito(documento.idDocumento);
  const tema = useTheme();
  const telaEstreita = useMediaQuery(tema.breakpoints.down('sm'), { noSsr: true });
  const [confirmandoRecebimento, setConfirmandoRecebimento] = useState(false);
  const [enviandoEmail, setEnviandoEmail] = useState(false);
  const [consolidacaoSolicitada, setConsolidacaoSolicitada] = useState(false);
  const [cancelandoEnvio, setCancelandoEnvio] = useState(false);
  const [registrandoCiencia, setRegistrandoCiencia] = useState(false);
  const [sobrestando, setSobrestando] = useState(false);
  const sobrestamento = useSobrestamento(documento.idDocumento);
  const id = documento.idDocumento;

  async function confirmarRecebimento() {
    setConfirmandoRecebimento(false);
    try {
      await executar('Recebendo documento', () => receber.mutateAsync(documento.idDocumento));
      snackbar.sucesso(MENSAGENS_DOCUMENTO.recebido);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS_DOCUMENTO.erroReceber, erro));
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
      snackbar.erro(mensagemComDetalhe(MENSAGENS_DOCUMENTO.erroConsolidacao, erro));
    }
  }

  async function alternarFavoritoAgora() {
    // A second click while the first is on its way is ignored (the button keeps its focus, not disabled).
    if (alternarFavorito.isPending) return;
    const favorito = documento.favorito;
    try {
      await executar(favorito ? 'Removendo dos favoritos' : 'Adicionando aos favoritos', () =>
        alternarFavorito.mutateAsync(!favorito),
      );
      snackbar.sucesso(favorito ? MENSAGENS_FAVORITOS.removido : MENSAGENS_FAVORITOS.adicionado);
    } catch {
      snackbar.erro(favorito ? MENSAGENS_FAVORITOS.erroRemover : MENSAGENS_FAVORITOS.erroAdicionar);
    }
  }

  const acoes = montarAcoes(documento, usuario, {
    receber: () => setConfirmandoRecebimento(true),
    cancelarEnvio: () => setCancelandoEnvio(true),
    capa: () => abrirPdf(`documentos/${id}/capa`, 'Gerando capa', TEXTOS.erroCapa),
    comprovante: () =>
      abrirPdf(`documentos/${id}/comprovante`, 'Gerando comprovante', MENSAGENS_DOCUMENTO.erroComprovante),
    enviarEmail: () => setEnviandoEmail(true),
    consolidar,
    favorito: alternarFavoritoAgora,
    ciencia: () => setRegistrandoCiencia(true),
    sobrestar: () => setSobrestando(true),
    processo: sobrestamento.data?.processo ?? false,
  });
  const naBarra = telaEstreita ? acoes.filter((acao) => acao.principal && acao.motivo === null) : acoes;
  const noMenu = telaEstreita ? acoes.filter((acao) => !naBarra.includes(acao)) : [];

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label="Ações do documento"
        data-testid="acoes-documento"
      >
        {naBarra.map((acao) => (
          <BotaoAcao key={acao.rotulo} acao={acao} />
        ))}
        <MenuMaisAcoes acoes={noMenu} />
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
      <SobDemanda aberto={confirmandoRecebimento}>
        <DialogoConfirmacao
          aberto={confirmandoRecebimento}
          titulo="Receber documento"
          rotuloConfirmar="Receber"
          aoCancelar={() => setConfirmandoRecebimento(false)}
          aoConfirmar={confirmarRecebimento}
        >
          Confirma o recebimento do documento {documento.numero} na sua unidade?
        </DialogoConfirmacao>
      </SobDemanda>
      <SobDemanda aberto={enviandoEmail}>
        <DialogoComprovanteEmail
          aberto={enviandoEmail}
          documento={documento}
          aoFechar={() => setEnviandoEmail(false)}
        />
      </SobDemanda>
      {cancelandoEnvio ? (
        <SobDemanda aberto>
          <DialogoCancelarEnvio aberto documento={documento} aoFechar={() => setCancelandoEnvio(false)} />
        </SobDemanda>
      ) : null}
      <SobDemanda aberto={registrandoCiencia}>
        <DialogoCiencia
          aberto={registrandoCiencia}
          idDocumento={id}
          numero={documento.numero}
          aoFechar={() => setRegistrandoCiencia(false)}
        />
      </SobDemanda>
      <SobDemanda aberto={sobrestando}>
        <DialogoSobrestar
          aberto={sobrestando}
          idDocumento={id}
          numero={documento.numero}
          aoFechar={() => setSobrestando(false)}
        />
      </SobDemanda>
    </>
  );
}

interface Operacoes {
  receber: () => void;
  cancelarEnvio: () => void;
  capa: () => void;
  comprovante: () => void;
  enviarEmail: () => void;
  consolidar: () => void;
  favorito: () => void;
  ciencia: () => void;
  sobrestar: () => void;
  /** The document's type is a process (GET documentos/{id}/sobrestamento): only processes are suspended. */
  processo: boolean;
}

/** The bar's actions in their order, each available, unavailable with its reason, or left out. */
function montarAcoes(documento: Documento, usuario: Usuario | null, operacoes: Operacoes): Acao[] {
  const id = documento.idDocumento;
  const idUnidadeUsuario = usuario?.configuracoes.idUnidadeAtual ?? null;
  const estadoProcessamento = documento.estado[ESTADO.processamento];
  const acoes: Acao[] = [];

  if (usuario) {
    // Receiving is offered only where it can be done: the document waits for the user's current unit.
    if (documento.podeReceber) {
      acoes.push({
        rotulo: 'Receber',
        icone: <MoveToInboxOutlined />,
        motivo: null,
        aoClicar: operacoes.receber,
        principal: true,
      });
    }
    const impedimento =
      idUnidadeUsuario === null
        ? 'OUTRA_UNIDADE'
        : impedimentoTramitacao(
            {
              situacao: documento.situacao,
              idUnidadeAtual: documento.unidadeAtual.id,
              idUnidadeCriadora: documento.idUnidadeCriadora,
              estadoProcessamento: estadoProcessamento ?? 0,
              idDocumentoAgregador: documento.idDocumentoAgregador,
            },
            idUnidadeUsuario,
            documento.idDestino,
          );
    acoes.push({
      rotulo: 'Tramitar',
      icone: <SendOutlined />,
      motivo: impedimento ? IMPEDIMENTOS_TRAMITACAO[impedimento] : null,
      para: `/documentos/${id}/tramitar`,
      principal: true,
    });
    // Recalling a sending: offered to the sending unit's users while the destination has not received it.
    const ultima = documento.ultimaTramitacao;
    if (ultima && ultima.dtRecebimento === null && usuario.lotacoes.some((l) => l.id === ultima.unidadeOrigem.id)) {
      const pendente = { idUnidadeOrigem: ultima.unidadeOrigem.id, dtRecebimento: null, dtCancelamento: null };
      const impedimentoCancelamento = impedimentoCancelamentoEnvio(documento, pendente, idUnidadeUsuario);
      acoes.push({
        rotulo: 'Cancelar envio',
        icone: <UndoOutlined />,
        motivo: impedimentoCancelamento ? IMPEDIMENTOS_CANCELAMENTO_ENVIO[impedimentoCancelamento] : null,
        aoClicar: operacoes.cancelarEnvio,
      });
    }
    // Editing the opening only exists while the document is being created.
    const emCriacao = documento.situacao === 'EM_CRIACAO' || estadoProcessamento === 6;
    if (emCriacao) {
      const naUnidade = idUnidadeUsuario !== null && documento.unidadeAtual.id === idUnidadeUsuario;
      acoes.push({
        rotulo: 'Editar autuação',
        icone: <EditOutlined />,
        motivo: motivoNaoEditavel(documento) ?? (naUnidade ? null : MENSAGENS_AUTUACAO.edicaoOutraUnidade),
        para: `/autuacoes/${id}`,
      });
    }
    acoes.push(
      {
        rotulo: 'Adicionar peças',
        icone: <UploadFileOutlined />,
        motivo: motivoSemAlteracaoPecas(
          {
            situacao: documento.situacao,
            idUnidadeAtual: documento.unidadeAtual.id,
            idUnidadeCriadora: documento.idUnidadeCriadora,
            estadoProcessamento,
          },
          idUnidadeUsuario,
        ),
        para: `/documentos/${id}/pecas/upload`,
      },
      {
        rotulo: 'Juntar documentos',
        icone: <AttachFileOutlined />,
        motivo:
          motivoSemJuntada(
            {
              idUnidadeAtual: documento.unidadeAtual.id,
              situacao: documento.situacao,
              estadoProcessamento,
              idDocumentoAgregador: documento.idDocumentoAgregador,
            },
            idUnidadeUsuario,
          )?.mensagem ?? null,
        para: `/documentos/${id}/juntada`,
      },
    );
    acoes.push({
      rotulo: 'Registrar ciência',
      icone: <PlaylistAddCheckOutlined />,
      motivo: null,
      aoClicar: operacoes.ciencia,
    });
    // Suspending applies to processes only; a suspended one is lifted from the banner above the actions.
    const sobrestavel = documentoSobrestavel(documento, operacoes.processo);
    if (operacoes.processo && sobrestavel.estadoProcessamento !== ESTADO_SOBRESTADO) {
      acoes.push({
        rotulo: 'Sobrestar',
        icone: <PauseCircleOutlineOutlined />,
        motivo: impedimentoSobrestamento(sobrestavel, idUnidadeUsuario)?.mensagem ?? null,
        aoClicar: operacoes.sobrestar,
      });
    }
  }

  // The cover exists only for types that generate one.
  if (documento.geraCapa) {
    acoes.push({ rotulo: 'Capa', icone: <PictureAsPdfOutlined />, motivo: null, aoClicar: operacoes.capa });
  }
  acoes.push({ rotulo: 'Comprovante', icone: <ReceiptLongOutlined />, motivo: null, aoClicar: operacoes.comprovante });
  if (usuario) {
    acoes.push({
      rotulo: 'Enviar comprovante por e-mail',
      icone: <EmailOutlined />,
      motivo: null,
      aoClicar: operacoes.enviarEmail,
    });
  }
  acoes.push({
    rotulo: 'Solicitar consolidação',
    icone: <LibraryBooksOutlined />,
    motivo: null,
    aoClicar: operacoes.consolidar,
  });
  if (usuario) {
    acoes.push({
      rotulo: 'Favorito',
      icone: documento.favorito ? <Star sx={{ color: 'warning.dark' }} /> : <StarBorder />,
      motivo: null,
      aoClicar: operacoes.favorito,
      pressionado: documento.favorito,
      dica: documento.favorito ? 'Remover dos favoritos' : 'Adicionar aos favoritos',
    });
  }
  return acoes;
}
