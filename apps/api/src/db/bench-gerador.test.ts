import { validarNup } from '@tramite/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contarUniversidade,
  dimensoes,
  ESPECIAIS,
  type ExecutorSql,
  gerarUniversidade,
  sqlTamanhoCaixa,
} from '../../../../bench/gerador.ts';
import { PALAVRAS_PLANTADAS } from '../../../../bench/vocabulario.ts';
import { gerarHashSenha } from '../platform/senha.ts';
import { type BancoTeste, criarBancoTeste } from '../testing/banco-teste.ts';

/**
 * The benchmark's generator (bench/gerador.ts, `npm run bench`) at a tiny scale on a fresh migrated database: the
 * counts it promises, the busy unit's skew, and the invariants the schema's triggers would have checked (they are
 * off during the bulk load).
 */
const ESCALA = 0.003;
const arquivo = (n: number) => ({
  sha256: n.toString(16).padStart(64, 'a'),
  tamanho: 1000 + n,
  tipoMime: 'application/pdf',
  nome: `arquivo-${n}.pdf`,
});

let banco: BancoTeste;
const consultas: string[] = [];

const opcoesGerador = (hashSenha: string) => ({
  escala: ESCALA,
  semente: 7,
  referencia: '2026-06-01T12:00:00Z',
  hashSenha,
  arquivosComuns: [arquivo(1), arquivo(2), arquivo(3)],
  arquivosConsolidacao: [arquivo(10), arquivo(11), arquivo(12), arquivo(13)],
  semGatilhos: true,
});

/** The whole generation on ONE connection, as the bench does: the load's session settings stay on it. */
async function gerarEm(alvo: BancoTeste, hashSenha: string): Promise<void> {
  await alvo.db
    .withoutPlugins()
    .connection()
    .execute(async (conexao) => {
      const executarNaConexao: ExecutorSql = async (texto) => {
        consultas.push(texto);
        return (await sql.raw<Record<string, unknown>>(texto).execute(conexao)).rows;
      };
      await gerarUniversidade(executarNaConexao, opcoesGerador(hashSenha));
    });
}

const executar: ExecutorSql = async (texto) =>
  (await sql.raw<Record<string, unknown>>(texto).execute(banco.db.withoutPlugins())).rows;

beforeAll(async () => {
  banco = await criarBancoTeste();
  await gerarEm(banco, await gerarHashSenha(ESPECIAIS.senha));
}, 120_000);

afterAll(async () => {
  await banco?.fechar();
});

describe('gerador do benchmark (bench/gerador.ts)', () => {
  it('gera as quantidades prometidas pela escala', async () => {
    const dim = dimensoes(ESCALA);
    const c = await contarUniversidade(executar);
    expect(c.unidades).toBe(dim.unidades);
    expect(c.usuarios).toBe(dim.usuarios);
    expect(c.documentos).toBe(dim.documentos);
    expect(c.tramitacoes_documento_longo).toBe(ESPECIAIS.tramitacoesDocumentoLongo);
    // ~5 tramitações and ~3 peças per document (plus the long document's), each peça with its own anexo.
    const semLongo = c.tramitacoes - ESPECIAIS.tramitacoesDocumentoLongo;
    expect(semLongo / dim.documentos).toBeGreaterThan(4.7);
    expect(semLongo / dim.documentos).toBeLessThan(5.3);
    expect(c.pecas / dim.documentos).toBeGreaterThan(2.7);
    expect(c.pecas / dim.documentos).toBeLessThan(3.5);
    expect(c.anexos).toBe(c.pecas);
  });

  it('a unidade movimentada tem a maior caixa postal, com documentos/50 documentos', async () => {
    const dim = dimensoes(ESCALA);
    const [caixa] = await executar(sqlTamanhoCaixa(ESPECIAIS.unidadeMovimentada));
    expect(caixa?.total).toBe(dim.porConjunto);
    const [maiorOutra] = await executar(`
      SELECT max(n)::int AS n FROM (
        SELECT u.id, (SELECT count(*) FROM documento d WHERE d.id_unidade_atual = u.id
            AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO'))
          + (SELECT count(*) FROM tramitacao t JOIN documento d ON d.id = t.id_documento
            WHERE t.id_unidade_destino = u.id AND t.dt_recebimento IS NULL AND d.situacao = 'ENVIADO') AS n
        FROM unidade u WHERE u.id <> ${ESPECIAIS.unidadeMovimentada}) x`);
    expect(Number(maiorOutra?.n)).toBeLessThan(dim.porConjunto);
    const [pendentes] = await executar(`SELECT count(*)::int AS n FROM tramitacao
      WHERE id_unidade_destino = ${ESPECIAIS.unidadeRecebimento} AND dt_recebimento IS NULL`);
    expect(pendentes?.n).toBe(Math.floor(dim.documentos / 100));
  });

  it('respeita as regras que os gatilhos e as chaves conferem fora da carga', async () => {
    const [r] = await executar(`
      SELECT
        (SELECT count(*) FROM (SELECT id_documento FROM peca WHERE situacao_vinculo IS NULL GROUP BY id_documento
          HAVING count(*) <> max(sequencial) OR count(DISTINCT sequencial) <> count(*)) x)::int AS pecas_fora_de_ordem,
        (SELECT count(*) FROM tramitacao t LEFT JOIN documento d ON d.id = t.id_documento WHERE d.id IS NULL)::int
          AS tramitacoes_orfas,
        (SELECT count(*) FROM peca p LEFT JOIN anexo a ON a.id = p.id_anexo LEFT JOIN arquivo f ON f.sha256 = a.sha256
          WHERE f.sha256 IS NULL)::int AS pecas_sem_arquivo,
        (SELECT count(*) FROM tramitacao WHERE id_unidade_origem = id_unidade_destino)::int AS para_si_mesma,
        (SELECT count(*) FROM tramitacao a JOIN tramitacao b ON b.id_documento = a.id_documento
          AND b.sequencia = a.sequencia + 1 WHERE b.id_unidade_origem <> a.id_unidade_destino
            OR b.dt_despacho < a.dt_recebimento)::int AS cadeia_quebrada,
        (SELECT count(*) FROM documento d WHERE d.situacao = 'RECEBIDO' AND d.id_unidade_atual <> (SELECT t.id_unidade_destino
          FROM tramitacao t WHERE t.id_documento = d.id ORDER BY t.sequencia DESC LIMIT 1))::int AS fora_do_lugar`);
    expect(r).toEqual({
      pecas_fora_de_ordem: 0,
      tramitacoes_orfas: 0,
      pecas_sem_arquivo: 0,
      para_si_mesma: 0,
      cadeia_quebrada: 0,
      fora_do_lugar: 0,
    });
    const numeros = await executar('SELECT numero FROM documento ORDER BY id LIMIT 50');
    expect(numeros.filter((l) => !validarNup(String(l.numero)))).toEqual([]);
    const pecasConsolidacao = await executar(
      `SELECT a.sha256 FROM peca p JOIN anexo a ON a.id = p.id_anexo WHERE p.id_documento = ${ESPECIAIS.documentoConsolidacao} ORDER BY p.sequencial`,
    );
    expect(pecasConsolidacao.map((l) => l.sha256)).toEqual([10, 11, 12, 13].map((n) => arquivo(n).sha256));
  });

  it('preenche os instantes que os gatilhos da migração 0025 manteriam (issue 22)', async () => {
    // The same definitions as the migration's backfill: the document's last receipt; a sending's previous live
    // tramitação's receipt when it went to the sending's origin.
    const [r] = await executar(`
      SELECT
        (SELECT count(*) FROM documento d WHERE d.data_recebimento_unidade IS DISTINCT FROM
          (SELECT max(t.dt_recebimento) FROM tramitacao t WHERE t.id_documento = d.id))::int AS documentos,
        (SELECT count(*) FROM (
          SELECT t.dt_recebimento_origem, CASE WHEN lag(t.id_unidade_destino) OVER w = t.id_unidade_origem
            THEN lag(t.dt_recebimento) OVER w END AS esperado
          FROM tramitacao t WHERE t.dt_cancelamento IS NULL
          WINDOW w AS (PARTITION BY t.id_documento ORDER BY t.sequencia)) x
          WHERE x.dt_recebimento_origem IS DISTINCT FROM x.esperado)::int AS tramitacoes`);
    expect(r).toEqual({ documentos: 0, tramitacoes: 0 });
  });

  it('dá texto a cada peça (issue 21): um arquivo por peça comum, ~2 páginas, fila concluída, palavras plantadas', async () => {
    const [r] = await executar(`
      SELECT
        (SELECT count(*) FROM peca p JOIN anexo a ON a.id = p.id_anexo
          WHERE NOT EXISTS (SELECT 1 FROM arquivo_texto_pagina t WHERE t.sha256 = a.sha256))::int AS pecas_sem_texto,
        (SELECT count(*) FROM arquivo_texto_pagina)::float8 / (SELECT count(*) FROM arquivo_indexacao) AS paginas_por_arquivo,
        (SELECT count(*) FROM arquivo_indexacao WHERE estado <> 'CONCLUIDO')::int AS nao_concluidos,
        (SELECT count(*) FROM arquivo_indexacao i WHERE paginas_total <> (SELECT count(*) FROM arquivo_texto_pagina t
          WHERE t.sha256 = i.sha256))::int AS totais_errados,
        (SELECT count(*) - count(DISTINCT a.sha256) FROM peca p JOIN anexo a ON a.id = p.id_anexo
          WHERE p.id_documento > 3)::int AS arquivos_repetidos,
        (SELECT count(*) FROM arquivo_texto_pagina t JOIN anexo a ON a.sha256 = t.sha256 JOIN peca p ON p.id_anexo = a.id
          WHERE t.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', '${PALAVRAS_PLANTADAS.publica}')
            AND p.nivel_acesso = 'P')::int AS publicas,
        (SELECT count(*) FROM arquivo_texto_pagina t JOIN anexo a ON a.sha256 = t.sha256 JOIN peca p ON p.id_anexo = a.id
          WHERE t.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', '${PALAVRAS_PLANTADAS.restrita}')
            AND p.nivel_acesso <> 'R')::int AS restritas_fora`);
    expect(r).toMatchObject({
      pecas_sem_texto: 0,
      nao_concluidos: 0,
      totais_errados: 0,
      arquivos_repetidos: 0,
      restritas_fora: 0,
    });
    expect(Number(r?.paginas_por_arquivo)).toBeGreaterThan(1.7);
    expect(Number(r?.paginas_por_arquivo)).toBeLessThan(2.3);
    expect(Number(r?.publicas)).toBeGreaterThan(0);
    // Accents and case do not matter; the common vocabulary is found.
    const [comum] = await executar(`SELECT count(*)::int AS n FROM arquivo_texto_pagina
      WHERE tsv @@ websearch_to_tsquery('public.portugues_sem_acento', 'PRESTACAO de contas')`);
    expect(Number(comum?.n)).toBeGreaterThan(0);
  });

  it('é reprodutível: a mesma semente dá os mesmos resumos e números', async () => {
    const [r] = await executar(
      `SELECT md5(string_agg(numero || resumo_assunto, ',' ORDER BY id)) AS h FROM documento WHERE id <= 100`,
    );
    // The first statements already ran with session_replication_role on this connection only.
    expect(consultas.some((c) => c.includes('session_replication_role = replica'))).toBe(true);
    const outro = await criarBancoTeste();
    try {
      await gerarEm(outro, 'x');
      const { rows } = await sql<{ h: string }>`
        SELECT md5(string_agg(numero || resumo_assunto, ',' ORDER BY id)) AS h FROM documento WHERE id <= 100`.execute(
        outro.db,
      );
      expect(rows[0]?.h).toBe(r?.h);
    } finally {
      await outro.fechar();
    }
  }, 120_000);
});
