import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';

/**
 * Issue 17, item 9: the login limit counts an attempt before the password is checked (so parallel guesses cannot
 * slip past it), slows an account under attack down with a growing wait instead of locking its owner out, lets a
 * correct password through from a noisy shared address, and believes X-Forwarded-For only from TRUST_PROXY.
 */

const t = usarAppTeste({ LOGIN_MAX_FALHAS: '3', LOGIN_JANELA_MINUTOS: '15' });

beforeAll(async () => {
  const unidade = await criarUnidade(t.banco.db);
  for (const username of ['paralela', 'atacada', 'vizinha', 'rede']) {
    await criarUsuario(t.banco.db, { username, lotacoes: [unidade.id] });
  }
});

const tentar = (app: AppTeste['app'], username: string, password: string, remoteAddress = '198.51.100.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** As if `segundos` had passed for the account's wait (the database clock cannot be moved). */
async function passarTempo(username: string, segundos: number) {
  await sql`UPDATE espera_login SET ultima_em = ultima_em - make_interval(secs => ${segundos})
            WHERE chave = ${username}`.execute(t.banco.db);
}

function conferirEspera(resposta: Awaited<ReturnType<typeof tentar>>): number {
  expect(resposta.statusCode).toBe(429);
  const segundos = Number(resposta.headers['retry-after']);
  expect(segundos).toBeGreaterThan(0);
  expect(resposta.body).toContain(MENSAGENS.login.aguardeParaTentar(segundos));
  expect(resposta.cookies).toHaveLength(0);
  return segundos;
}

describe('limite de tentativas de login por usuário', () => {
  it('de 100 senhas erradas ao mesmo tempo, só LOGIN_MAX_FALHAS são conferidas; as outras esperam (429)', async () => {
    // Each from its own address, so that only the account's limit is at play.
    const respostas = await Promise.all(
      Array.from({ length: 100 }, (_, i) => tentar(t.app, 'paralela', `errada${i}`, `10.9.${i >> 8}.${i & 255}`)),
    );
    const status = respostas.map((r) => r.statusCode);
    expect(status.filter((s) => s === 401)).toHaveLength(3);
    expect(status.filter((s) => s === 429)).toHaveLength(97);
    for (const resposta of respostas.filter((r) => r.statusCode === 429)) conferirEspera(resposta);
    const falhas = await t.banco.db
      .selectFrom('tentativaLogin')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('chave', '=', 'paralela')
      .executeTakeFirstOrThrow();
    expect(falhas.n).toBe(3);
  });

  it('depois do limite, cada nova tentativa espera o dobro, até 15 minutos; a senha certa entra ao fim da espera', async () => {
    for (let i = 0; i < 3; i++) expect((await tentar(t.app, 'atacada', `errada${i}`)).statusCode).toBe(401);
    const esperas: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Refused while waiting, also with the right password: the password is not even checked.
      const segundos = conferirEspera(await tentar(t.app, 'atacada', 'atacada'));
      esperas.push(segundos);
      await passarTempo('atacada', segundos);
      expect((await tentar(t.app, 'atacada', `outra${i}`)).statusCode).toBe(401);
    }
    expect(esperas).toEqual([60, 120, 240, 480, 900, 900, 900]);
    const segundos = conferirEspera(await tentar(t.app, 'atacada', 'atacada', '192.0.2.200'));
    await passarTempo('atacada', segundos);
    expect((await tentar(t.app, 'atacada', 'atacada', '192.0.2.200')).statusCode).toBe(303);
    // The owner's login ends the streak: the free attempts are back.
    expect((await tentar(t.app, 'atacada', 'errada')).statusCode).toBe(401);
    expect((await tentar(t.app, 'atacada', 'atacada')).statusCode).toBe(303);
  });

  it('esquece as falhas depois de LOGIN_JANELA_MINUTOS sem tentativas', async () => {
    await criarUsuario(t.banco.db, { username: 'esquecida', lotacoes: [(await criarUnidade(t.banco.db)).id] });
    for (let i = 0; i < 3; i++) expect((await tentar(t.app, 'esquecida', `errada${i}`)).statusCode).toBe(401);
    const segundos = conferirEspera(await tentar(t.app, 'esquecida', 'esquecida'));
    await passarTempo('esquecida', segundos + 15 * 60);
    for (let i = 0; i < 3; i++) expect((await tentar(t.app, 'esquecida', `errada${i}`)).statusCode).toBe(401);
    conferirEspera(await tentar(t.app, 'esquecida', 'esquecida'));
  });
});

describe('limite de tentativas de login por endereço', () => {
  it('um endereço compartilhado com muitas falhas não impede a senha certa de uma conta que não está sob ataque', async () => {
    const nat = '203.0.113.50';
    // LOGIN_MAX_FALHAS=3: four times that per address, across usernames, make the address noisy.
    for (let i = 0; i < 12; i++) expect((await tentar(t.app, `alvo${i}`, 'errada', nat)).statusCode).toBe(401);
    expect((await tentar(t.app, 'vizinha', 'vizinha', nat)).statusCode).toBe(303);
    // From the noisy address, an account with failures must wait from its first failure on...
    conferirEspera(await tentar(t.app, 'alvo0', 'errada', nat));
    expect((await tentar(t.app, 'alvo12', 'errada', nat)).statusCode).toBe(401);
    conferirEspera(await tentar(t.app, 'alvo12', 'errada', nat));
    // ...while from a quiet address the same account still has its own free attempts.
    expect((await tentar(t.app, 'alvo0', 'errada', '198.51.100.77')).statusCode).toBe(401);
    // An owner who mistyped once from the noisy address waits a little, then gets in.
    expect((await tentar(t.app, 'rede', 'errada', nat)).statusCode).toBe(401);
    const segundos = conferirEspera(await tentar(t.app, 'rede', 'rede', nat));
    expect(segundos).toBeLessThanOrEqual(60);
    await passarTempo('rede', segundos);
    expect((await tentar(t.app, 'rede', 'rede', nat)).statusCode).toBe(303);
  });

  it('sem TRUST_PROXY, um X-Forwarded-For inventado não muda o endereço (limite e auditoria)', async () => {
    const socket = '198.51.100.88';
    for (let i = 0; i < 12; i++) {
      const resposta = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: socket,
        payload: new URLSearchParams({ username: `girando${i}`, password: 'errada' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      expect(resposta.statusCode).toBe(401);
    }
    const ips = await t.banco.db
      .selectFrom('tentativaLogin')
      .select('ip')
      .distinct()
      .where('chave', 'like', 'girando%')
      .execute();
    expect(ips).toEqual([{ ip: socket }]);
    const segunda = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: socket,
      payload: new URLSearchParams({ username: 'girando0', password: 'errada' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.99' },
    });
    conferirEspera(segunda);
  });

  it('com TRUST_PROXY, vale o X-Forwarded-For só de um proxy listado', async () => {
    const comProxy = await criarAppTeste({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    try {
      const unidade = await criarUnidade(comProxy.banco.db);
      await criarUsuario(comProxy.banco.db, { username: 'bia', lotacoes: [unidade.id] });
      const pelo = async (remoteAddress: string, encaminhado: string) => {
        const resposta = await comProxy.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: new URLSearchParams({ username: 'bia', password: 'bia' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': encaminhado },
        });
        expect(resposta.statusCode).toBe(303);
        const { ip } = await comProxy.banco.db
          .selectFrom('auditoria')
          .select('ip')
          .where('acao', '=', 'LOGIN')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        return ip;
      };
      expect(await pelo('10.20.30.40', '192.0.2.7')).toBe('192.0.2.7');
      expect(await pelo('127.0.0.1', '192.0.2.8, 10.1.1.1')).toBe('192.0.2.8');
      expect(await pelo('198.51.100.71', '192.0.2.9')).toBe('198.51.100.71');
    } finally {
      await comProxy.fechar();
    }
  });
});
