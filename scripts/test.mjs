// `npm test`: installs what is missing (Node packages, Debian's Chromium), then runs lint, type check, knip, unit and API
// tests (PGlite, and the PostgreSQL server of TEST_DATABASE_URL when set) and the Playwright tests, and ends with
// one line `N passed, N failed` for the whole run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { construirWebSeNecessario, executar, instalarDependencias, raiz } from './lib/preparar.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const saida = join(raiz, '.test-output');
let aprovados = 0;
let reprovados = 0;

/** Debian packages the tests use: Chromium (Playwright) and poppler-utils (`pdfsig` checks signed PDFs). */
const PACOTES_DEBIAN = [
  { pacote: 'chromium', arquivo: CHROMIUM },
  { pacote: 'poppler-utils', arquivo: '/usr/bin/pdfsig' },
  // qpdf: the signing and consolidation tests make encrypted PDFs with it.
  { pacote: 'qpdf', arquivo: '/usr/bin/qpdf' },
  // nginx: the deployment test runs two API processes behind it (apps/api/src/operations/nginx.test.ts).
  { pacote: 'nginx', arquivo: '/usr/sbin/nginx' },
];

function garantirPacotesDebian() {
  const faltando = PACOTES_DEBIAN.filter(({ arquivo }) => !existsSync(arquivo));
  if (faltando.length === 0) return true;
  const nomes = faltando.map(({ pacote }) => pacote);
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`Instalando pacotes do Debian (apt-get install ${nomes.join(' ')})...`);
    const ambiente = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    executar('apt-get', ['update', '-qq'], { env: ambiente });
    executar('apt-get', ['install', '-y', '-qq', ...nomes], { env: ambiente });
    if (faltando.every(({ arquivo }) => existsSync(arquivo))) return true;
  }
  console.error(
    `Faltam pacotes do Debian: ${nomes.join(', ')}. Instale-os com "sudo apt-get install -y ${nomes.join(' ')}" ` +
      '(ou indique outro Chromium em CHROMIUM_PATH) e rode "npm test" de novo.',
  );
  return false;
}

/** A step that is not a test runner counts as one check. */
function etapa(titulo, comando, argumentos, opcoes) {
  console.log(`\n▶ ${titulo}`);
  const status = executar(comando, argumentos, opcoes);
  if (status === 0) aprovados++;
  else {
    reprovados++;
    console.error(`✗ ${titulo} falhou (código ${status})`);
  }
  return status === 0;
}

function lerJson(caminho) {
  try {
    return JSON.parse(readFileSync(caminho, 'utf8'));
  } catch {
    return null;
  }
}

instalarDependencias();
const pacotesProntos = garantirPacotesDebian();
rmSync(saida, { recursive: true, force: true });
mkdirSync(saida, { recursive: true });
const bin = (nome) => join(raiz, 'node_modules/.bin', nome);

etapa('Lint (Biome)', bin('biome'), ['ci', '.']);
for (const projeto of ['packages/shared', 'apps/api', 'apps/web', 'e2e', 'bench', 'scripts']) {
  etapa(`Verificação de tipos (${projeto})`, bin('tsc'), ['-p', projeto, '--noEmit']);
}
// Dead files, exports and dependencies (knip.jsonc); one check like the lint.
etapa('Código sem uso (knip)', bin('knip'), ['--no-progress']);

if (process.env.TEST_DATABASE_URL)
  console.log(`\nTestes da API também no PostgreSQL: ${process.env.TEST_DATABASE_URL}`);
console.log('\n▶ Testes unitários e da API (Vitest)');
const relatorioVitest = join(saida, 'vitest.json');
const statusVitest = executar(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${relatorioVitest}`,
]);
const vitest = lerJson(relatorioVitest);
if (vitest) {
  aprovados += vitest.numPassedTests;
  reprovados += vitest.numFailedTests + (statusVitest !== 0 && vitest.numFailedTests === 0 ? 1 : 0);
} else {
  reprovados++;
}

console.log('\n▶ Testes de ponta a ponta (Playwright + Chromium)');
if (!pacotesProntos) {
  reprovados++;
} else if (construirWebSeNecessario() !== 0) {
  reprovados++;
} else {
  const relatorioPlaywright = join(saida, 'playwright.json');
  const statusPlaywright = spawnSync(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    cwd: raiz,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: relatorioPlaywright, CHROMIUM_PATH: CHROMIUM },
  }).status;
  const playwright = lerJson(relatorioPlaywright);
  if (playwright?.stats) {
    aprovados += playwright.stats.expected + playwright.stats.flaky;
    reprovados += playwright.stats.unexpected + (statusPlaywright !== 0 && playwright.stats.unexpected === 0 ? 1 : 0);
  } else {
    reprovados++;
  }
}

console.log(`\n${aprovados} passed, ${reprovados} failed`);
process.exit(reprovados > 0 ? 1 : 0);
