// Starts the real server for the Playwright tests: an empty port, a fresh embedded database with the demo data, and
// beside it the local Tramita GOV.BR double (issue 24), whose CA the server trusts; the demo leaves Tramita
// unconfigured, so the double is only reached by the test that configures it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { iniciarBarramentoE2e, pastaBarramentoE2e } from './barramento-e2e.ts';

const raiz = resolve(import.meta.dirname, '..');
const porta = process.env.E2E_PORT ?? '3987';
const dataDir = mkdtempSync(join(tmpdir(), 'tramite-e2e-'));
const pastaBarramento = pastaBarramentoE2e(porta);
const barramento = await iniciarBarramentoE2e(pastaBarramento);
const servidor = spawn(process.execPath, ['--import', 'tsx', join(raiz, 'apps/api/src/server.ts')], {
  cwd: raiz,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: porta,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    TRAMITA_AUTORIDADES: barramento.arquivoAc,
  },
});

const limpar = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pastaBarramento, { recursive: true, force: true });
};
for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sinal, () => servidor.kill(sinal));
}
servidor.on('exit', (codigo) => {
  void barramento.fechar().finally(() => {
    limpar();
    process.exit(codigo ?? 0);
  });
});
