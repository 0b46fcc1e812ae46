import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type Config, lerConfig } from '../config.ts';
import { iniciarServidor, type ServidorIniciado } from '../inicializacao.ts';
import { AssinadorPdf } from '../platform/assinatura-pdf.ts';
import { entrarNoApp } from '../testing/app-teste.ts';
import { bancoDosTestes } from '../testing/banco-teste.ts';
import { alterarConfiguracoes } from '../testing/configuracoes-usuario.ts';
import { ErroCopia, fazerCopia, restaurarCopia } from './copia-seguranca.ts';
import { type BancoCriado, criarBancoVazio, RAIZ_REPOSITORIO } from './processos.ts';

/**
 * Issue 12: a backup of a server with data, restored into a new DATA_DIR (or a new database), gives a server that
 * finds the same data and the same file bytes. The embedded way runs with the PGlite suite, the pg_dump way with
 * the PostgreSQL one (TEST_DATABASE_URL).
 */

const executar = promisify(execFile);
const pastas: string[] = [];

async function pastaTemporaria(prefixo: string): Promise<string> {
  const pasta = await mkdtemp(join(tmpdir(), `tramite-${prefixo}-`));
  pastas.push(pasta);
  return pasta;
}

afterAll(async () => {
  for (const pasta of pastas) await rm(pasta, { recursive: true, force: true });
});

function configurar(dataDir: string, extra: Record<string, string> = {}): Config {
  return lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'sem-web'), ...extra });
}

interface Marca {
  email: string;
  idDocumento: number;
  idAnexo: number;
  bytes: Buffer;
}

/** Changes something through the API and reads a piece's bytes, to find both again after the restore. */
async function marcarDados(servidor: ServidorIniciado): Promise<Marca> {
  const { app } = servidor;
  const email = `copia-${randomBytes(3).toString('hex')}@ufex.edu.br`;
  const { cookie } = await alterarConfiguracoes(app, 'admin', (usuario) => ({
    idUnidadeAtual: usuario.configuracoes.idUnidadeAtual,
    email,
  }));
  const peca = await app.db
    .selectFrom('peca')
    .innerJoin('anexo', 'anexo.id', 'peca.idAnexo')
    .select(['peca.idDocumento', 'anexo.id as idAnexo'])
    .orderBy('peca.id')
    .executeTakeFirstOrThrow();
  const binario = await app.inject({
    method: 'GET',
    url: `/api/documentos/${peca.idDocumento}/anexos/${peca.idAnexo}/binario`,
    headers: { cookie },
  });
  expect(binario.statusCode).toBe(200);
  expect(binario.rawPayload.length).toBeGreaterThan(100);
  return { email, idDocumento: peca.idDocumento, idAnexo: peca.idAnexo, bytes: binario.rawPayload };
}

/** A server on the restored copy: no migration left to apply, and the marked change and bytes are there. */
async function conferirRestauracao(config: Config, marca: Marca): Promise<void> {
  const servidor = await iniciarServidor(config);
  try {
    expect(servidor.migracoesAplicadas).toEqual([]);
    const { app } = servidor;
    const cookie = await entrarNoApp(app, 'admin');
    const usuario = await app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(usuario.statusCode).toBe(200);
    expect(usuario.json().email).toBe(marca.email);
    const binario = await app.inject({
      method: 'GET',
      url: `/api/documentos/${marca.idDocumento}/anexos/${marca.idAnexo}/binario`,
      headers: { cookie },
    });
    expect(binario.statusCode).toBe(200);
    expect(Buffer.compare(binario.rawPayload, marca.bytes)).toBe(0);
    const auditoria = await app.db
      .selectFrom('auditoria')
      .select('depois')
      .where('acao', '=', 'ALTERAR_CONFIGURACOES')
      .execute();
    expect(JSON.stringify(auditoria)).toContain(marca.email);
  } finally {
    await servidor.fechar();
  }
}

async function contarArquivos(raiz: string): Promise<number> {
  const entradas = await readdir(raiz, { recursive: true, withFileTypes: true });
  return entradas.filter((e) => e.isFile()).length;
}

/** On-disk PGlite, the demo seed, a backup and a restore: slow on a busy machine. */
const LONGO = 300_000;
let copiasEmbutido: string;

describe.skipIf(bancoDosTestes() === 'postgres')('cópia de segurança do banco embutido', () => {
  it('copia com o servidor parado, restaura num DATA_DIR novo e o servidor encontra os dados e os bytes', {
    timeout: LONGO,
  }, async () => {
    const origem = await pastaTemporaria('origem');
    const destinoCopias = await pastaTemporaria('copias');
    copiasEmbutido = destinoCopias;
    const configOrigem = configurar(origem, { DEMO: '1' });

    const servidor = await iniciarServidor(configOrigem);
    let marca: Marca;
    try {
      marca = await marcarDados(servidor);
      // The data directory is open: the backup refuses instead of copying a live PGlite.
      await expect(fazerCopia(configOrigem, destinoCopias)).rejects.toThrow(/pare o servidor/);
    } finally {
      await servidor.fechar();
    }
    expect(await readdir(destinoCopias)).toEqual([]);
    const assinador = new AssinadorPdf({
      arquivoCertificado: null,
      senha: '',
      pastaCertificados: configOrigem.assinatura.pastaCertificados,
      instituicao: { nome: 'Universidade de Teste', sigla: 'UT' },
    });
    const certificadoOriginal = await assinador.obterCertificado();

    // Through the npm script's own entry point, as an operator runs it.
    const { stdout } = await executar(
      process.execPath,
      ['--import', 'tsx', 'scripts/backup.ts', '--destino', destinoCopias],
      { cwd: RAIZ_REPOSITORIO, env: { ...process.env, DATA_DIR: origem, DATABASE_URL: '' } },
    );
    expect(stdout).toContain('Cópia de segurança criada');
    const [nome] = await readdir(destinoCopias);
    expect(nome).toMatch(/^tramite-backup-\d{8}-\d{6}$/);
    const pasta = join(destinoCopias, nome as string);
    const manifesto = JSON.parse(await readFile(join(pasta, 'manifesto.json'), 'utf8'));
    expect(manifesto).toMatchObject({ formato: 1, banco: 'pglite', arquivoBanco: 'banco.tar.gz' });
    expect(manifesto.migracoes).toContain('0001-esquema-inicial');
    expect(manifesto.arquivos.quantidade).toBe(await contarArquivos(configOrigem.arquivosDir));
    expect(manifesto.arquivos.quantidade).toBeGreaterThan(0);

    // The original is gone: only the backup remains.
    await rm(origem, { recursive: true, force: true });
    const novo = await pastaTemporaria('restaurado');
    const configNovo = configurar(novo, { DEMO: '0' });
    await restaurarCopia(pasta, configNovo);
    expect(await contarArquivos(configNovo.arquivosDir)).toBe(manifesto.arquivos.quantidade);
    // The institutional signing certificate comes back too, so signatures keep the same signer.
    const certificadoRestaurado = await new AssinadorPdf({
      arquivoCertificado: null,
      senha: '',
      pastaCertificados: configNovo.assinatura.pastaCertificados,
      instituicao: { nome: 'Outra', sigla: 'O' },
    }).obterCertificado();
    expect(certificadoRestaurado.p12.equals(certificadoOriginal.p12)).toBe(true);
    expect(certificadoRestaurado.senha).toBe(certificadoOriginal.senha);
    // A restore never overwrites: the same DATA_DIR again is refused.
    await expect(restaurarCopia(pasta, configNovo)).rejects.toThrow(ErroCopia);

    await conferirRestauracao(configNovo, marca);
  });

  it('recusa uma cópia danificada, sem gravar nada', async () => {
    const [nome] = await readdir(copiasEmbutido);
    const pasta = await pastaTemporaria('danificada');
    await cp(join(copiasEmbutido, nome as string), pasta, { recursive: true });
    const banco = join(pasta, 'banco.tar.gz');
    const conteudo = await readFile(banco);
    conteudo[conteudo.length - 10] = (conteudo[conteudo.length - 10] ?? 0) ^ 0xff;
    await writeFile(banco, conteudo);
    const novo = await pastaTemporaria('restaurado2');
    await expect(restaurarCopia(pasta, configurar(novo))).rejects.toThrow(/danificada/);
    expect(existsSync(join(novo, 'pglite'))).toBe(false);
    expect(existsSync(join(novo, 'arquivos'))).toBe(false);
  });
});

describe.runIf(bancoDosTestes() === 'postgres')('cópia de segurança com servidor PostgreSQL (pg_dump)', () => {
  const bancos: BancoCriado[] = [];

  async function criarBanco(): Promise<string> {
    const banco = await criarBancoVazio(process.env.TEST_DATABASE_URL ?? '', 'tramite_copia');
    bancos.push(banco);
    return banco.url;
  }

  afterAll(async () => {
    for (const banco of bancos) await banco.apagar();
  });

  it('copia com o servidor em uso e restaura num banco novo', { timeout: LONGO }, async () => {
    const origem = await pastaTemporaria('pg-origem');
    const configOrigem = configurar(origem, { DATABASE_URL: await criarBanco(), DEMO: '1' });
    const servidor = await iniciarServidor(configOrigem);
    let pasta: string;
    let marca: Marca;
    try {
      marca = await marcarDados(servidor);
      ({ pasta } = await fazerCopia(configOrigem, await pastaTemporaria('pg-copias')));
    } finally {
      await servidor.fechar();
    }
    expect(existsSync(join(pasta, 'banco.dump'))).toBe(true);
    const configNovo = configurar(await pastaTemporaria('pg-restaurado'), {
      DATABASE_URL: await criarBanco(),
      DEMO: '0',
    });
    await restaurarCopia(pasta, configNovo);
    await conferirRestauracao(configNovo, marca);
    // The restored database is no longer empty: a second restore is refused.
    await expect(restaurarCopia(pasta, configNovo)).rejects.toThrow(/não está vazio/);
  });
});
