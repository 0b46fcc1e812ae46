import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ArquivoAssinado,
  descreverTamanho,
  type FiltrosArquivosAssinados,
  LIMITE_BUSCA_ARQUIVOS_ASSINADOS,
  MENSAGENS,
  TAMANHO_MAXIMO_ARQUIVO_ASSINATURA,
  validarFiltrosArquivosAssinados,
} from '@tramite/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CampoData } from '../../components/CampoData';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { type Intervalo, IntervaloDatas } from '../../components/IntervaloDatas';
import { Pagina } from '../../components/Pagina';
import { ErroHttp } from '../../lib/api';
import { abrirEmNovaAba, salvarArquivo } from '../../lib/download';
import { formatarDataHora, formatarTamanho } from '../../lib/formatacao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import {
  assinarArquivo,
  baixarArquivoAssinado,
  chavesAssinados,
  excluirArquivoAssinado,
  useArquivosAssinados,
  useAssinante,
  useTiposAssinatura,
} from './api';
import { DialogoVinculo } from './DialogoVinculo';

const M = MENSAGENS.arquivosAssinados;
const A = MENSAGENS.arquivos;

type EstadoItem = 'pendente' | 'assinando' | 'assinado' | 'falhou';

interface ItemAssinatura {
  chave: number;
  arquivo: File;
  estado: EstadoItem;
  progresso: number;
  mensagem: string | null;
}

function mensagemFalha(erro: unknown): string {
  if (erro instanceof ErroHttp) return erro.mensagemServidor ?? erro.message;
  return erro instanceof Error ? erro.message : MENSAGENS.geral.erroInterno;
}

/** What the browser already knows the server would refuse. */
function problemaDoArquivo(arquivo: File): string | null {
  if (arquivo.size > TAMANHO_MAXIMO_ARQUIVO_ASSINATURA) {
    return A.arquivoGrande(descreverTamanho(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA));
  }
  if (!/\.pdf$/i.test(arquivo.name)) return M.apenasPdf;
  return null;
}

/** Spec §2 and §8: choose PDFs and a signature type, sign each one and report each file's outcome. */
function FormularioAssinatura({ aoAssinar }: { aoAssinar: () => void }) {
  const id = useId();
  const snackbar = useSnackbar();
  const tipos = useTiposAssinatura();
  const assinante = useAssinante();
  useErroConsulta(tipos.error, A.erroBuscarTiposAssinatura);
  const entrada = useRef<HTMLInputElement>(null);
  const proximaChave = useRef(0);
  const [idTipo, setIdTipo] = useState('');
  const [siape, setSiape] = useState('');
  const [siapeEditado, setSiapeEditado] = useState(false);
  const [itens, setItens] = useState<ItemAssinatura[]>([]);
  const [assinando, setAssinando] = useState(false);
  const [mostrarErros, setMostrarErros] = useState(false);

  // The SIAPE number comes from the user's record, unless the user already typed one.
  useEffect(() => {
    if (!siapeEditado && assinante.data?.matriculaSiape) setSiape(assinante.data.matriculaSiape);
  }, [assinante.data, siapeEditado]);

  const atualizar = (chave: number, mudanca: Partial<ItemAssinatura>) =>
    setItens((atuais) => atuais.map((item) => (item.chave === chave ? { ...item, ...mudanca } : item)));

  function adicionar(arquivos: FileList | null) {
    if (!arquivos?.length) return;
    const novos = Array.from(arquivos, (arquivo) => {
      proximaChave.current += 1;
      return { chave: proximaChave.current, arquivo, estado: 'pendente', progresso: 0, mensagem: null } as const;
    });
    setItens((atuais) => [...atuais.filter((item) => item.estado !== 'assinado'), ...novos]);
  }

  async function assinarTodos(evento: FormEvent) {
    evento.preventDefault();
    const tipo = tipos.data?.find((t) => String(t.id) === idTipo);
    if (!tipo || !siape.trim()) {
      setMostrarErros(true);
      snackbar.erro(!tipo ? M.tipoAssinaturaObrigatorio : M.siapeObrigatorio);
      return;
    }
    setMostrarErros(false);
    setAssinando(true);
    const falhas: string[] = [];
    let assinados = 0;
    for (const item of itens.filter((i) => i.estado !== 'assinado')) {
      const nome = item.arquivo.name;
      const problema = problemaDoArquivo(item.arquivo);
      if (problema) {
        const mensagem = `${A.naoAssinado(nome)}${problema}`;
        atualizar(item.chave, { estado: 'falhou', mensagem });
        falhas.push(mensagem);
        continue;
      }
      atualizar(item.chave, { estado: 'assinando', progresso: 0, mensagem: null });
      try {
        await assinarArquivo(
          item.arquivo,
          { idTipoAssinatura: tipo.id, tipoAssinatura: tipo.descricao, matrSiape: siape.trim() },
          ({ percentual }) => atualizar(item.chave, { progresso: percentual }),
        );
        atualizar(item.chave, { estado: 'assinado', progresso: 100, mensagem: M.assinado(nome) });
        assinados += 1;
      } catch (erro) {
        const mensagem = `${A.naoAssinado(nome)}${mensagemFalha(erro)}`;
        atualizar(item.chave, { estado: 'falhou', mensagem });
        falhas.push(mensagem);
      }
    }
    setAssinando(false);
    if (assinados > 0) aoAssinar();
    if (falhas[0]) snackbar.erro(falhas[0]);
    else if (assinados > 0) snackbar.sucesso(M.assinados(assinados));
  }

  const pendentes = itens.filter((item) => item.estado !== 'assinado').length;
  const erroTipo = mostrarErros && !idTipo;
  const erroSiape = mostrarErros && !siape.trim();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 3 }} aria-labelledby={`${id}-titulo`}>
      <Typography id={`${id}-titulo`} component="h2" variant="h6" sx={{ mb: 2 }}>
        Assinar arquivos
      </Typography>
      <Box component="form" onSubmit={assinarTodos} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            id={`${id}-tipo`}
            select
            label="Tipo de assinatura"
            value={idTipo}
            onChange={(evento) => setIdTipo(evento.target.value)}
            required
            error={erroTipo}
            helperText={erroTipo ? M.tipoAssinaturaObrigatorio : undefined}
            disabled={assinando || !tipos.data}
            sx={{ minWidth: 320 }}
          >
            {(tipos.data ?? []).map((tipo) => (
              <MenuItem key={tipo.id} value={String(tipo.id)}>
                {tipo.descricao}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id={`${id}-siape`}
            label="Matrícula SIAPE"
            value={siape}
            onChange={(evento) => {
              setSiapeEditado(true);
              setSiape(evento.target.value);
            }}
            required
            error={erroSiape}
            helperText={erroSiape ? M.siapeObrigatorio : 'A sua matrícula: cada servidor assina com a própria'}
            disabled={assinando}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => entrada.current?.click()}
            disabled={assinando}
          >
            Escolher arquivos PDF
          </Button>
          <Typography variant="body2" color="text.secondary">
            Somente PDF, até {descreverTamanho(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA)} por arquivo.
          </Typography>
          <input
            ref={entrada}
            type="file"
            multiple
            hidden
            accept=".pdf,application/pdf"
            aria-label="Arquivos PDF para assinar"
            data-testid="entrada-arquivos-assinatura"
            onChange={(evento) => {
              adicionar(evento.target.files);
              evento.target.value = '';
            }}
          />
        </Stack>
        {itens.length > 0 ? (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, mb: 2 }} aria-label="Arquivos escolhidos">
            {itens.map((item) => (
              <Paper
                key={item.chave}
                component="li"
                variant="outlined"
                sx={{ p: 1.5, listStyle: 'none' }}
                data-testid="arquivo-assinatura"
                data-nome={item.arquivo.name}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    {item.arquivo.name}{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      ({formatarTamanho(item.arquivo.size)})
                    </Typography>
                  </Typography>
                  <Tooltip title="Remover da lista">
                    <span>
                      <IconButton
                        aria-label={`Remover ${item.arquivo.name}`}
                        size="small"
                        disabled={assinando || item.estado === 'assinando'}
                        onClick={() => setItens((atuais) => atuais.filter((outro) => outro.chave !== item.chave))}
                      >
                        <CloseOutlined fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
                {item.estado === 'assinando' ? (
                  <LinearProgress
                    variant="determinate"
                    value={item.progresso}
                    aria-label={`Envio de ${item.arquivo.name}`}
                    sx={{ mt: 1 }}
                  />
                ) : null}
                {item.mensagem ? (
                  <Alert
                    severity={item.estado === 'falhou' ? 'error' : 'success'}
                    sx={{ mt: 1 }}
                    data-testid={item.estado === 'falhou' ? 'falha-assinatura' : 'sucesso-assinatura'}
                  >
                    {item.mensagem}
                  </Alert>
                ) : null}
              </Paper>
            ))}
          </Stack>
        ) : null}
        <Button type="submit" variant="contained" startIcon={<DrawOutlined />} disabled={assinando || pendentes === 0}>
          {assinando ? 'Assinando…' : 'Assinar arquivos'}
        </Button>
      </Box>
    </Paper>
  );
}

type Vinculo = '' | 'true' | 'false';

interface ValoresFiltro {
  vinculo: Vinculo;
  assinante: string;
  periodo: Intervalo;
  somenteMeus: boolean;
}

const FILTRO_INICIAL: ValoresFiltro = {
  vinculo: '',
  assinante: '',
  periodo: { inicio: '', fim: '' },
  somenteMeus: false,
};

function paraConsulta(valores: ValoresFiltro): FiltrosArquivosAssinados {
  return {
    vinculados: valores.vinculo || undefined,
    usuarioAssinante: valores.assinante.trim() || undefined,
    dataAssinaturaInicio: valores.periodo.inicio || undefined,
    dataAssinaturaFim: valores.periodo.fim || undefined,
    arquivosAssinadosUsuario: valores.somenteMeus ? 'true' : undefined,
  };
}

/** Spec §2: the signed files, filtered by link, signer, signing date and own files; at most 50 (spec §9). */
export function ArquivosAssinadosPage() {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const queryClient = useQueryClient();
  const [valores, setValores] = useState<ValoresFiltro>(FILTRO_INICIAL);
  const [filtros, setFiltros] = useState<FiltrosArquivosAssinados>(paraConsulta(FILTRO_INICIAL));
  const [erroPeriodo, setErroPeriodo] = useState(false);
  const [selecionados, setSelecionados] = useState<number[]>([]);
  const [exclusao, setExclusao] = useState<ArquivoAssinado[] | null>(null);
  const [excluindo, setExcluindo] = useState(false);
  const [vinculando, setVinculando] = useState<ArquivoAssinado | null>(null);
  const lista = useArquivosAssinados(filtros);
  useErroConsulta(lista.error, A.erroBuscarAssinados);

  const arquivos = lista.data ?? [];
  const excluiveis = arquivos.filter((a) => a.podeExcluir);
  const escolhidos = excluiveis.filter((a) => selecionados.includes(a.idArquivoAssinado));
  const recarregar = () => queryClient.invalidateQueries({ queryKey: chavesAssinados.todos });

  function buscar(evento: FormEvent) {
    evento.preventDefault();
    const problema = validarFiltrosArquivosAssinados({
      dataAssinaturaInicio: valores.periodo.inicio,
      dataAssinaturaFim: valores.periodo.fim,
    });
    setErroPeriodo(problema !== null);
    if (problema) {
      snackbar.erro(problema);
      return;
    }
    setSelecionados([]);
    setFiltros(paraConsulta(valores));
    void recarregar();
  }

  async function abrir(arquivo: ArquivoAssinado) {
    try {
      await abrirEmNovaAba(
        async () => (await executar('Abrindo o arquivo', () => baixarArquivoAssinado(arquivo))).blob,
      );
    } catch {
      snackbar.erro(A.erroAbrirArquivo);
    }
  }

  async function baixarOriginal(arquivo: ArquivoAssinado) {
    try {
      const { blob, nomeArquivo } = await executar('Buscando o original', () =>
        baixarArquivoAssinado(arquivo, 'original'),
      );
      salvarArquivo(blob, nomeArquivo ?? arquivo.nomeOriginal);
    } catch {
      snackbar.erro(A.erroAbrirArquivo);
    }
  }

  /** Deletes one after the other and stops at the first failure (spec §8), with the server's message. */
  async function confirmarExclusao() {
    if (!exclusao) return;
    setExcluindo(true);
    let excluidos = 0;
    try {
      for (const arquivo of exclusao) {
        try {
          await executar(`Excluindo ${arquivo.nomeOriginal}`, () => excluirArquivoAssinado(arquivo));
          excluidos += 1;
        } catch (erro) {
          const detalhe = erro instanceof ErroHttp ? erro.mensagemServidor : undefined;
          snackbar.erro(`${A.naoExcluido(arquivo.nomeOriginal)}${detalhe ? `: ${detalhe}` : ''}`);
          return;
        }
      }
      snackbar.sucesso(
        exclusao.length === 1 && exclusao[0] ? A.excluido(exclusao[0].nomeOriginal) : M.excluidos(excluidos),
      );
    } finally {
      setExcluindo(false);
      setExclusao(null);
      setSelecionados([]);
      if (excluidos > 0) void recarregar();
    }
  }

  const alternar = (arquivo: ArquivoAssinado) =>
    setSelecionados((atuais) =>
      atuais.includes(arquivo.idArquivoAssinado)
        ? atuais.filter((outro) => outro !== arquivo.idArquivoAssinado)
        : [...atuais, arquivo.idArquivoAssinado],
    );
  const todosMarcados = excluiveis.length > 0 && escolhidos.length === excluiveis.length;

  return (
    <Pagina
      titulo="Arquivos assinados"
      descricao="Assine PDFs com o certificado da instituição, vincule-os a documentos e acompanhe as assinaturas."
    >
      <Stack spacing={3}>
        <FormularioAssinatura aoAssinar={() => void recarregar()} />

        <Paper component="section" variant="outlined" sx={{ p: 3 }} aria-labelledby={`${id}-lista`}>
          <Typography id={`${id}-lista`} component="h2" variant="h6" sx={{ mb: 2 }}>
            Arquivos assinados
          </Typography>
          <Box component="form" onSubmit={buscar} noValidate aria-label="Filtros dos arquivos assinados">
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <TextField
                id={`${id}-vinculo`}
                select
                label="Vínculo"
                value={valores.vinculo}
                onChange={(evento) => setValores({ ...valores, vinculo: evento.target.value as Vinculo })}
                sx={{ minWidth: 220 }}
              >
                <MenuItem value="">Todos</MenuItem>
                <MenuItem value="true">Vinculados a documento</MenuItem>
                <MenuItem value="false">Não vinculados</MenuItem>
              </TextField>
              <TextField
                id={`${id}-assinante`}
                label="Assinado por"
                helperText="Nome (ou parte dele) de quem assinou"
                value={valores.assinante}
                onChange={(evento) => setValores({ ...valores, assinante: evento.target.value })}
              />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-end' } }}>
              <IntervaloDatas
                Campo={CampoData}
                legenda="Data da assinatura"
                rotuloInicio="Data inicial"
                rotuloFim="Data final"
                valor={valores.periodo}
                aoMudar={(periodo) => setValores({ ...valores, periodo })}
                erro={erroPeriodo}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={valores.somenteMeus}
                    onChange={(evento) => setValores({ ...valores, somenteMeus: evento.target.checked })}
                  />
                }
                label="Somente os meus arquivos"
              />
            </Stack>
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained">
                Buscar
              </Button>
              <Button
                onClick={() => {
                  setValores(FILTRO_INICIAL);
                  setErroPeriodo(false);
                  setFiltros(paraConsulta(FILTRO_INICIAL));
                }}
              >
                Limpar filtros
              </Button>
            </Stack>
          </Box>

          {arquivos.length === LIMITE_BUSCA_ARQUIVOS_ASSINADOS ? (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="aviso-limite-assinados">
              {A.limiteBuscaAssinados}
            </Alert>
          ) : null}

          <Stack direction="row" spacing={2} sx={{ mt: 3, mb: 1, alignItems: 'center' }}>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlined />}
              disabled={escolhidos.length === 0 || excluindo}
              onClick={() => setExclusao(escolhidos)}
            >
              Excluir selecionados{escolhidos.length > 0 ? ` (${escolhidos.length})` : ''}
            </Button>
            <Typography variant="body2" color="text.secondary" role="status">
              {lista.isFetching ? 'Buscando…' : `${arquivos.length} ${arquivos.length === 1 ? 'arquivo' : 'arquivos'}`}
            </Typography>
          </Stack>

          {lista.isSuccess && arquivos.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {M.nenhumArquivo}
            </Typography>
          ) : null}
          {arquivos.length > 0 ? (
            <TableContainer>
              <Table size="small" aria-labelledby={`${id}-lista`} data-testid="tabela-assinados">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={todosMarcados}
                        indeterminate={escolhidos.length > 0 && !todosMarcados}
                        disabled={excluiveis.length === 0}
                        onChange={() =>
                          setSelecionados(todosMarcados ? [] : excluiveis.map((a) => a.idArquivoAssinado))
                        }
                        slotProps={{ input: { 'aria-label': 'Selecionar todos os arquivos que podem ser excluídos' } }}
                      />
                    </TableCell>
                    <TableCell>Arquivo</TableCell>
                    <TableCell>Tipo de assinatura</TableCell>
                    <TableCell>Assinado por</TableCell>
                    <TableCell>Data da assinatura</TableCell>
                    <TableCell>Documento</TableCell>
                    <TableCell align="right">Ações</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {arquivos.map((arquivo) => (
                    <TableRow
                      key={arquivo.idArquivoAssinado}
                      data-testid="linha-assinado"
                      data-nome={arquivo.nomeOriginal}
                    >
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selecionados.includes(arquivo.idArquivoAssinado)}
                          disabled={!arquivo.podeExcluir}
                          onChange={() => alternar(arquivo)}
                          slotProps={{ input: { 'aria-label': `Selecionar ${arquivo.nomeOriginal}` } }}
                        />
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {arquivo.nomeOriginal}
                        <Typography variant="body2" color="text.secondary">
                          {formatarTamanho(arquivo.tamanho)}
                        </Typography>
                      </TableCell>
                      <TableCell>{arquivo.tipoAssinatura ?? '—'}</TableCell>
                      <TableCell>
                        {arquivo.nomeAssinante}
                        {arquivo.matrSiape ? (
                          <Typography variant="body2" color="text.secondary">
                            SIAPE {arquivo.matrSiape}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell>{formatarDataHora(arquivo.assinadoEm)}</TableCell>
                      <TableCell>
                        {arquivo.idDocumentoVinculado !== null ? (
                          <Link component={RouterLink} to={`/documentos/${arquivo.idDocumentoVinculado}/pecas`}>
                            {arquivo.numeroDocumentoVinculado}
                          </Link>
                        ) : (
                          'Não vinculado'
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button
                            size="small"
                            onClick={() => abrir(arquivo)}
                            aria-label={`Abrir ${arquivo.nomeOriginal}`}
                          >
                            Abrir
                          </Button>
                          {arquivo.proprio ? (
                            <Button
                              size="small"
                              onClick={() => baixarOriginal(arquivo)}
                              aria-label={`Baixar o original de ${arquivo.nomeOriginal}`}
                            >
                              Original
                            </Button>
                          ) : null}
                          {arquivo.podeVincular ? (
                            <Button
                              size="small"
                              onClick={() => setVinculando(arquivo)}
                              aria-label={`Vincular ${arquivo.nomeOriginal} a um documento`}
                            >
                              Vincular
                            </Button>
                          ) : null}
                          {arquivo.podeExcluir ? (
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setExclusao([arquivo])}
                              aria-label={`Excluir ${arquivo.nomeOriginal}`}
                            >
                              Excluir
                            </Button>
                          ) : null}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
        </Paper>
      </Stack>

      <DialogoConfirmacao
        aberto={exclusao !== null}
        titulo={exclusao && exclusao.length > 1 ? 'Excluir arquivos assinados' : 'Excluir arquivo assinado'}
        rotuloConfirmar="Excluir"
        ocupado={excluindo}
        aoConfirmar={confirmarExclusao}
        aoCancelar={() => setExclusao(null)}
      >
        {exclusao && exclusao.length > 1 ? (
          <>
            Excluir {exclusao.length} arquivos assinados?
            <Box component="ul" sx={{ mb: 0 }}>
              {exclusao.map((arquivo) => (
                <li key={arquivo.idArquivoAssinado}>{arquivo.nomeOriginal}</li>
              ))}
            </Box>
          </>
        ) : (
          <>Excluir o arquivo assinado {exclusao?.[0]?.nomeOriginal}?</>
        )}
      </DialogoConfirmacao>

      {vinculando ? (
        <DialogoVinculo
          arquivo={vinculando}
          aoFechar={() => setVinculando(null)}
          aoVincular={() => {
            setVinculando(null);
            void recarregar();
          }}
        />
      ) : null}
    </Pagina>
  );
}
