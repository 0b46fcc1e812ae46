import { criarCalendario, type DiaNaoUtil, dataEmSaoPaulo, estadoPrazo, type Fluxo } from '@tramite/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { retornoCumprido } from '../expressoes.ts';

const { t, resumo } = usarDemo();

/** The server's calendar: national days and the institution's, as the seed wrote them. */
async function calendarioDaSemente() {
  const { rows } = await sql<DiaNaoUtil>`
    SELECT to_char(data, 'YYYY-MM-DD') AS data, descricao, tipo FROM dia_nao_util`.execute(t.banco.db);
  return criarCalendario(rows);
}

describe('semente dos prazos', () => {
  it('passos com prazo padrão, prazos em todos os estados e das duas origens, retornos aguardados e cumpridos', async () => {
    const db = t.banco.db;
    expect(resumo.contagens.passoPrazo).toBeGreaterThanOrEqual(5);
    expect(resumo.contagens.prazoAlteracao).toBeGreaterThan(0);
    expect(resumo.contagens.tramitacaoRetornoCumprido).toBeGreaterThan(0);

    const calendario = await calendarioDaSemente();
    const hoje = dataEmSaoPaulo();
    const comPrazo = await db
      .selectFrom('tramitacao')
      .select(['prazo', 'origemPrazo'])
      .where('prazo', 'is not', null)
      .execute();
    const situacoes = new Set(comPrazo.map((p) => estadoPrazo(p.prazo, hoje, calendario).situacao));
    expect(situacoes).toContain('NO_PRAZO');
    expect(situacoes).toContain('VENCIDO');
    if (calendario.ehDiaUtil(hoje)) expect(situacoes).toContain('VENCE_HOJE');
    expect(new Set(comPrazo.map((p) => p.origemPrazo))).toEqual(new Set(['PASSO', 'REMETENTE']));

    // documento.prazo is always its last live tramitação's.
    const { rows: divergentes } = await sql`
      SELECT d.id FROM documento d
      LEFT JOIN LATERAL (SELECT t.prazo FROM tramitacao t WHERE t.id_documento = d.id AND t.dt_cancelamento IS NULL
        ORDER BY t.sequencia DESC LIMIT 1) u ON true
      WHERE d.prazo IS DISTINCT FROM u.prazo`.execute(db);
    expect(divergentes).toEqual([]);

    const retornos = await db
      .selectFrom('tramitacao as t')
      .select(retornoCumprido('t').as('cumprido'))
      .where('t.retornoProgramado', 'is not', null)
      .execute();
    expect(new Set(retornos.map((r) => r.cumprido))).toEqual(new Set([true, false]));
  });

  it('a unidade que detém um documento semeado com prazo pode alterá-lo', async () => {
    const db = t.banco.db;
    const documento = await db
      .selectFrom('documento')
      .select('id')
      .where('prazo', 'is not', null)
      .where('situacao', '=', 'RECEBIDO')
      .where('idUnidadeAtual', '=', resumo.unidades.protocolo)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cookie = await t.entrar('ana');
    const fluxos = (
      await t.app.inject({ method: 'GET', url: `/api/documentos/${documento.id}/fluxos`, headers: { cookie } })
    ).json() as Fluxo[];
    expect(fluxos.some((f) => f.passos.length > 0)).toBe(true);
    const novo = (await calendarioDaSemente()).somarDiasUteis(dataEmSaoPaulo(), 20);
    const resposta = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${documento.id}/prazo`,
      headers: cabecalhosApp(cookie),
      payload: { prazo: novo, motivo: 'Conferência da semente' },
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
  });
});
