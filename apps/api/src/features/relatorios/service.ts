import type { Readable } from 'node:stream';
import {
  type FiltrosRelatorioValidos,
  MENSAGENS,
  type TipoRelatorio,
  type UnidadeRelatorio,
  validarFiltrosRelatorio,
} from '@tramite/shared';
import type { Config } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import { requisicaoInvalida } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { type Coluna, RelatorioPdf, textoPdf } from './pdf.ts';
import * as queries from './queries.ts';

/** Rows read per query: small enough to interleave with other requests, large enough to keep round trips few. */
const TAMANHO_LOTE = 500;

const FORMATO_GERACAO = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export const TITULOS_RELATORIO: Record<TipoRelatorio, string> = {
  malote: 'Relatório de malote (guia de remessa)',
  desarquivados: 'Relatório de documentos desarquivados',
};

const COLUNAS_MALOTE: Coluna[] = [
  { titulo: 'NUP', fracao: 0.14 },
  { titulo: 'Tipo', fracao: 0.11 },
  { titulo: 'Resumo do assunto', fracao: 0.29 },
  { titulo: 'Remetente (procedência)', fracao: 0.16 },
  { titulo: 'Data e hora do envio', fracao: 0.11 },
  { titulo: 'Despacho (passo do fluxo)', fracao: 0.19 },
];

const COLUNAS_DESARQUIVADOS: Coluna[] = [
  { titulo: 'NUP', fracao: 0.14 },
  { titulo: 'Tipo', fracao: 0.11 },
  { titulo: 'Resumo do assunto', fracao: 0.22 },
  { titulo: 'Desarquivado por', fracao: 0.15 },
  { titulo: 'Data e hora', fracao: 0.11 },
  { titulo: 'Motivo', fracao: 0.27 },
];

export interface RelatorioGerado {
  nomeArquivo: string;
  pdf: Readable;
}

/** Reports on a failure after the PDF started streaming (the answer can no longer become an error status). */
export type AoFalhar = (erro: unknown) => void;

/**
 * Units a report may cover (GET relatorios/{x}/unidades). Both reports need RELATORIOS, a permission for whoever
 * answers for the institution's flow of paper: every active unit, plus the user's own units even if inactive; the
 * desarquivados report also lists inactive units that recorded desarquivamentos (a closed archive keeps its history).
 */
export async function listarUnidades(db: Banco, idUsuario: number, tipo: TipoRelatorio): Promise<UnidadeRelatorio[]> {
  const unidades = await queries.listarUnidadesRelatorio(db, idUsuario, tipo === 'desarquivados');
  return unidades.map((unidade) => ({ ...unidade, lotacao: Boolean(unidade.lotacao) }));
}

/** Checks the filters and the units, and turns the bounds into instants; every refusal happens here, before the PDF. */
async function prepararFiltros(
  db: Banco,
  usuario: UsuarioAutenticado,
  tipo: TipoRelatorio,
  consulta: ConsultaRelatorioLida,
) {
  const validacao = validarFiltrosRelatorio(consulta);
  if ('erro' in validacao) throw requisicaoInvalida(validacao.erro);
  const { filtros } = validacao;
  const permitidas = new Map(
    (await listarUnidades(db, usuario.id, tipo)).map((unidade) => [unidade.id, unidade] as const),
  );
  const recusadas = filtros.idsUnidades.filter((id) => !permitidas.has(id));
  if (recusadas.length > 0) {
    throw requisicaoInvalida(MENSAGENS.relatorios.unidadeNaoPermitida, [
      { campo: 'idsUnidades', mensagem: `Unidades não disponíveis: ${recusadas.join(', ')}` },
    ]);
  }
  const unidades = filtros.idsUnidades
    .map((id) => permitidas.get(id) as UnidadeRelatorio)
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  const periodo = await queries.instantesDoPeriodo(
    db,
    filtros.inicio.valor,
    filtros.fim.valor,
    filtros.fim.comSegundos,
  );
  return { filtros, unidades, periodo };
}

export interface ConsultaRelatorioLida {
  idsUnidades: string[];
  inicio?: string | undefined;
  fim?: string | undefined;
}

function cabecalho(
  config: Config,
  tipo: TipoRelatorio,
  filtros: FiltrosRelatorioValidos,
  unidades: UnidadeRelatorio[],
  rotuloUnidades: string,
) {
  return {
    instituicao: config.instituicao,
    titulo: TITULOS_RELATORIO[tipo],
    linhas: [
      { rotulo: rotuloUnidades, valor: unidades.map((u) => `${u.sigla} — ${u.nome}`).join('; ') },
      { rotulo: 'Período', valor: `de ${filtros.inicio.exibicao} a ${filtros.fim.exibicao}` },
      { rotulo: 'Gerado em', valor: FORMATO_GERACAO.format(new Date()).replace(',', '') },
    ],
    geradoEm: FORMATO_GERACAO.format(new Date()).replace(',', ''),
  };
}

function nomeArquivo(tipo: TipoRelatorio, filtros: FiltrosRelatorioValidos): string {
  const compacto = (valor: string) => valor.slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `relatorio-${tipo}-${compacto(filtros.inicio.valor)}-a-${compacto(filtros.fim.valor)}.pdf`;
}

/** Runs the writer after the answer started; a failure ends the stream (the client sees a broken download). */
function escreverEmSegundoPlano(pdf: RelatorioPdf, escrever: () => Promise<void>, aoFalhar: AoFalhar): void {
  escrever().then(
    () => {
      if (!pdf.cancelado) pdf.finalizar();
    },
    (erro: unknown) => {
      aoFalhar(erro);
      pdf.documento.destroy(erro instanceof Error ? erro : new Error(String(erro)));
    },
  );
}

/**
 * The remittance guide: the principal movements SENT by the chosen units in the period, one group (page) per
 * destination unit with its table, its count and the carrier's and receiver's signature lines, then the total.
 */
export async function gerarMalote(
  db: Banco,
  config: Config,
  usuario: UsuarioAutenticado,
  consulta: ConsultaRelatorioLida,
  aoFalhar: AoFalhar,
): Promise<RelatorioGerado> {
  const { filtros, unidades, periodo } = await prepararFiltros(db, usuario, 'malote', consulta);
  const pares = await queries.resumoMalote(db, filtros.idsUnidades, periodo);
  const destinos: { id: number; titulo: string; pares: queries.ParMalote[] }[] = [];
  for (const par of pares) {
    const ultimo = destinos.at(-1);
    if (ultimo?.id === par.idDestino) ultimo.pares.push(par);
    else
      destinos.push({ id: par.idDestino, titulo: `Destino: ${par.siglaDestino} — ${par.nomeDestino}`, pares: [par] });
  }

  const pdf = new RelatorioPdf(cabecalho(config, 'malote', filtros, unidades, 'Unidades de procedência'));
  escreverEmSegundoPlano(
    pdf,
    async () => {
      let total = 0;
      for (const [indice, destino] of destinos.entries()) {
        pdf.iniciarGrupo(textoPdf(destino.titulo), COLUNAS_MALOTE, { novaPagina: indice > 0 });
        let doGrupo = 0;
        for (const par of destino.pares) {
          let apos: queries.Posicao | null = null;
          for (;;) {
            if (pdf.cancelado) return;
            const lote = await queries.loteMalote(db, par, periodo, apos, TAMANHO_LOTE);
            for (const linha of lote) {
              pdf.linha([
                linha.numero,
                textoPdf(linha.tipo),
                textoPdf(linha.resumoAssunto ?? linha.assunto),
                `${textoPdf(linha.remetente)} (${textoPdf(par.siglaOrigem)})`,
                linha.quando,
                textoPdf(descricaoDespacho(linha)),
              ]);
            }
            doGrupo += lote.length;
            const ultima = lote.at(-1);
            if (!ultima || lote.length < TAMANHO_LOTE) break;
            apos = { quando: ultima.posicao, id: ultima.id };
            await pdf.aguardarLeitor();
          }
        }
        total += doGrupo;
        pdf.paragrafo(`Documentos nesta guia: ${doGrupo}`, { negrito: true });
        pdf.assinaturas(['Portador (entregue por)', 'Recebedor (recebido por)']);
      }
      if (destinos.length === 0) {
        pdf.paragrafo('Nenhum documento foi enviado pelas unidades de procedência no período.');
      }
      pdf.paragrafo(
        `Total geral: ${total} ${total === 1 ? 'documento enviado' : 'documentos enviados'} a ${destinos.length} ${
          destinos.length === 1 ? 'unidade de destino' : 'unidades de destino'
        }`,
        { negrito: true, tamanho: 10 },
      );
    },
    aoFalhar,
  );
  return { nomeArquivo: nomeArquivo('malote', filtros), pdf: pdf.documento };
}

function descricaoDespacho(linha: queries.LinhaMalote): string {
  const passo = linha.passo
    ? `${linha.passo}${linha.fluxo ? ` (${linha.fluxo})` : ''}`
    : `Despacho ${linha.tipoDespacho}`;
  return linha.reencaminhamento ? `${passo} — reencaminhamento` : passo;
}

/** The documents unarchived per chosen unit in the period: who, when and why; a count per unit and the total. */
export async function gerarDesarquivados(
  db: Banco,
  config: Config,
  usuario: UsuarioAutenticado,
  consulta: ConsultaRelatorioLida,
  aoFalhar: AoFalhar,
): Promise<RelatorioGerado> {
  const { filtros, unidades, periodo } = await prepararFiltros(db, usuario, 'desarquivados', consulta);
  const grupos = await queries.resumoDesarquivados(db, filtros.idsUnidades, periodo);

  const pdf = new RelatorioPdf(cabecalho(config, 'desarquivados', filtros, unidades, 'Unidades'));
  escreverEmSegundoPlano(
    pdf,
    async () => {
      let total = 0;
      for (const unidade of grupos) {
        pdf.iniciarGrupo(textoPdf(`Unidade: ${unidade.sigla} — ${unidade.nome}`), COLUNAS_DESARQUIVADOS);
        let doGrupo = 0;
        let apos: queries.Posicao | null = null;
        for (;;) {
          if (pdf.cancelado) return;
          const lote = await queries.loteDesarquivados(db, unidade.id, periodo, apos, TAMANHO_LOTE);
          for (const linha of lote) {
            pdf.linha([
              linha.numero,
              textoPdf(linha.tipo),
              textoPdf(linha.resumoAssunto ?? linha.assunto),
              textoPdf(linha.usuario),
              linha.quando,
              textoPdf(linha.motivo),
            ]);
          }
          doGrupo += lote.length;
          const ultima = lote.at(-1);
          if (!ultima || lote.length < TAMANHO_LOTE) break;
          apos = { quando: ultima.posicao, id: ultima.id };
          await pdf.aguardarLeitor();
        }
        total += doGrupo;
        pdf.paragrafo(
          doGrupo === 0
            ? 'Nenhum documento desarquivado nesta unidade no período.'
            : `Documentos desarquivados nesta unidade: ${doGrupo}`,
          { negrito: doGrupo > 0 },
        );
      }
      pdf.paragrafo(`Total geral: ${total} ${total === 1 ? 'documento desarquivado' : 'documentos desarquivados'}`, {
        negrito: true,
        tamanho: 10,
      });
    },
    aoFalhar,
  );
  return { nomeArquivo: nomeArquivo('desarquivados', filtros), pdf: pdf.documento };
}
