import { type LeitorPeca, pecaListavel, podeVisualizarPeca } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { adicionarPecas, criarHipotese, registrarTramitacao } from '../../testing/fabricas.ts';
// biome-ignore lint/style/noRestrictedImports: the TS side of the comparison reads the context exactly as the peças do
import { buscarContextoDocumento } from '../pecas/queries.ts';
import { paraVisibilidade } from '../pecas/regras.ts';
import { pecaVisivelSql } from './visibilidade-sql.ts';

/**
 * `pecaVisivelSql` says exactly what spec §6's rule in TypeScript says (podeVisualizarPeca, pecaListavel): over the demo data plus peças of every kind (public, restricted, sigiloso, desmembrada, desentranhada,
 * cancelled), joined documents whose root is held elsewhere, and interested persons at each stage, for readers of every
 * unit, as the interested person or not, with and without VISUALIZACAO_IRRESTRITA_PECAS, and anonymous.
 */

const { t, resumo } = usarDemo();
const db = () => t.banco.db;

interface LinhaPeca {
  id: number;
  idDocumento: number;
  nivelAcesso: 'P' | 'R' | 'S';
  situacaoVinculo: 'M' | 'D' | null;
  canceladoEm: Date | string | null;
}

let pecas: LinhaPeca[] = [];
const documentos = new Map<number, Parameters<typeof podeVisualizarPeca>[1]>();
let pessoas: number[] = [];

async function visiveisSql(leitor: LeitorPeca): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT p.id FROM peca p JOIN documento d ON d.id = p.id_documento
    WHERE ${pecaVisivelSql(leitor)} ORDER BY p.id`.execute(db());
  return rows.map((linha) => linha.id);
}

function visiveisTs(leitor: LeitorPeca): number[] {
  return pecas
    .filter((peca) => {
      const documento = documentos.get(peca.idDocumento);
      if (!documento) throw new Error(`documento ${peca.idDocumento}`);
      return pecaListavel(peca, leitor) && podeVisualizarPeca(peca, documento, leitor);
    })
    .map((peca) => peca.id)
    .sort((a, b) => a - b);
}

beforeAll(async () => {
  const protocolo = resumo.unidades.protocolo;
  const usuario = resumo.usuarios.bruno;
  const docs = await db().selectFrom('documento').select(['id', 'situacao']).orderBy('id').limit(12).execute();
  const ids = docs.map((d) => d.id);
  const idHipoteseLegal = await criarHipotese(db());
  const [a, b, c, d, e, f, g] = ids as [number, number, number, number, number, number, number];
  // Restricted, sigiloso and (soon) cancelled peças on a few documents.
  for (const id of [a, b, c, d, e, f, g]) {
    await adicionarPecas(t, { idDocumento: id, idUsuario: usuario }, [
      {
        nome: 'r.pdf',
        conteudo: Buffer.from(`%PDF-r-${id}`),
        tipoMime: 'application/pdf',
        nivelAcesso: 'R',
        idHipoteseLegal,
      },
      {
        nome: 's.pdf',
        conteudo: Buffer.from(`%PDF-s-${id}`),
        tipoMime: 'application/pdf',
        nivelAcesso: 'S',
        idHipoteseLegal,
      },
      { nome: 'v.pdf', conteudo: Buffer.from(`%PDF-v-${id}`), tipoMime: 'application/pdf' },
      // The last one, so that cancelling it keeps the active peças numbered 1..n.
      {
        nome: 'm.pdf',
        conteudo: Buffer.from(`%PDF-m-${id}`),
        tipoMime: 'application/pdf',
        nivelAcesso: 'R',
        idHipoteseLegal,
      },
    ]);
  }
  // Desmembrada (cancelled as the feature does), desentranhada, and a vínculo without a cancellation date.
  await sql`UPDATE peca SET situacao_vinculo = 'M', cancelado_em = now(), justificativa_cancelamento = 'Desmembrada',
    id_documento_peca_desmembramento = ${g} WHERE id IN
    (SELECT p.id FROM peca p JOIN anexo a ON a.id = p.id_anexo WHERE a.nome = 'm.pdf' AND p.id_documento IN (${a}, ${b}))`.execute(
    db(),
  );
  await sql`UPDATE peca SET situacao_vinculo = 'D', cancelado_em = now(), justificativa_cancelamento = 'Desentranhada' WHERE id IN
    (SELECT p.id FROM peca p JOIN anexo a ON a.id = p.id_anexo WHERE a.nome = 'm.pdf' AND p.id_documento = ${c})`.execute(
    db(),
  );
  await sql`UPDATE peca SET situacao_vinculo = 'D', justificativa_cancelamento = 'Sem data' WHERE id IN
    (SELECT p.id FROM peca p JOIN anexo a ON a.id = p.id_anexo WHERE a.nome = 'm.pdf' AND p.id_documento = ${d})`.execute(
    db(),
  );
  // b joined into c joined into d (root d, held RECEBIDO by the Protocolo); e joined into f, root f ENVIADO.
  await sql`UPDATE documento SET id_documento_agregador = ${c} WHERE id = ${b}`.execute(db());
  await sql`UPDATE documento SET id_documento_agregador = ${d} WHERE id = ${c}`.execute(db());
  await sql`UPDATE documento SET situacao = 'RECEBIDO', id_unidade_atual = ${protocolo} WHERE id = ${d}`.execute(db());
  await sql`UPDATE documento SET situacao = 'ENVIADO', id_documento_agregador = NULL WHERE id = ${f}`.execute(db());
  await sql`UPDATE documento SET id_documento_agregador = ${f}, situacao = 'RECEBIDO', id_unidade_atual = ${protocolo}
    WHERE id = ${e}`.execute(db());
  // An interested person on documents with 0, 1 and 2 tramitações, and archived / concluded ones.
  const pessoa = await db()
    .selectFrom('interessado')
    .select(['id', 'idPessoa'])
    .where('idPessoa', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  for (const [id, estado] of [
    [a, 1],
    [e, 1],
    [f, 2],
    [g, 3],
  ] as const) {
    await sql`UPDATE documento SET id_interessado = ${pessoa.id}, estado_processamento = ${estado} WHERE id = ${id}`.execute(
      db(),
    );
  }
  for (const id of [a, e]) {
    for (let i = 0; i < 2; i++) {
      await registrarTramitacao(db(), {
        idDocumento: id,
        idUnidadeOrigem: protocolo,
        idUnidadeDestino: protocolo,
        idUsuarioRemetente: usuario,
      });
    }
  }

  pecas = (await db()
    .selectFrom('peca')
    .select(['id', 'idDocumento', 'nivelAcesso', 'situacaoVinculo', 'canceladoEm'])
    .execute()) as LinhaPeca[];
  for (const idDocumento of new Set(pecas.map((p) => p.idDocumento))) {
    const contexto = await buscarContextoDocumento(db(), idDocumento);
    if (!contexto) throw new Error(`contexto ${idDocumento}`);
    documentos.set(idDocumento, paraVisibilidade(contexto));
  }
  const outras = await db()
    .selectFrom('interessado')
    .select('idPessoa')
    .distinct()
    .where('idPessoa', 'is not', null)
    .limit(3)
    .execute();
  pessoas = [...new Set([pessoa.idPessoa as number, ...outras.map((o) => o.idPessoa as number)])];
});

describe('pecaVisivelSql', () => {
  it('the fixture has every kind of peça and document the rule distinguishes', () => {
    expect(pecas.some((p) => p.nivelAcesso === 'R' && p.situacaoVinculo === null)).toBe(true);
    expect(pecas.some((p) => p.nivelAcesso === 'S')).toBe(true);
    expect(pecas.some((p) => p.situacaoVinculo === 'M' && p.canceladoEm !== null)).toBe(true);
    expect(pecas.some((p) => p.situacaoVinculo === 'D' && p.canceladoEm === null)).toBe(true);
    expect([...documentos.values()].some((d) => d.raiz !== null)).toBe(true);
  });

  it('anonymous and VISUALIZACAO_IRRESTRITA_PECAS readers: the same peças as the TypeScript rule', async () => {
    expect(await visiveisSql(null)).toEqual(visiveisTs(null));
    const irrestrito: LeitorPeca = { idUnidadeAtual: resumo.unidades.protocolo, idPessoa: null, irrestrito: true };
    expect(await visiveisSql(irrestrito)).toEqual(visiveisTs(irrestrito));
  });

  it('every unit, as the interested person or not (and without a unit): the same peças as the TypeScript rule', async () => {
    const unidades = [null, ...Object.values(resumo.unidades).filter((u): u is number => typeof u === 'number')];
    let comExcecao = 0;
    for (const idUnidadeAtual of unidades) {
      for (const idPessoa of [null, ...pessoas]) {
        const leitor: LeitorPeca = { idUnidadeAtual, idPessoa, irrestrito: false };
        const esperado = visiveisTs(leitor);
        expect(await visiveisSql(leitor), JSON.stringify(leitor)).toEqual(esperado);
        if (esperado.length > visiveisTs(null).length) comExcecao++;
      }
    }
    // Some readers do see restricted peças (the test is not comparing only the public ones).
    expect(comExcecao).toBeGreaterThan(0);
  });
});
