import { Alert, Box, Link, Paper, Stack, Typography } from '@mui/material';
import {
  type FilaCaixaPostal,
  type ItemCaixaPostal,
  MENSAGENS_CAIXA_POSTAL,
  MENSAGENS_DOCUMENTO,
  MENSAGENS_PRAZOS,
} from '@tramite/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { ErroHttp, mensagemComDetalhe } from '../../lib/api';
import { useUsuario } from '../../lib/sessao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useCaixaPostal, useMarcarLidoNaCaixa, useReceberDocumento } from './api';
import { useRetornosPendentes } from './api-controle-prazos';
import { useContagensCaixa } from './contagens-caixa';
import { FormularioCaixaPostal } from './FormularioCaixaPostal';
import {
  consultaDaCaixa,
  contagensDaConsulta,
  DIAS_PERIODO_PADRAO,
  type EstadoCaixa,
  escreverCaixa,
  filtrosCaixaPadrao,
  filtrosCaixaVazios,
  lerCaixa,
  temFiltrosCaixa,
  type ValoresFiltrosCaixa,
  validarCaixa,
} from './filtros-caixa';
import { podeTramitar, seletorPrimeiraAcao } from './linhas-caixa';
import { TEXTOS } from './textos';

// The results (the table, the queues' chips, the bulk actions) load beside the box's first request, not with the screen (issue 23); the
// section waits for them.
const carregarResultados = () => import('./resultados-caixa');
const TabelaCaixaPostal = lazy(async () => ({ default: (await carregarResultados()).TabelaCaixaPostal }));
const FilasCaixa = lazy(async () => ({ default: (await carregarResultados()).FilasCaixa }));
const FiltroNaoLidos = lazy(async () => ({ default: (await carregarResultados()).FiltroNaoLidos }));
const AcoesSelecao = lazy(async () => ({ default: (await carregarResultados()).AcoesSelecao }));

// The dialogs load when first opened, so that the first screen does not carry them (issue 11: at most 250 KB).
const DialogoConfirmacao = lazy(async () => ({
  default: (await import('../../components/DialogoConfirmacao')).DialogoConfirmacao,
}));
const DialogoTramitacaoLote = lazy(async () => ({
  default: (await import('./DialogoTramitacaoLote')).DialogoTramitacaoLote,
}));
const DialogoRecebimentoLote = lazy(async () => ({
  default: (await import('./DialogoTramitacaoLote')).DialogoRecebimentoLote,
}));
// The other feature's module too: its list of ciências is not for this screen.
const DialogoCienciaLote = lazy(async () => ({ default: (await import('../ciencia/api')).DialogoCienciaLote }));

/** Issue 20: the unit's scheduled returns that are due today or overdue, with a link to them. */
function AvisoRetornos({ quantidade }: { quantidade: number }) {
  if (quantidade === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="aviso-retornos">
      {MENSAGENS_PRAZOS.retornosVencidos(quantidade)}{' '}
      <Link component={RouterLink} to="/controle-de-prazos?aba=retornos">
        Ver no controle de prazos
      </Link>
    </Alert>
  );
}

/** Spec §8: a search that never got an answer (status 0) was too heavy; others show the server's message. */
function mensagemErroBusca(erro: unknown): string {
  if (erro instanceof ErroHttp && erro.status === 0) return MENSAGENS_CAIXA_POSTAL.tempoEsgotado;
  return mensagemComDetalhe(TEXTOS.erroBuscarCaixaPostal, erro);
}

/**
 * Spec §2 (login): the documents in one of the user's units. The query string is the search; documents waiting
 * to be received are received on confirmation, received ones are forwarded one by one or in bulk.
 */
export function CaixaPostalPage() {
  const usuario = useUsuario();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const [parametros, setParametros] = useSearchParams();
  const chave = parametros.toString();
  const estado = lerCaixa(parametros);
  const buscaNaUrl = temFiltrosCaixa(estado.filtros);
  const idUnidadeUsuario = usuario?.configuracoes.idUnidadeAtual ?? null;
  // Without filters in the URL the form starts on the defaults that the URL is about to receive.
  const [valores, setValores] = useState<ValoresFiltrosCaixa>(() =>
    buscaNaUrl ? estado.filtros : filtrosCaixaPadrao(idUnidadeUsuario),
  );
  const [erroFormulario, setErroFormulario] = useState<string | null>(null);
  const [selecionados, setSelecionados] = useState<ReadonlyMap<number, ItemCaixaPostal>>(new Map());
  const [recebendo, setRecebendo] = useState<ItemCaixaPostal | null>(null);
  const [tramitandoLote, setTramitandoLote] = useState(false);
  const [recebendoLote, setRecebendoLote] = useState(false);
  // Bulk ciência: null while never opened (then mounted, so that it closes with its transition).
  const [cienciaLote, setCienciaLote] = useState<boolean | null>(null);
  const receber = useReceberDocumento();
  const marcarLido = useMarcarLidoNaCaixa();
  // Once opened, a dialog stays mounted so that it closes with its transition, as before it was loaded on demand.
  const [dialogosUsados, setDialogosUsados] = useState({ recebimento: false, lote: false, recebimentoLote: false });
  useEffect(() => {
    if (recebendo !== null || tramitandoLote || recebendoLote)
      setDialogosUsados((usados) => ({
        recebimento: usados.recebimento || recebendo !== null,
        lote: usados.lote || tramitandoLote,
        recebimentoLote: usados.recebimentoLote || recebendoLote,
      }));
  }, [recebendo, tramitandoLote, recebendoLote]);
  // After a receipt from a row, the keyboard focus goes to the next row's first action (not lost to the page).
  const corpoTabela = useRef<HTMLDivElement>(null);
  const [focarDepois, setFocarDepois] = useState<number | null>(null);

  // Opening the box without filters shows the user's current unit over the last days.
  const chavePadrao = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the absence of filters matters.
  useEffect(() => {
    if (!buscaNaUrl) {
      // A link to a queue alone (the home page's) opens the default box with that queue (and "not opened", if asked).
      const filtros = {
        ...filtrosCaixaPadrao(idUnidadeUsuario),
        fila: estado.filtros.fila,
        naoLidos: estado.filtros.naoLidos,
      };
      const padrao = escreverCaixa({ ...estado, filtros });
      chavePadrao.current = padrao.toString();
      // The form shows the defaults now (opening, or the menu's link while on the box), not when the URL has them.
      setValores(filtros);
      setErroFormulario(null);
      setSelecionados(new Map());
      setParametros(padrao, { replace: true });
    }
  }, [buscaNaUrl]);

  // The form follows the URL when it changes from outside (back/forward, a link); a new search clears the selection.
  // Not on opening (the form was made from the URL), not without filters (the effect above shows the defaults) and
  // not when the defaults arrive in the URL: what was typed meanwhile stays.
  const chaveDoFormulario = useRef(chave);
  // biome-ignore lint/correctness/useExhaustiveDependencies: buscaNaUrl is read from this same URL.
  useEffect(() => {
    if (chave === chaveDoFormulario.current) return;
    chaveDoFormulario.current = chave;
    if (!buscaNaUrl) return;
    if (chave === chavePadrao.current) {
      chavePadrao.current = null;
      return;
    }
    setValores(lerCaixa(new URLSearchParams(chave)).filtros);
    setErroFormulario(null);
    setSelecionados(new Map());
  }, [chave]);

  const erroUrl = buscaNaUrl ? validarCaixa(estado.filtros) : null;
  useEffect(() => {
    if (erroUrl) snackbar.erro(erroUrl);
  }, [erroUrl, snackbar]);

  const consulta = buscaNaUrl && !erroUrl ? consultaDaCaixa(estado) : null;
  const resultado = useCaixaPostal(consulta);
  const contagens = useContagensCaixa(consulta ? contagensDaConsulta(consulta) : null);
  useErroConsulta(resultado.error, mensagemErroBusca);

  const numeroBuscado = consulta?.numeroDocumento ?? '';
  const naoEncontrado =
    numeroBuscado !== '' && resultado.data !== undefined && !resultado.isPlaceholderData && resultado.data.total === 0;
  // Every answer without the number says so again, a repeated search included.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt marks each new answer.
  useEffect(() => {
    if (naoEncontrado) snackbar.erro(MENSAGENS_CAIXA_POSTAL.documentoNaoEncontrado(numeroBuscado));
  }, [naoEncontrado, numeroBuscado, snackbar, resultado.dataUpdatedAt]);

  const idUnidadeCaixa = Number(estado.filtros.idUnidadeAtual) || idUnidadeUsuario;
  const acoesHabilitadas = idUnidadeCaixa === idUnidadeUsuario;
  const retornos = useRetornosPendentes(idUnidadeUsuario !== null && acoesHabilitadas);
  // The returns' notice comes with its own request: it sits below the form and the rows wait for it, so that neither
  // the form nor the rows move down as it arrives (issue 23).
  const aguardandoRetornos = acoesHabilitadas && retornos.isLoading;
  const comConsulta = consulta !== null;
  useEffect(() => {
    if (comConsulta) void carregarResultados();
  }, [comConsulta]);

  /** Shows this search: a new address, or the same one asked again (a repeated search is read anew). */
  function irPara(novo: EstadoCaixa) {
    const proximos = escreverCaixa(novo);
    if (proximos.toString() === chave) void resultado.refetch();
    else setParametros(proximos);
  }

  function semNaoLidos() {
    irPara({ ...estado, filtros: { ...estado.filtros, naoLidos: '' }, pagina: 1 });
  }

  function buscar() {
    const erro = validarCaixa(valores);
    setErroFormulario(erro);
    if (erro) {
      snackbar.erro(erro);
      return;
    }
    irPara({ ...estado, filtros: valores, pagina: 1 });
  }

  function limpar() {
    setValores({
      ...filtrosCaixaVazios(),
      idUnidadeAtual: valores.idUnidadeAtual,
      fila: valores.fila,
      naoLidos: valores.naoLidos,
    });
    setErroFormulario(null);
  }

  function selecionar(itens: readonly ItemCaixaPostal[], marcar: boolean) {
    setSelecionados((atuais) => {
      const novos = new Map(atuais);
      for (const item of itens) {
        if (marcar) novos.set(item.idDocumento, item);
        else novos.delete(item.idDocumento);
      }
      return novos;
    });
  }

  async function confirmarRecebimento() {
    const item = recebendo;
    setRecebendo(null);
    if (!item) return;
    const itens = resultado.data?.itens ?? [];
    const posicao = itens.findIndex((outro) => outro.idDocumento === item.idDocumento);
    // The next row, or the same one (now with Tramitar) when it was the last.
    const proximo = itens[posicao + 1] ?? item;
    try {
      await executar('Recebendo documento', () => receber.mutateAsync(item.idDocumento));
      snackbar.sucesso(MENSAGENS_DOCUMENTO.recebido);
      setFocarDepois(proximo.idDocumento);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS_DOCUMENTO.erroReceber, erro));
    }
  }

  // Runs once the box was read again after the receipt (the mutation waits for it), on the rows now shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt marks the new rows.
  useEffect(() => {
    if (focarDepois === null) return;
    const corpo = corpoTabela.current;
    const alvo =
      corpo?.querySelector<HTMLElement>(seletorPrimeiraAcao(focarDepois)) ??
      corpo?.querySelector<HTMLElement>('[data-primeira-acao]');
    alvo?.focus();
    setFocarDepois(null);
  }, [focarDepois, resultado.dataUpdatedAt]);

  const selecao = [...selecionados.values()];
  const paraTramitar = selecao.filter(podeTramitar);
  const paraReceber = selecao.filter((item) => item.pendenteRecebimento);

  const total = resultado.data?.total ?? 0;

  return (
    <Pagina
      titulo="Caixa postal"
      descricao={`Documentos enviados às suas unidades e os que estão com elas. Sem filtros, mostra os últimos ${DIAS_PERIODO_PADRAO} dias da sua unidade atual.`}
    >
      <FormularioCaixaPostal
        erro={erroFormulario ?? erroUrl}
        valores={valores}
        aoMudar={setValores}
        aoBuscar={buscar}
        aoLimpar={limpar}
      />
      {acoesHabilitadas ? <AvisoRetornos quantidade={retornos.data?.vencidosOuHoje ?? 0} /> : null}
      {resultado.error ? (
        <Alert severity="error" role="status" data-testid="erro-resultados" sx={{ mb: 2 }}>
          {mensagemErroBusca(resultado.error)}
        </Alert>
      ) : null}
      {consulta && resultado.data && !aguardandoRetornos ? (
        // The whole section waits for the table's module: nothing in it moves when the rows arrive.
        <Suspense fallback={null}>
          <Paper variant="outlined" component="section" aria-labelledby="titulo-caixa">
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ px: 2, pt: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box>
                <Typography id="titulo-caixa" component="h2" variant="h6">
                  Documentos
                </Typography>
                <Typography role="status" data-testid="total-caixa" color="text.secondary">
                  {total === 1 ? '1 documento' : `${total.toLocaleString('pt-BR')} documentos`}
                  {selecionados.size > 0
                    ? ` · ${selecionados.size === 1 ? '1 selecionado' : `${selecionados.size} selecionados`}`
                    : ''}
                </Typography>
              </Box>
              {acoesHabilitadas ? (
                <AcoesSelecao
                  receber={paraReceber.length > 0 ? () => setRecebendoLote(true) : null}
                  tramitar={paraTramitar.length > 0 ? () => setTramitandoLote(true) : null}
                  darCiencia={selecionados.size > 0 ? () => setCienciaLote(true) : null}
                />
              ) : null}
            </Stack>
            <FilasCaixa
              fila={estado.filtros.fila as FilaCaixaPostal | ''}
              contagens={contagens.data}
              aoEscolher={(fila) => irPara({ ...estado, filtros: { ...estado.filtros, fila }, pagina: 1 })}
            />
            {estado.filtros.naoLidos === 'true' ? <FiltroNaoLidos aoRemover={semNaoLidos} /> : null}
            {!acoesHabilitadas ? (
              <Alert severity="info" sx={{ mx: 2, mt: 2 }}>
                Esta não é a sua unidade atual: para receber ou tramitar seus documentos, troque a unidade atual nas
                configurações do usuário.
              </Alert>
            ) : null}
            {naoEncontrado ? (
              <Alert severity="warning" sx={{ m: 2 }} data-testid="documento-nao-encontrado">
                {MENSAGENS_CAIXA_POSTAL.documentoNaoEncontrado(numeroBuscado)}
              </Alert>
            ) : null}
            {resultado.data.itens.length === 0 && !naoEncontrado ? (
              <Alert severity="info" sx={{ m: 2 }} data-testid="caixa-vazia">
                {TEXTOS.caixaVazia}
              </Alert>
            ) : null}
            {resultado.data.itens.length > 0 ? (
              <TabelaCaixaPostal
                resultado={resultado.data}
                estado={estado}
                atualizando={resultado.isPlaceholderData}
                acoesHabilitadas={acoesHabilitadas}
                selecionados={selecionados}
                aoSelecionar={selecionar}
                aoReceber={setRecebendo}
                aoPaginar={(pagina, tamanhoPagina) => irPara({ ...estado, pagina, tamanhoPagina })}
                aoOrdenar={(ordenacao, direcao) => irPara({ ...estado, ordenacao, direcao, pagina: 1 })}
                refCorpo={corpoTabela}
                aoAbrir={(item) => marcarLido(item.idDocumento)}
              />
            ) : null}
          </Paper>
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {recebendo !== null || dialogosUsados.recebimento ? (
          <DialogoConfirmacao
            aberto={recebendo !== null}
            titulo="Receber documento"
            rotuloConfirmar="Receber"
            aoCancelar={() => setRecebendo(null)}
            aoConfirmar={confirmarRecebimento}
          >
            Confirma o recebimento do documento {recebendo?.numero} na sua unidade?
          </DialogoConfirmacao>
        ) : null}
        {tramitandoLote || dialogosUsados.lote ? (
          <DialogoTramitacaoLote
            aberto={tramitandoLote}
            documentos={paraTramitar}
            aoFechar={(concluido) => {
              setTramitandoLote(false);
              if (concluido) setSelecionados(new Map());
            }}
          />
        ) : null}
        {recebendoLote || dialogosUsados.recebimentoLote ? (
          <DialogoRecebimentoLote
            aberto={recebendoLote}
            documentos={paraReceber}
            aoFechar={(concluido) => {
              setRecebendoLote(false);
              if (concluido) setSelecionados(new Map());
            }}
          />
        ) : null}
        {cienciaLote !== null ? (
          <DialogoCienciaLote
            aberto={cienciaLote}
            idsDocumentos={[...selecionados.keys()]}
            aoFechar={(concluido) => {
              setCienciaLote(false);
              if (concluido) setSelecionados(new Map());
            }}
          />
        ) : null}
      </Suspense>
    </Pagina>
  );
}
