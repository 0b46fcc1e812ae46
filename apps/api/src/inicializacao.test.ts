import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from './config.ts';
import { iniciarServidor } from './inicializacao.ts';
import { cabecalhosApp, entrarNoApp } from './testing/app-teste.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tramite-inicio-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('npm start no banco embutido', () => {
  it('migra e semeia no primeiro início e mantém tudo no segundo', async () => {
    const config = lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(config.banco.tipo).toBe('pglite');
    expect(config.demo).toBe(true);

    const primeiro = await iniciarServidor(config);
    expect(primeiro.migracoesAplicadas).toContain('0001-esquema-inicial');
    expect(primeiro.semente?.semeado).toBe(true);
    const cookie = await entrarNoApp(primeiro.app, 'admin');
    const usuario = (await primeiro.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } })).json();
    const outraUnidade = usuario.lotacoes.find((u: { id: number }) => u.id !== usuario.configuracoes.idUnidadeAtual);
    const alteracao = await primeiro.app.inject({
      method: 'POST',
      url: '/api/auth/configuracoes',
      headers: cabecalhosApp(cookie),
      payload: { idUnidadeAtual: outraUnidade.id, email: 'persistente@ufex.edu.br' },
    });
    expect(alteracao.statusCode).toBe(200);
    const documentos = await primeiro.app.inject({ method: 'GET', url: '/api/mensagens' });
    expect(documentos.statusCode).toBe(200);
    await primeiro.fechar();

    const segundo = await iniciarServidor(config);
    expect(segundo.migracoesAplicadas).toEqual([]);
    expect(segundo.semente?.semeado).toBe(false);
    const depois = await segundo.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(depois.statusCode).toBe(200);
    expect(depois.json().configuracoes).toMatchObject({
      idUnidadeAtual: outraUnidade.id,
      email: 'persistente@ufex.edu.br',
    });
    await segundo.fechar();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('npm start num servidor PostgreSQL', () => {
  it('aplica as mesmas migrações e só semeia com DEMO=1', async () => {
    const servidor = process.env.TEST_DATABASE_URL as string;
    const nome = `tramite_inicio_${process.pid}`;
    const admin = new pg.Client({ connectionString: servidor });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${nome}`);
    await admin.query(`CREATE DATABASE ${nome}`);
    try {
      const url = new URL(servidor);
      url.pathname = `/${nome}`;
      const semDemo = lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url.toString() });
      const primeiro = await iniciarServidor(semDemo);
      expect(primeiro.migracoesAplicadas).toContain('0001-esquema-inicial');
      expect(primeiro.semente).toBeNull();
      await primeiro.fechar();

      const comDemo = lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), DEMO: '1' });
      const segundo = await iniciarServidor(comDemo);
      expect(segundo.migracoesAplicadas).toEqual([]);
      expect(segundo.semente?.semeado).toBe(true);
      const cookie = await entrarNoApp(segundo.app, 'ana');
      const usuario = await segundo.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
      expect(usuario.json().username).toBe('ana');
      await segundo.fechar();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await admin.end();
    }
  });
});
