import { Paper, Step, StepLabel, Stepper } from '@mui/material';
import { type ItemCaixaPostal, MENSAGENS, type Reencaminhar } from '@tramite/shared';
import { type FormEvent, useState } from 'react';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useAssistente } from '../../components/EtapaAssistente';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import {
  type BuscaReencaminhamento,
  useCaixaUnidade,
  useReceberEmNomeDaUnidade,
  useReencaminhar,
  useUnidadesReencaminhamento,
} from './api';
import { EtapaBusca, useBuscaReencaminhamento } from './EtapaBusca';
import { EtapaDocumento } from './EtapaDocumento';
import { EtapasEnvio, useEnvioReencaminhamento } from './EtapasEnvio';
import { PASSOS, TEXTOS } from './textos';

/**
 * Spec §2 and §4 (permission REENCAMINHAMENTO): an administrator receives in the name of a unit a document stuck in
 * its box and forwards it. Starts at step 1; after a success it returns there with the unit's list reloaded.
 */
export function ReencaminhamentoPage() {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const assistente = useAssistente();
  const { passo, irPara, setErro: setErroEtapa } = assistente;
  const [busca, setBusca] = useState<BuscaReencaminhamento | null>(null);
  const [documento, setDocumento] = useState<ItemCaixaPostal | null>(null);
  const [confirmandoRecebimento, setConfirmandoRecebimento] = useState(false);

  const unidades = useUnidadesReencaminhamento();
  const caixa = useCaixaUnidade(busca);
  const receber = useReceberEmNomeDaUnidade();
  const reencaminhar = useReencaminhar();
  useErroConsulta(unidades.error, (erro) => mensagemComDetalhe(TEXTOS.erroUnidades, erro));
  useErroConsulta(caixa.error, (erro) => mensagemComDetalhe(TEXTOS.erroCaixa, erro));

  const envioEscolhido = useEnvioReencaminhamento({ passo, documento, aoMudar: () => setErroEtapa(null) });
  const unidadeBusca = (unidades.data ?? []).find((unidade) => unidade.id === busca?.idUnidade) ?? null;

  function limparEscolhas() {
    setDocumento(null);
    envioEscolhido.limpar();
  }

  const buscaUnidade = useBuscaReencaminhamento((nova) => {
    limparEscolhas();
    setBusca(nova);
    irPara(1);
  });

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

  async function enviar(envio: Reencaminhar) {
    if (!documento) {
      setErroEtapa(TEXTOS.escolhaDocumento);
      snackbar.erro(TEXTOS.escolhaDocumento);
      return;
    }
    try {
      await executar('Reencaminhando documento', () =>
        reencaminhar.mutateAsync({ idDocumento: documento.idDocumento, envio }),
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

  /** What every step has: the wizard, and the unit searched. */
  const etapa = { assistente, unidade: unidadeBusca };

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
            aoPaginar={(pagina, tamanhoPagina) =>
              setBusca((atual) => (atual ? { ...atual, pagina, tamanhoPagina } : atual))
            }
            aoAvancar={avancarDocumento}
          />
        ) : null}
        {passo >= 2 ? (
          <EtapasEnvio {...etapa} key={passo} envio={envioEscolhido} documento={documento} aoReencaminhar={enviar} />
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
