import { MENSAGENS, type Tramitacao } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';

const { t, resumo } = usarDemo();

describe('semente do cancelamento de envio', () => {
  it('dois envios cancelados pela Ana no histórico, e todo envio pendente pode ser cancelado pela origem', async () => {
    expect(resumo.contagens.tramitacaoCancelada).toBe(2);
    const db = t.banco.db;
    const cancelados = await db
      .selectFrom('tramitacao as tr')
      .innerJoin('documento as d', 'd.id', 'tr.idDocumento')
      .select(['tr.idDocumento', 'tr.nivelAcesso', 'tr.motivoCancelamento', 'tr.dtDespacho', 'tr.dtCancelamento'])
      .select(['d.situacao', 'd.idUnidadeAtual'])
      .where('tr.dtCancelamento', 'is not', null)
      .orderBy('tr.id')
      .execute();
    expect(cancelados.map((c) => [c.nivelAcesso, c.situacao, c.idUnidadeAtual])).toEqual([
      ['P', 'RECEBIDO', resumo.unidades.protocolo],
      ['R', 'RECEBIDO', resumo.unidades.protocolo],
    ]);
    for (const c of cancelados) {
      expect(new Date(c.dtCancelamento as Date).getTime()).toBeGreaterThan(new Date(c.dtDespacho).getTime());
    }
    // Anonymous readers see the public reason, not the restricted one.
    const [publico, restrito] = cancelados;
    const historico = async (id: number | undefined) =>
      (await t.app.inject({ method: 'GET', url: `/api/documentos/${id}/tramitacoes` })).json() as Tramitacao[];
    expect((await historico(publico?.idDocumento)).at(-1)?.cancelamento?.motivo).toBe(publico?.motivoCancelamento);
    expect((await historico(restrito?.idDocumento)).at(-1)?.cancelamento).toMatchObject({ motivo: null });

    const semEstado = await db
      .selectFrom('tramitacao')
      .select('id')
      .where('dtRecebimento', 'is', null)
      .where('dtCancelamento', 'is', null)
      .where('situacaoAnterior', 'is', null)
      .execute();
    expect(semEstado).toEqual([]);

    // Ana recalls one of the Protocolo Central's pending sendings: it comes back.
    const pendente = await db
      .selectFrom('tramitacao as tr')
      .innerJoin('documento as d', 'd.id', 'tr.idDocumento')
      .select(['d.id', 'tr.situacaoAnterior'])
      .where('tr.idUnidadeOrigem', '=', resumo.unidades.protocolo)
      .where('tr.dtRecebimento', 'is', null)
      .where('tr.dtCancelamento', 'is', null)
      .where('tr.idTramitacaoPrincipal', 'is', null)
      .where('d.idDocumentoAgregador', 'is', null)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const cookie = await t.entrar('ana');
    const resposta = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${pendente.id}/cancelar-envio`,
      headers: cabecalhosApp(cookie),
      payload: { motivo: 'Teste da semente' },
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json().situacao).toBe(pendente.situacaoAnterior);
    const deNovo = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${pendente.id}/cancelar-envio`,
      headers: cabecalhosApp(cookie),
      payload: { motivo: 'De novo' },
    });
    expect(deNovo.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.nadaACancelar);
  });
});
