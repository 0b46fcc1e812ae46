import { MENSAGENS, type ResultadoLote } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { rascunho, usarTramitacao } from '../../testing/cenarios/tramitacao.ts';

const m = usarTramitacao();
const { db, novo, naPrograd } = m;

describe('POST tramitacoes/lote', () => {
  const lote = (cookie: string, payload: Record<string, unknown>) =>
    m.t.app.inject({ method: 'POST', url: '/api/tramitacoes/lote', headers: cabecalhosApp(cookie), payload });

  it('tramita cada documento por si: os permitidos vão, os recusados dizem por quê', async () => {
    const oficio = await novo();
    const memorando = await novo({ idTipoDocumento: m.c.tipos.memorando, idAssunto: m.c.assuntos.compras });
    const alheio = await naPrograd();
    const semAssunto = await novo();
    await db().updateTable('documento').set({ idAssunto: null }).where('id', '=', semAssunto).execute();
    const rascunhoAlheio = await rascunho(m.t, m.c, m.s.bruno);
    const resposta = await lote(m.s.ana, {
      idsDocumentos: [oficio, alheio, memorando, 999_999, semAssunto, rascunhoAlheio, oficio],
      idPasso: m.c.fluxos.livreOficio.encaminhar,
      idDestino: m.c.unidades.departamento.id,
      despacho: 'Encaminho em lote',
    });
    expect(resposta.statusCode).toBe(200);
    const numero = async (id: number) =>
      (await db().selectFrom('documento').select('numero').where('id', '=', id).executeTakeFirstOrThrow()).numero;
    expect(resposta.json() as ResultadoLote[]).toEqual([
      { idDocumento: oficio, numero: await numero(oficio), tramitado: true, erro: null },
      {
        idDocumento: alheio,
        numero: await numero(alheio),
        tramitado: false,
        erro: MENSAGENS.tramitacao.naoRecebidoPelaUnidade,
      },
      // Another type: its own 'Tramitação livre' > 'Encaminhar'.
      { idDocumento: memorando, numero: await numero(memorando), tramitado: true, erro: null },
      { idDocumento: 999_999, numero: null, tramitado: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
      {
        idDocumento: semAssunto,
        numero: await numero(semAssunto),
        tramitado: false,
        erro: MENSAGENS.tramitacao.semAssunto,
      },
      {
        idDocumento: rascunhoAlheio,
        numero: null,
        tramitado: false,
        erro: MENSAGENS.autuacao.erroBuscarDadosDocumento,
      },
    ]);
    const passoMemorando = await db()
      .selectFrom('tramitacao')
      .select(['idPasso', 'despacho'])
      .where('idDocumento', '=', memorando)
      .executeTakeFirstOrThrow();
    expect(passoMemorando).toEqual({ idPasso: m.c.fluxos.livreMemorando.encaminhar, despacho: 'Encaminho em lote' });
  });

  it('valida o corpo: de 1 a 100 documentos, hipótese para restrito (400)', async () => {
    const base = { idPasso: m.c.fluxos.livreOficio.encaminhar, idDestino: m.c.unidades.outra.id };
    expect((await lote(m.s.ana, { ...base, idsDocumentos: [] })).statusCode).toBe(400);
    const muitos = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await lote(m.s.ana, { ...base, idsDocumentos: muitos })).statusCode).toBe(400);
    const restrito = await lote(m.s.ana, { ...base, idsDocumentos: [1], nivelAcesso: 'R' });
    expect(restrito.statusCode).toBe(400);
    expect(restrito.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
  });
});
