import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalizarTexto, pdfComTexto, pdfProtegido } from '../../db/seed/digitalizacao.ts';
import type { ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import {
  adicionarPecas,
  criarDocumento,
  criarTipoDocumento,
  criarUnidade,
  criarUsuario,
} from '../../testing/fabricas.ts';
import type { tarefasConteudo } from './extracao.ts';
import { Indexador } from './indexador.ts';
import { criarPoolIndexacao, type PoolIndexacao } from './pool-indexacao.ts';

/**
 * The background indexer on real files (text PDFs, scans read by OCR, a password-protected PDF) and a real database
 * (PGlite, or PostgreSQL with TEST_DB=postgres): what ends in arquivo_indexacao and arquivo_texto_pagina.
 */

const t = usarAppTeste();
const db = () => t.banco.db;
let pool: PoolIndexacao;
let idDocumento: number;
let idUsuario: number;

const LAUDO = [
  'LAUDO TÉCNICO DE INSALUBRIDADE',
  'Laboratório de Radioquímica do Instituto de Química.',
  'Os servidores ficam expostos a agentes químicos durante a jornada.',
];

beforeAll(async () => {
  pool = criarPoolIndexacao({ ...t.config.indexacao, trabalhadores: 2 });
  const unidade = await criarUnidade(db());
  const usuario = await criarUsuario(db(), { lotacoes: [unidade.id] });
  idUsuario = usuario.id;
  idDocumento = await criarDocumento(db(), {
    idUnidade: unidade.id,
    idUsuario,
    idTipoDocumento: await criarTipoDocumento(db()),
  });
});

afterAll(async () => {
  await pool?.fechar();
});

const novoIndexador = (executor: ExecutorTarefas<typeof tarefasConteudo> = pool, trabalhadores = 2) =>
  new Indexador(db(), t.app.armazenamento, executor, { trabalhadores, intervaloMs: 200 });

async function adicionar(nome: string, conteudo: Buffer, tipoMime: string) {
  const [peca] = await adicionarPecas(t, { idDocumento, idUsuario }, [{ nome, conteudo, tipoMime }]);
  return (peca as NonNullable<typeof peca>).sha256;
}

const estado = (sha256: string) =>
  db().selectFrom('arquivoIndexacao').selectAll().where('sha256', '=', sha256).executeTakeFirstOrThrow();

const paginas = (sha256: string) =>
  db()
    .selectFrom('arquivoTextoPagina')
    .select(['pagina', 'texto', 'origem', 'falha', 'extraidoEm'])
    .where('sha256', '=', sha256)
    .orderBy('pagina')
    .execute();

/** Lower case without accents: OCR may miss an accent, the search ignores them anyway. */
const simples = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('indexador do conteúdo das peças', () => {
  it('o gatilho enfileira o arquivo de uma peça nova; um PDF com texto e uma digitalização terminam CONCLUIDO', async () => {
    const pdf = await adicionar(
      'parecer.pdf',
      await pdfComTexto([
        ['Parecer sobre a licitação de equipamentos hospitalares.'],
        ['Segunda página: opinamos pelo deferimento do pedido.'],
      ]),
      'application/pdf',
    );
    const scan = await adicionar('laudo.png', await digitalizarTexto(LAUDO), 'image/png');
    expect(await estado(pdf)).toMatchObject({ estado: 'PENDENTE', tentativas: 0 });
    expect(await estado(scan)).toMatchObject({ estado: 'PENDENTE', tentativas: 0 });

    const resultado = await novoIndexador().executarPassagem();
    expect(resultado).toEqual({ concluidos: 2, ilegiveis: 0, devolvidos: 0 });

    expect(await estado(pdf)).toMatchObject({
      estado: 'CONCLUIDO',
      paginasTotal: 2,
      paginasFeitas: 2,
      paginasOcr: 0,
      paginasFalhas: 0,
      tentativas: 1,
      bloqueadoAte: null,
      motivo: null,
    });
    const paginasPdf = await paginas(pdf);
    expect(paginasPdf.map((p) => [p.pagina, p.origem, p.falha])).toEqual([
      [1, 'T', null],
      [2, 'T', null],
    ]);
    expect(paginasPdf[0]?.texto).toContain('equipamentos hospitalares');
    expect(paginasPdf[1]?.texto).toContain('deferimento');

    expect(await estado(scan)).toMatchObject({ estado: 'CONCLUIDO', paginasTotal: 1, paginasFeitas: 1, paginasOcr: 1 });
    const [paginaScan] = await paginas(scan);
    expect(paginaScan).toMatchObject({ pagina: 1, origem: 'O', falha: null });
    expect(simples(paginaScan?.texto ?? '')).toContain('radioquimica');

    // The page is searchable in Portuguese, without accents.
    const { rows } = await sql<{ sha256: string }>`SELECT sha256 FROM arquivo_texto_pagina
      WHERE tsv @@ websearch_to_tsquery('public.portugues_sem_acento', 'insalubridade radioquimica')`.execute(db());
    expect(rows.map((r) => r.sha256)).toEqual([scan]);
  });

  it('retoma um arquivo deixado em EXTRAINDO por um processo morto sem ler de novo a página já lida', async () => {
    const sha = await adicionar(
      'ata.pdf',
      await pdfComTexto([['Ata da primeira reunião.'], ['Ata da segunda reunião.'], ['Ata da terceira reunião.']]),
      'application/pdf',
    );
    // A process took it ten minutes ago, read page 1 and died; page 4 is left from an older reading of the file.
    await sql`UPDATE arquivo_indexacao SET estado = 'EXTRAINDO', tentativas = 1, paginas_total = 3, paginas_feitas = 1,
      iniciado_em = now() - interval '10 minutes', bloqueado_ate = now() - interval '1 minute'
      WHERE sha256 = ${sha}`.execute(db());
    await sql`INSERT INTO arquivo_texto_pagina (sha256, pagina, texto, origem, extraido_em) VALUES
      (${sha}, 1, 'texto da página um lido antes da queda', 'T', now() - interval '9 minutes'),
      (${sha}, 4, 'página de uma leitura antiga', 'T', now() - interval '1 day')`.execute(db());
    const [antes] = await paginas(sha);

    expect(await novoIndexador().executarPassagem()).toEqual({ concluidos: 1, ilegiveis: 0, devolvidos: 0 });

    const depois = await paginas(sha);
    expect(depois.map((p) => p.pagina)).toEqual([1, 2, 3]);
    expect(depois[0]).toEqual(antes);
    expect(depois[1]?.texto).toContain('segunda reunião');
    expect(depois[2]?.texto).toContain('terceira reunião');
    expect(await estado(sha)).toMatchObject({ estado: 'CONCLUIDO', tentativas: 2, paginasTotal: 3, paginasFeitas: 3 });
  });

  it('um arquivo ilegível fica ILEGIVEL com o motivo e não é tentado de novo', async () => {
    const sha = await adicionar('protegido.pdf', await pdfProtegido(), 'application/pdf');
    expect(await novoIndexador().executarPassagem()).toEqual({ concluidos: 0, ilegiveis: 1, devolvidos: 0 });
    expect(await estado(sha)).toMatchObject({
      estado: 'ILEGIVEL',
      motivo: MENSAGENS.conteudo.protegido,
      tentativas: 1,
      bloqueadoAte: null,
    });
    expect(await paginas(sha)).toEqual([]);

    expect(await novoIndexador().executarPassagem()).toEqual({ concluidos: 0, ilegiveis: 0, devolvidos: 0 });
    expect(await estado(sha)).toMatchObject({ estado: 'ILEGIVEL', tentativas: 1 });
  });

  it('depois da última tentativa (processos que morreram lendo o arquivo) ele fica ILEGIVEL', async () => {
    const sha = await adicionar('quedas.pdf', await pdfComTexto([['Arquivo de muitas quedas.']]), 'application/pdf');
    await sql`UPDATE arquivo_indexacao SET estado = 'EXTRAINDO', tentativas = 3, iniciado_em = now(),
      bloqueado_ate = now() - interval '1 second' WHERE sha256 = ${sha}`.execute(db());
    expect(await novoIndexador().executarPassagem()).toEqual({ concluidos: 0, ilegiveis: 1, devolvidos: 0 });
    expect(await estado(sha)).toMatchObject({ estado: 'ILEGIVEL', motivo: MENSAGENS.conteudo.tentativasEsgotadas });
  });

  it('uma página que passa do tempo limite fica com a falha e texto vazio, sem nova tentativa', async () => {
    const sha = await adicionar(
      'lenta.png',
      await digitalizarTexto(['Página que o reconhecimento não termina a tempo.']),
      'image/png',
    );
    // Opening has its own limit; reading the page by OCR takes far longer than 300 ms.
    const lento = criarPoolIndexacao({ ...t.config.indexacao, trabalhadores: 1, tempoPaginaMs: 300 });
    try {
      const resultado = await novoIndexador(lento, 1).executarPassagem();
      expect(resultado).toEqual({ concluidos: 1, ilegiveis: 0, devolvidos: 0 });
    } finally {
      await lento.fechar();
    }
    expect(await paginas(sha)).toMatchObject([{ pagina: 1, texto: '', falha: MENSAGENS.conteudo.paginaTempoEsgotado }]);
    expect(await estado(sha)).toMatchObject({ estado: 'CONCLUIDO', paginasFeitas: 1, paginasFalhas: 1, paginasOcr: 0 });
    expect(await novoIndexador().executarPassagem()).toEqual({ concluidos: 0, ilegiveis: 0, devolvidos: 0 });
  });

  it('dois indexadores no mesmo banco nunca leem o mesmo arquivo', async () => {
    const shas: string[] = [];
    for (let i = 1; i <= 6; i++) {
      shas.push(
        await adicionar(
          `oficio-${i}.pdf`,
          await pdfComTexto([[`Ofício número ${i} da concorrência entre indexadores.`], [`Fim do ofício ${i}.`]]),
          'application/pdf',
        ),
      );
    }
    // The real pool, watched: every file opened and every page read, by indexer.
    const lidos: Record<'a' | 'b', string[]> = { a: [], b: [] };
    const observado = (nome: 'a' | 'b'): ExecutorTarefas<typeof tarefasConteudo> => ({
      executar: (tarefa, entrada, opcoes) => {
        const pagina = 'pagina' in entrada ? entrada.pagina : 0;
        lidos[nome].push(`${entrada.caminho}#${pagina}`);
        return pool.executar(tarefa, entrada as never, opcoes) as never;
      },
    });
    const [a, b] = await Promise.all([
      novoIndexador(observado('a'), 2).executarPassagem(),
      novoIndexador(observado('b'), 2).executarPassagem(),
    ]);
    expect(a.concluidos + b.concluidos).toBe(6);
    expect(a.devolvidos + b.devolvidos).toBe(0);
    const todos = [...lidos.a, ...lidos.b];
    expect(new Set(todos).size).toBe(todos.length);
    // Each file opened once and each of its two pages read once.
    expect(todos).toHaveLength(6 * 3);
    for (const sha of shas) {
      expect(await estado(sha)).toMatchObject({ estado: 'CONCLUIDO', tentativas: 1, paginasFeitas: 2 });
    }
  });

  it('o mais novo na fila é lido primeiro', async () => {
    const antigo = await adicionar('antigo.pdf', await pdfComTexto([['Arquivo do acervo antigo.']]), 'application/pdf');
    const novo = await adicionar('novo.pdf', await pdfComTexto([['Arquivo enviado agora.']]), 'application/pdf');
    await sql`UPDATE arquivo_indexacao SET enfileirado_em = now() - interval '1 day' WHERE sha256 = ${antigo}`.execute(
      db(),
    );
    const ordem: string[] = [];
    const observado: ExecutorTarefas<typeof tarefasConteudo> = {
      executar: (tarefa, entrada, opcoes) => {
        if (tarefa === 'abrirArquivoConteudo') ordem.push(entrada.caminho);
        return pool.executar(tarefa, entrada as never, opcoes) as never;
      },
    };
    await novoIndexador(observado, 1).executarPassagem();
    expect(ordem).toEqual([t.app.armazenamento.caminho(novo), t.app.armazenamento.caminho(antigo)]);
  });

  it('parado no meio de um arquivo, devolve-o à fila e outro processo o retoma', async () => {
    const sha = await adicionar(
      'longo.pdf',
      await pdfComTexto(Array.from({ length: 6 }, (_, i) => [`Página ${i + 1} do relatório longo.`])),
      'application/pdf',
    );
    let lidas = 0;
    const observado: ExecutorTarefas<typeof tarefasConteudo> = {
      executar: (tarefa, entrada, opcoes) => {
        const resposta = pool.executar(tarefa, entrada as never, opcoes) as Promise<never>;
        // The process is told to stop while its second page is being read.
        if (tarefa === 'extrairPaginaConteudo' && ++lidas === 2) void interrompido.parar();
        return resposta;
      },
    };
    const interrompido: Indexador = novoIndexador(observado, 1);
    expect(await interrompido.executarPassagem()).toEqual({ concluidos: 0, ilegiveis: 0, devolvidos: 1 });
    const meio = await estado(sha);
    expect(meio.estado).toBe('EXTRAINDO');
    expect(meio.tentativas).toBe(0);
    const lidasAntes = (await paginas(sha)).length;
    expect(lidasAntes).toBeGreaterThan(0);
    expect(lidasAntes).toBeLessThan(6);

    expect(await novoIndexador().executarPassagem()).toEqual({ concluidos: 1, ilegiveis: 0, devolvidos: 0 });
    expect(await estado(sha)).toMatchObject({ estado: 'CONCLUIDO', paginasFeitas: 6 });
    expect((await paginas(sha)).map((p) => p.pagina)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
