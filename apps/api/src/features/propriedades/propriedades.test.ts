import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../testing/contexto-teste.ts';

const t = usarAppTeste();
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const [descricao, baseLegal, ativa] of [
    ['Sigilo fiscal', 'Art. 198 do Código Tributário Nacional', true],
    ['informação pessoal', 'Art. 31 da Lei nº 12.527/2011', true],
    ['Controle interno', 'Art. 26, § 3º, da Lei nº 10.180/2001', false],
    ['Documento preparatório', 'Art. 7º, § 3º, da Lei nº 12.527/2011', true],
  ] as const) {
    const { id } = await t.banco.db
      .insertInto('hipoteseLegal')
      .values({ descricao, baseLegal, ativa })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[descricao] = id;
  }
});

describe('GET /api/propriedades/hipoteses-legais', () => {
  it('lista as hipóteses legais ativas em ordem de descrição, sem exigir login', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/propriedades/hipoteses-legais' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([
      {
        id: ids['Documento preparatório'],
        descricao: 'Documento preparatório',
        baseLegal: 'Art. 7º, § 3º, da Lei nº 12.527/2011',
      },
      { id: ids['informação pessoal'], descricao: 'informação pessoal', baseLegal: 'Art. 31 da Lei nº 12.527/2011' },
      { id: ids['Sigilo fiscal'], descricao: 'Sigilo fiscal', baseLegal: 'Art. 198 do Código Tributário Nacional' },
    ]);
  });
});
