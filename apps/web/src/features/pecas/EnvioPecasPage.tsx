import CloseOutlined from '@mui/icons-material/CloseOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  descreverTamanho,
  EXTENSOES_RECONHECIDAS,
  MENSAGENS,
  motivoSemAlteracaoPecas,
  TAMANHO_MAXIMO_DESCRICAO_PECA,
  tamanhoMaximoArquivo,
  tipoPelaExtensao,
  validarCamposArquivos,
} from '@tramite/shared';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { ErroHttp } from '../../lib/api';
import { formatarTamanho } from '../../lib/formatacao';
import { useUsuario } from '../../lib/sessao';
import { useDocumento, useHipotesesLegais } from '../documentos/api';
import { chavesPecas, enviarPeca } from './api';
import { CamposAcessoPeca, type ValoresAcesso } from './CamposAcessoPeca';
import { TEXTOS } from './textos';

type EstadoItem = 'pendente' | 'enviando' | 'enviado' | 'falhou';

interface ItemEnvio {
  chave: number;
  arquivo: File;
  descricao: string;
  acesso: ValoresAcesso;
  /** Why the browser already knows the server would refuse it (size, extension). */
  problema: string | null;
  estado: EstadoItem;
  progresso: number;
  erro: string | null;
}

const ACEITOS = EXTENSOES_RECONHECIDAS.map((extensao) => `.${extensao}`).join(',');

function problemaDoArquivo(arquivo: File, limite: number): string | null {
  if (arquivo.size > limite) return MENSAGENS.arquivos.arquivoGrande(descreverTamanho(limite));
  if (!tipoPelaExtensao(arquivo.name)) return MENSAGENS.arquivos.extensaoNaoReconhecida;
  return null;
}

function mensagemFalha(erro: unknown): string {
  if (erro instanceof ErroHttp) return erro.mensagemServidor ?? erro.message;
  return erro instanceof Error ? erro.message : MENSAGENS.geral.erroInterno;
}

interface LinhaArquivoProps {
  item: ItemEnvio;
  prefixo: string;
  hipoteses: Parameters<typeof CamposAcessoPeca>[0]['hipoteses'];
  carregandoHipoteses: boolean;
  mostrarErros: boolean;
  bloqueado: boolean;
  aoMudar: (item: ItemEnvio) => void;
  aoRemover: () => void;
}

function LinhaArquivo({
  item,
  prefixo,
  hipoteses,
  carregandoHipoteses,
  mostrarErros,
  bloqueado,
  aoMudar,
  aoRemover,
}: LinhaArquivoProps) {
  const nome = item.arquivo.name;
  const fixo = bloqueado || item.estado === 'enviando' || item.estado === 'enviado';
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      data-testid="arquivo-envio"
      data-nome={nome}
      aria-label={nome}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{nome}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatarTamanho(item.arquivo.size)}
          </Typography>
        </Box>
        <Tooltip title="Remover da lista">
          <span>
            <IconButton aria-label={`Remover ${nome}`} onClick={aoRemover} disabled={fixo} size="small">
              <CloseOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {item.problema && item.estado === 'pendente' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {item.problema}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <CamposAcessoPeca
          id={`${prefixo}-${item.chave}`}
          valores={item.acesso}
          aoMudar={(acesso) => aoMudar({ ...item, acesso })}
          hipoteses={hipoteses}
          carregandoHipoteses={carregandoHipoteses}
          desabilitado={fixo}
          mostrarErros={mostrarErros}
        />
        <TextField
          id={`${prefixo}-${item.chave}-descricao`}
          label="Descrição"
          fullWidth
          value={item.descricao}
          onChange={(evento) => aoMudar({ ...item, descricao: evento.target.value })}
          disabled={fixo}
          slotProps={{ htmlInput: { maxLength: TAMANHO_MAXIMO_DESCRICAO_PECA } }}
        />
      </Stack>
      {item.estado !== 'pendente' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={item.progresso}
            color={item.estado === 'falhou' ? 'error' : item.estado === 'enviado' ? 'success' : 'primary'}
            aria-label={`Envio de ${nome}`}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'right' }} aria-hidden>
            {item.progresso}%
          </Typography>
        </Stack>
      ) : null}
      {item.estado === 'enviado' ? (
        <Typography variant="body2" color="success.main" sx={{ mt: 1 }}>
          {MENSAGENS.arquivos.enviado(nome)}
        </Typography>
      ) : null}
      {item.estado === 'falhou' && item.erro ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="falha-envio">
          {item.erro}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** Spec §2 and §5: several files at once, each with its copy type, access level and restriction reason. */
export function EnvioPecasPage() {
  const { documentId = '' } = useParams();
  const idDocumento = /^\d+$/.test(documentId) ? Number(documentId) : null;
  const prefixo = useId();
  const usuario = useUsuario();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const documento = useDocumento(idDocumento);
  const hipoteses = useHipotesesLegais();
  const entrada = useRef<HTMLInputElement>(null);
  const proximaChave = useRef(0);
  const [itens, setItens] = useState<ItemEnvio[]>([]);
  const [arrastando, setArrastando] = useState(false);
  const [mostrarErros, setMostrarErros] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [resumo, setResumo] = useState<{ enviados: number; total: number } | null>(null);

  const limite = tamanhoMaximoArquivo(documento.data?.estado['32005']);
  const motivo =
    documento.data && usuario
      ? motivoSemAlteracaoPecas(
          {
            situacao: documento.data.situacao,
            idUnidadeAtual: documento.data.unidadeAtual.id,
            estadoProcessamento: documento.data.estado['2001'],
          },
          usuario.configuracoes.idUnidadeAtual,
        )
      : null;

  function adicionar(arquivos: FileList | null) {
    if (!arquivos?.length) return;
    const novos = Array.from(arquivos, (arquivo) => {
      proximaChave.current += 1;
      return {
        chave: proximaChave.current,
        arquivo,
        descricao: '',
        acesso: { tipoCopia: null, nivelAcesso: 'P', idHipoteseLegal: null },
        problema: problemaDoArquivo(arquivo, limite),
        estado: 'pendente',
        progresso: 0,
        erro: null,
      } satisfies ItemEnvio;
    });
    setItens((atuais) => [...atuais, ...novos]);
    setResumo(null);
  }

  const atualizar = (chave: number, mudanca: Partial<ItemEnvio>) =>
    setItens((atuais) => atuais.map((item) => (item.chave === chave ? { ...item, ...mudanca } : item)));

  async function enviarTodos() {
    if (idDocumento === null) return;
    const pendentes = itens.filter((item) => item.estado !== 'enviado');
    const incompletos = validarCamposArquivos(
      pendentes.filter((item) => !item.problema).map((item) => ({ nome: item.arquivo.name, ...item.acesso })),
    );
    if (incompletos) {
      setMostrarErros(true);
      snackbar.erro(incompletos);
      return;
    }
    setMostrarErros(false);
    setEnviando(true);
    const falhas: string[] = [];
    let enviados = 0;
    // One after the other, in the order of the list: the peças get their numbers in that order.
    for (const item of pendentes) {
      const nome = item.arquivo.name;
      if (item.problema) {
        const erro = `${MENSAGENS.arquivos.naoEnviado(nome)}${item.problema}`;
        atualizar(item.chave, { estado: 'falhou', erro, progresso: 0 });
        falhas.push(erro);
        continue;
      }
      atualizar(item.chave, { estado: 'enviando', progresso: 0, erro: null });
      try {
        await enviarPeca(
          idDocumento,
          item.arquivo,
          {
            tipoCopia: item.acesso.tipoCopia ?? 'N',
            nivelAcesso: item.acesso.nivelAcesso,
            idHipoteseLegal: item.acesso.idHipoteseLegal,
            descricao: item.descricao,
          },
          ({ percentual }) => atualizar(item.chave, { progresso: percentual }),
        );
        atualizar(item.chave, { estado: 'enviado', progresso: 100 });
        enviados += 1;
      } catch (erro) {
        const mensagem = `${MENSAGENS.arquivos.naoEnviado(nome)}${mensagemFalha(erro)}`;
        atualizar(item.chave, { estado: 'falhou', erro: mensagem });
        falhas.push(mensagem);
      }
    }
    setEnviando(false);
    setResumo({ enviados, total: pendentes.length });
    await queryClient.invalidateQueries({ queryKey: chavesPecas.pecas(idDocumento) });
    if (falhas[0]) snackbar.erro(falhas[0]);
    else
      snackbar.sucesso(enviados === 1 ? '1 arquivo enviado com sucesso' : `${enviados} arquivos enviados com sucesso`);
  }

  function soltar(evento: DragEvent<HTMLElement>) {
    evento.preventDefault();
    setArrastando(false);
    if (!enviando) adicionar(evento.dataTransfer.files);
  }

  const pendentes = itens.filter((item) => item.estado !== 'enviado').length;
  const numero = documento.data?.numero;
  const urlPecas = `/documentos/${encodeURIComponent(documentId)}/pecas`;

  return (
    <Pagina
      titulo={TEXTOS.tituloEnvio}
      tituloDocumento={numero ? `Envio de peças — ${numero}` : TEXTOS.tituloEnvio}
      descricao={numero ? `Documento ${numero}` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      {documento.error || idDocumento === null ? (
        <Alert severity="error" role="status">
          {MENSAGENS.autuacao.erroBuscarDadosDocumento}
        </Alert>
      ) : null}
      {documento.isLoading ? <Skeleton variant="rounded" height={160} /> : null}
      {motivo ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="aviso-envio">
          {motivo}
        </Alert>
      ) : null}
      {documento.data ? (
        <Stack spacing={3}>
          <Box
            component="section"
            aria-label="Área para soltar arquivos"
            onDragOver={(evento) => {
              evento.preventDefault();
              setArrastando(true);
            }}
            onDragLeave={() => setArrastando(false)}
            onDrop={soltar}
            data-testid="area-arquivos"
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: arrastando ? 'primary.main' : 'divider',
              bgcolor: arrastando ? 'action.hover' : 'transparent',
              borderRadius: 2,
              p: 4,
              textAlign: 'center',
            }}
          >
            <Typography sx={{ mb: 2 }}>Arraste os arquivos para cá ou</Typography>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              onClick={() => entrada.current?.click()}
              disabled={enviando || motivo !== null}
            >
              Escolher arquivos
            </Button>
            <input
              ref={entrada}
              type="file"
              multiple
              hidden
              accept={ACEITOS}
              aria-label="Arquivos para enviar"
              data-testid="entrada-arquivos"
              onChange={(evento) => {
                adicionar(evento.target.files);
                evento.target.value = '';
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Tipos aceitos: jpg, png, bmp, gif, mp3, mp4, pdf e zip. Até {descreverTamanho(limite)} por arquivo.
            </Typography>
          </Box>

          {itens.length > 0 ? (
            <Box component="section" aria-labelledby={`${prefixo}-lista`}>
              <Typography id={`${prefixo}-lista`} component="h2" variant="h6" sx={{ mb: 2 }}>
                Arquivos selecionados
              </Typography>
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
                {itens.map((item) => (
                  <LinhaArquivo
                    key={item.chave}
                    item={item}
                    prefixo={prefixo}
                    hipoteses={hipoteses.data ?? []}
                    carregandoHipoteses={hipoteses.isLoading}
                    mostrarErros={mostrarErros}
                    bloqueado={enviando}
                    aoMudar={(novo) => atualizar(item.chave, novo)}
                    aoRemover={() => setItens((atuais) => atuais.filter((outro) => outro.chave !== item.chave))}
                  />
                ))}
              </Stack>
            </Box>
          ) : null}

          {resumo ? (
            <Alert
              severity={resumo.enviados === resumo.total ? 'success' : 'warning'}
              role="status"
              data-testid="resumo-envio"
            >
              {resumo.enviados} de {resumo.total} {resumo.total === 1 ? 'arquivo enviado' : 'arquivos enviados'}.{' '}
              <Link component={RouterLink} to={urlPecas}>
                {TEXTOS.voltarPecas}
              </Link>
            </Alert>
          ) : null}

          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              onClick={enviarTodos}
              disabled={enviando || pendentes === 0 || motivo !== null}
              startIcon={<UploadFileOutlined />}
            >
              {enviando ? 'Enviando…' : 'Enviar arquivos'}
            </Button>
            <Button component={RouterLink} to={urlPecas} disabled={enviando}>
              {TEXTOS.voltarPecas}
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </Pagina>
  );
}
