// Helpers shared by `npm start` and `npm test`: they only use Node's own modules, because they run before
// the project's dependencies are installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const raiz = resolve(import.meta.dirname, '..', '..');

export function executar(comando, argumentos, opcoes = {}) {
  const resultado = spawnSync(comando, argumentos, { cwd: raiz, stdio: 'inherit', ...opcoes });
  if (resultado.error) throw resultado.error;
  return resultado.status ?? 1;
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export function instalarDependencias() {
  const lock = join(raiz, 'package-lock.json');
  const instalado = join(raiz, 'node_modules', '.package-lock.json');
  if (existsSync(instalado) && statSync(instalado).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Instalando dependências (npm ci)...');
  const status = executar('npm', ['ci', '--no-audit', '--no-fund']);
  if (status !== 0) throw new Error('npm ci falhou');
}

function hashDaArvore(hash, caminho) {
  const info = statSync(caminho);
  if (info.isDirectory()) {
    for (const nome of readdirSync(caminho).sort()) {
      if (nome === 'node_modules' || nome === 'dist') continue;
      hashDaArvore(hash, join(caminho, nome));
    }
  } else {
    hash.update(caminho.slice(raiz.length));
    hash.update(readFileSync(caminho));
  }
}

/** Builds the web app only when its sources (or the shared package, or the lockfile) changed since the last build. */
export function construirWebSeNecessario() {
  const hash = createHash('sha256');
  for (const parte of [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/shared/src',
    'package-lock.json',
  ]) {
    const caminho = join(raiz, parte);
    if (existsSync(caminho)) hashDaArvore(hash, caminho);
  }
  const atual = hash.digest('hex');
  const marca = join(raiz, 'apps/web/dist/.fontes-sha256');
  if (existsSync(marca) && readFileSync(marca, 'utf8') === atual) return 0;
  console.log('Construindo a aplicação web...');
  const status = executar(join(raiz, 'node_modules/.bin/vite'), ['build', 'apps/web', '--logLevel', 'warn']);
  if (status === 0) writeFileSync(marca, atual);
  return status;
}
