import { Paper, Step, StepLabel, Stepper } from '@mui/material';
import { type ItemCaixaPostal, MENSAGENS, type Reencaminhar } from '@tramite/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { type EscolhasUrl, useAssistente } from '../../components/EtapaAssistente';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { type BuscaReencaminhamento, useCaixaUnidade, useReencaminhar, useUnidadesReencaminhamento } from './api';
import { EtapaBusca, TAMANHO_PAGINA, useBuscaReencaminhamento } from './EtapaBusca';
import { EtapaDocumento } from './EtapaDocumento';
import { EtapasEnvio, useEnvioReencaminhamento } from './EtapasEnvio';
import { PASSOS, TEXTOS } from './textos';

/** A positive id (or page) read from the URL, or null. */
function lerId(texto: string | null): number | null {
  const numero = Number(texto);
  return texto && Number.isSafeInteger(numero) && numero > 0 ? numero : null;
}

/** Every choice after the unit's search, cleared when a new search starts or the wizard ends. */
const SEM_ESCOLHAS: EscolhasUrl = { documento: null, fluxo: null, passo: null, destino: null };

/**
 * Spec §2 and §4 (permission REENCAMINHAMENTO): an administrator receives in the name of a unit a document stuck in
 * its box and forwards it. Starts at step 1; the step and the choices are in the URL, so Back goes to the previous
 * step and a reload stays on it. Nothing changes on the server until the last step is confirmed: then a document
 * still waiting is received in the unit's name and forwarded by one request (POST .../tramitacoes, one
 * transaction). After a success it returns to step 1 with the unit's list reloaded.
 */
export function ReencaminhamentoPage() {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const [parametros] = useSearchParams();
  const idUnidade = lerId(parametros.get('unidade'));
  const busca: BuscaReencaminhamento | null =
    idUnidade === null
      ? null
      : {
          idUnidade,
          numeroDocumento: parametros.get('numero') ?? '',
          pagina: lerId(parametros.get('pagina')) ?? 1,
          tamanhoPagina: lerId(parametros.get('tamanho')) ?? TAMANHO_PAGINA,
        };
  const idDocumentoUrl = lerId(parametros.get('documento'));
  const [documento, setDocumento] = useState<ItemCaixaPostal | null>(null);
  const [pedido, setPedido] = useState<Reencaminhar | null>(null);

  const unidades = useUnidadesReencaminhamento();
  const caixa = useCaixaUnidade(busca);
  const reencaminhar = useReencaminhar();
  useErroConsulta(unidades.error, (erro) => mensagemComDetalhe(TEXTOS.erroUnidades, erro));
  useErroConsulta(caixa.error, (erro) => mensagemComDetalhe(TEXTOS.erroCaixa, erro));
  const documentoUrl =
    caixa.data && !caixa.isPlaceholderData
      ? (caixa.data.itens.find((item) => item.idDocumento === idDocumentoUrl) ?? null)
      : null;

  /** How far the choices in the URL go: a unit searched, a document still in its box, a step, a destination. */
  function passoPossivel(): number | null {
    if (busca === null) return 0;
    if (idDocumentoUrl === null) return 1;
    if (documento?.idDocumento !== idDocumentoUrl) {
      if (caixa.isPending || caixa.isPlaceholderData) return null;
      if (!documentoUrl) return 1;
    }
    if (parametros.get('fluxo') === null || parametros.get('passo') === null) return 2;
    return parametros.get('destino') === null ? 3 : 4;
  }
  const assistente = useAssistente(PASSOS.length, passoPossivel());
  const { passo, irPara, setErro: setErroEtapa } = assistente;

  // A reload (or Back to another document) takes the document of the URL from the unit's list; on the list's own
  // step the user's choice stands.
  useEffect(() => {
    if (!documentoUrl || documento?.idDocumento === documentoUrl.idDocumento) return;
    if (documento === null || passo >= 2) setDocumento(documentoUrl);
  }, [documentoUrl, documento, passo]);

  const envioEscolhido = useEnvioReencaminhamento({
    passo,
    documento,
    inicial: {
      idFluxo: lerId(parametros.get('fluxo')),
      idPasso: lerId(parametros.get('passo')),
      idDestino: lerId(parametros.get('destino')),
    },
    aoMudar: () => setErroEtapa(null),
  });
  /** Set on a success: the choices are cleared once the screen is back at step 1. */
  const recomecar = useRef(false);
  useEffect(() => {
    if (!recomecar.current || passo !== 0) return;
    recomecar.current = false;
    setDocumento(null);
    envioEscolhido.limpar();
  });

  const unidadeBusca = (unidades.data ?? []).find((unidade) => unidade.id === busca?.idUnidade) ?? null;

  const buscaUnidade = useBuscaReencaminhamento(
    { idUnidade: busca?.idUnidade ?? null, numeroDocumento: busca?.numeroDocumento ?? '' },
    (nova) => {
      setDocumento(null);
      envioEscolhido.limpar();
      irPara(1, {
        ...SEM_ESCOLHAS,
        unidade: nova.idUnidade,
        numero: nova.numeroDocumento,
        pagina: null,
        tamanho: null,
      });
    },
  );

  function escolherDocumento(item: ItemCaixaPostal) {
    if (item.idDocumento !== documento?.idDocumento) envioEscolhido.recomecarEscolha();
    setDocumento(item);
    setErroEtapa(null);
  }

  function avancarDocumento(evento: FormEvent) {
    evento.preventDefault();
    if (!documento) {
      setErroEtapa(TEXTOS.escolhaDocumento);
      return;
    }
    // A new document starts its flow, step and destination again.
    irPara(2, { ...SEM_ESCOLHAS, documento: documento.idDocumento });
  }

  async function enviar() {
    const envio = pedido;
    setPedido(null);
    if (!documento || !envio || !busca) return;
    try {
      await executar('Reencaminhando documento', () =>
        reencaminhar.mutateAsync({
          idDocumento: documento.idDocumento,
          envio: { ...envio, idUnidade: busca.idUnidade },
        }),
      );
      snackbar.sucesso(MENSAGENS.reencaminhamento.sucesso);
      // Spec §4: back to step 1, the chosen unit's list reloaded (the mutation invalidates it), the document cleared
      // once the screen shows step 1 (cleared before, the old URL would still name it).
      recomecar.current = true;
      irPara(0, { ...SEM_ESCOLHAS, pagina: null }, { substituir: true });
    } catch (erro) {
      snackbar.erro(mensagemDoErro(erro, TEXTOS.erroReencaminhar));
    }
  }

  /** What every step has: the wizard, and the unit searched. */
  const etapa = { assistente, unidade: unidadeBusca };
  const destino = envioEscolhido.escolha.destino;

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
          <EtapaBusca {...etapa} busca={buscaUnidade} unidades={unidades} caixa={caixa} buscada={busca} />
        ) : null}
        {passo === 1 ? (
          <EtapaDocumento
            {...etapa}
            caixa={caixa}
            documento={documento}
            aoEscolher={escolherDocumento}
            aoPaginar={(pagina, tamanhoPagina) => irPara(1, { pagina, tamanho: tamanhoPagina }, { substituir: true })}
            aoAvancar={avancarDocumento}
          />
        ) : null}
        {passo >= 2 && documento ? (
          <EtapasEnvio {...etapa} key={passo} envio={envioEscolhido} documento={documento} aoReencaminhar={setPedido} />
        ) : null}
      </Paper>
      <DialogoConfirmacao
        aberto={pedido !== null}
        titulo="Confirmar reencaminhamento"
        rotuloConfirmar="Reencaminhar"
        ocupado={reencaminhar.isPending}
        aoCancelar={() => setPedido(null)}
        aoConfirmar={enviar}
      >
        {documento?.pendenteRecebimento
          ? `O documento ${documento.numero}, que aguarda recebimento, será recebido em nome da unidade ${unidadeBusca?.sigla ?? ''} e reencaminhado para ${destino?.sigla ?? 'o destino escolhido'}.`
          : `O documento ${documento?.numero ?? ''} será reencaminhado da unidade ${unidadeBusca?.sigla ?? ''} para ${destino?.sigla ?? 'o destino escolhido'}.`}{' '}
        Confirma?
      </DialogoConfirmacao>
    </Pagina>
  );
}
