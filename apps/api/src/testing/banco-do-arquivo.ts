import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../db/schema.ts';
import { type BancoTeste, criarBancoTeste } from './banco-teste.ts';

/**
 * `criarBancoTeste` as a test file's hooks: the fields are filled in by the `beforeAll` (read them inside the tests)
 * and the database is closed by the `afterAll`. With `esvaziar`, that table is emptied before each test.
 */
export function usarBancoTeste(esvaziar?: keyof Database): BancoTeste {
  const banco = {} as BancoTeste;
  beforeAll(async () => {
    Object.assign(banco, await criarBancoTeste());
  });
  afterAll(async () => {
    await banco.fechar?.();
  });
  if (esvaziar) {
    beforeEach(async () => {
      await banco.db.deleteFrom(esvaziar).execute();
    });
  }
  return banco;
}
