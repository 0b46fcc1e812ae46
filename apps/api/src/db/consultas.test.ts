import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CriteriosBusca, consultaBusca, consultaInformacoesDocumento } from '../features/documentos/queries.ts';
import { consultaContagensCaixa, consultaContagensInicio, consultasCaixa } from '../features/tramitacao/queries.ts';
import { type BancoTeste, criarBancoTeste } from '../testing/banco-teste.ts';

// The SQL of the hot calls, compiled with fixed parameters and kept in consultas/*.sql (as immich keeps
// queries/*.sql): a change in what the database is asked shows in review, beside the code that made it.
// After an intended change, `npx vitest run --project api-pglite apps/api/src/db/consultas.test.ts -u` rewrites them.

let banco: BancoTeste;

beforeAll(async () => {
  // The real connection's Kysely: its plugins (CamelCaseRapido) shape the compiled SQL.
  banco = await criarBancoTeste();
});

afterAll(async () => {
  await banco?.fechar();
});

/** Kysely writes a statement on one line: a break before each clause of its lowercase keywords keeps diffs readable. */
const emLinhas = (texto: string) =>
  texto.replace(/ (from|inner join|left join|where|order by|limit|offset|select) /g, '\n$1 ');

const comoArquivo = (origem: string, consulta: CompiledQuery) =>
  `-- ${origem}\n-- parâmetros: ${JSON.stringify(consulta.parameters)}\n${emLinhas(consulta.sql.trim())}\n`;

describe('SQL das consultas mais usadas', () => {
  it('caixa postal: contagem e página por data de envio (a primeira tela)', async () => {
    const { contagem, pagina } = consultasCaixa({
      idUnidade: 7,
      incluirRascunhos: true,
      ordenacao: 'dataEnvio',
      direcao: 'desc',
      pagina: 2,
      tamanhoPagina: 20,
    });
    const origem = 'features/tramitacao/queries.ts: consultasCaixa';
    await expect(comoArquivo(origem, contagem.compile(banco.db))).toMatchFileSnapshot(
      './consultas/caixa-postal-contagem.sql',
    );
    await expect(comoArquivo(origem, pagina.compile(banco.db))).toMatchFileSnapshot(
      './consultas/caixa-postal-pagina.sql',
    );
  });

  it('caixa postal: contagens por fila (o menu e os chips)', async () => {
    const contagens = consultaContagensCaixa({
      idUnidade: 7,
      periodo: { inicio: '2026-01-01', fim: '2026-01-31' },
      incluirRascunhos: true,
      novosDesde: new Date('2026-01-20T12:00:00Z'),
    });
    await expect(
      comoArquivo('features/tramitacao/queries.ts: consultaContagensCaixa', contagens.compile(banco.db)),
    ).toMatchFileSnapshot('./consultas/caixa-postal-contagens-filas.sql');
  });

  it('página inicial (issue 22): as contagens que levam à caixa, com os não lidos', async () => {
    const contagens = consultaContagensInicio({
      idUnidade: 7,
      idLeitor: 3,
      periodo: { inicio: '2026-01-01', fim: '2026-01-31' },
      hoje: '2026-01-31',
    });
    await expect(
      comoArquivo('features/tramitacao/queries.ts: consultaContagensInicio', contagens.compile(banco.db)),
    ).toMatchFileSnapshot('./consultas/painel-inicio-contagens.sql');
  });

  it('caixa postal filtrada por número, tipo e período, ordenada por tipo', async () => {
    const { pagina } = consultasCaixa({
      idUnidade: 7,
      numeroDigitos: '2026',
      idTipoDocumento: 3,
      periodo: { inicio: '2026-01-01', fim: '2026-06-30' },
      incluirRascunhos: true,
      ordenacao: 'tipo',
      direcao: 'asc',
      pagina: 1,
      tamanhoPagina: 20,
    });
    await expect(
      comoArquivo('features/tramitacao/queries.ts: consultasCaixa', pagina.compile(banco.db)),
    ).toMatchFileSnapshot('./consultas/caixa-postal-filtrada.sql');
  });

  it('caixa postal por prazo (issue 20): vencidos, ordenada pelo prazo, com as primeiras de cada parte', async () => {
    const { pagina } = consultasCaixa({
      idUnidade: 7,
      incluirRascunhos: true,
      situacaoPrazo: 'VENCIDO',
      hoje: '2026-03-10',
      ordenacao: 'prazo',
      direcao: 'asc',
      pagina: 1,
      tamanhoPagina: 20,
    });
    await expect(
      comoArquivo('features/tramitacao/queries.ts: consultasCaixa', pagina.compile(banco.db)),
    ).toMatchFileSnapshot('./consultas/caixa-postal-prazo.sql');
  });

  it.each<{ titulo: string; arquivo: string; criterios: CriteriosBusca }>([
    {
      titulo: 'por texto, período de envio e responsável, por relevância',
      arquivo: 'busca-documentos.sql',
      criterios: {
        resumoAssunto: 'diárias viagem',
        idTipoDocumento: 3,
        criacao: { inicio: '2026-01-01', fim: '2026-12-31' },
        envio: { inicio: '2026-02-01', fim: '2026-02-28' },
        responsavel: { tipo: 'UNIDADE', id: 7 },
        lotacoes: [7, 8],
        ordenacao: 'relevancia',
        direcao: 'desc',
        pagina: 1,
        tamanhoPagina: 20,
      },
    },
    {
      titulo: 'pelo conteúdo das peças e período de criação, por relevância (issue 21)',
      arquivo: 'busca-documentos-conteudo.sql',
      criterios: {
        conteudo: {
          texto: 'laudo "insalubridade" -ruído',
          leitor: { idUnidadeAtual: 7, idPessoa: 11, irrestrito: false },
        },
        criacao: { inicio: '2026-01-01', fim: '2026-12-31' },
        lotacoes: [7, 8],
        ordenacao: 'relevancia',
        direcao: 'desc',
        pagina: 1,
        tamanhoPagina: 20,
      },
    },
    {
      titulo: 'por número, anônima',
      arquivo: 'busca-documentos-numero.sql',
      criterios: {
        numeroDigitos: '23000',
        lotacoes: null,
        ordenacao: 'dataCriacao',
        direcao: 'desc',
        pagina: 1,
        tamanhoPagina: 20,
      },
    },
  ])('busca de documentos $titulo', async ({ arquivo, criterios }) => {
    const consulta = consultaBusca(banco.db, criterios);
    await expect(comoArquivo('features/documentos/queries.ts: consultaBusca', consulta.compile())).toMatchFileSnapshot(
      `./consultas/${arquivo}`,
    );
  });

  it('detalhe de um documento (GET documentos/{id})', async () => {
    const consulta = consultaInformacoesDocumento(banco.db, 42, 3);
    await expect(
      comoArquivo('features/documentos/queries.ts: consultaInformacoesDocumento', consulta.compile()),
    ).toMatchFileSnapshot('./consultas/detalhe-documento.sql');
  });
});
