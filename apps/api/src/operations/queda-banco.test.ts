import { connect, createServer, type Server, type Socket } from 'node:net';
import { MENSAGENS } from '@tramite/shared';
import pg from 'pg';
import { expect, it } from 'vitest';
import { comServidorPostgres, PORTAS, usarAmbienteProcessos } from '../testing/ambiente-processos.ts';
import { entrar, obter, type ProcessoServidor, type Resposta } from './processos.ts';

/**
 * Issue 12, Reliability: the database goes away while requests flow. The shared PostgreSQL server of the tests
 * cannot be restarted, so the API talks to it through a TCP proxy started here, which is cut (connections reset,
 * new ones refused) and brought back; and, separately, the server's backends of this database are terminated
 * (what a PostgreSQL restart does to them). Requests meanwhile fail with 503 and the error shape, never 500, and
 * the same process answers normally again by itself.
 */
const { api: PORTA_API, proxy: PORTA_PROXY } = PORTAS.quedaBanco;

class ProxyTcp {
  private servidor: Server | null = null;
  private readonly conexoes = new Set<Socket>();

  constructor(
    private readonly porta: number,
    private readonly destino: { host: string; port: number },
  ) {}

  async ligar(): Promise<void> {
    const servidor = createServer((cliente) => {
      const remoto = connect(this.destino);
      this.conexoes.add(cliente).add(remoto);
      const fechar = () => {
        cliente.destroy();
        remoto.destroy();
        this.conexoes.delete(cliente);
        this.conexoes.delete(remoto);
      };
      cliente.on('error', fechar).on('close', fechar);
      remoto.on('error', fechar).on('close', fechar);
      cliente.pipe(remoto).pipe(cliente);
    });
    await new Promise<void>((resolver, rejeitar) => {
      servidor.once('error', rejeitar);
      servidor.listen(this.porta, '127.0.0.1', () => resolver());
    });
    this.servidor = servidor;
  }

  /** Resets every open connection and stops accepting new ones. */
  async cortar(): Promise<void> {
    const servidor = this.servidor;
    this.servidor = null;
    for (const conexao of this.conexoes) conexao.destroy();
    this.conexoes.clear();
    if (servidor) await new Promise((r) => servidor.close(r));
  }
}

comServidorPostgres('banco de dados fora do ar durante a carga', () => {
  let proxy: ProxyTcp;
  let servidor: ProcessoServidor;
  let cookie: string;

  const ambiente = usarAmbienteProcessos('tramite-queda-banco-', async (a) => {
    const alvo = new URL(a.banco.url);
    proxy = new ProxyTcp(PORTA_PROXY, { host: alvo.hostname, port: Number(alvo.port || 5432) });
    await proxy.ligar();
    a.aoEncerrar(() => proxy.cortar());
    const viaProxy = new URL(a.banco.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(PORTA_PROXY);
    servidor = await a.iniciar({ porta: PORTA_API, databaseUrl: viaProxy.toString(), demo: true });
    cookie = await entrar(servidor.base, 'ana');
  });

  /** Requests that need the database (the session, the postal box, a search) from a few parallel clients. */
  async function carga(ate: () => boolean) {
    const respostas: { operacao: string; resposta: Resposta }[] = [];
    const hoje = new Date().toISOString().slice(0, 10);
    const pedidos: [string, () => Promise<Resposta>][] = [
      ['sessao', () => obter(servidor.base, '/auth', cookie)],
      ['caixa', () => obter(servidor.base, `/caixa-postal?dataInicio=2000-01-01&dataFim=${hoje}`, cookie)],
      ['busca', () => obter(servidor.base, '/documentos?numeroDocumento=2', cookie)],
    ];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        for (let n = i; !ate(); n++) {
          const [operacao, pedido] = pedidos[n % pedidos.length] as [string, () => Promise<Resposta>];
          const resposta = await pedido().catch(() => ({ status: 0, corpo: null, cabecalhos: new Headers() }));
          respostas.push({ operacao, resposta });
        }
      }),
    );
    return respostas;
  }

  function conferirFalhasLimpas(respostas: { operacao: string; resposta: Resposta }[]) {
    const inesperadas = respostas.filter(({ resposta }) => resposta.status !== 200 && resposta.status !== 503);
    expect(
      inesperadas.map(({ operacao, resposta }) => `${operacao} ${resposta.status} ${JSON.stringify(resposta.corpo)}`),
      servidor.saida().slice(-3000),
    ).toEqual([]);
    for (const { resposta } of respostas.filter((r) => r.resposta.status === 503)) {
      expect(resposta.corpo).toEqual({
        codigo: 'BANCO_INDISPONIVEL',
        mensagem: MENSAGENS.geral.bancoIndisponivel,
        erros: [],
      });
    }
    return respostas.filter((r) => r.resposta.status === 503).length;
  }

  /** The load for `ms` milliseconds. */
  function cargaPor(ms: number) {
    const fim = Date.now() + ms;
    return carga(() => Date.now() > fim);
  }

  /** Waits for the database to answer again, then a load of `ms` must pass whole, in the same process `pid`. */
  async function conferirRecuperacao(pid: number | undefined, ms: number) {
    const prazo = Date.now() + 30_000;
    for (;;) {
      const respostas = await Promise.all([
        obter(servidor.base, '/auth', cookie),
        obter(servidor.base, '/documentos?numeroDocumento=2', cookie),
      ]);
      if (respostas.every((r) => r.status === 200)) break;
      if (Date.now() > prazo) throw new Error(`sem recuperação: ${respostas.map((r) => r.status)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const depois = await cargaPor(ms);
    expect(depois.filter(({ resposta }) => resposta.status !== 200)).toEqual([]);
    expect(servidor.processo.pid).toBe(pid);
  }

  it('conexão com o banco cortada e refeita: 503 enquanto cai, e o mesmo processo volta a responder', async () => {
    const pid = servidor.processo.pid;
    const antes = await cargaPor(1500);
    expect(antes.length).toBeGreaterThan(0);
    expect(antes.every(({ resposta }) => resposta.status === 200)).toBe(true);

    let fase = 'no ar';
    const durante = carga(() => fase === 'fim');
    await new Promise((r) => setTimeout(r, 500));
    await proxy.cortar();
    fase = 'cortado';
    await new Promise((r) => setTimeout(r, 3000));
    await proxy.ligar();
    fase = 'religado';
    await new Promise((r) => setTimeout(r, 500));
    fase = 'fim';
    const recusas = conferirFalhasLimpas(await durante);
    expect(recusas).toBeGreaterThan(0);

    await conferirRecuperacao(pid, 1500);
    expect(servidor.processo.exitCode).toBeNull();
  }, 90_000);

  it('conexões do servidor PostgreSQL encerradas (pg_terminate_backend) no meio das requisições', async () => {
    const pid = servidor.processo.pid;
    const admin = new pg.Client({ connectionString: ambiente.banco.url });
    await admin.connect();
    let terminadas = 0;
    try {
      let parar = false;
      const durante = carga(() => parar);
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 300));
        const r = await admin.query(
          `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
            WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [ambiente.banco.nome],
        );
        terminadas += Number(r.rows[0].n);
      }
      parar = true;
      conferirFalhasLimpas(await durante);
    } finally {
      await admin.end();
    }
    expect(terminadas).toBeGreaterThan(0);
    await conferirRecuperacao(pid, 1000);
  }, 90_000);
});
