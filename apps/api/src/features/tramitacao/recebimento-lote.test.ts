import { LOTE_MAXIMO, MENSAGENS, type ResultadoRecebimentoLote } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import {
  auditoriaDocumento,
  autuacaoValida,
  autuar,
  tramitarEntre,
  usarCenario,
} from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';

/** Issue 20: "Receber selecionados", each document by the rules of a single receipt, in its own transaction. */

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'joao', 'bruno']);

const db = () => t.banco.db;
const lote = (cookie: string | undefined, idsDocumentos: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/recebimentos/lote',
    headers: cabecalhosApp(cookie),
    payload: { idsDocumentos },
  });
const receber = (cookie: string, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/documentos/${id}/receber`, headers: cabecalhosApp(cookie) });

/** A document opened in PROGRAD and sent to the Protocolo Central, not yet received. */
async function enviadoAoProtocolo(): Promise<number> {
  const id = await autuar(t, s.bruno, autuacaoValida(c, { idProcedencia: c.unidades.outra.id }));
  await tramitarEntre(db(), c, id, { de: 'bruno', para: 'ana', recebida: false });
  return id;
}

const numero = async (id: number) =>
  (await db().selectFrom('documento').select('numero').where('id', '=', id).executeTakeFirstOrThrow()).numero;

const situacao = async (id: number) =>
  db().selectFrom('documento').select(['situacao', 'idUnidadeAtual']).where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/recebimentos/lote', () => {
  it('recebe cada documento por si: os que aguardam são recebidos, os outros dizem por quê, na ordem pedida', async () => {
    const primeiro = await enviadoAoProtocolo();
    const jaRecebido = await enviadoAoProtocolo();
    expect((await receber(s.joao, jaRecebido)).statusCode).toBe(200);
    const rascunhoDaAna = await autuar(t, s.ana, autuacaoValida(c));
    const rascunhoAlheio = await autuar(t, s.bruno, autuacaoValida(c, { idProcedencia: c.unidades.outra.id }));
    const segundo = await enviadoAoProtocolo();

    const resposta = await lote(s.ana, [
      primeiro,
      jaRecebido,
      rascunhoDaAna,
      999_999,
      rascunhoAlheio,
      segundo,
      primeiro,
    ]);
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json() as ResultadoRecebimentoLote[]).toEqual([
      { idDocumento: primeiro, numero: await numero(primeiro), recebido: true, erro: null },
      {
        idDocumento: jaRecebido,
        numero: await numero(jaRecebido),
        recebido: false,
        erro: MENSAGENS.documento.jaRecebido,
      },
      {
        idDocumento: rascunhoDaAna,
        numero: await numero(rascunhoDaAna),
        recebido: false,
        erro: MENSAGENS.documento.naoPendenteRecebimento,
      },
      { idDocumento: 999_999, numero: null, recebido: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
      // Another unit's draft: not even its number is told.
      { idDocumento: rascunhoAlheio, numero: null, recebido: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
      { idDocumento: segundo, numero: await numero(segundo), recebido: true, erro: null },
    ]);

    for (const id of [primeiro, segundo]) {
      expect(await situacao(id)).toEqual({ situacao: 'RECEBIDO', idUnidadeAtual: c.unidades.protocolo.id });
      const auditoria = await auditoriaDocumento(db(), id, 'RECEBER_DOCUMENTO');
      expect(auditoria.map((a) => a.idUsuario)).toEqual([c.usuarios.ana.id]);
      // Received by Ana: read by her, by nobody else.
      const leituras = await db()
        .selectFrom('documentoLeitura')
        .select('idUsuario')
        .where('idDocumento', '=', id)
        .execute();
      expect(leituras).toEqual([{ idUsuario: c.usuarios.ana.id }]);
    }
    expect(await auditoriaDocumento(db(), jaRecebido, 'RECEBER_DOCUMENTO')).toHaveLength(1);
    expect(await situacao(rascunhoDaAna)).toMatchObject({ situacao: 'EM_CRIACAO' });
  });

  it('com um recebimento avulso ao mesmo tempo, exatamente um recebe; o outro ouve 409', async () => {
    for (let rodada = 0; rodada < 5; rodada++) {
      const disputado = await enviadoAoProtocolo();
      const livre = await enviadoAoProtocolo();
      const [emLote, avulso] = await Promise.all([lote(s.ana, [disputado, livre]), receber(s.joao, disputado)]);
      expect(emLote.statusCode).toBe(200);
      const [resultadoDisputado, resultadoLivre] = emLote.json() as ResultadoRecebimentoLote[];
      expect(resultadoLivre).toMatchObject({ idDocumento: livre, recebido: true });
      const vencedores = [resultadoDisputado?.recebido === true, avulso.statusCode === 200].filter(Boolean);
      expect(vencedores).toHaveLength(1);
      if (resultadoDisputado?.recebido) {
        expect(avulso.statusCode).toBe(409);
        expect(avulso.json().mensagem).toBe(MENSAGENS.documento.jaRecebido);
      } else {
        expect(resultadoDisputado?.erro).toBe(MENSAGENS.documento.jaRecebido);
      }
      expect(await auditoriaDocumento(db(), disputado, 'RECEBER_DOCUMENTO')).toHaveLength(1);
    }
  });

  it('valida o pedido: de 1 a LOTE_MAXIMO documentos (400), só com login (401)', async () => {
    const vazio = await lote(s.ana, []);
    expect(vazio.statusCode).toBe(400);
    const muitos = await lote(
      s.ana,
      Array.from({ length: LOTE_MAXIMO + 1 }, (_, i) => i + 1),
    );
    expect(muitos.statusCode).toBe(400);
    expect(muitos.json().mensagem).toBe(`Selecione no máximo ${LOTE_MAXIMO} documentos`);
    expect((await lote(s.ana, ['x'])).statusCode).toBe(400);
    expect((await lote(undefined, [1])).statusCode).toBe(401);
  });
});
