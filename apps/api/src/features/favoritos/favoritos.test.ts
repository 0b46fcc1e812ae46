import { type Documento, MENSAGENS } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { auditoriaDocumento, autuacaoValida, autuar, usarCenario } from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'bruno', 'duda']);

const ler = (cookie: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/documentos/${id}`, headers: { cookie } });

const auditoria = (idDocumento: number, acao: string) => auditoriaDocumento(t.banco.db, idDocumento, acao);

describe('documentos-favoritos/{id}', () => {
  const favoritar = (cookie: string | undefined, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/documentos-favoritos/${id}`, headers: cabecalhosApp(cookie) });
  const desfavoritar = (cookie: string | undefined, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/documentos-favoritos/${id}`, headers: cabecalhosApp(cookie) });

  it('favorita (201, idempotente) e desfavorita (204, idempotente), com auditoria só das mudanças', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    for (let i = 0; i < 2; i++) {
      const resposta = await favoritar(s.ana, id);
      expect(resposta.statusCode).toBe(201);
      expect(resposta.json()).toEqual({ idDocumento: id, favorito: true, acompanhadoPorEmail: false });
    }
    expect(((await ler(s.ana, id)).json() as Documento).favorito).toBe(true);
    expect(((await ler(s.duda, id)).json() as Documento).favorito).toBe(false);
    for (let i = 0; i < 2; i++) {
      const resposta = await desfavoritar(s.ana, id);
      expect(resposta.statusCode).toBe(204);
      expect(resposta.body).toBe('');
    }
    expect(((await ler(s.ana, id)).json() as Documento).favorito).toBe(false);
    expect(await auditoria(id, 'ADICIONAR_FAVORITO')).toHaveLength(1);
    expect(await auditoria(id, 'REMOVER_FAVORITO')).toHaveLength(1);
  });

  it('exige login (401) e documento visível (404)', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    expect((await favoritar(undefined, id)).statusCode).toBe(401);
    expect((await desfavoritar(undefined, id)).statusCode).toBe(401);
    const invisivel = await favoritar(s.bruno, id);
    expect(invisivel.statusCode).toBe(404);
    expect(invisivel.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    expect((await desfavoritar(s.bruno, id)).statusCode).toBe(404);
    expect((await favoritar(s.ana, 999_999)).statusCode).toBe(404);
  });
});
