import { describe, expect, it } from 'vitest';
import { usarBancoTeste } from '../testing/banco-do-arquivo.ts';
import { ErroLimiteTaxa } from './erros.ts';
import { consumirLimite, exigirLimites, type RegraLimite } from './limite-taxa.ts';

const banco = usarBancoTeste('limiteTaxa');

const regra: RegraLimite = { nome: 'teste', maximo: 5, janelaSegundos: 3600 };

describe('limite de taxa no banco', () => {
  it('permite até o máximo por sujeito e recusa o seguinte, com o tempo de espera', async () => {
    const resultados = [];
    for (let i = 0; i < 6; i++) resultados.push(await consumirLimite(banco.db, regra, 'usuario:1'));
    expect(resultados.map((r) => r.permitido)).toEqual([true, true, true, true, true, false]);
    expect(resultados[5]?.tentarEmSegundos).toBeGreaterThan(0);
    expect(resultados[5]?.tentarEmSegundos).toBeLessThanOrEqual(3600);
    // Another subject has its own counter.
    expect((await consumirLimite(banco.db, regra, 'usuario:2')).permitido).toBe(true);
  });

  it('pedidos simultâneos nunca passam do máximo (contagem atômica)', async () => {
    const resultados = await Promise.all(
      Array.from({ length: 40 }, () => consumirLimite(banco.db, regra, 'ip:203.0.113.9')),
    );
    expect(resultados.filter((r) => r.permitido)).toHaveLength(5);
  });

  it('a janela anterior ainda pesa no início da seguinte (janela deslizante)', async () => {
    const janelaAtual = Math.floor(Date.now() / 1000 / regra.janelaSegundos);
    await banco.db
      .insertInto('limiteTaxa')
      .values({
        chave: 'teste:usuario:3',
        janela: janelaAtual - 1,
        contagem: 5,
        expiraEm: new Date(Date.now() + 60_000),
      })
      .execute();
    const resultado = await consumirLimite(banco.db, regra, 'usuario:3');
    // Unless the window has just started, part of the previous 5 still counts: 1 + 5 × (remaining share).
    expect(resultado.uso).toBeGreaterThan(1);
  });

  it('exigirLimites conta em todos os sujeitos e recusa com 429 quando algum passa do limite', async () => {
    const porIp: RegraLimite = { nome: 'teste-ip', maximo: 1, janelaSegundos: 60 };
    await exigirLimites(
      banco.db,
      [
        { regra, sujeito: 'u' },
        { regra: porIp, sujeito: '198.51.100.1' },
      ],
      'Muitas',
    );
    const erro = await exigirLimites(
      banco.db,
      [
        { regra, sujeito: 'u' },
        { regra: porIp, sujeito: '198.51.100.1' },
      ],
      'Muitas',
    ).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ErroLimiteTaxa);
    expect(erro).toMatchObject({ status: 429, codigo: 'LIMITE_TAXA', message: 'Muitas' });
    const linhas = await banco.db.selectFrom('limiteTaxa').select(['chave', 'contagem']).orderBy('chave').execute();
    expect(linhas).toEqual([
      { chave: 'teste-ip:198.51.100.1', contagem: 2 },
      { chave: 'teste:u', contagem: 2 },
    ]);
  });
});
