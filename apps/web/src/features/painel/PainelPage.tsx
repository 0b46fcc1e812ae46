import { Alert, Grid, MenuItem, Paper, Skeleton, TextField } from '@mui/material';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { ptBRLocaleText } from '@mui/x-charts/locales';
import { MENSAGENS } from '@tramite/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CampoData } from '../../components/CampoData';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { IntervaloDatas } from '../../components/IntervaloDatas';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe } from '../../lib/api';
import { useUsuario } from '../../lib/sessao';
import { useUnidadesPainel } from './api';
import {
  escreverFiltrosPainel,
  INSTITUICAO,
  lerFiltrosPainel,
  periodoPadrao,
  unidadeEscolhida,
  type ValoresFiltrosPainel,
  validarFiltrosPainel,
} from './filtros-painel';
import {
  GraficoAssuntos,
  GraficoIdade,
  GraficoMovimento,
  GraficoPermanencia,
  GraficoUnidadesAntigas,
} from './GraficosPainel';

/**
 * Issue 22: a unit's work in charts (the institution's for PAINEL_INSTITUCIONAL). The unit and the period are kept in
 * the URL, so that a reload or a shared link shows the same painel; opening it without them shows the user's current
 * unit over the last twelve months.
 */
export function PainelPage() {
  const usuario = useUsuario();
  const [parametros, setParametros] = useSearchParams();
  const unidades = useUnidadesPainel();
  const naUrl = lerFiltrosPainel(parametros);
  const idUnidadeAtual = usuario?.configuracoes.idUnidadeAtual ?? null;

  // What is missing or not allowed in the URL gets its default, in place (no new history entry).
  const padrao = periodoPadrao();
  const valores: ValoresFiltrosPainel = {
    unidade: unidades.data ? unidadeEscolhida(naUrl.unidade, unidades.data, idUnidadeAtual) : naUrl.unidade,
    dataInicio: parametros.has('dataInicio') ? naUrl.dataInicio : padrao.dataInicio,
    dataFim: parametros.has('dataFim') ? naUrl.dataFim : padrao.dataFim,
  };
  const chave = escreverFiltrosPainel(valores).toString();
  const completo = unidades.data !== undefined;
  useEffect(() => {
    if (completo && chave !== parametros.toString()) setParametros(new URLSearchParams(chave), { replace: true });
  }, [completo, chave, parametros, setParametros]);

  const validacao = completo && valores.unidade ? validarFiltrosPainel(valores) : null;
  const filtros = validacao?.filtros ?? null;
  const institucional = valores.unidade === INSTITUICAO;
  const unidade = unidades.data?.unidades.find((opcao) => String(opcao.id) === valores.unidade);
  const sufixoArquivo = `${institucional ? 'instituicao' : (unidade?.sigla.toLowerCase() ?? valores.unidade)}-${valores.dataInicio}-a-${valores.dataFim}`;

  const mudar = (alteracoes: Partial<ValoresFiltrosPainel>) =>
    setParametros(escreverFiltrosPainel({ ...valores, ...alteracoes }));

  const propsGrafico = { filtros, sufixoArquivo };

  return (
    <Pagina
      titulo="Painel"
      descricao="O trabalho da unidade em gráficos: o que entrou e saiu, quanto tempo os documentos ficam e o que ela tem agora. Cada gráfico tem uma tabela com os mesmos dados e o CSV dela."
    >
      <AlertaErroCarregar
        consulta={unidades}
        mensagem={mensagemComDetalhe(MENSAGENS.painel.erroCarregar, unidades.error)}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Grid container spacing={2} component="form" role="search" aria-label="Filtros do painel" noValidate>
          <Grid size={{ xs: 12, md: 4 }}>
            {unidades.data ? (
              <TextField
                select
                fullWidth
                id="painel-unidade"
                label="Unidade"
                value={valores.unidade}
                onChange={(evento) => mudar({ unidade: evento.target.value })}
                data-testid="painel-unidade"
              >
                {unidades.data.institucional ? <MenuItem value={INSTITUICAO}>Toda a instituição</MenuItem> : null}
                {unidades.data.unidades.map((opcao) => (
                  <MenuItem key={opcao.id} value={String(opcao.id)}>
                    {opcao.sigla} — {opcao.nome}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Skeleton variant="rounded" height={56} />
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <IntervaloDatas
              Campo={CampoData}
              legenda="Período dos gráficos de entradas, saídas e tempo na unidade"
              rotuloInicio="Data inicial"
              rotuloFim="Data final"
              valor={{ inicio: valores.dataInicio, fim: valores.dataFim }}
              aoMudar={({ inicio, fim }) => mudar({ dataInicio: inicio, dataFim: fim })}
              erro={Boolean(validacao?.erro)}
              testId="painel-periodo"
            />
          </Grid>
        </Grid>
        {validacao?.erro ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="erro-filtros-painel">
            {validacao.erro}
          </Alert>
        ) : null}
        {unidades.data && !valores.unidade ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            Você não tem unidade cujo painel possa ver.
          </Alert>
        ) : null}
      </Paper>
      {/* With a broken period there is nothing to ask: the message above says what to fix. */}
      {validacao?.erro ? null : (
        <ChartsLocalizationProvider localeText={ptBRLocaleText}>
          <Grid container spacing={3}>
            <Grid size={12}>
              <GraficoMovimento {...propsGrafico} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <GraficoIdade {...propsGrafico} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <GraficoAssuntos {...propsGrafico} />
            </Grid>
            {institucional ? (
              <Grid size={12}>
                <GraficoUnidadesAntigas {...propsGrafico} />
              </Grid>
            ) : null}
            {/* Last: its height follows the number of types. */}
            <Grid size={12}>
              <GraficoPermanencia {...propsGrafico} />
            </Grid>
          </Grid>
        </ChartsLocalizationProvider>
      )}
    </Pagina>
  );
}
