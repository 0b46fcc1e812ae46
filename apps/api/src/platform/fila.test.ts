import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { usarBancoTeste } from '../testing/banco-do-arquivo.ts';
import { bancoDosTestes } from '../testing/banco-teste.ts';
import { atrasoNovaTentativaSegundos, enfileirar, FilaTarefas } from './fila.ts';

const banco = usarBancoTeste('job');

const estados = () =>
  banco.db.selectFrom('job').select(['id', 'estado', 'tentativas', 'ultimoErro']).orderBy('id').execute();

describe('fila de tarefas no PostgreSQL', () => {
  it('uma tarefa só existe se a transação que a pediu for confirmada', async () => {
    await banco.db
      .transaction()
      .execute(async (trx) => {
        await enfileirar(trx, 'x', { a: 1 });
        throw new Error('desfaz');
      })
      .catch(() => {});
    await banco.db.transaction().execute((trx) => enfileirar(trx, 'x', { a: 2 }));
    const tarefas = await banco.db.selectFrom('job').select('payload').execute();
    expect(tarefas.map((t) => t.payload)).toEqual([{ a: 2 }]);
  });

  it('executa cada tarefa devida uma vez e a marca concluída', async () => {
    const recebidos: unknown[] = [];
    const fila = new FilaTarefas(banco.db, { registrar: async (payload) => void recebidos.push(payload) });
    await enfileirar(banco.db, 'registrar', { n: 1 });
    await enfileirar(banco.db, 'registrar', { n: 2 });
    expect(await fila.executarPendentes()).toBe(2);
    expect(await fila.executarPendentes()).toBe(0);
    expect(recebidos).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await estados()).map((t) => t.estado)).toEqual(['CONCLUIDO', 'CONCLUIDO']);
  });

  it('tenta de novo mais tarde depois de uma falha e desiste depois do máximo de tentativas', async () => {
    let chamadas = 0;
    const fila = new FilaTarefas(banco.db, {
      falha: async () => {
        chamadas++;
        throw new Error('servidor SMTP fora do ar');
      },
    });
    await enfileirar(banco.db, 'falha', {}, { maxTentativas: 2 });
    await fila.executarPendentes();
    const [primeira] = await estados();
    expect(primeira).toMatchObject({ estado: 'PENDENTE', tentativas: 1, ultimoErro: 'servidor SMTP fora do ar' });
    // Not due yet: the retry waits.
    expect(await fila.executarPendentes()).toBe(0);
    expect(chamadas).toBe(1);
    await banco.db.updateTable('job').set({ executarEm: sql`now() - interval '1 second'` }).execute();
    await fila.executarPendentes();
    expect(chamadas).toBe(2);
    expect((await estados())[0]).toMatchObject({ estado: 'FALHOU', tentativas: 2 });
    expect(atrasoNovaTentativaSegundos(1)).toBe(30);
    expect(atrasoNovaTentativaSegundos(3)).toBe(120);
    expect(atrasoNovaTentativaSegundos(20)).toBe(3600);
  });

  it('retoma uma tarefa deixada por um processo que caiu quando a reserva vence', async () => {
    const recebidos: unknown[] = [];
    const fila = new FilaTarefas(banco.db, { registrar: async (payload) => void recebidos.push(payload) });
    const id = await enfileirar(banco.db, 'registrar', { retomada: true });
    await banco.db
      .updateTable('job')
      .set({ estado: 'EXECUTANDO', tentativas: 1, bloqueadoAte: sql`now() + interval '5 minutes'` })
      .where('id', '=', id)
      .execute();
    expect(await fila.executarPendentes()).toBe(0);
    await banco.db.updateTable('job').set({ bloqueadoAte: sql`now() - interval '1 second'` }).execute();
    expect(await fila.executarPendentes()).toBe(1);
    expect(recebidos).toEqual([{ retomada: true }]);
  });

  it('dois trabalhadores no mesmo banco executam cada tarefa uma só vez', async () => {
    const execucoes = new Map<number, number>();
    const tratador = async (payload: unknown) => {
      const { n } = payload as { n: number };
      execucoes.set(n, (execucoes.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const a = new FilaTarefas(banco.db, { contar: tratador }, { lote: 3 });
    const b = new FilaTarefas(banco.db, { contar: tratador }, { lote: 3 });
    for (let n = 0; n < 30; n++) await enfileirar(banco.db, 'contar', { n });
    let feitas = 0;
    while (feitas < 30) {
      const [x, y] = await Promise.all([a.executarPendentes(), b.executarPendentes()]);
      if (x + y === 0) break;
      feitas += x + y;
    }
    expect(feitas).toBe(30);
    expect([...execucoes.values()].every((vezes) => vezes === 1)).toBe(true);
    expect(execucoes.size).toBe(30);
    if (bancoDosTestes() === 'postgres') expect((await estados()).every((t) => t.tentativas === 1)).toBe(true);
  });
});
