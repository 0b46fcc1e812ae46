// `npm start`: installs what is missing, builds the web app when it changed, then serves API and web app on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { construirWebSeNecessario, instalarDependencias, raiz } from './lib/preparar.mjs';

instalarDependencias();
if (construirWebSeNecessario() !== 0) {
  console.error('A construção da aplicação web falhou.');
  process.exit(1);
}

const servidor = spawn(process.execPath, ['--import', 'tsx', join(raiz, 'apps/api/src/server.ts')], {
  cwd: raiz,
  stdio: 'inherit',
  env: process.env,
});
for (const sinal of ['SIGINT', 'SIGTERM']) process.on(sinal, () => servidor.kill(sinal));
servidor.on('exit', (codigo, sinal) => process.exit(codigo ?? (sinal ? 0 : 1)));
