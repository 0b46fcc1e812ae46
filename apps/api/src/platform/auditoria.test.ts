import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import { autuacaoValida, autuar, type Cenario, criarCenario } from '../testing/cenarios/documentos.ts';
import { ACOES_AUDITORIA, ACOES_RENOMEADAS, registrarAuditoria } from './auditoria.ts';

/** Issue 12: the audit log is append-only, and the state-changing calls write who, when, what, before and after. */

let t: AppTeste;
let c: Cenario;

beforeAll(async () => {
  t = await criarAppTeste();
  c = await criarCenario(t.banco.db);
});

afterAll(async () => {
  await t?.fechar();
});

/** The audit rows written since `desde` (an id), oldest first. */
async function auditoriaDesde(desde: number) {
  return t.banco.db.selectFrom('auditoria').selectAll().where('id', '>', desde).orderBy('id').execute();
}

async function ultimoId(): Promise<number> {
  const linha = await t.banco.db
    .selectFrom('auditoria')
    .select(sql<number>`coalesce(max(id), 0)::int`.as('id'))
    .executeTakeFirstOrThrow();
  return linha.id;
}

describe('auditoria somente inserção', () => {
  it('recusa UPDATE, DELETE e TRUNCATE, e a linha fica como foi gravada', async () => {
    const inicio = await ultimoId();
    await registrarAuditoria(t.banco.db, {
      idUsuario: c.usuarios.ana.id,
      acao: 'ALTERAR_CONFIGURACOES',
      entidade: 'usuario',
      idEntidade: c.usuarios.ana.id,
      antes: { valor: 1 },
      depois: { valor: 2 },
      ip: '127.0.0.1',
    });
    const [original] = await auditoriaDesde(inicio);
    expect(original).toMatchObject({ acao: 'ALTERAR_CONFIGURACOES', depois: { valor: 2 } });
    if (!original) throw new Error('linha de auditoria não gravada');

    await expect(
      t.banco.db.updateTable('auditoria').set({ acao: 'ADULTERADA' }).where('id', '=', original.id).execute(),
    ).rejects.toThrow(/somente inserção/);
    await expect(sql`UPDATE auditoria SET depois = '{"valor": 3}'`.execute(t.banco.db)).rejects.toThrow(
      /somente inserção/,
    );
    await expect(t.banco.db.deleteFrom('auditoria').where('id', '=', original.id).execute()).rejects.toThrow(
      /somente inserção/,
    );
    await expect(sql`TRUNCATE auditoria`.execute(t.banco.db)).rejects.toThrow(/somente inserção/);

    const depois = await t.banco.db
      .selectFrom('auditoria')
      .selectAll()
      .where('id', '=', original.id)
      .executeTakeFirstOrThrow();
    expect(depois).toEqual(original);
  });
});

describe('chamadas que mudam estado gravam quem, quando, o quê, antes e depois', () => {
  it('autuação, edição, marcadores, favorito e configurações', async () => {
    const cookie = await t.entrar('ana');
    const idAna = c.usuarios.ana.id;
    const inicio = await ultimoId();
    const antesDaChamada = Date.now() - 5_000;

    const idDocumento = await autuar(t, cookie, autuacaoValida(c));
    const edicao = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${idDocumento}`,
      headers: cabecalhosApp(cookie),
      payload: autuacaoValida(c, { resumoAssunto: 'Férias de janeiro' }),
    });
    expect(edicao.statusCode).toBe(200);
    const marcadores = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${idDocumento}/tags`,
      headers: cabecalhosApp(cookie),
      payload: { stringTags: 'urgente, rh' },
    });
    expect(marcadores.statusCode).toBeLessThan(300);
    const favorito = await t.app.inject({
      method: 'POST',
      url: `/api/documentos-favoritos/${idDocumento}`,
      headers: cabecalhosApp(cookie),
      payload: {},
    });
    expect(favorito.statusCode).toBeLessThan(300);
    const desfavorito = await t.app.inject({
      method: 'DELETE',
      url: `/api/documentos-favoritos/${idDocumento}`,
      headers: cabecalhosApp(cookie),
    });
    expect(desfavorito.statusCode).toBeLessThan(300);
    const configuracoes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/configuracoes',
      headers: cabecalhosApp(cookie),
      payload: { idUnidadeAtual: c.unidades.protocolo.id, email: 'ana.rh@ufex.edu.br', notificacoesPorEmail: true },
    });
    expect(configuracoes.statusCode).toBe(200);

    const linhas = await auditoriaDesde(inicio);
    const porAcao = new Map(linhas.map((linha) => [linha.acao, linha]));
    expect([...porAcao.keys()]).toEqual(
      expect.arrayContaining([
        'AUTUAR_DOCUMENTO',
        'EDITAR_AUTUACAO',
        'SALVAR_MARCADORES',
        'ADICIONAR_FAVORITO',
        'REMOVER_FAVORITO',
        'ALTERAR_CONFIGURACOES',
      ]),
    );
    for (const linha of linhas) {
      // Who and when, from the request.
      expect(linha.idUsuario, linha.acao).toBe(idAna);
      expect(new Date(linha.em).getTime(), linha.acao).toBeGreaterThan(antesDaChamada);
      expect(linha.ip, linha.acao).toBeTruthy();
      expect(linha.entidade, linha.acao).toBeTruthy();
      expect(linha.idEntidade, linha.acao).toBeTruthy();
    }
    // What: the state after a creation, both sides of a change.
    expect(porAcao.get('AUTUAR_DOCUMENTO')).toMatchObject({ entidade: 'documento', idEntidade: String(idDocumento) });
    expect(porAcao.get('AUTUAR_DOCUMENTO')?.depois).toMatchObject({
      resumoAssunto: 'Solicitação de férias da servidora',
    });
    expect(porAcao.get('EDITAR_AUTUACAO')?.antes).toMatchObject({
      resumoAssunto: 'Solicitação de férias da servidora',
    });
    expect(porAcao.get('EDITAR_AUTUACAO')?.depois).toMatchObject({ resumoAssunto: 'Férias de janeiro' });
    expect(JSON.stringify(porAcao.get('SALVAR_MARCADORES')?.depois)).toContain('urgente');
    expect(porAcao.get('ALTERAR_CONFIGURACOES')?.antes).toMatchObject({ email: 'ana@ufex.edu.br' });
    expect(porAcao.get('ALTERAR_CONFIGURACOES')?.depois).toMatchObject({ email: 'ana.rh@ufex.edu.br' });
  });

  it('uma chamada recusada não grava nada', async () => {
    const cookie = await t.entrar('bruno');
    const inicio = await ultimoId();
    const recusada = await t.app.inject({
      method: 'POST',
      url: '/api/auth/configuracoes',
      headers: cabecalhosApp(cookie),
      payload: { idUnidadeAtual: c.unidades.protocolo.id },
    });
    expect(recusada.statusCode).toBe(400);
    expect(await auditoriaDesde(inicio)).toHaveLength(0);
  });
});

describe('vocabulário das ações (issue 18)', () => {
  it('todas as ações seguem um só estilo: maiúsculas separadas por _', () => {
    for (const acao of ACOES_AUDITORIA) expect(acao).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    expect(new Set(ACOES_AUDITORIA).size).toBe(ACOES_AUDITORIA.length);
  });

  it('a migração 0018 registra cada nome antigo com o nome atual, que é do catálogo', async () => {
    const { rows } = await sql<{ acaoAntiga: string; acao: string }>`
      SELECT acao_antiga, acao FROM auditoria_acao_renomeada ORDER BY acao_antiga`.execute(t.banco.db);
    expect(Object.fromEntries(rows.map((linha) => [linha.acaoAntiga, linha.acao]))).toEqual(ACOES_RENOMEADAS);
    for (const atual of Object.values(ACOES_RENOMEADAS)) expect(ACOES_AUDITORIA).toContain(atual);
  });

  it('uma linha antiga guarda o nome com que foi gravada e é lida com o nome atual pela visão', async () => {
    // A row as written before the rename (INSERT is what the log allows).
    const { rows } = await sql<{ id: number }>`
      INSERT INTO auditoria (acao, entidade, id_entidade, ip)
      VALUES ('consolidacao.solicitar', 'consolidacao', gen_random_uuid()::text, '192.0.2.7')
      RETURNING id::int AS id`.execute(t.banco.db);
    const id = rows[0]?.id ?? 0;
    const gravada = await t.banco.db.selectFrom('auditoria').select('acao').where('id', '=', id).executeTakeFirst();
    expect(gravada).toEqual({ acao: 'consolidacao.solicitar' });
    const { rows: lidas } = await sql<{ acao: string; acaoGravada: string }>`
      SELECT acao, acao_gravada FROM auditoria_vocabulario_atual WHERE id = ${id}`.execute(t.banco.db);
    expect(lidas).toEqual([{ acao: 'SOLICITAR_CONSOLIDACAO', acaoGravada: 'consolidacao.solicitar' }]);
    // A row in the current vocabulary reads the same through the view.
    const inicio = await ultimoId();
    await registrarAuditoria(t.banco.db, { idUsuario: null, acao: 'LOGOUT', entidade: 'sessao', idEntidade: 'x' });
    const { rows: atuais } = await sql<{ acao: string; acaoGravada: string }>`
      SELECT acao, acao_gravada FROM auditoria_vocabulario_atual WHERE id > ${inicio}`.execute(t.banco.db);
    expect(atuais).toEqual([{ acao: 'LOGOUT', acaoGravada: 'LOGOUT' }]);
  });
});
