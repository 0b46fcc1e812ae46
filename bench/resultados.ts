/** The benchmark's results: one row per measure with its goal, the notes, and bench/RESULTS.md written from them. */
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import type { BancoPreparado } from './banco.ts';
import type { MedidaIsolamento } from './isolamento.ts';
import type { Estatisticas } from './medicao.ts';

type Situacao = 'ok' | 'falha' | 'info' | 'indisponível';

export interface Linha {
  secao: string;
  medida: string;
  valor: string;
  meta: string;
  situacao: Situacao;
}

export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 1)} ms` : '—');
export const marca = (ok: boolean): Situacao => (ok ? 'ok' : 'falha');

export function mediana(valores: number[]): number {
  const o = [...valores].sort((a, b) => a - b);
  if (o.length === 0) return Number.NaN;
  const meio = Math.floor(o.length / 2);
  return o.length % 2 ? (o[meio] as number) : ((o[meio - 1] as number) + (o[meio] as number)) / 2;
}

export interface LeituraMedida {
  nome: string;
  api1: Estatisticas;
  api32: Estatisticas;
  puro1: Estatisticas;
  puro32: Estatisticas;
  consultas: number;
  limiteP99: number;
}

export class Resultados {
  readonly linhas: Linha[] = [];
  private readonly observacoes: string[] = [];

  adicionar(linha: Linha): void {
    this.linhas.push(linha);
  }

  observar(observacao: string): void {
    this.observacoes.push(observacao);
  }

  registrarLeitura(l: LeituraMedida): void {
    const razao1 = l.api1.p50 / l.puro1.p50;
    const razao32 = l.api32.p50 / l.puro32.p50;
    const secao = `Leitura: ${l.nome}`;
    const informar = (medida: string, valor: string) =>
      this.adicionar({ secao, medida, valor, meta: '—', situacao: 'info' });
    informar('1 conexão: API p50 / p99 / req/s', `${ms(l.api1.p50)} / ${ms(l.api1.p99)} / ${l.api1.rps.toFixed(0)}`);
    informar(
      '1 conexão: SQL puro p50 / p99 / req/s; razão p50',
      `${ms(l.puro1.p50)} / ${ms(l.puro1.p99)} / ${l.puro1.rps.toFixed(0)}; ${razao1.toFixed(2)}×`,
    );
    this.adicionar({
      secao,
      medida: '32 conexões: API p50 / p99 / req/s',
      valor: `${ms(l.api32.p50)} / ${ms(l.api32.p99)} / ${l.api32.rps.toFixed(0)}${l.api32.erros ? ` (${l.api32.erros} erros)` : ''}`,
      meta: `p99 < ${l.limiteP99} ms`,
      situacao: marca(l.api32.p99 < l.limiteP99 && l.api32.erros === 0),
    });
    informar(
      `32 conexões: SQL puro p50 / p99 / req/s (${l.consultas} comandos por pedido)`,
      `${ms(l.puro32.p50)} / ${ms(l.puro32.p99)} / ${l.puro32.rps.toFixed(0)}`,
    );
    this.adicionar({
      secao,
      medida: '32 conexões: razão API / SQL puro (p50)',
      valor: `${razao32.toFixed(2)}×`,
      meta: '≤ 1,5×',
      situacao: marca(razao32 <= 1.5),
    });
  }

  /** Issue 17: the light request's p99 under each attack at most 3× its p99 alone; the server under 600 MB. */
  registrarIsolamento(medidas: MedidaIsolamento[], erro: string | null): void {
    const secao = 'Isolamento (GET /api/mensagens, um pedido por vez)';
    if (erro) {
      this.adicionar({
        secao,
        medida: 'medição',
        valor: erro,
        meta: 'p99 ≤ 3× sozinho; RSS < 600 MB',
        situacao: 'falha',
      });
      return;
    }
    const [sozinho, ...sobCarga] = medidas;
    if (!sozinho) return;
    this.adicionar({
      secao,
      medida: `${sozinho.nome}: p50 / p99 (${sozinho.n} pedidos)`,
      valor: `${ms(sozinho.p50)} / ${ms(sozinho.p99)}; RSS do servidor até ${sozinho.memoriaMaximaMb.toFixed(0)} MB`,
      meta: 'referência',
      situacao: 'info',
    });
    for (const medida of sobCarga) {
      const razao = medida.p99 / sozinho.p99;
      this.adicionar({
        secao,
        medida: `${medida.nome}: p50 / p99 (${medida.n} pedidos); RSS máximo do servidor — ${medida.detalhe}`,
        valor: `${ms(medida.p50)} / ${ms(medida.p99)} (${razao.toFixed(2)}× sozinho); ${medida.memoriaMaximaMb.toFixed(0)} MB`,
        meta: 'p99 ≤ 3× sozinho; RSS < 600 MB',
        situacao: marca(razao <= 3 && medida.memoriaMaximaMb < 600),
      });
    }
  }

  /** The rows that missed their goal. */
  falhas(): Linha[] {
    return this.linhas.filter((l) => l.situacao === 'falha');
  }

  async escrever(
    saida: string,
    contexto: {
      banco: BancoPreparado;
      versaoPg: string;
      inicio: Date;
      segundosTotal: number;
      /** Warm-up and measuring seconds of each measure. */
      aquecimento: number;
      segundos: number;
    },
  ): Promise<void> {
    const cpu = cpus();
    const { banco, aquecimento, segundos } = contexto;
    const c = banco.contagem;
    const cabecalho = [
      '# Resultados do benchmark',
      '',
      `Gerado por \`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` em ${contexto.inicio.toISOString()} (${(contexto.segundosTotal / 60).toFixed(1)} min). Metas da issue 11; **FALHA** marca as que não foram atingidas.`,
      '',
      '## Máquina',
      '',
      `- CPU: ${cpu[0]?.model ?? '?'} (${cpu.length} núcleos)`,
      `- Memória: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
      `- Node.js: ${process.version}`,
      `- Banco: ${contexto.versaoPg}${banco.urlBanco ? '' : ' (PGlite embutido)'}`,
      '',
      '## Dados',
      '',
      `Escala ${banco.parametros.escala}, semente ${banco.parametros.semente}, referência ${banco.parametros.referencia}: ` +
        `${c.unidades} unidades, ${c.usuarios} usuários, ${c.documentos.toLocaleString('pt-BR')} documentos, ` +
        `${c.tramitacoes.toLocaleString('pt-BR')} tramitações, ${c.pecas.toLocaleString('pt-BR')} peças; ` +
        `documento de ${c.tramitacoes_documento_longo} tramitações. ` +
        (banco.geradoAgora
          ? `Gerado nesta execução em ${banco.segundosGeracao?.toFixed(0)} s.`
          : 'Banco reaproveitado.'),
      '',
      `Cada medida: aquecimento de ${aquecimento} s, depois ${segundos} s por concorrência (autocannon na API; o mesmo SQL pelo \`pg\` no banco puro).`,
      '',
      '| Seção | Medida | Valor | Meta | Situação |',
      '| --- | --- | --- | --- | --- |',
    ];
    const corpo = this.linhas.map(
      (l) =>
        `| ${l.secao} | ${l.medida} | ${l.valor} | ${l.meta} | ${l.situacao === 'falha' ? '**FALHA**' : l.situacao === 'ok' ? 'ok' : l.situacao} |`,
    );
    const notas = this.observacoes.length ? ['', '## Observações', '', ...this.observacoes.map((o) => `- ${o}`)] : [];
    await writeFile(saida, `${[...cabecalho, ...corpo, ...notas].join('\n')}\n`);
  }
}
