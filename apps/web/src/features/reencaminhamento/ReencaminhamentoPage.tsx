import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Alert, Button, Grid, Paper, Step, StepLabel, Stepper, TextField, Typography } from '@mui/material';
import {
  type ItemCaixaPostal,
  MENSAGENS,
  reencaminharSchema,
  TAMANHO_MAXIMO_DESPACHO,
  validarFiltrosReencaminhamento,
} from '@tramite/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { CamposPassoFluxo } from '../../components/CamposPassoFluxo';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { EtapaAssistente, useAssistente } from '../../components/EtapaAssistente';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import {
  type BuscaReencaminhamento,
  unidadeDoDocumento,
  useCaixaUnidade,
  useDestinosReencaminhamento,
  useFluxosReencaminhamento,
  useReceberEmNomeDaUnidade,
  useReencaminhar,
  useUnidadesReencaminhamento,
} from './api';
import { TabelaDocumentosUnidade } from './TabelaDocumentosUnidade';

/** Spec §2: the wizard's choices, in order. */
const PASSOS = ['Unidade', 'Documento', 'Fluxo', 'Destino', 'Despacho'] as const;
const TAMANHO_PAGINA = 20;

const TEXTOS = {
  erroUnidades: 'Não foi possível carregar as unidades para reencaminhamento',
  erroCaixa: 'Não foi possível carregar os documentos da unidade',
  erroFluxos: 'Não foi possível carregar os fluxos do documento',
  erroDestinos: 'Não foi possível carregar os destinos do passo',
  erroBuscarNumero: 'Não foi possível buscar o documento',
  numeroNaoEncontrado: 'Nenhum documento encontrado com esse número',
  erroReencaminhar: 'Não foi possível reencaminhar o documento',
  escolhaDocumento: 'Escolha um documento da lista',
  escolhaPasso: 'Escolha o fluxo e o passo',
  escolhaDestino: 'Escolha a unidade de destino',
} as const;

/**
 * Spec §2 and §4 (permission REENCAMINHAMENTO): an administrator receives in the name of a unit a document stuck in
 * its box and forwards it. Starts at step 1; after a success it returns there with the unit's list reloaded.
 */
export function ReencaminhamentoPage() {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const { passo, irPara, erro: erroEtapa, setErro: setErroEtapa, refTitulo } = useAssistente();
  const [idUnidade, setIdUnidade] = useState<number | null>(null);
  const [numero, setNumero] = useState('');
  const [erroBusca, setErroBusca] = useState<string | null>(null);
  const [busca, setBusca] = useState<BuscaReencaminhamento | null>(null);
  const [documento, setDocumento] = useState<ItemCaixaPostal | null>(null);
  const [idFluxo, setIdFluxo] = useState<number | null>(null);
  const [idPasso, setIdPasso] = useState<number | null>(null);
  const [idDestino, setIdDestino] = useState<number | null>(null);
  const [despacho, setDespacho] = useState('');
  const [confirmandoRecebimento, setConfirmandoRecebimento] = useState(false);

  const unidades = useUnidadesReencaminhamento();
  const caixa = useCaixaUnidade(busca);
  const idDocumento = documento?.idDocumento ?? null;
  const fluxos = useFluxosReencaminhamento(passo >= 2 ? idDocumento : null);
  const destinos = useDestinosReencaminhamento(passo >= 3 ? idDocumento : null, idFluxo, idPasso);
  const receber = useReceberEmNomeDaUnidade();
  const reencaminhar = useReencaminhar();
  useErroConsulta(unidades.error, (erro) => mensagemComDetalhe(TEXTOS.erroUnidades, erro));
  useErroConsulta(caixa.error, (erro) => mensagemComDetalhe(TEXTOS.erroCaixa, erro));
  useErroConsulta(fluxos.error, (erro) => mensagemComDetalhe(TEXTOS.erroFluxos, erro));
  useErroConsulta(destinos.error, (erro) => mensagemComDetalhe(TEXTOS.erroDestinos, erro));

  const unidadeBusca = (unidades.data ?? []).find((unidade) => unidade.id === busca?.idUnidade) ?? null;
  const listaFluxos = fluxos.data ?? [];
  const fluxo = listaFluxos.find((item) => item.id === idFluxo) ?? null;
  const passoFluxo = fluxo?.passos.find((item) => item.id === idPasso) ?? null;
  const destino = (destinos.data ?? []).find((item) => item.id === idDestino) ?? null;

  // A step with a single destination gets it chosen; one the step does not allow is dropped.
  useEffect(() => {
    if (!destinos.data) return;
    setIdDestino((atual) => {
      if (atual !== null && destinos.data.some((item) => item.id === atual)) return atual;
      return destinos.data.length === 1 ? (destinos.data[0]?.id ?? null) : null;
    });
  }, [destinos.data]);

  function limparEscolhas() {
    setDocumento(null);
    setIdFluxo(null);
    setIdPasso(null);
    setIdDestino(null);
    setDespacho('');
  }

  async function buscar(evento: FormEvent) {
    evento.preventDefault();
    const numeroDocumento = numero.trim();
    const erro = validarFiltrosReencaminhamento({ idUnidade, numeroDocumento });
    setErroBusca(erro);
    if (erro) {
      snackbar.erro(erro);
      return;
    }
    let unidade = idUnidade;
    if (unidade === null) {
      // A number alone: the box is that of the unit the document waits in, or is held by.
      try {
        unidade = await executar('Buscando o documento', () => unidadeDoDocumento(numeroDocumento));
      } catch (falha) {
        snackbar.erro(mensagemComDetalhe(TEXTOS.erroBuscarNumero, falha));
        return;
      }
      if (unidade === null) {
        setErroBusca(TEXTOS.numeroNaoEncontrado);
        snackbar.erro(TEXTOS.numeroNaoEncontrado);
        return;
      }
      setIdUnidade(unidade);
    }
    limparEscolhas();
    setBusca({ idUnidade: unidade, numeroDocumento, pagina: 1, tamanhoPagina: TAMANHO_PAGINA });
    irPara(1);
  }

  function escolherDocumento(item: ItemCaixaPostal) {
    if (item.idDocumento !== documento?.idDocumento) {
      setIdFluxo(null);
      setIdPasso(null);
      setIdDestino(null);
    }
    setDocumento(item);
    setErroEtapa(null);
  }

  function avancarDocumento(evento: FormEvent) {
    evento.preventDefault();
    if (!documento) {
      setErroEtapa(TEXTOS.escolhaDocumento);
      return;
    }
    if (documento.pendenteRecebimento) {
      setConfirmandoRecebimento(true);
      return;
    }
    irPara(2);
  }

  async function receberEmNomeDaUnidade() {
    setConfirmandoRecebimento(false);
    if (!documento) return;
    try {
      const recebido = await executar('Recebendo em nome da unidade', () => receber.mutateAsync(documento.idDocumento));
      snackbar.sucesso(MENSAGENS.reencaminhamento.recebido);
      setDocumento({ ...documento, situacao: recebido.situacao, recebido: true, pendenteRecebimento: false });
      irPara(2);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.documento.erroReceber, erro));
    }
  }

  function avancarFluxo(evento: FormEvent) {
    evento.preventDefault();
    if (passoFluxo === null) {
      setErroEtapa(TEXTOS.escolhaPasso);
      return;
    }
    irPara(3);
  }

  function avancarDestino(evento: FormEvent) {
    evento.preventDefault();
    if (destino === null) {
      setErroEtapa(TEXTOS.escolhaDestino);
      return;
    }
    irPara(4);
  }

  async function enviar(evento: FormEvent) {
    evento.preventDefault();
    const resultado = reencaminharSchema.safeParse({ idPasso, idDestino, despacho });
    if (!resultado.success || !documento) {
      const mensagem = resultado.error?.issues[0]?.message ?? TEXTOS.escolhaDocumento;
      setErroEtapa(mensagem);
      snackbar.erro(mensagem);
      return;
    }
    try {
      await executar('Reencaminhando documento', () =>
        reencaminhar.mutateAsync({ idDocumento: documento.idDocumento, envio: resultado.data }),
      );
      snackbar.sucesso(MENSAGENS.reencaminhamento.sucesso);
      // Spec §4: back to step 1, the chosen unit's list reloaded (the mutation invalidates it), the document cleared.
      limparEscolhas();
      setBusca((atual) => (atual ? { ...atual, pagina: 1 } : atual));
      irPara(0);
    } catch (erro) {
      snackbar.erro(mensagemDoErro(erro, TEXTOS.erroReencaminhar));
    }
  }

  const alertaEtapa = erroEtapa ? (
    <Alert severity="error" role="status" data-testid="erro-etapa">
      {erroEtapa}
    </Alert>
  ) : null;

  const resumoDocumento = documento ? (
    <Typography color="text.secondary" data-testid="resumo-escolhas">
      Documento {documento.numero} ({documento.tipo}) da unidade {unidadeBusca?.sigla ?? ''}
      {passoFluxo && fluxo ? ` · ${fluxo.descricao} › ${passoFluxo.descricao}` : ''}
      {destino && passo >= 4 ? ` · destino ${destino.sigla}` : ''}
    </Typography>
  ) : null;

  return (
    <Pagina
      titulo="Reencaminhamento de documento"
      descricao="Receba em nome de uma unidade um documento parado na sua caixa postal e reencaminhe-o: escolha a unidade, o documento, o fluxo, o destino e o despacho."
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stepper activeStep={passo} alternativeLabel sx={{ mb: 4 }} aria-label="Etapas do reencaminhamento">
          {PASSOS.map((rotulo, indice) => (
            <Step key={rotulo} completed={indice < passo}>
              <StepLabel aria-current={indice === passo ? 'step' : undefined}>{rotulo}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {passo === 0 ? (
          <EtapaAssistente
            passos={PASSOS}
            indice={0}
            refTitulo={refTitulo}
            aoEnviar={buscar}
            botaoEnviar={
              <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
                Buscar documentos
              </Button>
            }
          >
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 7 }}>
                <SelecaoPorId
                  id="reencaminhamento-unidade"
                  rotulo="Unidade"
                  opcoes={unidades.data ?? []}
                  valor={idUnidade}
                  aoMudar={(valor) => {
                    setIdUnidade(valor);
                    setErroBusca(null);
                  }}
                  rotuloOpcao={(unidade) => `${unidade.sigla} — ${unidade.nome}${unidade.ativa ? '' : ' (inativa)'}`}
                  carregando={unidades.isLoading}
                  erro={erroBusca === MENSAGENS.reencaminhamento.filtroObrigatorio}
                  textoAjuda="Unidades com documentos aguardando recebimento ou em sua posse."
                />
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <TextField
                  id="reencaminhamento-numero"
                  label="Número do documento"
                  fullWidth
                  value={numero}
                  onChange={(evento) => {
                    setNumero(evento.target.value);
                    setErroBusca(null);
                  }}
                  error={erroBusca !== null}
                  slotProps={{ htmlInput: { maxLength: 40 } }}
                />
              </Grid>
            </Grid>
            {erroBusca ? (
              <Alert severity="error" role="status" data-testid="erro-busca-reencaminhamento">
                {erroBusca}
              </Alert>
            ) : null}
            {busca && caixa.data && !caixa.isPlaceholderData ? (
              <Typography role="status" color="text.secondary" data-testid="total-unidade">
                {caixa.data.total === 1 ? '1 documento' : `${caixa.data.total.toLocaleString('pt-BR')} documentos`} na
                caixa postal de {unidadeBusca?.sigla ?? 'unidade escolhida'}
                {busca.numeroDocumento ? ` com o número ${busca.numeroDocumento}` : ''}.
              </Typography>
            ) : null}
          </EtapaAssistente>
        ) : null}

        {passo === 1 ? (
          <EtapaAssistente
            passos={PASSOS}
            indice={1}
            refTitulo={refTitulo}
            aoEnviar={avancarDocumento}
            aoVoltar={() => irPara(0)}
            botaoEnviar={
              documento?.pendenteRecebimento ? (
                <Button type="submit" variant="contained" startIcon={<MoveToInboxOutlined />}>
                  Receber em nome da unidade
                </Button>
              ) : undefined
            }
          >
            <Typography color="text.secondary">
              Caixa postal de {unidadeBusca ? `${unidadeBusca.sigla} — ${unidadeBusca.nome}` : 'unidade escolhida'}.
              Documentos que aguardam recebimento são recebidos em nome da unidade antes do reencaminhamento.
            </Typography>
            {caixa.isLoading ? <Typography>Carregando documentos…</Typography> : null}
            {caixa.data && caixa.data.itens.length === 0 ? (
              <Alert severity="info" data-testid="unidade-sem-documentos">
                Nenhum documento a reencaminhar nesta unidade.
              </Alert>
            ) : null}
            {caixa.data && caixa.data.itens.length > 0 ? (
              <TabelaDocumentosUnidade
                resultado={caixa.data}
                atualizando={caixa.isPlaceholderData}
                escolhido={documento?.idDocumento ?? null}
                aoEscolher={escolherDocumento}
                aoPaginar={(pagina, tamanhoPagina) =>
                  setBusca((atual) => (atual ? { ...atual, pagina, tamanhoPagina } : atual))
                }
              />
            ) : null}
            {alertaEtapa}
          </EtapaAssistente>
        ) : null}

        {passo === 2 ? (
          <EtapaAssistente
            passos={PASSOS}
            indice={2}
            refTitulo={refTitulo}
            aoEnviar={avancarFluxo}
            aoVoltar={() => irPara(1)}
          >
            {resumoDocumento}
            <CamposPassoFluxo
              id="reencaminhamento"
              fluxos={listaFluxos}
              idFluxo={idFluxo}
              idPasso={idPasso}
              aoMudarFluxo={(novo) => {
                setIdFluxo(novo);
                setIdDestino(null);
                setErroEtapa(null);
              }}
              aoMudarPasso={(novo) => {
                setIdPasso(novo);
                setErroEtapa(null);
              }}
              carregando={fluxos.isLoading}
            />
            {alertaEtapa}
          </EtapaAssistente>
        ) : null}

        {passo === 3 ? (
          <EtapaAssistente
            passos={PASSOS}
            indice={3}
            refTitulo={refTitulo}
            aoEnviar={avancarDestino}
            aoVoltar={() => irPara(2)}
          >
            {resumoDocumento}
            <SelecaoPorId
              id="reencaminhamento-destino"
              rotulo="Destino"
              opcoes={destinos.data ?? []}
              valor={idDestino}
              aoMudar={(valor) => {
                setIdDestino(valor);
                setErroEtapa(null);
              }}
              rotuloOpcao={(item) => `${item.sigla} — ${item.nome}`}
              carregando={destinos.isFetching}
              obrigatorio
            />
            {alertaEtapa}
          </EtapaAssistente>
        ) : null}

        {passo === 4 ? (
          <EtapaAssistente
            passos={PASSOS}
            indice={4}
            refTitulo={refTitulo}
            aoEnviar={enviar}
            aoVoltar={() => irPara(3)}
            botaoEnviar={
              <Button type="submit" variant="contained" startIcon={<SendOutlined />}>
                Reencaminhar
              </Button>
            }
          >
            {resumoDocumento}
            <TextField
              id="reencaminhamento-despacho"
              label="Despacho"
              multiline
              minRows={4}
              fullWidth
              value={despacho}
              onChange={(evento) => setDespacho(evento.target.value)}
              slotProps={{ htmlInput: { maxLength: TAMANHO_MAXIMO_DESPACHO } }}
            />
            {alertaEtapa}
          </EtapaAssistente>
        ) : null}
      </Paper>
      <DialogoConfirmacao
        aberto={confirmandoRecebimento}
        titulo="Receber em nome da unidade"
        rotuloConfirmar="Receber"
        aoCancelar={() => setConfirmandoRecebimento(false)}
        aoConfirmar={receberEmNomeDaUnidade}
      >
        Confirma o recebimento do documento {documento?.numero} em nome da unidade {unidadeBusca?.sigla}?
      </DialogoConfirmacao>
    </Pagina>
  );
}
