import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';

/**
 * Support for the operation tests and `npm run soak` (issue 12): real API server processes (apps/api/src/server.ts)
 * on a database of their own on a PostgreSQL server, and an HTTP client that drives them as the web app does.
 * Nothing here imports vitest, so scripts/soak.ts uses it too.
 */

export { type BancoCriado, criarBancoVazio } from '../testing/banco-servidor.ts';

export const RAIZ_REPOSITORIO = resolve(import.meta.dirname, '../../../..');

export interface ProcessoServidor {
  porta: number;
  base: string;
  processo: ChildProcess;
  /** Everything the process wrote (stdout and stderr), for the failure messages. */
  saida(): string;
  /** SIGTERM, and SIGKILL after 15 s. */
  parar(): Promise<void>;
  /** kill -9, answering when the process is gone. */
  matar(): Promise<void>;
}

export interface OpcoesProcesso {
  porta: number;
  databaseUrl: string;
  dataDir: string;
  demo?: boolean;
  env?: Record<string, string>;
  /** How long to wait for the server to answer; the demo seed takes a while on a new database. */
  prazoMs?: number;
  /** More Node options, after tsx's loader (e.g. --expose-gc, --import of a probe written in TypeScript). */
  argumentosNode?: string[];
  /** An IPC channel to the process (process.send in the server). */
  ipc?: boolean;
}

/** Starts `node --import tsx apps/api/src/server.ts` and waits until it answers GET /api/mensagens. */
export async function iniciarProcesso(opcoes: OpcoesProcesso): Promise<ProcessoServidor> {
  const base = `http://127.0.0.1:${opcoes.porta}`;
  const argumentos = ['--import', 'tsx', ...(opcoes.argumentosNode ?? []), 'apps/api/src/server.ts'];
  const processo = spawn(process.execPath, argumentos, {
    cwd: RAIZ_REPOSITORIO,
    env: {
      ...process.env,
      PORT: String(opcoes.porta),
      HOST: '127.0.0.1',
      DATABASE_URL: opcoes.databaseUrl,
      DATA_DIR: opcoes.dataDir,
      DEMO: opcoes.demo ? '1' : '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: resolve(opcoes.dataDir, 'sem-web'),
      // The vitest worker's settings are not the server's.
      TEST_DB: '',
      NODE_ENV: 'production',
      ...opcoes.env,
    },
    stdio: opcoes.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let saida = '';
  processo.stdout?.on('data', (d) => {
    saida += String(d);
  });
  processo.stderr?.on('data', (d) => {
    saida += String(d);
  });
  const fim = new Promise<void>((r) => processo.once('exit', () => r()));
  const terminou = () => processo.exitCode !== null || processo.signalCode !== null;
  const servidor: ProcessoServidor = {
    porta: opcoes.porta,
    base,
    processo,
    saida: () => saida,
    async parar() {
      if (terminou()) return;
      processo.kill('SIGTERM');
      await Promise.race([fim, new Promise((r) => setTimeout(r, 15_000))]);
      if (!terminou()) {
        processo.kill('SIGKILL');
        await fim;
      }
    },
    async matar() {
      if (terminou()) return;
      processo.kill('SIGKILL');
      await fim;
    },
  };
  const prazo = Date.now() + (opcoes.prazoMs ?? 180_000);
  for (;;) {
    if (terminou()) throw new Error(`O servidor da porta ${opcoes.porta} terminou ao iniciar:\n${saida}`);
    try {
      const resposta = await fetch(`${base}/api/mensagens`);
      if (resposta.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > prazo) {
      await servidor.matar();
      throw new Error(`O servidor da porta ${opcoes.porta} não respondeu a tempo:\n${saida}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return servidor;
}

const XRW = { 'x-requested-with': 'XMLHttpRequest' };

export interface Resposta {
  status: number;
  corpo: unknown;
  /** The answer's headers (the nginx test reads X-Upstream, the process nginx chose). */
  cabecalhos: Headers;
}

/** Logs in through the login form; answers the session cookie ("tramite_sessao=..."). */
export async function entrar(base: string, username: string, senha = username): Promise<string> {
  const resposta = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: senha, redirect: '/caixa-postal' }).toString(),
  });
  const cookie = resposta.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('tramite_sessao='));
  if (resposta.status !== 303 || !cookie) throw new Error(`login de ${username} falhou: ${resposta.status}`);
  return cookie;
}

async function ler(resposta: Response): Promise<Resposta> {
  const texto = await resposta.text();
  let corpo: unknown = texto;
  if ((resposta.headers.get('content-type') ?? '').includes('json')) {
    try {
      corpo = JSON.parse(texto);
    } catch {
      // not JSON after all
    }
  }
  return { status: resposta.status, corpo, cabecalhos: resposta.headers };
}

export async function obter(base: string, caminho: string, cookie?: string): Promise<Resposta> {
  return ler(await fetch(`${base}/api${caminho}`, { headers: cookie ? { cookie } : {} }));
}

export async function enviarJson(
  base: string,
  caminho: string,
  corpo: unknown,
  cookie?: string,
  metodo = 'POST',
): Promise<Resposta> {
  return ler(
    await fetch(`${base}/api${caminho}`, {
      method: metodo,
      headers: {
        ...XRW,
        ...(cookie ? { cookie } : {}),
        ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    }),
  );
}

/** A small valid PDF with a unique text, so each upload is a new file of the store. */
export async function pdfUnico(texto = randomBytes(8).toString('hex')): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const fonte = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 200]).drawText(`Peça ${texto}`, { x: 20, y: 100, size: 12, font: fonte });
  return Buffer.from(await pdf.save());
}

export async function enviarPeca(base: string, cookie: string, idDocumento: number, pdf: Buffer): Promise<Resposta> {
  const formulario = new FormData();
  formulario.set('tipoCopia', 'N');
  formulario.set('nivelAcesso', 'P');
  formulario.set('arquivo', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'peca.pdf');
  return ler(
    await fetch(`${base}/api/documentos/${idDocumento}/anexos`, {
      method: 'POST',
      headers: { ...XRW, cookie },
      body: formulario,
    }),
  );
}

/** Ids of the demo data the load uses: ana is in PROT, bruno in PROGRAD. */
export interface CenarioDemo {
  prot: number;
  prograd: number;
  idTipoDocumento: number;
  idAssunto: number;
  idFluxo: number;
  idPasso: number;
}

export async function lerCenarioDemo(url: string): Promise<CenarioDemo> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    const unidade = async (sigla: string) =>
      Number((await cliente.query('SELECT id FROM unidade WHERE sigla = $1', [sigla])).rows[0].id);
    const fluxo = (
      await cliente.query(
        `SELECT f.id AS id_fluxo, f.id_tipo_documento, p.id AS id_passo
           FROM fluxo f JOIN passo p ON p.id_fluxo = f.id JOIN tipo_documento t ON t.id = f.id_tipo_documento
          WHERE f.descricao = 'Tramitação livre' AND f.ativo AND t.ativo AND NOT t.processo
            AND p.tipo = 'ENCAMINHAR' AND p.destino = 'QUALQUER'
          ORDER BY f.id LIMIT 1`,
      )
    ).rows[0];
    const assunto = (await cliente.query('SELECT id FROM assunto WHERE ativo AND atribuivel ORDER BY id LIMIT 1'))
      .rows[0];
    return {
      prot: await unidade('PROT'),
      prograd: await unidade('PROGRAD'),
      idTipoDocumento: Number(fluxo.id_tipo_documento),
      idAssunto: Number(assunto.id),
      idFluxo: Number(fluxo.id_fluxo),
      idPasso: Number(fluxo.id_passo),
    };
  } finally {
    await cliente.end();
  }
}

/** Opens a document as the session's user (in its current unit); answers its id. */
export async function autuar(base: string, cookie: string, c: CenarioDemo, resumo = 'Carga de operação') {
  const r = await enviarJson(
    base,
    '/documentos',
    { idTipoDocumento: c.idTipoDocumento, idProcedencia: c.prot, idAssunto: c.idAssunto, resumoAssunto: resumo },
    cookie,
  );
  if (r.status !== 201) throw new Error(`autuação falhou: ${r.status} ${JSON.stringify(r.corpo)}`);
  return (r.corpo as { idDocumento: number }).idDocumento;
}

export function tramitar(base: string, cookie: string, c: CenarioDemo, idDocumento: number, idDestino: number) {
  return enviarJson(base, `/documentos/${idDocumento}/tramitacoes`, { idPasso: c.idPasso, idDestino }, cookie);
}

export function receber(base: string, cookie: string, idDocumento: number) {
  return enviarJson(base, `/documentos/${idDocumento}/receber`, undefined, cookie);
}
