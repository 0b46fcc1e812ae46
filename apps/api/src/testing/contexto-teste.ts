import { afterAll, beforeAll } from 'vitest';
import { type ResumoSemente, semearDemo } from '../db/seed/index.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

/**
 * A test file's world, registered as its hooks: each `usar*` adds a `beforeAll` (and an `afterAll` where there is
 * something to close) and answers an object that the hook fills in, so read its fields inside the hooks and tests.
 * Hooks run in the order they are registered: call `usarAppTeste` first, then what builds on it.
 */

type Ambiente = Record<string, string>;

/**
 * `criarAppTeste` for the whole file, closed after it. `ambiente` may be a function when it depends on something an
 * earlier `beforeAll` starts (a provider's address, a folder).
 */
export function usarAppTeste(ambiente: Ambiente | (() => Ambiente) = {}): AppTeste {
  let aberto: AppTeste | undefined;
  beforeAll(async () => {
    aberto = await criarAppTeste(typeof ambiente === 'function' ? ambiente() : ambiente);
  });
  afterAll(async () => {
    await aberto?.fechar();
  });
  const atual = () => {
    if (!aberto) throw new Error('o app de teste só existe dentro dos hooks e dos testes');
    return aberto;
  };
  return {
    get app() {
      return atual().app;
    },
    get banco() {
      return atual().banco;
    },
    get config() {
      return atual().config;
    },
    entrar: (username, senha) => atual().entrar(username, senha),
    fechar: () => atual().fechar(),
  };
}

/** The session cookie of each named user, logged in once their rows exist (register after the scenario's hook). */
export function usarSessoes<N extends string>(t: AppTeste, nomes: readonly N[]): Record<N, string> {
  const sessoes = {} as Record<N, string>;
  beforeAll(async () => {
    for (const nome of nomes) sessoes[nome] = await t.entrar(nome);
  });
  return sessoes;
}

/** A fresh app on the demo seed (NUP of 17 digits) and what the seed answers. */
export function usarDemo(ambiente: Ambiente | (() => Ambiente) = {}): { t: AppTeste; resumo: ResumoSemente } {
  const t = usarAppTeste(ambiente);
  const resumo = {} as ResumoSemente;
  beforeAll(async () => {
    Object.assign(resumo, await semearDemo(t.banco.db, { armazenamento: t.app.armazenamento, nupFormato: 'nup17' }));
  });
  return { t, resumo };
}
