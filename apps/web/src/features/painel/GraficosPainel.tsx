import { BarChart, type BarSeries } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import {
  type AssuntosPainel,
  FAIXAS_IDADE_PAINEL,
  type FiltrosPainel,
  type IdadePainel,
  type MovimentoPainel,
  type PermanenciaPainel,
  type UnidadesAntigasPainel,
} from '@tramite/shared';
import { useAgregadoPainel } from './api';
import { CORES_PAINEL, formatarDia, formatarDiasDecimais, formatarQuantidade } from './formatacao-painel';
import { type DadosQuadro, QuadroGrafico } from './QuadroGrafico';

// The painel's charts (issue 22). Each turns its aggregate into the rows of its table and CSV once (DadosQuadro) and
// draws the chart from the same numbers; MUI X Charts is imported here only, so it stays in the painel's chunk.

const ALTURA = 320;

const ROTULO_CURTO_FAIXA = new Map<string, string>(
  FAIXAS_IDADE_PAINEL.map((faixa) => [
    faixa.rotulo,
    faixa.maximo === null ? `> ${faixa.minimo - 1}` : faixa.faixa.replace('-', '–'),
  ]),
);

interface PropsGrafico {
  filtros: FiltrosPainel | null;
  /** Names the CSV files: the unit's sigla or 'instituicao', and the period. */
  sufixoArquivo: string;
}

const quantidade = (valor: number | null) => (valor === null ? '' : formatarQuantidade(valor));
const dias = (valor: number | null) => (valor === null ? '' : formatarDiasDecimais(valor));
/** The value axis' end, a little past the longest bar, so that its label (outside the bar) still fits. */
const folga = (valores: readonly number[]) => Math.max(1, Math.max(0, ...valores) * 1.15);

// The number on each bar, so that no value is read by colour or length alone.
const rotuloQuantidade = (item: { value: number | null }) =>
  item.value === null ? null : formatarQuantidade(item.value);
/** The one series of the bar charts that count documents (age bands, subjects). */
const SERIE_DOCUMENTOS: BarSeries = {
  dataKey: 'documentos',
  label: 'Documentos',
  color: CORES_PAINEL.azul,
  valueFormatter: quantidade,
  barLabel: rotuloQuantidade,
  barLabelPlacement: 'outside',
};
const rotuloDias = (item: { value: number | null }) => (item.value === null ? null : formatarDiasDecimais(item.value));

// Colours are never the only clue: the legend names each series, lines differ by mark and dash, bars carry labels.

function dadosMovimento(dados: MovimentoPainel): DadosQuadro {
  const temMovimento = dados.semanas.some((semana) => semana.recebidos > 0 || semana.enviados > 0);
  return {
    colunas: ['Semana (início)', 'Recebidos', 'Enviados'],
    linhas: temMovimento
      ? dados.semanas.map((semana) => [
          formatarDia(semana.inicio),
          formatarQuantidade(semana.recebidos),
          formatarQuantidade(semana.enviados),
        ])
      : [],
  };
}

export function GraficoMovimento({ filtros, sufixoArquivo }: PropsGrafico) {
  const consulta = useAgregadoPainel('movimento', filtros);
  return (
    <QuadroGrafico
      id="movimento"
      titulo="Recebidos e enviados por semana"
      descricao="Documentos recebidos pela unidade e enviados por ela em cada semana do período (semanas de segunda a domingo)."
      consulta={consulta}
      dados={consulta.data ? dadosMovimento(consulta.data) : undefined}
      nomeArquivo={`painel-movimento-${sufixoArquivo}`}
      altura={ALTURA}
    >
      {() => (
        <LineChart
          height={ALTURA}
          dataset={(consulta.data?.semanas ?? []).map((semana) => ({ ...semana }))}
          xAxis={[{ scaleType: 'point', dataKey: 'inicio', valueFormatter: (valor: string) => formatarDia(valor) }]}
          yAxis={[{ valueFormatter: quantidade, width: 56, tickMinStep: 1 }]}
          series={[
            {
              id: 'recebidos',
              dataKey: 'recebidos',
              label: 'Recebidos',
              color: CORES_PAINEL.azul,
              curve: 'linear',
              showMark: true,
              shape: 'circle',
              valueFormatter: quantidade,
            },
            {
              id: 'enviados',
              dataKey: 'enviados',
              label: 'Enviados',
              color: CORES_PAINEL.vermelhao,
              curve: 'linear',
              showMark: true,
              shape: 'square',
              valueFormatter: quantidade,
            },
          ]}
          grid={{ horizontal: true }}
          sx={{ '& .MuiLineChart-line[data-series="enviados"]': { strokeDasharray: '6 4' } }}
        />
      )}
    </QuadroGrafico>
  );
}

function dadosPermanencia(dados: PermanenciaPainel): DadosQuadro {
  return {
    colunas: ['Tipo de documento', 'Permanências', 'Mediana (dias)', '90º percentil (dias)'],
    linhas: dados.tipos.map((tipo) => [
      tipo.tipo,
      formatarQuantidade(tipo.permanencias),
      formatarDiasDecimais(tipo.medianaDias),
      formatarDiasDecimais(tipo.percentil90Dias),
    ]),
  };
}

export function GraficoPermanencia({ filtros, sufixoArquivo }: PropsGrafico) {
  const consulta = useAgregadoPainel('permanencia', filtros);
  const tipos = consulta.data?.tipos ?? [];
  // A band per type, tall enough for its two bars and their labels (the painel puts this chart last, so that its
  // height, known only with the data, moves nothing below it).
  const altura = Math.max(ALTURA, tipos.length * 44 + 90);
  return (
    <QuadroGrafico
      id="permanencia"
      titulo="Tempo na unidade por tipo"
      descricao="Dias entre o recebimento e o envio seguinte, para as permanências encerradas no período: mediana e 90º percentil."
      consulta={consulta}
      dados={consulta.data ? dadosPermanencia(consulta.data) : undefined}
      nomeArquivo={`painel-permanencia-${sufixoArquivo}`}
      altura={altura}
    >
      {() => (
        <BarChart
          height={altura}
          layout="horizontal"
          dataset={tipos.map((tipo) => ({ ...tipo }))}
          yAxis={[{ scaleType: 'band', dataKey: 'tipo', width: 220 }]}
          xAxis={[{ valueFormatter: dias, max: folga(tipos.map((tipo) => tipo.percentil90Dias)) }]}
          series={[
            {
              dataKey: 'medianaDias',
              label: 'Mediana',
              color: CORES_PAINEL.azul,
              valueFormatter: dias,
              barLabel: rotuloDias,
              barLabelPlacement: 'outside',
            },
            {
              dataKey: 'percentil90Dias',
              label: '90º percentil',
              color: CORES_PAINEL.vermelhao,
              valueFormatter: dias,
              barLabel: rotuloDias,
              barLabelPlacement: 'outside',
            },
          ]}
          grid={{ vertical: true }}
        />
      )}
    </QuadroGrafico>
  );
}

function dadosIdade(dados: IdadePainel): DadosQuadro {
  const porFaixa = new Map(dados.faixas.map((faixa) => [faixa.faixa, faixa.documentos]));
  const total = dados.faixas.reduce((soma, faixa) => soma + faixa.documentos, 0);
  return {
    colunas: ['Idade', 'Documentos'],
    linhas:
      total === 0
        ? []
        : FAIXAS_IDADE_PAINEL.map((faixa) => [faixa.rotulo, formatarQuantidade(porFaixa.get(faixa.faixa) ?? 0)]),
  };
}

export function GraficoIdade({ filtros, sufixoArquivo }: PropsGrafico) {
  const consulta = useAgregadoPainel('idade', filtros);
  const porFaixa = new Map((consulta.data?.faixas ?? []).map((faixa) => [faixa.faixa, faixa.documentos]));
  return (
    <QuadroGrafico
      id="idade"
      titulo="Idade do que está na unidade"
      descricao="Documentos recebidos que a unidade tem agora, pelos dias desde que chegaram (não depende do período)."
      consulta={consulta}
      dados={consulta.data ? dadosIdade(consulta.data) : undefined}
      nomeArquivo={`painel-idade-${sufixoArquivo}`}
      altura={ALTURA}
    >
      {() => (
        <BarChart
          height={ALTURA}
          dataset={FAIXAS_IDADE_PAINEL.map((faixa) => ({
            rotulo: faixa.rotulo,
            documentos: porFaixa.get(faixa.faixa) ?? 0,
          }))}
          xAxis={[
            {
              scaleType: 'band',
              dataKey: 'rotulo',
              label: 'Dias desde o recebimento',
              // Short ticks, so that every band keeps its name on a narrow chart; the tooltip and the table say it whole.
              valueFormatter: (rotulo: string, contexto) =>
                contexto.location === 'tick' ? (ROTULO_CURTO_FAIXA.get(rotulo) ?? rotulo) : rotulo,
            },
          ]}
          yAxis={[
            {
              valueFormatter: quantidade,
              width: 56,
              tickMinStep: 1,
              max: folga((consulta.data?.faixas ?? []).map((faixa) => faixa.documentos)),
            },
          ]}
          series={[SERIE_DOCUMENTOS]}
          hideLegend
          grid={{ horizontal: true }}
        />
      )}
    </QuadroGrafico>
  );
}

function dadosAssuntos(dados: AssuntosPainel): DadosQuadro {
  return {
    colunas: ['Assunto', 'Documentos'],
    linhas: dados.assuntos.map((assunto) => [assunto.assunto, formatarQuantidade(assunto.documentos)]),
  };
}

export function GraficoAssuntos({ filtros, sufixoArquivo }: PropsGrafico) {
  const consulta = useAgregadoPainel('assuntos', filtros);
  return (
    <QuadroGrafico
      id="assuntos"
      titulo="Assuntos com mais documentos"
      descricao="Os dez assuntos com mais documentos recebidos na unidade agora (não depende do período)."
      consulta={consulta}
      dados={consulta.data ? dadosAssuntos(consulta.data) : undefined}
      nomeArquivo={`painel-assuntos-${sufixoArquivo}`}
      altura={ALTURA}
    >
      {() => (
        <BarChart
          height={ALTURA}
          layout="horizontal"
          dataset={(consulta.data?.assuntos ?? []).map((assunto) => ({ ...assunto }))}
          yAxis={[{ scaleType: 'band', dataKey: 'assunto', width: 220 }]}
          xAxis={[
            {
              valueFormatter: quantidade,
              tickMinStep: 1,
              max: folga((consulta.data?.assuntos ?? []).map((assunto) => assunto.documentos)),
            },
          ]}
          series={[SERIE_DOCUMENTOS]}
          hideLegend
          grid={{ vertical: true }}
        />
      )}
    </QuadroGrafico>
  );
}

function dadosUnidadesAntigas(dados: UnidadesAntigasPainel): DadosQuadro {
  return {
    colunas: ['Unidade', 'Mais antigo (dias)', 'Acima de 90 dias', 'Documentos'],
    linhas: dados.unidades.map((unidade) => [
      `${unidade.sigla} — ${unidade.nome}`,
      formatarQuantidade(unidade.maisAntigoDias),
      formatarQuantidade(unidade.acimaDe90Dias),
      formatarQuantidade(unidade.documentos),
    ]),
  };
}

/** Only for the institution (PAINEL_INSTITUCIONAL). */
export function GraficoUnidadesAntigas({ filtros, sufixoArquivo }: PropsGrafico) {
  const consulta = useAgregadoPainel('unidades-antigas', filtros);
  return (
    <QuadroGrafico
      id="unidades-antigas"
      titulo="Unidades com os documentos mais antigos"
      descricao="As dez unidades cujo documento recebido mais antigo está há mais tempo com elas, em dias (não depende do período)."
      consulta={consulta}
      dados={consulta.data ? dadosUnidadesAntigas(consulta.data) : undefined}
      nomeArquivo={`painel-unidades-antigas-${sufixoArquivo}`}
      altura={ALTURA}
    >
      {() => (
        <BarChart
          height={ALTURA}
          layout="horizontal"
          dataset={(consulta.data?.unidades ?? []).map((unidade) => ({ ...unidade }))}
          yAxis={[{ scaleType: 'band', dataKey: 'sigla', width: 100 }]}
          xAxis={[
            {
              valueFormatter: quantidade,
              label: 'Dias do documento mais antigo',
              max: folga((consulta.data?.unidades ?? []).map((unidade) => unidade.maisAntigoDias)),
            },
          ]}
          series={[
            {
              dataKey: 'maisAntigoDias',
              label: 'Dias do documento mais antigo',
              color: CORES_PAINEL.vermelhao,
              valueFormatter: quantidade,
              barLabel: rotuloQuantidade,
              barLabelPlacement: 'outside',
            },
          ]}
          hideLegend
          grid={{ vertical: true }}
        />
      )}
    </QuadroGrafico>
  );
}
