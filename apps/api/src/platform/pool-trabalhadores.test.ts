import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { tarefasTeste } from '../testing/trabalhador-teste.ts';
import { ErroTrabalho, type OpcoesPool, PoolTrabalhadores } from './pool-trabalhadores.ts';

const modulo = fileURLToPath(new URL('../testing/trabalhador-teste.ts', import.meta.url));
const pools: PoolTrabalhadores<typeof tarefasTeste>[] = [];

function criarPool(opcoes: Partial<OpcoesPool> = {}) {
  const pool = new PoolTrabalhadores<typeof tarefasTeste>({
    modulo,
    quantidade: 2,
    memoriaMb: 256,
    tempoLimiteMs: 20_000,
    filaMaxima: 4,
    ...opcoes,
  });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.fechar()));
});

const falha = (promessa: Promise<unknown>) =>
  promessa.then(
    () => null,
    (erro: unknown) => erro as ErroTrabalho,
  );

describe('pool de processos trabalhadores', () => {
  it('executa a tarefa em outro processo e devolve o resultado', async () => {
    const pool = criarPool();
    const saida = await pool.executar('eco', { valor: { a: [1, 2], b: new Uint8Array([7]) } });
    expect(saida.valor).toEqual({ a: [1, 2], b: new Uint8Array([7]) });
    expect(saida.pid).not.toBe(process.pid);
  });

  it('interrompe o trabalho que passa do tempo limite sem travar o processo principal, e o seguinte funciona', async () => {
    const pool = criarPool();
    const inicio = Date.now();
    let ticks = 0;
    const relogio = setInterval(() => ticks++, 20);
    const erro = await falha(pool.executar('girar', {}, { tempoLimiteMs: 1000 }));
    clearInterval(relogio);
    expect(erro).toBeInstanceOf(ErroTrabalho);
    expect(erro).toMatchObject({
      motivo: 'tempo',
      message: 'O processamento excedeu o tempo limite de 1 segundos e foi interrompido',
    });
    expect(Date.now() - inicio).toBeLessThan(10_000);
    // The event loop here went on while the worker spun.
    expect(ticks).toBeGreaterThan(20);
    expect((await pool.executar('eco', { valor: 1 })).valor).toBe(1);
  });

  it('mata o trabalhador que passa do limite de memória (buffers fora do heap também)', async () => {
    const pool = criarPool({ memoriaMb: 200 });
    const erro = await falha(pool.executar('alocar', {}));
    expect(erro).toMatchObject({
      motivo: 'memoria',
      message: 'O processamento excedeu o limite de memória e foi interrompido',
    });
    expect((await pool.executar('eco', { valor: 'ok' })).valor).toBe('ok');
  });

  it('o erro da tarefa chega com nome e mensagem, e o trabalhador continua servindo', async () => {
    const pool = criarPool({ quantidade: 1 });
    const erro = await falha(pool.executar('falhar', { mensagem: 'PDF ilegível' }));
    expect(erro).toMatchObject({ motivo: 'erro', nomeOriginal: 'ErroDeTeste', message: 'PDF ilegível' });
    const [a, b] = [await pool.executar('eco', { valor: 1 }), await pool.executar('eco', { valor: 2 })];
    expect(a.pid).toBe(b.pid);
  });

  it('limita os processos e a fila: além dela, recusa na hora como ocupado', async () => {
    const pool = criarPool({ quantidade: 2, filaMaxima: 1 });
    const longos = [pool.executar('esperar', { ms: 800 }), pool.executar('esperar', { ms: 800 })];
    const naFila = pool.executar('esperar', { ms: 10 });
    const recusado = await falha(pool.executar('esperar', { ms: 10 }));
    expect(recusado).toMatchObject({ motivo: 'ocupado' });
    expect(pool.situacao()).toEqual({ trabalhadores: 2, ocupados: 2, naFila: 1 });
    const pids = new Set(await Promise.all([...longos, naFila]));
    expect(pids.size).toBe(2);
  });

  it('a tarefa pede dados ao processo principal durante o trabalho', async () => {
    const pool = criarPool();
    const valores = [1, 2, 3, 4, null];
    const soma = await pool.executar('somarPedidos', {}, { atender: async () => valores.shift() ?? null });
    expect(soma).toBe(10);
  });

  it('fechar encerra os trabalhadores e recusa trabalhos novos', async () => {
    const pool = criarPool();
    await pool.executar('eco', { valor: 1 });
    const [pid] = pool.pids();
    await pool.fechar();
    expect(() => process.kill(pid as number, 0)).toThrow();
    expect(await falha(pool.executar('eco', { valor: 1 }))).toMatchObject({ motivo: 'encerrado' });
  });
});
