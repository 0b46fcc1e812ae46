import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type AndamentoIndexacao, MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from '../../config.ts';
import { abrirBanco } from '../../db/connection.ts';
import { migrarParaUltima } from '../../db/migrator.ts';
import { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import type { AppTeste } from '../../testing/app-teste.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';
import {
  adicionarPecas,
  criarDocumento,
  criarHipotese,
  criarTipoDocumento,
  criarUnidade,
  criarUsuario,
} from '../../testing/fabricas.ts';
import { ErroReindexacao, reindexarPorComando } from './administracao.ts';

/** The administration of the indexing: GET administracao/indexacao, the re-indexing (API and command). */

const executar = promisify(execFile);
const RAIZ_REPOSITORIO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..');

const t = usarAppTeste();
const db = () => t.banco.db;
const NOME_RESTRITO = 'laudo-pericial-de-fulano.pdf';

interface Mundo {
  idDocumentoA: number;
  numeroA: string;
  idDocumentoB: number;
  /** A's files: a public peça (CONCLUIDO) and a restricted one (ILEGIVEL). */
  publicoA: string;
  restritoA: string;
  /** B's file, being read. */
  arquivoB: string;
}
const m = {} as Mundo;

async function mundo(alvo: Pick<AppTeste, 'app' | 'banco'>, destino: Mundo) {
  const banco = alvo.banco.db;
  const unidade = await criarUnidade(banco);
  const usuario = await criarUsuario(banco, { lotacoes: [unidade.id] });
  const tipo = await criarTipoDocumento(banco);
  const hipotese = await criarHipotese(banco);
  const novoDocumento = () =>
    criarDocumento(banco, { idUnidade: unidade.id, idUsuario: usuario.id, idTipoDocumento: tipo });
  destino.idDocumentoA = await novoDocumento();
  destino.idDocumentoB = await novoDocumento();
  const { numero } = await banco
    .selectFrom('documento')
    .select('numero')
    .where('id', '=', destino.idDocumentoA)
    .executeTakeFirstOrThrow();
  destino.numeroA = numero;
  const [publico, restrito] = await adicionarPecas(alvo, { idDocumento: destino.idDocumentoA, idUsuario: usuario.id }, [
    { nome: 'oficio.pdf', conteudo: pdf({ paginas: 2, marca: 'publico A' }), tipoMime: 'application/pdf' },
    {
      nome: NOME_RESTRITO,
      conteudo: pdf({ paginas: 1, marca: 'restrito A' }),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal: hipotese,
    },
  ]);
  const [doB] = await adicionarPecas(alvo, { idDocumento: destino.idDocumentoB, idUsuario: usuario.id }, 1);
  destino.publicoA = publico?.sha256 as string;
  destino.restritoA = restrito?.sha256 as string;
  destino.arquivoB = doB?.sha256 as string;
  // States as the indexer leaves them.
  await sql`UPDATE arquivo_indexacao SET estado = 'CONCLUIDO', tentativas = 1, paginas_total = 2, paginas_feitas = 2,
    paginas_ocr = 1, paginas_falhas = 1, iniciado_em = now(), concluido_em = now()
    WHERE sha256 = ${destino.publicoA}`.execute(banco);
  await sql`INSERT INTO arquivo_texto_pagina (sha256, pagina, texto, origem, falha) VALUES
    (${destino.publicoA}, 1, 'texto lido agora', 'O', NULL),
    (${destino.publicoA}, 2, '', 'T', ${MENSAGENS.conteudo.paginaTempoEsgotado})`.execute(banco);
  await sql`UPDATE arquivo_indexacao SET estado = 'ILEGIVEL', tentativas = 1, motivo = ${MENSAGENS.conteudo.protegido},
    concluido_em = now() WHERE sha256 = ${destino.restritoA}`.execute(banco);
  await sql`UPDATE arquivo_indexacao SET estado = 'EXTRAINDO', tentativas = 1, iniciado_em = now(),
    bloqueado_ate = now() + interval '5 minutes' WHERE sha256 = ${destino.arquivoB}`.execute(banco);
}

beforeAll(async () => {
  await mundo(t, m);
  const unidade = await criarUnidade(db());
  await criarUsuario(db(), { username: 'indexadora', lotacoes: [unidade.id], permissoes: ['ADMINISTRACAO_INDEXACAO'] });
  await criarUsuario(db(), {
    username: 'calendarista',
    lotacoes: [unidade.id],
    permissoes: ['ADMINISTRACAO_CALENDARIO', 'VISUALIZACAO_IRRESTRITA_PECAS'],
  });
});
const sessoes = usarSessoes(t, ['indexadora', 'calendarista'] as const);

const andamento = async (cookie = sessoes.indexadora) => {
  const resposta = await t.app.inject({ method: 'GET', url: '/api/administracao/indexacao', headers: { cookie } });
  return resposta;
};
const reindexar = (payload: unknown, cookie = sessoes.indexadora) =>
  t.app.inject({
    method: 'POST',
    url: '/api/administracao/indexacao/reindexacao',
    headers: cabecalhosApp(cookie),
    payload: payload as object,
  });
const estado = (sha256: string) =>
  db().selectFrom('arquivoIndexacao').selectAll().where('sha256', '=', sha256).executeTakeFirstOrThrow();

describe('administração da indexação', () => {
  it('mostra os arquivos por estado, as páginas e os ilegíveis com documento e sequencial, nunca o nome', async () => {
    const resposta = await andamento();
    expect(resposta.statusCode).toBe(200);
    const corpo = resposta.json<AndamentoIndexacao>();
    expect(corpo.arquivos).toEqual({ concluidos: 1, naFila: 0, emLeitura: 1, ilegiveis: 1 });
    expect(corpo.paginas).toEqual({ lidas: 1, porOcr: 1, comFalha: 1 });
    // Two pages extracted within the last ten minutes.
    expect(corpo.paginasPorMinuto).toBe(0.2);
    expect(corpo.ilegiveis).toEqual([
      {
        numeroDocumento: m.numeroA,
        idDocumento: m.idDocumentoA,
        sequencial: 2,
        motivo: MENSAGENS.conteudo.protegido,
        em: expect.any(String),
      },
    ]);
    expect(resposta.body).not.toContain(NOME_RESTRITO);
    expect(resposta.body).not.toContain('laudo-pericial');
  });

  it('só quem tem ADMINISTRACAO_INDEXACAO acompanha e pede a indexação', async () => {
    expect((await andamento(sessoes.calendarista)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/administracao/indexacao' })).statusCode).toBe(401);
    const recusada = await reindexar({}, sessoes.calendarista);
    expect(recusada.statusCode).toBe(403);
    expect(await estado(m.publicoA)).toMatchObject({ estado: 'CONCLUIDO' });
  });

  it('reindexa um documento: os seus arquivos voltam à fila como novos, o texto atual continua lá; com auditoria', async () => {
    const resposta = await reindexar({ idDocumento: m.idDocumentoA });
    expect(resposta.statusCode).toBe(202);
    expect(resposta.json()).toEqual({ arquivos: 2 });
    for (const sha of [m.publicoA, m.restritoA]) {
      expect(await estado(sha)).toMatchObject({ estado: 'PENDENTE', tentativas: 0, motivo: null, bloqueadoAte: null });
    }
    expect(await estado(m.arquivoB)).toMatchObject({ estado: 'EXTRAINDO', tentativas: 1 });
    // The old text stays searchable until each page is read again.
    const texto = await db()
      .selectFrom('arquivoTextoPagina')
      .select('texto')
      .where('sha256', '=', m.publicoA)
      .execute();
    expect(texto).toHaveLength(2);
    const auditoria = await db()
      .selectFrom('auditoria')
      .select(['acao', 'entidade', 'idEntidade', 'depois'])
      .where('acao', '=', 'REINDEXAR_CONTEUDO')
      .execute();
    expect(auditoria).toEqual([
      {
        acao: 'REINDEXAR_CONTEUDO',
        entidade: 'documento',
        idEntidade: String(m.idDocumentoA),
        depois: { arquivos: 2 },
      },
    ]);
    const corpo = (await andamento()).json<AndamentoIndexacao>();
    expect(corpo.arquivos).toMatchObject({ naFila: 2, concluidos: 0, ilegiveis: 0 });
  });

  it('um documento que não existe é 404 com a mensagem do catálogo; um id inválido é 400', async () => {
    const resposta = await reindexar({ idDocumento: 987_654_321 });
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    expect((await reindexar({ idDocumento: -1 })).statusCode).toBe(400);
  });

  it('reindexa tudo', async () => {
    const resposta = await reindexar({});
    expect(resposta.statusCode).toBe(202);
    expect(resposta.json()).toEqual({ arquivos: 3 });
    expect(await estado(m.arquivoB)).toMatchObject({ estado: 'PENDENTE', tentativas: 0 });
    const corpo = (await andamento()).json<AndamentoIndexacao>();
    expect(corpo.arquivos).toEqual({ concluidos: 0, naFila: 3, emLeitura: 0, ilegiveis: 0 });
  });

  it('o comando reindexa um documento pelo número ou pelo id, e recusa um documento que não existe', async () => {
    await sql`UPDATE arquivo_indexacao SET estado = 'CONCLUIDO'`.execute(db());
    expect(await reindexarPorComando(db(), m.numeroA)).toEqual({ arquivos: 2, numeroDocumento: m.numeroA });
    expect(await estado(m.arquivoB)).toMatchObject({ estado: 'CONCLUIDO' });
    expect(await reindexarPorComando(db(), String(m.idDocumentoB))).toMatchObject({ arquivos: 1 });
    expect(await estado(m.arquivoB)).toMatchObject({ estado: 'PENDENTE' });
    await expect(reindexarPorComando(db(), '00000.000000/0000-00')).rejects.toThrow(ErroReindexacao);
  });

  it('npm run reindexar age no banco configurado (DATA_DIR), como o operador o executa', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tramite-reindexar-'));
    try {
      const config = lerConfig({ DATA_DIR: dataDir });
      const abrir = async () => {
        const conexao = await abrirBanco(config.banco);
        const alvo = { app: { armazenamento: new ArmazenamentoArquivos(config.arquivosDir) }, banco: conexao };
        return { conexao, alvo: alvo as unknown as Pick<AppTeste, 'app' | 'banco'> };
      };
      const local = {} as Mundo;
      let { conexao, alvo } = await abrir();
      await migrarParaUltima(conexao.db);
      await mundo(alvo, local);
      await conexao.fechar();

      const comando = (argumentos: string[]) =>
        executar(process.execPath, ['--import', 'tsx', 'scripts/reindexar.ts', ...argumentos], {
          cwd: RAIZ_REPOSITORIO,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        });
      const { stdout } = await comando(['--documento', local.numeroA]);
      expect(stdout).toContain(`2 arquivos voltaram para a fila de indexação do documento ${local.numeroA}`);
      await expect(comando(['--documento', '424242424'])).rejects.toMatchObject({
        stderr: expect.stringContaining('Nenhum documento com o número ou id 424242424'),
      });

      ({ conexao, alvo } = await abrir());
      try {
        const estados = await conexao.db
          .selectFrom('arquivoIndexacao')
          .select(['sha256', 'estado'])
          .orderBy('sha256')
          .execute();
        expect(Object.fromEntries(estados.map((e) => [e.sha256, e.estado]))).toEqual({
          [local.publicoA]: 'PENDENTE',
          [local.restritoA]: 'PENDENTE',
          [local.arquivoB]: 'EXTRAINDO',
        });
        const auditoria = await conexao.db
          .selectFrom('auditoria')
          .select(['idUsuario', 'acao'])
          .where('acao', '=', 'REINDEXAR_CONTEUDO')
          .execute();
        expect(auditoria).toEqual([{ idUsuario: null, acao: 'REINDEXAR_CONTEUDO' }]);
      } finally {
        await conexao.fechar();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
