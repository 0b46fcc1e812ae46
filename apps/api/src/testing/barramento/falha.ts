import { expect } from 'vitest';
import { ErroBarramento } from '../../features/tramita/cliente.ts';

/** The ErroBarramento a call to the barramento failed with (the test fails if it succeeded or failed otherwise). */
export async function falhaDoBarramento(promessa: Promise<unknown>): Promise<ErroBarramento> {
  const erro = await promessa.then(
    () => null,
    (e: unknown) => e,
  );
  expect(erro).toBeInstanceOf(ErroBarramento);
  return erro as ErroBarramento;
}
