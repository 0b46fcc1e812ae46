import type { ContagensCaixaPostal, PaginaControlePrazos, RetornosPendentes } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { usarDemo, usarSessoes } from '../../testing/contexto-teste.ts';

/** Issue 20: after `npm start`, Ana's screens show the deadlines in every state (db/seed/prazos.ts, controle-prazos.ts). */

const { t } = usarDemo();
const s = usarSessoes(t, ['ana']);

async function ok<T>(url: string): Promise<T> {
  const resposta = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie: s.ana } });
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

describe('demonstração do controle de prazos', () => {
  it('a caixa de Ana tem documentos vencidos, no prazo e sem prazo, e o aviso de retornos vencidos', async () => {
    for (const situacao of ['VENCIDO', 'NO_PRAZO', 'SEM_PRAZO']) {
      const contagens = await ok<ContagensCaixaPostal>(`/caixa-postal/contagens?situacaoPrazo=${situacao}`);
      expect(contagens.todos, situacao).toBeGreaterThan(0);
    }
    const aviso = await ok<RetornosPendentes>('/controle-de-prazos/retornos-pendentes');
    expect(aviso.vencidosOuHoje).toBeGreaterThanOrEqual(2);
  });

  it('as três abas de Ana têm linhas, e os retornos aparecem vencidos e vencendo hoje', async () => {
    for (const aba of ['na-unidade', 'aguardados', 'retornos']) {
      expect((await ok<PaginaControlePrazos>(`/controle-de-prazos?aba=${aba}`)).total, aba).toBeGreaterThan(0);
    }
    const retornos = await ok<PaginaControlePrazos>('/controle-de-prazos?aba=retornos&tamanhoPagina=100');
    const situacoes = new Set(retornos.itens.map((i) => i.situacaoPrazo));
    expect(situacoes).toContain('VENCIDO');
    expect(situacoes).toContain('VENCE_HOJE');
  });
});
