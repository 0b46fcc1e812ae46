import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from '../config.ts';
import { NOME_APLICACAO } from '../db/connection.ts';
import { iniciarServidor, type ServidorIniciado } from '../inicializacao.ts';
import { bancoDosTestes } from '../testing/banco-teste.ts';
import {
  autuar,
  type BancoCriado,
  type CenarioDemo,
  criarBancoVazio,
  entrar,
  enviarPeca,
  lerCenarioDemo,
  obter,
  pdfUnico,
  receber,
  tramitar,
} from './processos.ts';

/**
 * Issue 12, read replica: with DATABASE_URL_LEITURA the document search and the reports read from the replica, the
 * rest from the primary. The "replica" here is a copy of the primary (CREATE DATABASE … TEMPLATE) that only it has
 * some rows, and every transaction on it is read-only: a search or report answered from the primary would miss
 * those rows, and a write sent to the replica would fail.
 */
describe.runIf(bancoDosTestes() === 'postgres')('réplica de leitura (DATABASE_URL_LEITURA)', () => {
  const urlServidor = process.env.TEST_DATABASE_URL as string;
  let primario: BancoCriado;
  let replica: { nome: string; url: string };
  let dataDir: string;
  let cenario: CenarioDemo;
  let servidor: ServidorIniciado;
  let base: string;
  let so: { unidade: number; numero: string };
  /** Created through the API after the copy: only the primary has it. */
  let recente: { id: number; numero: string };

  const comAdmin = async <T>(url: string, fn: (cliente: pg.Client) => Promise<T>): Promise<T> => {
    const cliente = new pg.Client({ connectionString: url });
    await cliente.connect();
    try {
      return await fn(cliente);
    } finally {
      await cliente.end();
    }
  };

  async function iniciar(ambiente: Record<string, string>) {
    const iniciado = await iniciarServidor(
      lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: '0', FILA_INTERVALO_MS: '60000', ...ambiente }),
    );
    await iniciado.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = iniciado.app.server.address();
    return { iniciado, base: `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}` };
  }

  beforeAll(async () => {
    primario = await criarBancoVazio(urlServidor, 'tramite_replica');
    dataDir = await mkdtemp(join(tmpdir(), 'tramite-replica-'));
    const semeador = await iniciarServidor(
      lerConfig({ DATABASE_URL: primario.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: '1' }),
    );
    await semeador.fechar();
    cenario = await lerCenarioDemo(primario.url);

    // The copy needs the primary without sessions; the ones just closed may take a moment to leave.
    replica = { nome: `${primario.nome}_leitura`, url: '' };
    const url = new URL(urlServidor);
    url.pathname = `/${replica.nome}`;
    replica.url = url.toString();
    await comAdmin(urlServidor, async (admin) => {
      for (let tentativa = 0; ; tentativa++) {
        try {
          await admin.query(`CREATE DATABASE ${replica.nome} TEMPLATE ${primario.nome}`);
          return;
        } catch (erro) {
          if ((erro as { code?: string }).code !== '55006' || tentativa >= 50) throw erro;
          await new Promise((pronto) => setTimeout(pronto, 100));
        }
      }
    });

    // Rows only the replica has: a unit, a document it sent to PROGRAD in January 2020 and one unarchiving there.
    so = await comAdmin(replica.url, async (c) => {
      const idAdmin = Number((await c.query(`SELECT id FROM usuario WHERE username = 'admin'`)).rows[0].id);
      const unidade = Number(
        (
          await c.query(
            `INSERT INTO unidade (sigla, nome, codigo) VALUES ('RPLC', 'Unidade Só na Réplica', 99999) RETURNING id`,
          )
        ).rows[0].id,
      );
      const numero = '99999.900001/2020-07';
      const idDocumento = Number(
        (
          await c.query(
            `INSERT INTO documento (numero, numero_digitos, id_tipo_documento, resumo_assunto, id_unidade_procedencia,
               id_unidade_criadora, id_unidade_atual, id_usuario_criador, situacao, estado_processamento)
             VALUES ($1, $2, $3, 'Xilogravura lida da réplica', $4, $4, $5, $6, 'ENVIADO', 1) RETURNING id`,
            [numero, numero.replace(/\D/g, ''), cenario.idTipoDocumento, unidade, cenario.prograd, idAdmin],
          )
        ).rows[0].id,
      );
      await c.query(
        `INSERT INTO tramitacao (id_documento, sequencia, id_unidade_origem, id_unidade_destino, id_usuario_remetente,
           dt_despacho, id_passo, id_fluxo)
         VALUES ($1, 1, $2, $3, $4, '2020-01-15T10:00:00-03', $5, $6)`,
        [idDocumento, unidade, cenario.prograd, idAdmin, cenario.idPasso, cenario.idFluxo],
      );
      await c.query(
        `INSERT INTO desarquivamento (id_documento, id_unidade, id_usuario, motivo, em)
         VALUES ($1, $2, $3, 'Consulta à cópia de leitura', '2020-01-16T11:00:00-03')`,
        [idDocumento, unidade, idAdmin],
      );
      return { unidade, numero };
    });
    await comAdmin(urlServidor, (admin) =>
      admin.query(`ALTER DATABASE ${replica.nome} SET default_transaction_read_only = on`),
    );

    ({ iniciado: servidor, base } = await iniciar({ DATABASE_URL: primario.url, DATABASE_URL_LEITURA: replica.url }));
  }, 240_000);

  afterAll(async () => {
    await servidor?.fechar();
    if (replica) {
      await comAdmin(urlServidor, (admin) => admin.query(`DROP DATABASE IF EXISTS ${replica.nome} WITH (FORCE)`));
    }
    await primario?.apagar();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const buscaPorNumero = (numero: string) => `/documentos?numeroDocumento=${encodeURIComponent(numero)}`;

  async function pdf(caminho: string, cookie: string) {
    const resposta = await fetch(`${base}/api${caminho}`, { headers: { cookie } });
    expect(resposta.status, await resposta.clone().text()).toBe(200);
    expect(resposta.headers.get('content-type')).toBe('application/pdf');
    const documento = await getDocumentProxy(new Uint8Array(await resposta.arrayBuffer()));
    const { text } = await extractText(documento, { mergePages: true });
    await documento.destroy();
    return text.replace(/\s+/g, ' ');
  }

  it('o primário e a réplica são de fato bancos diferentes, e a réplica recusa escritas', async () => {
    const naReplica = 'SELECT count(*)::int AS n FROM unidade WHERE sigla = $1';
    expect((await comAdmin(primario.url, (c) => c.query(naReplica, ['RPLC']))).rows[0].n).toBe(0);
    expect((await comAdmin(replica.url, (c) => c.query(naReplica, ['RPLC']))).rows[0].n).toBe(1);
    await expect(
      comAdmin(replica.url, (c) => c.query(`UPDATE unidade SET nome = nome WHERE sigla = 'RPLC'`)),
    ).rejects.toThrow(/read-only/);
  });

  it('a busca de documentos responde pela réplica', async () => {
    const anonima = await obter(base, buscaPorNumero(so.numero));
    expect(anonima.status).toBe(200);
    const corpo = anonima.corpo as { total: number; itens: { numero: string; resumoAssunto: string }[] };
    expect(corpo.total).toBe(1);
    expect(corpo.itens.map((item) => [item.numero, item.resumoAssunto])).toEqual([
      [so.numero, 'Xilogravura lida da réplica'],
    ]);

    // Logged in (the session lives only in the primary, the search still on the replica).
    const ana = await entrar(base, 'ana');
    const logada = await obter(base, buscaPorNumero(so.numero), ana);
    expect(logada.status).toBe(200);
    expect((logada.corpo as { itens: { numero: string }[] }).itens.map((item) => item.numero)).toEqual([so.numero]);
  });

  it('os relatórios (unidades, malote e desarquivados) respondem pela réplica', async () => {
    const admin = await entrar(base, 'admin');
    for (const tipo of ['malote', 'desarquivados']) {
      const unidades = await obter(base, `/relatorios/${tipo}/unidades`, admin);
      expect(unidades.status).toBe(200);
      expect((unidades.corpo as { id: number; sigla: string }[]).find((u) => u.sigla === 'RPLC')?.id).toBe(so.unidade);
    }

    const periodo = 'inicio=2020-01-01T00:00&fim=2020-01-31T23:59';
    const malote = await pdf(`/relatorios/malote?idsUnidades=${so.unidade}&${periodo}`, admin);
    expect(malote).toContain(so.numero);
    expect(malote).toContain('Xilogravura lida da réplica');
    expect(malote).toContain('Total geral: 1 documento enviado a 1 unidade de destino');

    const desarquivados = await pdf(`/relatorios/desarquivados?idsUnidades=${so.unidade}&${periodo}`, admin);
    expect(desarquivados).toContain(so.numero);
    expect(desarquivados).toContain('Consulta à cópia de leitura');
    expect(desarquivados).toContain('Total geral: 1 documento desarquivado');
  });

  it('as conexões da réplica aparecem em pg_stat_activity como tramite-leitura, e só no banco da réplica', async () => {
    // The pools keep their idle connections for 30 s: the ones the searches and reports above used are still there.
    const { rows } = await comAdmin(urlServidor, (admin) =>
      admin.query<{ datname: string; application_name: string }>(
        'SELECT datname, application_name FROM pg_stat_activity WHERE datname IN ($1, $2)',
        [primario.nome, replica.nome],
      ),
    );
    const nomes = (banco: string) => [
      ...new Set(rows.filter((r) => r.datname === banco).map((r) => r.application_name)),
    ];
    expect(nomes(replica.nome)).toEqual([NOME_APLICACAO.leitura]);
    expect(nomes(primario.nome)).toContain(NOME_APLICACAO.primario);
    expect(nomes(primario.nome)).not.toContain(NOME_APLICACAO.leitura);
  });

  it('escritas e leituras logo depois delas ficam no primário', async () => {
    const ana = await entrar(base, 'ana');
    const idDocumento = await autuar(base, ana, cenario, 'Quiromancia recém-autuada');
    const detalhe = await obter(base, `/documentos/${idDocumento}`, ana);
    expect(detalhe.status).toBe(200);
    expect((detalhe.corpo as { resumoAssunto: string }).resumoAssunto).toBe('Quiromancia recém-autuada');
    recente = { id: idDocumento, numero: (detalhe.corpo as { numero: string }).numero };
    expect((await enviarPeca(base, ana, idDocumento, await pdfUnico())).status).toBe(201);
    expect((await tramitar(base, ana, cenario, idDocumento, cenario.prograd)).status).toBe(201);
    const bruno = await entrar(base, 'bruno');
    expect((await receber(base, bruno, idDocumento)).status).toBe(200);

    // The copy never receives it (a real replica would, after its lag): the search does not find it yet.
    const busca = await obter(base, buscaPorNumero(recente.numero), ana);
    expect(busca.status).toBe(200);
    expect((busca.corpo as { total: number }).total).toBe(0);
    const noPrimario = await comAdmin(primario.url, (c) =>
      c.query('SELECT id_unidade_atual FROM documento WHERE id = $1', [idDocumento]),
    );
    expect(Number(noPrimario.rows[0].id_unidade_atual)).toBe(cenario.prograd);
  });

  it('sem DATABASE_URL_LEITURA, busca e relatórios leem do primário, pela mesma instância', async () => {
    const { iniciado, base: soPrimario } = await iniciar({ DATABASE_URL: primario.url });
    try {
      expect(iniciado.app.dbLeitura).toBe(iniciado.app.db);
      expect(servidor.app.dbLeitura).not.toBe(servidor.app.db);
      const busca = await obter(soPrimario, buscaPorNumero(so.numero));
      expect(busca.status).toBe(200);
      expect((busca.corpo as { total: number }).total).toBe(0);
      const doPrimario = await obter(soPrimario, buscaPorNumero(recente.numero));
      expect((doPrimario.corpo as { itens: { numero: string }[] }).itens.map((item) => item.numero)).toEqual([
        recente.numero,
      ]);
      const admin = await entrar(soPrimario, 'admin');
      const unidades = await obter(soPrimario, '/relatorios/malote/unidades', admin);
      expect(unidades.status).toBe(200);
      expect((unidades.corpo as { sigla: string }[]).map((u) => u.sigla)).not.toContain('RPLC');
    } finally {
      await iniciado.fechar();
    }
  });

  it('com a réplica fora do ar, busca e relatórios respondem 503 e o resto continua', async () => {
    // A port that just closed: every connection to the "replica" is refused.
    const livre = createServer();
    await new Promise<void>((pronto) => livre.listen(0, '127.0.0.1', pronto));
    const { port } = livre.address() as { port: number };
    await new Promise((pronto) => livre.close(pronto));
    const { iniciado, base: semReplica } = await iniciar({
      DATABASE_URL: primario.url,
      DATABASE_URL_LEITURA: `postgres://postgres@127.0.0.1:${port}/tramite`,
    });
    try {
      const admin = await entrar(semReplica, 'admin');
      expect((await obter(semReplica, buscaPorNumero(recente.numero), admin)).status).toBe(503);
      expect((await obter(semReplica, '/relatorios/malote/unidades', admin)).status).toBe(503);
      const detalhe = await obter(semReplica, `/documentos/${recente.id}`, admin);
      expect(detalhe.status).toBe(200);
      expect((detalhe.corpo as { numero: string }).numero).toBe(recente.numero);
    } finally {
      await iniciado.fechar();
    }
  });
});
