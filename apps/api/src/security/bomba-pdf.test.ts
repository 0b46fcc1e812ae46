import { readdir } from 'node:fs/promises';
import { type Consolidacao, MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResumoSemente, semearDemo } from '../db/seed/index.ts';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import { filaConsolidacao } from '../testing/cenarios/consolidacao.ts';
import { adicionarPecas, criarDocumento, criarTipoDocumento, registrarTramitacao } from '../testing/fabricas.ts';
import { corpoMultipart } from '../testing/multipart.ts';
import { gerarPdfBomba } from '../testing/pdf-bomba.ts';

/**
 * Issue 17, item 5: a ~1 MB PDF whose object stream inflates to 1 GiB (a decompression bomb). Reading it used to
 * stall the event loop for seconds and hold most of a gigabyte; now it is read in a worker process that is killed at
 * its memory cap, the job fails with a clear message, nothing is half-written, and light requests go on meanwhile.
 */
let t: AppTeste;
let resumo: ResumoSemente;
let bomba: Buffer;
const db = () => t.banco.db;

/**
 * Runs `trabalho` while asking GET /api/mensagens every 20 ms; answers its result and the longest time one round
 * took (the answer plus the 20 ms pause: a blocked event loop delays either).
 */
async function medirDurante<T>(trabalho: Promise<T>): Promise<{ resultado: T; maiorEspera: number; pedidos: number }> {
  let terminou = false;
  let maiorEspera = 0;
  let pedidos = 0;
  const sondagem = (async () => {
    while (!terminou) {
      const inicio = performance.now();
      const resposta = await t.app.inject({ method: 'GET', url: '/api/mensagens' });
      expect(resposta.statusCode).toBe(200);
      pedidos++;
      await new Promise((r) => setTimeout(r, 20));
      maiorEspera = Math.max(maiorEspera, performance.now() - inicio);
    }
  })();
  try {
    return { resultado: await trabalho, maiorEspera, pedidos };
  } finally {
    terminou = true;
    await sondagem;
  }
}

beforeAll(async () => {
  t = await criarAppTeste({ TRABALHADORES_MEMORIA_MB: '256' });
  resumo = await semearDemo(db(), { armazenamento: t.app.armazenamento, nupFormato: 'nup17' });
  bomba = await gerarPdfBomba();
}, 120_000);

afterAll(async () => {
  await t?.fechar();
});

describe('PDF bomba de descompressão (issue 17, item 5)', () => {
  it('a consolidação anônima termina em ERRO pelo limite de memória, sem travar os outros pedidos', async () => {
    const base = { idUnidade: resumo.unidades.protocolo, idUsuario: resumo.usuarios.ana };
    const idDocumento = await criarDocumento(db(), { ...base, idTipoDocumento: await criarTipoDocumento(db()) });
    await registrarTramitacao(db(), {
      idDocumento,
      idUnidadeOrigem: resumo.unidades.reitoria,
      idUnidadeDestino: resumo.unidades.protocolo,
      idUsuarioRemetente: resumo.usuarios.admin,
      recebida: { idUsuario: resumo.usuarios.admin },
    });
    const [peca] = await adicionarPecas(t, { idDocumento, idUsuario: resumo.usuarios.ana }, [
      { nome: 'bomba.pdf', conteudo: bomba, tipoMime: 'application/pdf' },
    ]);
    const pedido = await t.app.inject({
      method: 'POST',
      url: `/api/consolidacao/${idDocumento}/PDF`,
      headers: cabecalhosApp(),
      payload: [peca?.idAnexo],
      remoteAddress: '203.0.113.50',
    });
    expect(pedido.statusCode, pedido.body).toBe(202);
    const { uuid } = pedido.json() as { uuid: string };

    const medido = await medirDurante(filaConsolidacao(db(), t.app).executarPendentes());
    expect(medido.resultado).toBe(1);
    expect(medido.pedidos).toBeGreaterThan(3);
    expect(medido.maiorEspera).toBeLessThan(2000);

    const estado = await t.app.inject({
      method: 'POST',
      url: '/api/consolidacao',
      headers: cabecalhosApp(),
      payload: [uuid],
    });
    const [consolidacao] = estado.json() as Consolidacao[];
    expect(consolidacao).toMatchObject({ estado: 'ERRO', erro: MENSAGENS.trabalho.memoriaEsgotada });
    // The worker's temporary PDF is gone with it.
    const restos = (await readdir(t.app.armazenamento.raiz)).filter((nome) => nome.startsWith('.tmp'));
    expect(restos).toEqual([]);
  }, 120_000);

  it('o arquivo para assinar é recusado com 422 e a mensagem, sem gravar nada, e os outros pedidos seguem', async () => {
    const cookie = await t.entrar('ana');
    const { matriculaSiape } = await db()
      .selectFrom('usuario')
      .select('matriculaSiape')
      .where('username', '=', 'ana')
      .executeTakeFirstOrThrow();
    const tipo = await db().selectFrom('tipoAssinatura').select('id').orderBy('id').executeTakeFirstOrThrow();
    const antes = await db()
      .selectFrom('arquivoAssinado')
      .select(db().fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { payload, tipo: tipoConteudo } = corpoMultipart(
      { idTipoAssinatura: String(tipo.id), matrSiape: String(matriculaSiape) },
      [{ nome: 'bomba.pdf', conteudo: bomba, tipo: 'application/pdf' }],
    );
    const medido = await medirDurante(
      t.app.inject({
        method: 'POST',
        url: '/api/arquivos-assinados',
        headers: { ...cabecalhosApp(cookie), 'content-type': tipoConteudo },
        payload,
      }),
    );
    expect(medido.resultado.statusCode, medido.resultado.body).toBe(422);
    expect(medido.resultado.json()).toMatchObject({ mensagem: MENSAGENS.trabalho.memoriaEsgotada });
    expect(medido.maiorEspera).toBeLessThan(2000);
    const depois = await db()
      .selectFrom('arquivoAssinado')
      .select(db().fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(depois.n)).toBe(Number(antes.n));
  }, 120_000);
});
