/**
 * The web app's first screen in Chromium (playwright-core, the Debian Chromium, the e2e flags): the bytes the server
 * sent for /caixa-postal on a cold cache (what Chromium received, with the Accept-Encoding it sends by itself), its
 * first contentful paint, and its time to interactive: the later of the box's first rows appearing and the end of
 * the last long task (>50 ms) before them.
 */
import { type CDPSession, chromium } from 'playwright-core';
import { LANCAMENTO_CHROMIUM } from '../e2e/chromium.ts';

type TipoTransferido = 'js' | 'css' | 'outro';

interface Transferido {
  url: string;
  tipo: TipoTransferido;
  /** Received from the network for this response: headers and body as sent (compressed when it was). */
  bytes: number;
  /** The response's Content-Encoding ('' when none). */
  codificacao: string;
}

export interface ResultadoWeb {
  bytes: Record<TipoTransferido, number>;
  arquivos: Transferido[];
  /** The Accept-Encoding values Chromium sent. */
  acceptEncoding: string[];
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
    let arquivos: Transferido[] = [];
    let acceptEncoding: string[] = [];
    for (let i = 0; i < opcoes.repeticoes; i++) {
      // A new context each time: cold cache, as a first visit.
      const contexto = await navegador.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      await contexto.addCookies([{ ...opcoes.cookie, url: opcoes.base }]);
      await contexto.addInitScript(SCRIPT_MEDICAO);
      const pagina = await contexto.newPage();
      const rede = i === 0 ? await ouvirRede(await contexto.newCDPSession(pagina)) : null;
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
      if (rede) {
        arquivos = rede.arquivos;
        acceptEncoding = [...rede.acceptEncoding];
      }
      await contexto.close();
    }
    const soma = (tipo: TipoTransferido) => arquivos.filter((a) => a.tipo === tipo).reduce((s, a) => s + a.bytes, 0);
    return { bytes: { js: soma('js'), css: soma('css'), outro: soma('outro') }, arquivos, acceptEncoding, fcp, tti };
  } finally {
    await navegador.close();
  }
}

const cabecalho = (cabecalhos: Record<string, string>, nome: string) =>
  Object.entries(cabecalhos).find(([chave]) => chave.toLowerCase() === nome)?.[1] ?? '';

/**
 * Every response the page loads, with the bytes Network.loadingFinished counts (encodedDataLength: what came over
 * the wire, as Lighthouse's transfer size), filled in as the responses finish.
 */
async function ouvirRede(cdp: CDPSession) {
  const respostas = new Map<string, Omit<Transferido, 'bytes'>>();
  const arquivos: Transferido[] = [];
  const acceptEncoding = new Set<string>();
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const valor = cabecalho(e.headers, 'accept-encoding');
    if (valor) acceptEncoding.add(valor);
  });
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.url.startsWith('http')) return;
    const tipo = e.type === 'Script' ? 'js' : e.type === 'Stylesheet' ? 'css' : 'outro';
    respostas.set(e.requestId, {
      url: e.response.url,
      tipo,
      codificacao: cabecalho(e.response.headers, 'content-encoding'),
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const resposta = respostas.get(e.requestId);
    if (resposta) arquivos.push({ ...resposta, bytes: e.encodedDataLength });
  });
  await cdp.send('Network.enable');
  return { arquivos, acceptEncoding };
}
