import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { comServidorPostgres, PORTAS, usarAmbienteProcessos } from '../testing/ambiente-processos.ts';
import { autuar, entrar, enviarPeca, obter, type ProcessoServidor, pdfUnico } from './processos.ts';

/**
 * Issue 12, "Deployment beyond one machine" (docs/deployment.md): two API processes behind nginx on loopback, the
 * configuration of the document with the paths of a temporary folder. nginx comes from Debian (`npm test` installs
 * the package when missing, see scripts/test.mjs).
 */
const NGINX = '/usr/sbin/nginx';
const { nginx: PORTA_NGINX, api: PORTAS_API } = PORTAS.nginx;

/** The upstream block and the proxy settings of docs/deployment.md; the answering process in X-Upstream. */
function configuracaoNginx(pasta: string): string {
  return `worker_processes 1;
daemon off;
pid ${pasta}/nginx.pid;
error_log ${pasta}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${pasta}/corpo;
  proxy_temp_path ${pasta}/proxy;
  fastcgi_temp_path ${pasta}/fastcgi;
  uwsgi_temp_path ${pasta}/uwsgi;
  scgi_temp_path ${pasta}/scgi;

  upstream tramite_api {
    ${PORTAS_API.map((p) => `server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n    ')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${PORTA_NGINX};
    client_max_body_size 60m;

    location / {
      proxy_pass http://tramite_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

comServidorPostgres('dois processos da API atrás do nginx', () => {
  let pasta: string;
  let nginx: ChildProcess | null = null;
  let saidaNginx = '';
  const processos: ProcessoServidor[] = [];
  const base = `http://127.0.0.1:${PORTA_NGINX}`;

  const ambiente = usarAmbienteProcessos('tramite-nginx-dados-', async (amb) => {
    if (!existsSync(NGINX)) {
      throw new Error(
        `Falta o nginx (${NGINX}): "apt-get install -y nginx" (o "npm test" instala os pacotes do Debian)`,
      );
    }
    pasta = await mkdtemp(join(tmpdir(), 'tramite-nginx-'));
    for (const [i, porta] of PORTAS_API.entries()) {
      // As docs/deployment.md sets it: the X-Forwarded-For of the nginx on this machine is believed.
      processos.push(await amb.iniciar({ porta, demo: i === 0, env: { TRUST_PROXY: '127.0.0.1' } }));
    }
    await mkdir(join(pasta, 'corpo'));
    const arquivo = join(pasta, 'nginx.conf');
    await writeFile(arquivo, configuracaoNginx(pasta));
    nginx = spawn(NGINX, ['-e', join(pasta, 'error.log'), '-p', pasta, '-c', arquivo], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout?.on('data', (d) => {
      saidaNginx += String(d);
    });
    nginx.stderr?.on('data', (d) => {
      saidaNginx += String(d);
    });
    const prazo = Date.now() + 20_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`o nginx terminou: ${saidaNginx}`);
      const pronto = await fetch(`${base}/api/mensagens`).then(
        (r) => r.ok,
        () => false,
      );
      if (pronto) break;
      if (Date.now() > prazo) throw new Error(`o nginx não respondeu: ${saidaNginx}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  // Registered after the environment's hooks, so it runs before them: nginx goes first, then the processes.
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const fim = new Promise((r) => nginx?.once('exit', r));
      nginx.kill('SIGQUIT');
      await Promise.race([fim, new Promise((r) => setTimeout(r, 5000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    if (pasta) await rm(pasta, { recursive: true, force: true });
  });

  it('as requisições pelo nginx chegam aos dois processos', async () => {
    const atendidos = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = await obter(base, '/mensagens');
      expect(r.status).toBe(200);
      atendidos.add(r.cabecalhos.get('x-upstream') ?? '');
    }
    expect([...atendidos].sort()).toEqual(PORTAS_API.map((p) => `127.0.0.1:${p}`).sort());
  });

  it('o login pelo nginx abre uma sessão que vale nos dois processos, e um envio de arquivo passa', async () => {
    const cookie = await entrar(base, 'ana');
    const atendidos = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const r = await obter(base, '/auth', cookie);
      expect(r.status).toBe(200);
      expect((r.corpo as { username: string }).username).toBe('ana');
      atendidos.add(r.cabecalhos.get('x-upstream') ?? '');
    }
    expect(atendidos.size).toBe(2);

    // A streamed upload through the proxy (request buffering off) lands in the shared store.
    const cenario = await ambiente.cenarioDemo();
    const idDocumento = await autuar(base, cookie, cenario, 'Documento pelo nginx');
    const envio = await enviarPeca(base, cookie, idDocumento, await pdfUnico());
    expect(envio.status).toBe(201);
    const idAnexo = (envio.corpo as { idAnexo: number }).idAnexo;
    for (let i = 0; i < 2; i++) {
      const binario = await fetch(`${base}/api/documentos/${idDocumento}/anexos/${idAnexo}/binario`, {
        headers: { cookie },
      });
      expect(binario.status).toBe(200);
      expect(
        Buffer.from(await binario.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  }, 120_000);

  it('com um processo parado, o nginx leva tudo ao outro', async () => {
    await processos[1]?.parar();
    for (let i = 0; i < 6; i++) {
      const r = await obter(base, '/mensagens');
      expect(r.status).toBe(200);
      expect(r.cabecalhos.get('x-upstream')).toContain(`127.0.0.1:${PORTAS_API[0]}`);
    }
  });
});
