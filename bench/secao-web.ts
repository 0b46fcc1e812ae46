/** The web app's first screen: built by Vite into a folder the server serves, measured in Chromium. */
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marca, mediana, ms, type Resultados } from './resultados.ts';
import { BASE, log, RAIZ } from './servidor.ts';
import { medirWeb, type ResultadoWeb } from './web.ts';

/** The web app built into a temporary folder; null (and a note) when the build fails. */
export async function construirWeb(resultados: Resultados): Promise<string | null> {
  const webDist = await mkdtemp(join(tmpdir(), 'tramite-bench-web-'));
  log(`Construindo a web em ${webDist}...`);
  const vite = spawnSync(
    'npx',
    ['vite', 'build', 'apps/web', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: RAIZ,
      stdio: 'inherit',
    },
  );
  if (vite.status !== 0) {
    resultados.observar('A construção da web falhou: seção web indisponível.');
    return null;
  }
  return webDist;
}

/** The first screen as the busy unit's user opens it (the postal box of `caminhoCaixa`), five times. */
export async function medirPrimeiraTela(
  cookieProtocolo: string,
  caminhoCaixa: string,
): Promise<{ web: ResultadoWeb | null; erro: string | null }> {
  try {
    const [nome, valor] = cookieProtocolo.split('=') as [string, string];
    const web = await medirWeb({
      base: BASE,
      caminho: caminhoCaixa.replace('/api/caixa-postal', '/caixa-postal'),
      cookie: { name: nome, value: valor },
      repeticoes: 5,
    });
    return { web, erro: null };
  } catch (erro) {
    return { web: null, erro: String(erro).slice(0, 300) };
  }
}

export function registrarWeb(web: ResultadoWeb, tamanhoCaixa: unknown, resultados: Resultados): void {
  const secao = 'Web (/caixa-postal, primeira visita)';
  const total = web.jsGzip + web.cssGzip;
  resultados.adicionar({
    secao,
    medida: `JavaScript + CSS da primeira tela, gzip (${web.arquivos.length} arquivos)`,
    valor: `${(web.jsGzip / 1024).toFixed(1)} KB JS + ${(web.cssGzip / 1024).toFixed(1)} KB CSS = ${(total / 1024).toFixed(1)} KB`,
    meta: 'JS ≤ 250 KB',
    situacao: marca(web.jsGzip <= 250 * 1024),
  });
  resultados.adicionar({
    secao,
    medida: `first contentful paint (mediana de ${web.fcp.length})`,
    valor: ms(mediana(web.fcp)),
    meta: '< 1 s',
    situacao: marca(mediana(web.fcp) < 1000),
  });
  resultados.adicionar({
    secao,
    medida: `tempo até interativo: 1ª página da caixa de ${tamanhoCaixa} documentos na tela (mediana de ${web.tti.length})`,
    valor: ms(mediana(web.tti)),
    meta: 'medir',
    situacao: 'info',
  });
  resultados.observar(
    `Arquivos da primeira tela: ${web.arquivos.map((a) => `${a.url.replace(BASE, '')} (${(a.gzip / 1024).toFixed(1)} KB gzip)`).join(', ')}.`,
  );
}
