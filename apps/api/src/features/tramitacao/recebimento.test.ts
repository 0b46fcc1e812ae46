import { type Documento, MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { bancoDosTestes } from '../../testing/banco-teste.ts';
import { autuacaoValida, autuar, tramitarEntre, usarCenario } from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';
import * as queries from './queries.ts';

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'joao', 'bruno', 'duda']);

const receber = (cookie: string | undefined, id: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/documentos/${id}/receber`, headers: cabecalhosApp(cookie) });
const ler = (cookie: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/documentos/${id}`, headers: { cookie } });

/** A document opened in PROGRAD and sent to the Protocolo Central, not yet received. */
async function enviadoAoProtocolo(): Promise<number> {
  const id = await autuar(t, s.bruno, autuacaoValida(c));
  await tramitarEntre(t.banco.db, c, id, { de: 'bruno', para: 'ana', recebida: false });
  return id;
}

describe('POST /api/documentos/{id}/receber', () => {
  it('recebe na unidade atual: tramitação, situação, unidade e documentos juntados, com auditoria', async () => {
    const id = await enviadoAoProtocolo();
    const filho = await autuar(t, s.bruno, autuacaoValida(c));
    const neto = await autuar(t, s.bruno, autuacaoValida(c));
    const db = t.banco.db;
    await db
      .updateTable('documento')
      .set({ idDocumentoAgregador: id, situacao: 'E', idUnidadeAtual: c.unidades.outra.id })
      .where('id', '=', filho)
      .execute();
    await db
      .updateTable('documento')
      .set({ idDocumentoAgregador: filho, situacao: 'E' })
      .where('id', '=', neto)
      .execute();
    expect(((await ler(s.ana, id)).json() as Documento).podeReceber).toBe(true);

    const resposta = await receber(s.ana, id);
    expect(resposta.statusCode).toBe(200);
    const doc = resposta.json() as Documento;
    expect(doc).toMatchObject({
      idDocumento: id,
      situacao: 'RECEBIDO',
      unidadeAtual: { id: c.unidades.protocolo.id, sigla: 'PROT' },
      podeReceber: false,
      idDestino: null,
      ultimaTramitacao: { unidadeDestino: { id: c.unidades.protocolo.id } },
    });
    expect(doc.ultimaTramitacao?.dtRecebimento).not.toBeNull();

    const tramitacao = await db
      .selectFrom('tramitacao')
      .select(['dtRecebimento', 'idUsuarioRecebedor'])
      .where('idDocumento', '=', id)
      .executeTakeFirstOrThrow();
    expect(tramitacao.idUsuarioRecebedor).toBe(c.usuarios.ana.id);
    expect(tramitacao.dtRecebimento).not.toBeNull();
    const juntados = await db
      .selectFrom('documento')
      .select(['id', 'idUnidadeAtual', 'situacao'])
      .where('id', 'in', [filho, neto])
      .orderBy('id')
      .execute();
    expect(juntados).toEqual([
      { id: filho, idUnidadeAtual: c.unidades.protocolo.id, situacao: 'E' },
      { id: neto, idUnidadeAtual: c.unidades.protocolo.id, situacao: 'E' },
    ]);
    const auditoria = await db
      .selectFrom('auditoria')
      .select(['idUsuario', 'antes', 'depois'])
      .where('acao', '=', 'RECEBER_DOCUMENTO')
      .where('idEntidade', '=', String(id))
      .execute();
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0]).toMatchObject({
      idUsuario: c.usuarios.ana.id,
      antes: { situacao: 'ENVIADO', idUnidadeAtual: c.unidades.outra.id },
      depois: { situacao: 'RECEBIDO', idUnidadeAtual: c.unidades.protocolo.id, agregados: [filho, neto] },
    });
  });

  it('recusa receber de novo (409)', async () => {
    const id = await enviadoAoProtocolo();
    expect((await receber(s.ana, id)).statusCode).toBe(200);
    const segunda = await receber(s.joao, id);
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().mensagem).toBe(MENSAGENS.documento.jaRecebido);
  });

  it('de 50 recebimentos simultâneos, exatamente um vale; os outros dão 409', async () => {
    const id = await enviadoAoProtocolo();
    const respostas = await Promise.all(Array.from({ length: 50 }, (_, i) => receber(i % 2 ? s.ana : s.joao, id)));
    const status = respostas.map((r) => r.statusCode).sort();
    expect(status).toEqual([200, ...Array(49).fill(409)]);
    for (const r of respostas.filter((x) => x.statusCode === 409)) {
      expect(r.json().mensagem).toBe(MENSAGENS.documento.jaRecebido);
    }
    const recebimentos = await t.banco.db
      .selectFrom('auditoria')
      .select('id')
      .where('acao', '=', 'RECEBER_DOCUMENTO')
      .where('idEntidade', '=', String(id))
      .execute();
    expect(recebimentos).toHaveLength(1);
  });

  it('recusa quem não é da unidade de destino, ou age por outra unidade (403)', async () => {
    const id = await enviadoAoProtocolo();
    for (const cookie of [s.bruno, s.duda]) {
      const resposta = await receber(cookie, id);
      expect(resposta.statusCode).toBe(403);
      expect(resposta.json().mensagem).toBe(MENSAGENS.documento.naoPendenteRecebimento);
    }
    expect(((await ler(s.duda, id)).json() as Documento).podeReceber).toBe(false);
  });

  it('recusa documento que não aguarda recebimento ou está oculto na caixa postal (403)', async () => {
    const semEnvio = await autuar(t, s.ana, autuacaoValida(c));
    expect((await receber(s.ana, semEnvio)).statusCode).toBe(403);
    const oculto = await enviadoAoProtocolo();
    await t.banco.db.updateTable('documento').set({ estadoVisibilidadeCaixa: 2 }).where('id', '=', oculto).execute();
    expect(((await ler(s.ana, oculto)).json() as Documento).podeReceber).toBe(false);
    const resposta = await receber(s.ana, oculto);
    expect(resposta.statusCode).toBe(403);
    expect(resposta.json().mensagem).toBe(MENSAGENS.documento.naoPendenteRecebimento);
  });

  it('exige login (401); documento desconhecido ou rascunho alheio dá 404', async () => {
    const id = await enviadoAoProtocolo();
    expect((await receber(undefined, id)).statusCode).toBe(401);
    const desconhecido = await receber(s.ana, 999_999);
    expect(desconhecido.statusCode).toBe(404);
    expect(desconhecido.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    const rascunhoAlheio = await autuar(t, s.bruno, autuacaoValida(c));
    expect((await receber(s.ana, rascunhoAlheio)).statusCode).toBe(404);
    expect((await receber(s.ana, 'x')).statusCode).toBe(400);
  });
});

// Only a server has two sessions at once: PGlite runs one statement at a time.
describe.runIf(bancoDosTestes() === 'postgres')('recebimento ao lado de quem abre o documento', () => {
  /** Answers 'esperou' as soon as some session of this database waits for a lock, until `parar` is called. */
  function vigiarEspera(parar: () => boolean): Promise<'esperou' | 'parou'> {
    return (async () => {
      while (!parar()) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.banco.db);
        if ((rows[0]?.n ?? 0) > 0) return 'esperou';
        await new Promise((r) => setTimeout(r, 10));
      }
      return 'parou';
    })();
  }

  it('a leitura de quem abre a página não espera o documento bloqueado pelo recebimento (nem cria um impasse)', async () => {
    // The soak's one 500: a receipt held the document FOR UPDATE; the page read's reading row (a foreign key to the
    // document) waited for it, and the receipt's own reading row then waited for the page's: a deadlock.
    const id = await enviadoAoProtocolo();
    const db = t.banco.db;
    let terminou = false;
    await db.transaction().execute(async (trx) => {
      await queries.bloquearDocumento(trx, id);
      const leitura = queries.marcarLido(db, c.usuarios.ana.id, id).then(() => 'gravou' as const);
      const resultado = await Promise.race([leitura, vigiarEspera(() => terminou)]);
      terminou = true;
      expect(resultado).toBe('gravou');
      await queries.marcarLido(trx, c.usuarios.ana.id, id);
    });
    const leituras = await db
      .selectFrom('documentoLeitura')
      .select('idUsuario')
      .where('idDocumento', '=', id)
      .execute();
    expect(leituras).toEqual([{ idUsuario: c.usuarios.ana.id }]);
  });
});
