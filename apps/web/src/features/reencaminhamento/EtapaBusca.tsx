import { zodResolver } from '@hookform/resolvers/zod';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Button, Grid, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  filtrosReencaminhamentoSchema,
  MENSAGENS,
  type PaginaCaixaPostal,
  type Unidade,
  validarFiltrosReencaminhamento,
} from '@tramite/shared';
import { useForm, useFormState } from 'react-hook-form';
import { z } from 'zod';
import { EtapaAssistente } from '../../components/EtapaAssistente';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { SelecaoPorIdControlada } from '../../components/formulario/SelecaoPorIdControlada';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { mensagemComDetalhe } from '../../lib/api';
import type { Assistente } from './AlertaEtapa';
import { type BuscaReencaminhamento, unidadeDoDocumento } from './api';
import { PASSOS, TEXTOS } from './textos';

export const TAMANHO_PAGINA = 20;

/**
 * The first step's search (GET reencaminhamento/unidades/{id}/caixa-postal takes the number) and its rule of spec §5
 * 'Re-forwarding search', a unit or a number, whose message is the form's own ('root').
 */
const buscaSchema = filtrosReencaminhamentoSchema
  .pick({ numeroDocumento: true })
  .extend({ idUnidade: z.number().nullable() })
  .superRefine((busca, contexto) => {
    const erro = validarFiltrosReencaminhamento(busca);
    if (erro) contexto.addIssue({ code: 'custom', path: ['root'], message: erro });
  });

/**
 * The search of the wizard's first step. A number alone looks for the unit whose box holds that document, which then
 * shows as the chosen unit; `aoBuscar` receives the search of the first page. `inicial` is the search in the URL.
 */
export function useBuscaReencaminhamento(
  inicial: { idUnidade: number | null; numeroDocumento: string },
  aoBuscar: (busca: BuscaReencaminhamento) => void,
) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const formulario = useForm({
    resolver: zodResolver(buscaSchema),
    defaultValues: inicial,
    shouldFocusError: false,
  });

  async function buscar({ idUnidade, numeroDocumento = '' }: z.output<typeof buscaSchema>) {
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
        formulario.setError('root', { type: 'custom', message: TEXTOS.numeroNaoEncontrado });
        snackbar.erro(TEXTOS.numeroNaoEncontrado);
        return;
      }
      formulario.setValue('idUnidade', unidade);
    }
    aoBuscar({ idUnidade: unidade, numeroDocumento, pagina: 1, tamanhoPagina: TAMANHO_PAGINA });
  }

  return {
    formulario,
    aoEnviar: formulario.handleSubmit(buscar, (erros) => snackbar.erro(erros.root?.message ?? '')),
  };
}

interface EtapaBuscaProps {
  assistente: Assistente;
  busca: ReturnType<typeof useBuscaReencaminhamento>;
  unidades: UseQueryResult<Unidade[]>;
  /** The box found by the last search, and its unit. */
  caixa: UseQueryResult<PaginaCaixaPostal>;
  buscada: BuscaReencaminhamento | null;
  unidade: Unidade | null;
}

/** Step 1: the unit and, optionally, part of a document number; after a search, how many documents it found. */
export function EtapaBusca({ assistente, busca, unidades, caixa, buscada, unidade }: EtapaBuscaProps) {
  const { control, clearErrors } = busca.formulario;
  const erro = useFormState({ control }).errors.root?.message ?? null;
  const limparErro = () => clearErrors('root');
  return (
    <EtapaAssistente
      passos={PASSOS}
      indice={0}
      refTitulo={assistente.refTitulo}
      aoEnviar={busca.aoEnviar}
      botaoEnviar={
        <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
          Buscar documentos
        </Button>
      }
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SelecaoPorIdControlada
            Selecao={SelecaoPorId}
            id="reencaminhamento-unidade"
            rotulo="Unidade"
            textoAjuda="Unidades com documentos aguardando recebimento ou em sua posse."
            control={control}
            name="idUnidade"
            opcoes={unidades.data ?? []}
            rotuloOpcao={(opcao) => `${opcao.sigla} — ${opcao.nome}${opcao.ativa ? '' : ' (inativa)'}`}
            carregando={unidades.isLoading}
            erro={erro === MENSAGENS.reencaminhamento.filtroObrigatorio}
            aoMudar={limparErro}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CampoTextoControlado
            id="reencaminhamento-numero"
            label="Número do documento"
            fullWidth
            control={control}
            name="numeroDocumento"
            maxLength={40}
            erro={erro !== null}
            aoMudar={limparErro}
          />
        </Grid>
      </Grid>
      {erro ? (
        <Alert severity="error" role="status" data-testid="erro-busca-reencaminhamento">
          {erro}
        </Alert>
      ) : null}
      {buscada && caixa.data && !caixa.isPlaceholderData ? (
        <Typography role="status" color="text.secondary" data-testid="total-unidade">
          {caixa.data.total === 1 ? '1 documento' : `${caixa.data.total.toLocaleString('pt-BR')} documentos`} na caixa
          postal de {unidade?.sigla ?? 'unidade escolhida'}
          {buscada.numeroDocumento ? ` com o número ${buscada.numeroDocumento}` : ''}.
        </Typography>
      ) : null}
    </EtapaAssistente>
  );
}
