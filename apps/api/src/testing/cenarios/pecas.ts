import type { Peca } from '@tramite/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../app-teste.ts';
import { pdf } from '../arquivos.ts';
import { sequenciaPecas } from '../estado.ts';
import { criarDocumento, criarHipotese, criarTipoDocumento, criarUnidade, criarUsuario } from '../fabricas.ts';
import { enviarPecas } from '../multipart.ts';

/**
 * The peça changes tests' world, for one test file: registers its hooks and answers the calls. Ana (Protocolo Central)
 * and Bruno (PROGRAD); before each test, a fresh document held RECEBIDO by the Protocolo Central with five peças
 * uploaded through the API (`idDocumento`, `pecas`). The fields are filled in by the hooks: read them inside the tests.
 */
export function usarAlteracoesPecas() {
  const a = {
    t: undefined as unknown as AppTeste,
    ana: '',
    bruno: '',
    ids: {} as { protocolo: number; outra: number; ana: number; bruno: number; tipo: number; hipotese: number },
    idDocumento: 0,
    pecas: [] as Peca[],
  };

  const db = () => a.t.banco.db;
  const patch = (cookie: string | undefined, url: string, payload: Record<string, unknown>) =>
    a.t.app.inject({ method: 'PATCH', url: `/api/documentos/${url}`, headers: cabecalhosApp(cookie), payload });
  const mover = (peca: Peca, sequencial: unknown, cookie = a.ana) =>
    patch(cookie, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}`, { sequencial });
  const cancelar = (peca: Peca, corpo: Record<string, unknown>, cookie = a.ana) =>
    patch(cookie, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}/cancelar`, corpo);
  const excluir = (peca: Peca, cookie = a.ana) =>
    a.t.app.inject({
      method: 'DELETE',
      url: `/api/documentos/${peca.idDocumento}/anexos/${peca.idAnexo}`,
      headers: cabecalhosApp(cookie),
    });

  const novoDocumento = (dados: { idUnidade?: number; estadoTamanho?: 1 | 2 } = {}) =>
    criarDocumento(db(), { idUnidade: a.ids.protocolo, idUsuario: a.ids.ana, idTipoDocumento: a.ids.tipo, ...dados });

  /** `quantidade` peças uploaded by Ana, each a PDF of its own. */
  async function comPecas(documento: number, quantidade: number): Promise<Peca[]> {
    const criadas: Peca[] = [];
    for (let i = 1; i <= quantidade; i++) {
      const resposta = await enviarPecas(a.t, a.ana, documento, { tipoCopia: 'N', descricao: `Peça ${i}` }, [
        { nome: `peca-${i}.pdf`, conteudo: pdf({ tamanho: 1024, marca: `${documento}-${i}` }) },
      ]);
      expect(resposta.statusCode, resposta.body).toBe(201);
      criadas.push(resposta.json());
    }
    return criadas;
  }

  /** The ids of the active peças in their order. */
  async function ordem(documento = a.idDocumento): Promise<number[]> {
    const linhas = await sequenciaPecas(db(), documento);
    expect(linhas.map(([, s]) => s)).toEqual(linhas.map((_, i) => i + 1));
    return linhas.map(([id]) => id);
  }
  const idsDe = (...indices: number[]) => indices.map((i) => (a.pecas[i] as Peca).idAcessoAnexo);

  beforeAll(async () => {
    a.t = await criarAppTeste();
    const protocolo = await criarUnidade(db(), { sigla: 'PROT', nome: 'Protocolo Central' });
    const outra = await criarUnidade(db(), { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' });
    const usuarioAna = await criarUsuario(db(), { username: 'ana', lotacoes: [protocolo.id] });
    const usuarioBruno = await criarUsuario(db(), { username: 'bruno', lotacoes: [outra.id] });
    a.ids = {
      protocolo: protocolo.id,
      outra: outra.id,
      ana: usuarioAna.id,
      bruno: usuarioBruno.id,
      tipo: await criarTipoDocumento(db()),
      hipotese: await criarHipotese(db()),
    };
    a.ana = await a.t.entrar('ana');
    a.bruno = await a.t.entrar('bruno');
  });

  beforeEach(async () => {
    a.idDocumento = await novoDocumento();
    a.pecas = await comPecas(a.idDocumento, 5);
  });

  afterAll(async () => {
    await a.t?.fechar();
  });

  return Object.assign(a, { db, patch, mover, cancelar, excluir, novoDocumento, comPecas, ordem, idsDe });
}
