/**
 * The web app's first screen in Chromium (playwright-core, the Debian Chromium, the e2e flags): the JavaScript and
 * CSS /caixa-postal loads on a cold cache (gzip size of each body), its first contentful paint, and its time to
 * interactive: the later of the box's first rows appearing and the end of the last long task (>50 ms) before them.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { LANCAMENTO_CHROMIUM } from '../e2e/chromium.ts';

export interface ResultadoWeb {
  jsGzip: number;
  cssGzip: number;
  arquivos: { url: string; tipo: string; bytes: number; gzip: number }[];
  fcp: number[];
  tti: number[];
}

const SCRIPT_MEDICAO = `
  window.__bench = { longas: [], linhas: null };
  new PerformanceObserver((lista) => {
    for (const e of lista.getEntries()) window.__bench.longas.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_m, observador) => {
    if (document.querySelector('[data-testid="item-caixa-postal"]')) {
      window.__bench.linhas = performance.now();
      observador.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

export async function medirWeb(opcoes: {
  base: string;
  caminho: string;
  cookie: { name: string; value: string };
  repeticoes: number;
}): Promise<ResultadoWeb> {
  const navegador = await chromium.launch(LANCAMENTO_CHROMIUM);
  try {
    const fcp: number[] = [];
    const tti: number[] = [];
    let arquivos: ResultadoWeb['arquivos'] = [];
    for (let i = 0; i < opcoes.repeticoes; i++) {
      // A new context each time: cold cache, as a first visit.
      const contexto = await navegador.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      await contexto.addCookies([{ ...opcoes.cookie, url: opcoes.base }]);
      await contexto.addInitScript(SCRIPT_MEDICAO);
      const pagina = await contexto.newPage();
      const corpos: Promise<ResultadoWeb['arquivos'][number] | null>[] = [];
      pagina.on('response', (resposta) => {
        const tipo = resposta.request().resourceType();
        if (tipo !== 'script' && tipo !== 'stylesheet') return;
        corpos.push(
          resposta.body().then(
            (corpo) => ({ url: resposta.url(), tipo, bytes: corpo.length, gzip: gzipSync(corpo).length }),
            () => null,
          ),
        );
      });
      await pagina.goto(`${opcoes.base}${opcoes.caminho}`, { waitUntil: 'load' });
      await pagina.waitForSelector('[data-testid="item-caixa-postal"]', { timeout: 60_000 });
      await pagina.waitForTimeout(1000);
      const medidas = await pagina.evaluate(() => {
        const janela = window as unknown as { __bench: { longas: [number, number][]; linhas: number | null } };
        const pintura = performance.getEntriesByName('first-contentful-paint')[0];
        return { fcp: pintura ? pintura.startTime : null, ...janela.__bench };
      });
      if (medidas.fcp !== null) fcp.push(medidas.fcp);
      if (medidas.linhas !== null) {
        const linhas = medidas.linhas;
        const ultimaLonga = medidas.longas
          .filter(([inicio]) => inicio <= linhas)
          .reduce((m, [, fim]) => Math.max(m, fim), 0);
        tti.push(Math.max(linhas, ultimaLonga));
      }
      if (i === 0) arquivos = (await Promise.all(corpos)).filter((a) => a !== null);
      await contexto.close();
    }
    const soma = (tipo: string) => arquivos.filter((a) => a.tipo === tipo).reduce((s, a) => s + a.gzip, 0);
    return { jsGzip: soma('script'), cssGzip: soma('stylesheet'), arquivos, fcp, tti };
  } finally {
    await navegador.close();
  }
}
