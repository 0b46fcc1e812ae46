import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Button, Typography } from '@mui/material';
import { type ItemCaixaPostal, type Reencaminhar, reencaminharSchema, type Unidade } from '@tramite/shared';
import type { FormEvent } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { CampoDespacho } from '../../components/CampoDespacho';
import { CampoDestino, CamposPassoFluxo } from '../../components/CamposPassoFluxo';
import { type EscolhasUrl, EtapaAssistente } from '../../components/EtapaAssistente';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { type CamposEscolhaPasso, useEscolhaPasso } from '../../lib/use-escolha-passo';
import { AlertaEtapa, type Assistente } from './AlertaEtapa';
import { consultaDestinosReencaminhamento, useFluxosReencaminhamento } from './api';
import { PASSOS, TEXTOS } from './textos';

type ValoresReencaminhamento = CamposEscolhaPasso & { despacho: string };

const ESCOLHAS_VAZIAS: ValoresReencaminhamento = { idFluxo: null, idPasso: null, idDestino: null, despacho: '' };

/**
 * The request's schema. The form also keeps the flow, which the request does not take (the schema drops it): zod's
 * input type cannot say so, hence the cast.
 */
const resolverReencaminhamento = zodResolver(reencaminharSchema) as unknown as Resolver<
  ValoresReencaminhamento,
  unknown,
  Reencaminhar
>;

interface OpcoesEnvio {
  /** The wizard's step: the flows are asked for from step 3 on, the destinations from step 4 on. */
  passo: number;
  documento: ItemCaixaPostal | null;
  /** The flow, step and destination in the URL when the screen opens. */
  inicial: CamposEscolhaPasso;
  /** Runs when the user changes the flow, the step or the destination. */
  aoMudar: () => void;
}

/**
 * The form of steps 3 to 5 (flow and step, destination, despacho), checked by the request's schema when it is
 * sent. Another document starts the choice again, keeping the despacho; `limpar` empties it all.
 */
export function useEnvioReencaminhamento({ passo, documento, inicial, aoMudar }: OpcoesEnvio) {
  const idDocumento = documento?.idDocumento ?? null;
  const formulario = useForm({
    resolver: resolverReencaminhamento,
    defaultValues: { ...ESCOLHAS_VAZIAS, ...inicial },
    shouldFocusError: false,
  });
  const escolha = useEscolhaPasso(formulario, {
    fluxos: useFluxosReencaminhamento(passo >= 2 ? idDocumento : null),
    destinos: (idFluxo, idPasso) => consultaDestinosReencaminhamento(passo >= 3 ? idDocumento : null, idFluxo, idPasso),
    aoMudar: (campos) => {
      // Another flow's steps lead elsewhere: its destination is chosen again.
      if (campos.includes('idFluxo')) formulario.setValue('idDestino', null);
      aoMudar();
    },
  });
  return {
    formulario,
    escolha,
    limpar: () => formulario.reset(ESCOLHAS_VAZIAS),
    recomecarEscolha: () => {
      for (const campo of ['idFluxo', 'idPasso', 'idDestino'] as const) formulario.setValue(campo, null);
    },
  };
}

interface EtapasEnvioProps {
  assistente: Assistente;
  /** The unit searched, whose box holds the document. */
  unidade: Unidade | null;
  envio: ReturnType<typeof useEnvioReencaminhamento>;
  documento: ItemCaixaPostal;
  /** The despacho's step passed the request's schema: the screen asks for confirmation. */
  aoReencaminhar: (envio: Reencaminhar) => void;
}

/**
 * Steps 3 to 5 of the wizard (2 to 4 counting from 0), each below a summary of the choices made so far. Sending
 * changes nothing yet: the screen asks for confirmation first.
 */
export function EtapasEnvio({
  assistente,
  unidade,
  envio: { formulario, escolha },
  documento,
  aoReencaminhar,
}: EtapasEnvioProps) {
  const snackbar = useSnackbar();
  const { passo, irPara, setErro, refTitulo } = assistente;
  const { fluxo, passo: passoFluxo, destino } = escolha;
  const etapa = { passos: PASSOS, indice: passo, refTitulo, aoVoltar: () => irPara(passo - 1) };
  /** Steps 3 and 4 go on once their choice is made, which goes to the URL with the next step. */
  const avancarCom = (escolhido: unknown, mensagem: string, escolhas: EscolhasUrl) => (evento: FormEvent) => {
    evento.preventDefault();
    if (escolhido === null) setErro(mensagem);
    else irPara(passo + 1, escolhas);
  };
  const resumo = (
    <Typography color="text.secondary" data-testid="resumo-escolhas">
      Documento {documento.numero} ({documento.tipo}) da unidade {unidade?.sigla ?? ''}
      {passoFluxo && fluxo ? ` · ${fluxo.descricao} › ${passoFluxo.descricao}` : ''}
      {destino && passo >= 4 ? ` · destino ${destino.sigla}` : ''}
    </Typography>
  );

  if (passo < 4) {
    return (
      <EtapaAssistente
        {...etapa}
        aoEnviar={
          passo === 2
            ? avancarCom(passoFluxo, TEXTOS.escolhaPasso, { fluxo: fluxo?.id ?? null, passo: passoFluxo?.id ?? null })
            : avancarCom(destino, TEXTOS.escolhaDestino, { destino: destino?.id ?? null })
        }
      >
        {resumo}
        {passo === 2 ? (
          <CamposPassoFluxo id="reencaminhamento" escolha={escolha} />
        ) : (
          <CampoDestino id="reencaminhamento" escolha={escolha} />
        )}
        <AlertaEtapa assistente={assistente} />
      </EtapaAssistente>
    );
  }
  return (
    <EtapaAssistente
      {...etapa}
      aoEnviar={formulario.handleSubmit(aoReencaminhar, (erros) => {
        // The wizard says the first message in the step's alert, not under a field.
        formulario.clearErrors();
        const mensagem = Object.values(erros)[0]?.message ?? TEXTOS.escolhaDocumento;
        setErro(mensagem);
        snackbar.erro(mensagem);
      })}
      botaoEnviar={
        <Button type="submit" variant="contained" startIcon={<SendOutlined />}>
          Reencaminhar
        </Button>
      }
    >
      {resumo}
      <CampoDespacho control={formulario.control} name="despacho" id="reencaminhamento-despacho" label="Despacho" />
      <AlertaEtapa assistente={assistente} />
    </EtapaAssistente>
  );
}
