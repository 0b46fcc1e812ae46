import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from './config.ts';
import { iniciarServidor } from './inicializacao.ts';
import { entrarNoApp } from './testing/app-teste.ts';
import { criarBancoVazio } from './testing/banco-servidor.ts';
import { alterarConfiguracoes } from './testing/configuracoes-usuario.ts';

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
    const { cookie, configuracoes } = await alterarConfiguracoes(primeiro.app, 'admin', (usuario) => ({
      idUnidadeAtual: usuario.lotacoes.find((u) => u.id !== usuario.configuracoes.idUnidadeAtual)?.id ?? 0,
      email: 'persistente@ufex.edu.br',
    }));
    const documentos = await primeiro.app.inject({ method: 'GET', url: '/api/mensagens' });
    expect(documentos.statusCode).toBe(200);
    await primeiro.fechar();

    const segundo = await iniciarServidor(config);
    expect(segundo.migracoesAplicadas).toEqual([]);
    expect(segundo.semente?.semeado).toBe(false);
    const depois = await segundo.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(depois.statusCode).toBe(200);
    expect(depois.json().configuracoes).toMatchObject(configuracoes);
    await segundo.fechar();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('npm start num servidor PostgreSQL', () => {
  it('aplica as mesmas migrações e só semeia com DEMO=1', async () => {
    const banco = await criarBancoVazio(process.env.TEST_DATABASE_URL as string, 'tramite_inicio');
    try {
      const semDemo = lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: banco.url });
      const primeiro = await iniciarServidor(semDemo);
      expect(primeiro.migracoesAplicadas).toContain('0001-esquema-inicial');
      expect(primeiro.semente).toBeNull();
      await primeiro.fechar();

      const comDemo = lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: banco.url, DEMO: '1' });
      const segundo = await iniciarServidor(comDemo);
      expect(segundo.migracoesAplicadas).toEqual([]);
      expect(segundo.semente?.semeado).toBe(true);
      const cookie = await entrarNoApp(segundo.app, 'ana');
      const usuario = await segundo.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
      expect(usuario.json().username).toBe('ana');
      await segundo.fechar();
    } finally {
      await banco.apagar();
    }
  });
});
