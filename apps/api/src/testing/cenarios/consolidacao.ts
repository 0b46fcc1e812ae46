import type { Consolidacao } from '@tramite/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { Banco } from '../../db/connection.ts';
import { TAREFA_CONSOLIDAR } from '../../features/consolidacao/service.ts';
import { tratadorConsolidacao } from '../../features/consolidacao/tarefa.ts';
import { FilaTarefas } from '../../platform/fila.ts';
import { cabecalhosApp } from '../app-teste.ts';
import { usarDemo, usarSessoes } from '../contexto-teste.ts';
import { criarUsuario } from '../fabricas.ts';

/** Test support for the consolidation tests: the real job handler and the calls that follow a consolidation. */

export const INSTITUICAO_TESTE = 'Universidade Federal de Teste';

/**
 * A consolidation test file's world, registered as its hooks (`usarDemo`): the demo seed plus Vera (Reitoria,
 * VISUALIZACAO_IRRESTRITA_PECAS), the sessions of ana, bruno and vera, and the calls that follow a consolidation.
 */
export function usarConsolidacao() {
  const { t, resumo } = usarDemo();
  beforeAll(async () => {
    await criarUsuario(t.banco.db, {
      username: 'vera',
      lotacoes: [resumo.unidades.reitoria],
      permissoes: ['VISUALIZACAO_IRRESTRITA_PECAS'],
    });
  });
  const cookies = usarSessoes(t, ['ana', 'bruno', 'vera']);
  return {
    t,
    resumo,
    cookies,
    db: () => t.banco.db,
    consultar: (uuids: string[], cookie?: string) => consultarConsolidacoes(t.app, uuids, cookie),
    baixar: (uuid: string, cookie?: string) => baixarConsolidacao(t.app, uuid, cookie),
    executarFila: () => filaConsolidacao(t.banco.db, t.app).executarPendentes(),
  };
}

/** The queue with only the consolidation handler, as a server process runs it (with the app's worker pool). */
export function filaConsolidacao(
  db: Banco,
  app: Pick<FastifyInstance, 'armazenamento' | 'trabalhadores'>,
  opcoes: { reservaSegundos?: number; aposMontar?: (uuid: string) => Promise<void> } = {},
): FilaTarefas {
  return new FilaTarefas(
    db,
    {
      [TAREFA_CONSOLIDAR]: tratadorConsolidacao(
        { db, armazenamento: app.armazenamento, trabalhadores: app.trabalhadores },
        { instituicao: INSTITUICAO_TESTE, aposMontar: opcoes.aposMontar },
      ),
    },
    { reservaSegundos: opcoes.reservaSegundos ?? 300 },
  );
}

/** POST consolidacao: the state of the given uuids as `cookie`'s user (anonymous without it) sees them. */
export async function consultarConsolidacoes(
  app: FastifyInstance,
  uuids: string[],
  cookie?: string,
): Promise<Consolidacao[]> {
  const resposta = await app.inject({
    method: 'POST',
    url: '/api/consolidacao',
    headers: cabecalhosApp(cookie),
    payload: uuids,
  });
  if (resposta.statusCode !== 200) throw new Error(`POST consolidacao: ${resposta.statusCode} ${resposta.body}`);
  return resposta.json();
}

/** GET consolidacao/{uuid}/pdf as `cookie`'s user (anonymous without it). */
export function baixarConsolidacao(app: FastifyInstance, uuid: string, cookie?: string) {
  return app.inject({ method: 'GET', url: `/api/consolidacao/${uuid}/pdf`, headers: cookie ? { cookie } : {} });
}
