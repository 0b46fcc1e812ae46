import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArmazenamentoArquivos } from '../platform/armazenamento.ts';
import { usarBancoTeste } from '../testing/banco-do-arquivo.ts';
import { recolherArquivosOrfaos } from './arquivos-orfaos.ts';

/** Issue 12: the sweep that deletes what a crashed process left in the file store, and nothing else. */
describe('limpeza de arquivos órfãos do armazenamento', () => {
  const banco = usarBancoTeste();
  let pasta: string;

  beforeAll(async () => {
    pasta = await mkdtemp(join(tmpdir(), 'tramite-orfaos-'));
  });

  afterAll(async () => {
    await rm(pasta, { recursive: true, force: true });
  });

  it('apaga só os arquivos sem linha e os temporários mais velhos que a carência', async () => {
    const armazenamento = new ArmazenamentoArquivos(pasta);
    const antigo = new Date(Date.now() - 2 * 3600 * 1000);
    const referenciado = await armazenamento.guardarBuffer(Buffer.from('com linha no banco'));
    await banco.db
      .insertInto('arquivo')
      .values({ sha256: referenciado.sha256, tamanho: referenciado.tamanho, tipoMime: 'text/plain' })
      .execute();
    const orfaoAntigo = await armazenamento.guardarBuffer(Buffer.from('deixado por um processo morto'));
    const orfaoNovo = await armazenamento.guardarBuffer(Buffer.from('de um envio ainda em andamento'));
    const temporarioAntigo = join(pasta, '.tmp-interrompido');
    const temporarioNovo = join(pasta, '.tmp-em-andamento');
    await writeFile(temporarioAntigo, 'metade');
    await writeFile(temporarioNovo, 'chegando');
    for (const caminho of [
      armazenamento.caminho(referenciado.sha256),
      armazenamento.caminho(orfaoAntigo.sha256),
      temporarioAntigo,
    ]) {
      await utimes(caminho, antigo, antigo);
    }

    const resultado = await recolherArquivosOrfaos(banco.db, armazenamento, { carenciaSegundos: 3600 });

    expect(resultado).toEqual({ orfaos: 1, temporarios: 1 });
    expect(await armazenamento.existe(referenciado.sha256)).toBe(true);
    expect(await armazenamento.existe(orfaoAntigo.sha256)).toBe(false);
    expect(await armazenamento.existe(orfaoNovo.sha256)).toBe(true);
    expect((await readdir(pasta)).filter((n) => n.startsWith('.tmp-'))).toEqual(['.tmp-em-andamento']);

    // With no grace, the recent orphan goes too; the referenced file never does.
    expect(await recolherArquivosOrfaos(banco.db, armazenamento, { carenciaSegundos: 0 })).toEqual({
      orfaos: 1,
      temporarios: 1,
    });
    expect(await armazenamento.existe(orfaoNovo.sha256)).toBe(false);
    expect(await armazenamento.existe(referenciado.sha256)).toBe(true);
  });
});
