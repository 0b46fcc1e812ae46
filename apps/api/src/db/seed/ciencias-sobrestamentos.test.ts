import { describe, expect, it } from 'vitest';
import { usarDemo } from '../../testing/contexto-teste.ts';

const { t, resumo } = usarDemo();

describe('semente de ciências e sobrestamentos', () => {
  it('mostra o sobrestamento em todo estado e ciências com e sem observação', async () => {
    expect(resumo.contagens.sobrestamento).toBe(4);
    const sobrestamentos = await t.banco.db
      .selectFrom('sobrestamento as s')
      .innerJoin('documento as d', 'd.id', 's.idDocumento')
      .select([
        's.levantarEm',
        's.levantadoEm',
        's.idUsuarioLevantamento',
        's.motivoLevantamento',
        'd.estadoProcessamento',
      ])
      .orderBy('s.id')
      .execute();
    expect(sobrestamentos.map((s) => [s.levantarEm !== null, s.levantadoEm !== null, s.estadoProcessamento])).toEqual([
      [false, false, 5],
      [true, false, 5],
      [false, true, 1],
      [true, true, 1],
    ]);
    expect(sobrestamentos[2]?.idUsuarioLevantamento).not.toBeNull();
    expect(sobrestamentos[3]?.idUsuarioLevantamento).toBeNull();
    const ciencias = await t.banco.db.selectFrom('ciencia').select(['observacao', 'em']).execute();
    expect(ciencias.length).toBeGreaterThanOrEqual(6);
    expect(ciencias.some((c) => c.observacao === null)).toBe(true);
    expect(ciencias.some((c) => c.observacao !== null)).toBe(true);
    // Every event after the document's last receipt.
    const fora = await t.banco.db
      .selectFrom('sobrestamento as s')
      .innerJoin('tramitacao as tr', 'tr.idDocumento', 's.idDocumento')
      .select('s.id')
      .where((eb) => eb('tr.dtRecebimento', '>', eb.ref('s.em')))
      .execute();
    expect(fora).toEqual([]);
    // The public history of a suspended document shows the suspension.
    const [vigente] = sobrestamentos;
    expect(vigente).toBeDefined();
    const id = (
      await t.banco.db
        .selectFrom('sobrestamento')
        .select('idDocumento')
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).idDocumento;
    const eventos = await t.app.inject({ method: 'GET', url: `/api/documentos/${id}/eventos` });
    expect(eventos.json().map((e: { tipo: string }) => e.tipo)).toContain('SOBRESTAMENTO');
  });
});
