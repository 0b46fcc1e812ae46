import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

/**
 * `criarAppTeste` serving a built web app (WEB_DIST) made of `arquivos` (path inside the build, e.g. `index.html` or
 * `assets/app.js` → content), with the `assets` folder the build always has; `fechar` also deletes the build.
 */
export async function criarAppComWeb(
  arquivos: Record<string, string | Buffer>,
  ambiente: Record<string, string> = {},
): Promise<AppTeste> {
  const webDist = await mkdtemp(join(tmpdir(), 'tramite-web-'));
  await mkdir(join(webDist, 'assets'));
  for (const [caminho, conteudo] of Object.entries(arquivos)) await writeFile(join(webDist, caminho), conteudo);
  const t = await criarAppTeste({ WEB_DIST: webDist, ...ambiente });
  return {
    ...t,
    async fechar() {
      await t.fechar();
      await rm(webDist, { recursive: true, force: true });
    },
  };
}
