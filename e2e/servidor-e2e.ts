// Starts the real server for the Playwright tests: an empty port, a fresh embedded database with the demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const raiz = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'tramite-e2e-'));
const servidor = spawn(process.execPath, ['--import', 'tsx', join(raiz, 'apps/api/src/server.ts')], {
  cwd: raiz,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3987',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});

const limpar = () => rmSync(dataDir, { recursive: true, force: true });
for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sinal, () => servidor.kill(sinal));
}
servidor.on('exit', (codigo) => {
  limpar();
  process.exit(codigo ?? 0);
});
