import { type Documento, MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../../testing/app-teste.ts';
import { autuacaoValida, autuar, type Cenario, criarCenario } from '../../testing/cenarios/documentos.ts';

let t: AppTeste;
let c: Cenario;
let ana: string;
let bruno: string;
let duda: string;

beforeAll(async () => {
  t = await criarAppTeste();
  c = await criarCenario(t.banco.db);
  [ana, bruno, duda] = await Promise.all([t.entrar('ana'), t.entrar('bruno'), t.entrar('duda')]);
});

afterAll(async () => {
  await t?.fechar();
});

const ler = (cookie: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/documentos/${id}`, headers: { cookie } });

const auditoria = (idDocumento: number, acao: string) =>
  t.banco.db
    .selectFrom('auditoria')
    .selectAll()
    .where('entidade', '=', 'documento')
    .where('idEntidade', '=', String(idDocumento))
    .where('acao', '=', acao)
    .execute();

describe('documentos-favoritos/{id}', () => {
  const favoritar = (cookie: string | undefined, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/documentos-favoritos/${id}`, headers: cabecalhosApp(cookie) });
  const desfavoritar = (cookie: string | undefined, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/documentos-favoritos/${id}`, headers: cabecalhosApp(cookie) });

  it('favorita (201, idempotente) e desfavorita (204, idempotente), com auditoria só das mudanças', async () => {
    const id = await autuar(t, ana, autuacaoValida(c));
    for (let i = 0; i < 2; i++) {
      const resposta = await favoritar(ana, id);
      expect(resposta.statusCode).toBe(201);
      expect(resposta.json()).toEqual({ idDocumento: id, favorito: true, acompanhadoPorEmail: false });
    }
    expect(((await ler(ana, id)).json() as Documento).favorito).toBe(true);
    expect(((await ler(duda, id)).json() as Documento).favorito).toBe(false);
    for (let i = 0; i < 2; i++) {
      const resposta = await desfavoritar(ana, id);
      expect(resposta.statusCode).toBe(204);
      expect(resposta.body).toBe('');
    }
    expect(((await ler(ana, id)).json() as Documento).favorito).toBe(false);
    expect(await auditoria(id, 'ADICIONAR_FAVORITO')).toHaveLength(1);
    expect(await auditoria(id, 'REMOVER_FAVORITO')).toHaveLength(1);
  });

  it('exige login (401) e documento visível (404)', async () => {
    const id = await autuar(t, ana, autuacaoValida(c));
    expect((await favoritar(undefined, id)).statusCode).toBe(401);
    expect((await desfavoritar(undefined, id)).statusCode).toBe(401);
    const invisivel = await favoritar(bruno, id);
    expect(invisivel.statusCode).toBe(404);
    expect(invisivel.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    expect((await desfavoritar(bruno, id)).statusCode).toBe(404);
    expect((await favoritar(ana, 999_999)).statusCode).toBe(404);
  });
});
