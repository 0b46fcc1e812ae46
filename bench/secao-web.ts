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
  const { js, css, outro } = web.bytes;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  resultados.adicionar({
    secao,
    medida: `bytes transferidos pelo servidor: JavaScript; CSS; o resto (documento, API, fontes...) (${web.arquivos.length} respostas)`,
    valor: `${kb(js)} JS; ${kb(css)} CSS; ${kb(outro)} outros = ${kb(js + css + outro)}`,
    meta: 'JS ≤ 200 KB',
    situacao: marca(js <= 200 * 1024),
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
  const scriptsEFolhas = web.arquivos.filter((a) => a.tipo !== 'outro');
  const porCodificacao = new Map<string, { n: number; bytes: number }>();
  for (const a of scriptsEFolhas) {
    const grupo = porCodificacao.get(a.codificacao || 'sem compressão') ?? { n: 0, bytes: 0 };
    grupo.n++;
    grupo.bytes += a.bytes;
    porCodificacao.set(a.codificacao || 'sem compressão', grupo);
  }
  const maiores = [...scriptsEFolhas].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  resultados.observar(
    `Web, primeira visita: Accept-Encoding do Chromium ${web.acceptEncoding.map((v) => `"${v}"`).join(', ') || '?'}; ` +
      `${scriptsEFolhas.length} scripts e folhas de estilo por Content-Encoding: ` +
      `${[...porCodificacao].map(([codificacao, g]) => `${codificacao} ${g.n} (${kb(g.bytes)})`).join(', ')}; ` +
      `os maiores: ${maiores.map((a) => `${a.url.replace(BASE, '')} (${kb(a.bytes)}, ${a.codificacao || 'sem compressão'})`).join(', ')}.`,
  );
}
