import {
  type Documento,
  type Fluxo,
  MENSAGENS,
  type PaginaCaixaPostal,
  type Tramitacao,
  type Unidade,
} from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { esperarErro } from '../../testing/respostas.ts';

/** Re-forwarding (REENCAMINHAMENTO) on the demo data: documents stuck in closed units, end to end. */

const { t, resumo } = usarDemo();
const s = { ana: '', admin: '', gustavo: '' };
const sigla: Record<string, number> = {};

beforeAll(async () => {
  s.ana = await t.entrar('ana');
  s.admin = await t.entrar('admin');
  s.gustavo = await t.entrar('gustavo');
  for (const u of await t.banco.db.selectFrom('unidade').select(['id', 'sigla']).execute()) sigla[u.sigla] = u.id;
});

const db = () => t.banco.db;
const get = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: cookie ? { cookie } : {} });
const post = (cookie: string | undefined, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: cabecalhosApp(cookie), ...(payload ? { payload } : {}) });

/** Documents pending to (or held by) the unit, from the re-forwarding list. */
async function caixaDe(idUnidade: number, consulta = ''): Promise<PaginaCaixaPostal> {
  const resposta = await get(
    s.admin,
    `/reencaminhamento/unidades/${idUnidade}/caixa-postal?tamanhoPagina=100${consulta}`,
  );
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

const passoLivre = (fluxos: Fluxo[], tipo: string) =>
  fluxos.find((f) => f.descricao === 'Tramitação livre')?.passos.find((p) => p.tipo === tipo);

describe('reencaminhamento: permissão', () => {
  it('exige REENCAMINHAMENTO (403) e login (401) em todas as chamadas', async () => {
    const id = resumo.documentos.paradosEmUnidadeInativa[0] as number;
    const chamadas = [
      () => get(s.ana, '/reencaminhamento/unidades'),
      () => get(s.ana, `/reencaminhamento/unidades/${sigla.CEAD}/caixa-postal`),
      () => get(s.ana, `/reencaminhamento/documento/${id}/fluxos`),
      () => get(s.ana, `/reencaminhamento/documento/${id}/fluxos/1/destinos?idPasso=1`),
      () => post(s.ana, `/reencaminhamento/documento/${id}/receber`),
      () => post(s.ana, `/reencaminhamento/documento/${id}/tramitacoes`, { idPasso: 1, idDestino: 1 }),
    ];
    for (const chamada of chamadas) {
      const resposta = await chamada();
      expect(resposta.statusCode).toBe(403);
      expect(resposta.json().mensagem).toBe(MENSAGENS.geral.semPermissao);
    }
    expect((await get(undefined, '/reencaminhamento/unidades')).statusCode).toBe(401);
    expect((await post(undefined, `/reencaminhamento/documento/${id}/receber`)).statusCode).toBe(401);
  });
});

describe('GET reencaminhamento/unidades e .../caixa-postal', () => {
  it('lista as unidades, ativas ou não, com documentos pendentes ou em posse, por nome', async () => {
    const resposta = await get(s.admin, '/reencaminhamento/unidades');
    expect(resposta.statusCode).toBe(200);
    const unidades = resposta.json() as Unidade[];
    const siglas = unidades.map((u) => u.sigla);
    for (const esperada of ['CEAD', 'CPD', 'PROT', 'PROGRAD']) expect(siglas).toContain(esperada);
    expect(unidades.find((u) => u.sigla === 'CEAD')?.ativa).toBe(false);
    const nomes = unidades.map((u) => u.nome);
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const { rows } = await sql<{ id: number }>`
      SELECT u.id FROM unidade u WHERE NOT EXISTS (
        SELECT 1 FROM documento d WHERE d.id_unidade_atual = u.id AND d.situacao IN ('RECEBIDO', 'T'))
      AND NOT EXISTS (SELECT 1 FROM tramitacao t JOIN documento d ON d.id = t.id_documento
        WHERE t.id_unidade_destino = u.id AND t.dt_recebimento IS NULL AND d.situacao = 'ENVIADO')`.execute(db());
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) expect(unidades.map((u) => u.id)).not.toContain(Number(id));
  });

  it('a caixa de uma unidade fechada, sem rascunhos; por número; unidade desconhecida 404', async () => {
    const cead = await caixaDe(sigla.CEAD as number);
    expect(cead.total).toBeGreaterThan(0);
    // Sent to the CEAD before it closed, and two received in its name earlier (situacao T).
    const pendentes = cead.itens.filter((i) => i.pendenteRecebimento).map((i) => i.idDocumento);
    const emPosse = cead.itens.filter((i) => i.recebido).map((i) => i.idDocumento);
    expect(pendentes.length).toBeGreaterThan(0);
    expect(emPosse.sort((a, b) => a - b)).toEqual([...resumo.documentos.reencaminhadosT].sort((a, b) => a - b));
    expect(cead.itens.filter((i) => i.recebido).every((i) => i.situacao === 'T')).toBe(true);
    const protocolo = (await caixaDe(resumo.unidades.protocolo)).itens.map((i) => i.idDocumento);
    for (const id of resumo.documentos.emCriacaoAna) expect(protocolo).not.toContain(id);
    for (const id of resumo.documentos.pendentesProtocolo) expect(protocolo).toContain(id);

    const primeiro = cead.itens[0];
    const porNumero = await caixaDe(
      sigla.CEAD as number,
      `&numeroDocumento=${encodeURIComponent(primeiro?.numero ?? '')}`,
    );
    expect(porNumero.itens.map((i) => i.idDocumento)).toEqual([primeiro?.idDocumento]);
    const desconhecida = await get(s.admin, '/reencaminhamento/unidades/999999/caixa-postal');
    expect(desconhecida.statusCode).toBe(404);
  });
});

describe('reencaminhamento de ponta a ponta', () => {
  it('recebe em nome da unidade fechada (T) e tramita por ela; o destino o encontra na caixa', async () => {
    const cead = await caixaDe(sigla.CEAD as number);
    const id = cead.itens.find((i) => i.pendenteRecebimento)?.idDocumento as number;

    // Steps as if CEAD had received it.
    const fluxos = (await get(s.admin, `/reencaminhamento/documento/${id}/fluxos`)).json() as Fluxo[];
    const encaminhar = passoLivre(fluxos, 'ENCAMINHAR');
    expect(encaminhar).toBeDefined();

    const recebido = await post(s.admin, `/reencaminhamento/documento/${id}/receber`);
    expect(recebido.statusCode, recebido.body).toBe(200);
    expect(recebido.json() as Documento).toMatchObject({ situacao: 'T', unidadeAtual: { sigla: 'CEAD' } });
    const movimento = await db()
      .selectFrom('tramitacao')
      .select(['idUsuarioRecebedor', 'reencaminhamento', 'dtRecebimento', 'idUnidadeDestino'])
      .where('idDocumento', '=', id)
      .orderBy('sequencia', 'desc')
      .executeTakeFirstOrThrow();
    expect(movimento).toMatchObject({
      idUsuarioRecebedor: resumo.usuarios.admin,
      reencaminhamento: true,
      idUnidadeDestino: sigla.CEAD,
    });
    expect(movimento.dtRecebimento).not.toBeNull();
    const deNovo = await post(s.admin, `/reencaminhamento/documento/${id}/receber`);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().mensagem).toBe(MENSAGENS.documento.jaRecebido);

    // Held by CEAD now (situacao T): still in its re-forwarding list, not pending any more.
    const item = (await caixaDe(sigla.CEAD as number)).itens.find((i) => i.idDocumento === id);
    expect(item).toMatchObject({ situacao: 'T', recebido: true, pendenteRecebimento: false });

    const destinos = await get(
      s.admin,
      `/reencaminhamento/documento/${id}/fluxos/${fluxos.find((f) => f.descricao === 'Tramitação livre')?.id}/destinos?idPasso=${encaminhar?.id}`,
    );
    const siglas = (destinos.json() as { sigla: string }[]).map((d) => d.sigla);
    expect(siglas).toContain('STI');
    expect(siglas).not.toContain('CEAD');
    expect(siglas).not.toContain('CPD');

    const enviado = await post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, {
      idPasso: encaminhar?.id,
      idDestino: sigla.STI,
      despacho: 'Reencaminhado em nome do CEAD, extinto',
    });
    expect(enviado.statusCode, enviado.body).toBe(201);
    expect(enviado.json() as Tramitacao).toMatchObject({
      unidadeOrigem: { sigla: 'CEAD' },
      unidadeDestino: { sigla: 'STI' },
      remetente: 'Administrador do Sistema',
      reencaminhamento: true,
      despacho: 'Reencaminhado em nome do CEAD, extinto',
      tipoDespacho: 'I',
      nivelAcesso: 'P',
    });
    expect((await caixaDe(sigla.CEAD as number)).itens.map((i) => i.idDocumento)).not.toContain(id);

    // Gustavo belongs to STI (his current unit is PROPLAN) and finds it waiting there.
    const caixaSti = await get(
      s.gustavo,
      `/caixa-postal?numeroDocumento=${encodeURIComponent(item?.numero ?? '')}&idUnidadeAtual=${sigla.STI}`,
    );
    expect(caixaSti.json().itens).toMatchObject([
      { idDocumento: id, pendenteRecebimento: true, unidadeOrigem: 'CEAD' },
    ]);

    const acoes = await db()
      .selectFrom('auditoria')
      .select('acao')
      .where('idEntidade', '=', String(id))
      .where('idUsuario', '=', resumo.usuarios.admin)
      .orderBy('id')
      .execute();
    expect(acoes.map((a) => a.acao)).toEqual(['RECEBER_REENCAMINHAMENTO', 'REENCAMINHAR_DOCUMENTO']);
  });

  it('um documento recebido numa unidade fechada é tramitado direto, pelas regras do passo', async () => {
    const cpd = await caixaDe(sigla.CPD as number);
    const id = cpd.itens.find((i) => i.recebido)?.idDocumento as number;
    expect(id).toBeDefined();
    const fluxos = (await get(s.admin, `/reencaminhamento/documento/${id}/fluxos`)).json() as Fluxo[];
    const encaminhar = passoLivre(fluxos, 'ENCAMINHAR');
    const recusado = await post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, {
      idPasso: encaminhar?.id,
      idDestino: sigla.CEAD,
    });
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json().mensagem).toBe(MENSAGENS.tramitacao.destinoNaoPermitido);
    const receber = await post(s.admin, `/reencaminhamento/documento/${id}/receber`);
    expect(receber.statusCode).toBe(409);
    expect(receber.json().mensagem).toBe(MENSAGENS.documento.jaRecebido);
    const enviado = await post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, {
      idPasso: encaminhar?.id,
      idDestino: sigla.STI,
    });
    expect(enviado.statusCode).toBe(201);
    expect(enviado.json()).toMatchObject({ unidadeOrigem: { sigla: 'CPD' }, reencaminhamento: true, despacho: null });
  });

  it('rascunho não aguarda recebimento (409)', async () => {
    const rascunho = resumo.documentos.emCriacaoAna[0] as number;
    const resposta = await post(s.admin, `/reencaminhamento/documento/${rascunho}/receber`);
    expect(resposta.statusCode).toBe(409);
    expect(resposta.json().mensagem).toBe(MENSAGENS.reencaminhamento.naoPendente);
  });
});

describe('reencaminhamento numa só confirmação: recebe em nome da unidade e tramita', () => {
  /** What a document waiting in a unit's box is, in the database: its row and its last tramitação. */
  async function estado(id: number) {
    const documento = await db()
      .selectFrom('documento')
      .select(['situacao', 'idUnidadeAtual', 'dataUltimaAlteracao'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const tramitacoes = await db()
      .selectFrom('tramitacao')
      .select(['id', 'dtRecebimento', 'idUsuarioRecebedor', 'reencaminhamento', 'idUnidadeDestino'])
      .where('idDocumento', '=', id)
      .orderBy('sequencia')
      .execute();
    const auditoria = await db()
      .selectFrom('auditoria')
      .select('acao')
      .where('idEntidade', '=', String(id))
      .where('idUsuario', '=', resumo.usuarios.admin)
      .orderBy('id')
      .execute();
    return { documento, tramitacoes, acoes: auditoria.map((a) => a.acao) };
  }

  /** A document of the Protocolo's box still waiting to be received there, with a free step and its destination. */
  async function pendenteDoProtocolo(indice: number) {
    const id = resumo.documentos.pendentesProtocolo[indice] as number;
    expect((await estado(id)).documento.situacao).toBe('ENVIADO');
    const fluxos = (await get(s.admin, `/reencaminhamento/documento/${id}/fluxos`)).json() as Fluxo[];
    const livre = fluxos.find((f) => f.descricao === 'Tramitação livre');
    const encaminhar = passoLivre(fluxos, 'ENCAMINHAR');
    return { id, idFluxo: livre?.id as number, idPasso: encaminhar?.id as number };
  }

  it('abandonar depois de escolher o documento, o fluxo e o destino não muda nada', async () => {
    const { id, idFluxo, idPasso } = await pendenteDoProtocolo(0);
    const antes = await estado(id);
    // Everything the wizard asks until the last step, before any receipt.
    const destinos = await get(
      s.admin,
      `/reencaminhamento/documento/${id}/fluxos/${idFluxo}/destinos?idPasso=${idPasso}`,
    );
    expect(destinos.statusCode).toBe(200);
    const siglas = (destinos.json() as { sigla: string }[]).map((d) => d.sigla);
    expect(siglas).toContain('STI');
    expect(siglas).not.toContain('PROT');
    expect(await estado(id)).toEqual(antes);
    expect(antes.documento.situacao).toBe('ENVIADO');
    expect(antes.tramitacoes.at(-1)).toMatchObject({
      dtRecebimento: null,
      idUnidadeDestino: resumo.unidades.protocolo,
    });
  });

  it('ao confirmar, um documento que aguarda é recebido em nome da unidade e tramitado na mesma transação', async () => {
    const { id, idPasso } = await pendenteDoProtocolo(1);
    const enviado = await post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, {
      idPasso,
      idDestino: sigla.STI,
      despacho: 'Reencaminhado numa só confirmação',
      idUnidade: resumo.unidades.protocolo,
    });
    expect(enviado.statusCode, enviado.body).toBe(201);
    expect(enviado.json() as Tramitacao).toMatchObject({
      unidadeOrigem: { sigla: 'PROT' },
      unidadeDestino: { sigla: 'STI' },
      reencaminhamento: true,
      despacho: 'Reencaminhado numa só confirmação',
    });
    const depois = await estado(id);
    expect(depois.documento).toMatchObject({ situacao: 'ENVIADO', idUnidadeAtual: resumo.unidades.protocolo });
    const [recebida, nova] = depois.tramitacoes.slice(-2);
    expect(recebida).toMatchObject({
      idUnidadeDestino: resumo.unidades.protocolo,
      idUsuarioRecebedor: resumo.usuarios.admin,
      reencaminhamento: true,
    });
    expect(recebida?.dtRecebimento).not.toBeNull();
    expect(nova).toMatchObject({ idUnidadeDestino: sigla.STI, dtRecebimento: null, reencaminhamento: true });
    expect(depois.acoes).toEqual(['RECEBER_REENCAMINHAMENTO', 'REENCAMINHAR_DOCUMENTO']);
  });

  it('uma tramitação recusada desfaz o recebimento: o documento continua aguardando, intacto', async () => {
    const { id, idPasso } = await pendenteDoProtocolo(2);
    const antes = await estado(id);
    // The unit itself is never a destination: refused after the receipt, inside the same transaction.
    const recusado = await post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, {
      idPasso,
      idDestino: resumo.unidades.protocolo,
      idUnidade: resumo.unidades.protocolo,
    });
    esperarErro(recusado, 400, 'REQUISICAO_INVALIDA', MENSAGENS.tramitacao.destinoNaoPermitido, [
      { campo: 'idDestino', mensagem: MENSAGENS.tramitacao.destinoNaoPermitido },
    ]);
    expect(await estado(id)).toEqual(antes);
  });

  it('a unidade informada que não é mais a do documento é recusada (409), sem mudar nada', async () => {
    const { id, idPasso } = await pendenteDoProtocolo(3);
    const antes = await estado(id);
    const recusado = await post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, {
      idPasso,
      idDestino: sigla.STI,
      idUnidade: sigla.CEAD,
    });
    esperarErro(recusado, 409, 'CONFLITO', MENSAGENS.reencaminhamento.outraUnidade);
    expect(await estado(id)).toEqual(antes);
  });

  it('de duas confirmações simultâneas, uma tramita e a outra é recusada (409)', async () => {
    const { id, idPasso } = await pendenteDoProtocolo(4);
    const pedido = { idPasso, idDestino: sigla.STI, despacho: 'Corrida', idUnidade: resumo.unidades.protocolo };
    const respostas = await Promise.all([
      post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, pedido),
      post(s.admin, `/reencaminhamento/documento/${id}/tramitacoes`, pedido),
    ]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const perdedora = respostas.find((r) => r.statusCode === 409);
    if (perdedora) esperarErro(perdedora, 409, 'CONFLITO', MENSAGENS.reencaminhamento.outraUnidade);
    const depois = await estado(id);
    expect(depois.tramitacoes.filter((t) => t.idUnidadeDestino === sigla.STI)).toHaveLength(1);
    expect(depois.acoes).toEqual(['RECEBER_REENCAMINHAMENTO', 'REENCAMINHAR_DOCUMENTO']);
  });
});
