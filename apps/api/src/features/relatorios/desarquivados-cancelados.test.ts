import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { loteDesarquivados, resumoDesarquivados } from './queries.ts';

// The desarquivados report and "Cancelar envio" (issue 20): a recalled DESARQUIVAR sending undid its desarquivamento.

const m = usarTramitacao();
const { db, novo, documento } = m;

const cancelar = (cookie: string, id: number) =>
  m.t.app.inject({
    method: 'POST',
    url: `/api/documentos/${id}/cancelar-envio`,
    headers: cabecalhosApp(cookie),
    payload: { motivo: 'Enviado por engano' },
  });

describe('relatório de documentos desarquivados', () => {
  it('um DESARQUIVAR cancelado volta a arquivado e sai do relatório de desarquivados (a linha fica)', async () => {
    const id = await novo();
    const arquivar = await m.api.enviar(m.s.ana, id, {
      idPasso: m.c.fluxos.livreOficio.arquivar,
      idDestino: m.c.unidades.arquivo.id,
    });
    expect(arquivar.statusCode).toBe(201);
    expect((await m.api.receber(m.s.mariana, id)).statusCode).toBe(200);
    const inicio = new Date(Date.now() - 60_000);
    const desarquivar = await m.api.enviar(m.s.mariana, id, {
      idPasso: m.c.fluxos.livreOficio.desarquivar,
      idDestino: m.c.unidades.protocolo.id,
      despacho: 'Pedido de vista',
    });
    expect(desarquivar.statusCode).toBe(201);
    const periodo = { inicio, fim: new Date(Date.now() + 60_000) };
    const noRelatorio = async () => {
      const linhas = await loteDesarquivados(db(), m.c.unidades.arquivo.id, periodo, null, 100);
      const [resumo] = await resumoDesarquivados(db(), [m.c.unidades.arquivo.id], periodo);
      return { linhas: linhas.length, total: Number(resumo?.total) };
    };
    expect(await noRelatorio()).toEqual({ linhas: 1, total: 1 });

    expect((await cancelar(m.s.mariana, id)).statusCode).toBe(200);
    expect(await documento(id)).toMatchObject({ situacao: 'RECEBIDO', estadoProcessamento: 2 });
    expect(await noRelatorio()).toEqual({ linhas: 0, total: 0 });
    const guardados = await db().selectFrom('desarquivamento').select('id').where('idDocumento', '=', id).execute();
    expect(guardados).toHaveLength(1);
  });
});
