/**
 * Issue 23: Lighthouse 12 over the main screens, in the Debian Chromium (puppeteer-core with the e2e flags; nothing
 * is downloaded), with the mobile preset (Lighthouse's default: simulated slow 4G and a 4× slower CPU) and the
 * desktop one, three runs each, the median of each measure. Each run has a Chromium of its own; the routes that need
 * login run with the busy unit's session cookie in it. After each run the page Lighthouse left is read (final path,
 * the logged-in or anonymous bar, the h1), so a login page is never scored as the screen.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { LANCAMENTO_CHROMIUM } from '../e2e/chromium.ts';
import { marca, mediana, ms, type Resultados } from './resultados.ts';
import { BASE, log } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';

const RODADAS = 3;
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

/** The issue's targets; KB = 1024 bytes, as in the rest of the report. */
const METAS = {
  desempenho: { mobile: 75, desktop: 90 },
  cls: 0.05,
  acessibilidade: 100,
  kbJs: 200,
};

interface Rota {
  /** As the report names it. */
  rota: string;
  /** What is opened (the postal box with the filters the bench's reads use, so a stored database still shows rows). */
  caminho: string;
  /** Audited logged in (the route needs it); the others anonymous, as a first visit. */
  login: boolean;
}

interface Rodada {
  desempenho: number;
  lcp: number;
  tbt: number;
  cls: number;
  acessibilidade: number;
  boasPraticas: number;
  bytesTotal: number;
  bytesJs: number;
  benchmarkIndex: number;
}

/** What the page showed after a run: the proof that the audited screen is the route's, logged in or not. */
interface Tela {
  caminho: string;
  usuario: string | null;
  anonimo: boolean;
  titulo: string | null;
  linhasCaixa: number;
}

export interface AuditoriaRota {
  rota: Rota;
  preset: Preset;
  rodadas: Rodada[];
  telas: Tela[];
  /** Tries whose screen was not the route's, or that failed. */
  problemas: string[];
}

export interface ResultadoLighthouse {
  auditorias: AuditoriaRota[];
  segundos: number;
  /** The machine's 1-minute load average before and after: simulated throttling scales what the CPU really did. */
  carga: [number, number];
  /** Lighthouse's and Chromium's. */
  versoes: string;
}

export function rotasLighthouse(caminhoCaixa: string): Rota[] {
  return [
    { rota: '/home', caminho: '/home', login: false },
    { rota: '/busca', caminho: '/busca', login: false },
    { rota: '/caixa-postal', caminho: caminhoCaixa, login: true },
    {
      rota: `/documentos/${ESPECIAIS.documentoLongo}`,
      caminho: `/documentos/${ESPECIAIS.documentoLongo}`,
      login: false,
    },
    { rota: '/autuacoes', caminho: '/autuacoes', login: true },
  ];
}

const pontos = (lhr: Result, categoria: string) => Math.round((lhr.categories[categoria]?.score ?? Number.NaN) * 100);
const valorAuditoria = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Bytes of JavaScript transferred (transfer size, not resource size), from the network-requests audit. */
function bytesJs(lhr: Result): number {
  const detalhes = lhr.audits['network-requests']?.details;
  if (detalhes?.type !== 'table') return Number.NaN;
  return detalhes.items
    .filter((item) => item.resourceType === 'Script')
    .reduce((soma, item) => soma + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
}

function problemaDaTela(rota: Rota, tela: Tela): string | null {
  if (tela.caminho !== rota.rota) return `a página terminou em ${tela.caminho}`;
  if (rota.login && !tela.usuario) return 'a barra não mostra o usuário logado';
  if (!rota.login && !tela.anonimo) return 'a barra não mostra o botão Entrar';
  if (!tela.titulo) return 'a página não tem título (h1)';
  if (rota.rota === '/caixa-postal' && tela.linhasCaixa === 0) return 'a caixa postal não mostrou linhas';
  return null;
}

/** One run in a Chromium of its own (Lighthouse's own way: cold cache, no other tab or context in the trace). */
async function auditar(rota: Rota, preset: Preset, cookie: { name: string; value: string }) {
  const navegador = await puppeteer.launch({
    executablePath: LANCAMENTO_CHROMIUM.executablePath,
    args: LANCAMENTO_CHROMIUM.args,
    headless: true,
    // Lighthouse sets the viewport of each preset itself.
    defaultViewport: null,
  });
  try {
    if (rota.login) await navegador.setCookie({ ...cookie, domain: '127.0.0.1', path: '/' });
    const pagina = await navegador.newPage();
    const resultado = await lighthouse(
      `${BASE}${rota.caminho}`,
      { logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      preset === 'desktop' ? desktopConfig : undefined,
      pagina,
    );
    const lhr = resultado?.lhr;
    if (!lhr) throw new Error('o Lighthouse não devolveu resultado');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const tela: Tela = await pagina.evaluate(() => ({
      caminho: location.pathname,
      usuario: document.querySelector('[data-testid="usuario-logado"]')?.getAttribute('aria-label') ?? null,
      anonimo: document.querySelector('[data-testid="botao-entrar"]') !== null,
      titulo: document.querySelector('h1')?.textContent ?? null,
      linhasCaixa: document.querySelectorAll('[data-testid="item-caixa-postal"]').length,
    }));
    const rodada: Rodada = {
      desempenho: pontos(lhr, 'performance'),
      lcp: valorAuditoria(lhr, 'largest-contentful-paint'),
      tbt: valorAuditoria(lhr, 'total-blocking-time'),
      cls: valorAuditoria(lhr, 'cumulative-layout-shift'),
      acessibilidade: pontos(lhr, 'accessibility'),
      boasPraticas: pontos(lhr, 'best-practices'),
      bytesTotal: valorAuditoria(lhr, 'total-byte-weight'),
      bytesJs: bytesJs(lhr),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
    return { rodada, tela, versoes: `Lighthouse ${lhr.lighthouseVersion} no ${await navegador.version()}` };
  } finally {
    await navegador.close();
  }
}

export async function medirLighthouse(opcoes: {
  caminhoCaixa: string;
  /** `tramite_sessao=...` of the busy unit's user. */
  cookie: string;
}): Promise<ResultadoLighthouse> {
  const inicio = performance.now();
  const cargaInicial = loadavg()[0] ?? Number.NaN;
  const [name, value] = opcoes.cookie.split('=') as [string, string];
  const auditorias: AuditoriaRota[] = [];
  let versoes = '?';
  for (const rota of rotasLighthouse(opcoes.caminhoCaixa)) {
    for (const preset of PRESETS) {
      const auditoria: AuditoriaRota = { rota, preset, rodadas: [], telas: [], problemas: [] };
      auditorias.push(auditoria);
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, "run Lighthouse again"): a few more tries.
      for (let tentativa = 1; auditoria.rodadas.length < RODADAS && tentativa <= RODADAS + 2; tentativa++) {
        try {
          const { rodada, tela, versoes: v } = await auditar(rota, preset, { name, value });
          versoes = v;
          auditoria.telas.push(tela);
          const problema = problemaDaTela(rota, tela);
          if (problema) auditoria.problemas.push(`tentativa ${tentativa}: ${problema}`);
          else auditoria.rodadas.push(rodada);
        } catch (erro) {
          auditoria.problemas.push(`tentativa ${tentativa}: ${String(erro).slice(0, 200)}`);
        }
      }
      const ultima = auditoria.rodadas.at(-1);
      log(
        `Lighthouse ${preset} ${rota.rota}: ${auditoria.rodadas.map((r) => r.desempenho).join(', ') || '—'}` +
          `${ultima ? ` (CLS ${ultima.cls.toFixed(3)}, JS ${(ultima.bytesJs / 1024).toFixed(0)} KB)` : ''}` +
          `${auditoria.problemas.length ? `; ${auditoria.problemas.join('; ')}` : ''}`,
      );
    }
  }
  return {
    auditorias,
    segundos: (performance.now() - inicio) / 1000,
    carga: [cargaInicial, loadavg()[0] ?? Number.NaN],
    versoes,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function registrarLighthouse(resultado: ResultadoLighthouse, resultados: Resultados): void {
  for (const { rota, preset, rodadas, problemas } of resultado.auditorias) {
    const secao = `Lighthouse ${preset} (${rota.rota}, ${rota.login ? `logado como ${ESPECIAIS.usuarioMovimentada}` : 'anônimo'})`;
    const metaDesempenho = METAS.desempenho[preset];
    if (problemas.length) resultados.observar(`${secao}: ${problemas.join('; ')}.`);
    if (rodadas.length === 0) {
      resultados.adicionar({
        secao,
        medida: 'auditoria',
        valor: problemas.at(-1) ?? '—',
        meta: `desempenho ≥ ${metaDesempenho}`,
        situacao: 'falha',
      });
      continue;
    }
    const m = (campo: keyof Rodada) => mediana(rodadas.map((r) => r[campo]));
    resultados.adicionar({
      secao,
      medida: `desempenho; LCP / TBT (mediana de ${rodadas.length}${rodadas.length < RODADAS ? `, faltaram ${RODADAS - rodadas.length}` : ''})`,
      valor: `${m('desempenho')}; ${(m('lcp') / 1000).toFixed(1)} s / ${ms(m('tbt'))}`,
      meta: `desempenho ≥ ${metaDesempenho}`,
      situacao: marca(m('desempenho') >= metaDesempenho && rodadas.length === RODADAS),
    });
    resultados.adicionar({
      secao,
      medida: 'CLS',
      valor: m('cls').toFixed(3),
      meta: `≤ ${METAS.cls}`,
      situacao: marca(m('cls') <= METAS.cls),
    });
    resultados.adicionar({
      secao,
      medida: 'acessibilidade; boas práticas',
      valor: `${m('acessibilidade')}; ${m('boasPraticas')}`,
      meta: `acessibilidade ${METAS.acessibilidade}`,
      situacao: marca(m('acessibilidade') >= METAS.acessibilidade),
    });
    resultados.adicionar({
      secao,
      medida: 'bytes transferidos: total; JavaScript',
      valor: `${kb(m('bytesTotal'))}; ${kb(m('bytesJs'))}`,
      meta: `JS ≤ ${METAS.kbJs} KB`,
      situacao: marca(m('bytesJs') <= METAS.kbJs * 1024),
    });
  }
  // The proof that each audited page was the route's screen, logged in or not.
  for (const rota of new Map(resultado.auditorias.map((a) => [a.rota.rota, a.rota])).values()) {
    const telas = resultado.auditorias.filter((a) => a.rota.rota === rota.rota).flatMap((a) => a.telas);
    const distintos = (valores: (string | number | null)[]) => [...new Set(valores.map((v) => String(v)))].join(' | ');
    resultados.observar(
      `Lighthouse ${rota.rota}: aberto ${rota.caminho}; nas ${telas.length} rodadas a página terminou em ` +
        `${distintos(telas.map((t) => t.caminho))}, barra: ` +
        `${distintos(telas.map((t) => (t.usuario ? `logado (${t.usuario})` : t.anonimo ? 'anônimo (botão Entrar)' : 'sem sessão')))}, ` +
        `título "${distintos(telas.map((t) => t.titulo))}"` +
        `${rota.rota === '/caixa-postal' ? `, linhas na caixa: ${distintos(telas.map((t) => t.linhasCaixa))}` : ''}.`,
    );
  }
  const indices = resultado.auditorias.flatMap((a) => a.rodadas.map((r) => r.benchmarkIndex));
  resultados.adicionar({
    secao: 'Lighthouse',
    medida: `duração da seção (${resultado.auditorias.length} auditorias × ${RODADAS} rodadas)`,
    valor: `${(resultado.segundos / 60).toFixed(1)} min`,
    meta: 'medir',
    situacao: 'info',
  });
  resultados.observar(
    `${resultado.versoes} (${LANCAMENTO_CHROMIUM.executablePath}), throttling simulado (móvel: 4G lento e CPU 4× ` +
      'mais lenta; desktop: o preset desktop do Lighthouse); cada medida é a mediana de ' +
      `${RODADAS} rodadas, cada uma num Chromium novo; benchmarkIndex do Lighthouse nesta máquina: mediana ` +
      `${mediana(indices).toFixed(0)} (de ${Math.min(...indices).toFixed(0)} a ${Math.max(...indices).toFixed(0)}); ` +
      `carga da máquina (média de 1 min) ${resultado.carga.map((c) => c.toFixed(1)).join(' no início, ')} no fim.`,
  );
}
