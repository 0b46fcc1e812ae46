import { type Ciencia, MENSAGENS, mensagemCienciaJaRegistrada, type PaginaCiencias } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { rascunho, usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { esperarErro } from '../../testing/respostas.ts';

const m = usarTramitacao();
const { db, naPrograd } = m;

const post = (cookie: string | undefined, url: string, payload: Record<string, unknown> = {}) =>
  m.t.app.inject({ method: 'POST', url: `/api${url}`, headers: cabecalhosApp(cookie), payload });
const registrar = (cookie: string | undefined, id: number, payload: Record<string, unknown> = {}) =>
  post(cookie, `/documentos/${id}/ciencia`, payload);
const listar = async (cookie: string, id: number, consulta = '') => {
  const r = await m.api.get(cookie, `/documentos/${id}/ciencias${consulta}`);
  expect(r.statusCode).toBe(200);
  return r.json() as PaginaCiencias;
};

describe('POST documentos/{id}/ciencia', () => {
  it('registra a ciência com a unidade atual e a observação aparada; a segunda diz quando foi a primeira', async () => {
    const id = await naPrograd();
    const r = await registrar(m.s.carla, id, { observacao: '  Ciente do pedido.  ' });
    expect(r.statusCode).toBe(201);
    const ciencia = r.json() as Ciencia;
    expect(ciencia).toMatchObject({
      idDocumento: id,
      usuario: { id: m.c.usuarios.carla.id, nome: 'Carla Menezes' },
      unidade: { id: m.c.unidades.departamento.id, sigla: 'DHIS' },
      observacao: 'Ciente do pedido.',
      observacaoOculta: false,
    });
    const auditoria = await db()
      .selectFrom('auditoria')
      .select(['idUsuario', 'depois'])
      .where('acao', '=', 'REGISTRAR_CIENCIA')
      .where('idEntidade', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(auditoria.idUsuario).toBe(m.c.usuarios.carla.id);
    expect(auditoria.depois).toMatchObject({ idCiencia: ciencia.id, observacao: 'Ciente do pedido.' });

    esperarErro(await registrar(m.s.carla, id), 409, 'CONFLITO', mensagemCienciaJaRegistrada(ciencia.em));
    expect(mensagemCienciaJaRegistrada(ciencia.em)).toMatch(
      /^Você já registrou ciência deste documento em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    // Empty note: none.
    const semNota = await registrar(m.s.bruno, id, { observacao: '   ' });
    expect(semNota.statusCode).toBe(201);
    expect(semNota.json().observacao).toBeNull();
  });

  it('recusa anônimo, observação longa, documento desconhecido e rascunho de outra unidade', async () => {
    const id = await naPrograd();
    expect((await registrar(undefined, id)).statusCode).toBe(401);
    esperarErro(
      await registrar(m.s.carla, id, { observacao: 'x'.repeat(501) }),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.ciencia.observacaoLonga,
      [{ campo: 'body.observacao', mensagem: MENSAGENS.ciencia.observacaoLonga }],
    );
    const erroDocumento = MENSAGENS.autuacao.erroBuscarDadosDocumento;
    esperarErro(await registrar(m.s.carla, 999_999), 404, 'NAO_ENCONTRADO', erroDocumento);
    const alheio = await rascunho(m.t, m.c, m.s.ana);
    esperarErro(await registrar(m.s.bruno, alheio), 404, 'NAO_ENCONTRADO', erroDocumento);
    // The draft's own unit may.
    expect((await registrar(m.s.joao, alheio)).statusCode).toBe(201);
  });

  it('de dois pedidos ao mesmo tempo do mesmo usuário, só um registra', async () => {
    const id = await naPrograd();
    const respostas = await Promise.all([registrar(m.s.carla, id), registrar(m.s.carla, id)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const linhas = await db().selectFrom('ciencia').select('id').where('idDocumento', '=', id).execute();
    expect(linhas).toHaveLength(1);
  });
});

describe('GET documentos/{id}/ciencias', () => {
  it('lista quem deu ciência, mais recentes primeiro e paginado, com a do próprio usuário', async () => {
    const id = await naPrograd();
    expect((await registrar(m.s.carla, id, { observacao: 'Primeira' })).statusCode).toBe(201);
    expect((await registrar(m.s.bruno, id)).statusCode).toBe(201);
    expect((await registrar(m.s.mariana, id, { observacao: 'Terceira' })).statusCode).toBe(201);
    const pagina = await listar(m.s.carla, id, '?tamanhoPagina=2');
    expect(pagina.total).toBe(3);
    expect(pagina.itens.map((c) => c.usuario.nome)).toEqual(['Mariana Arquivista', 'Bruno Henrique']);
    expect(pagina.minha?.observacao).toBe('Primeira');
    const segunda = await listar(m.s.carla, id, '?tamanhoPagina=2&pagina=2');
    expect(segunda.itens.map((c) => c.unidade.sigla)).toEqual(['DHIS']);
    expect((await listar(m.s.ana, id)).minha).toBeNull();
    expect((await m.api.get(undefined, `/documentos/${id}/ciencias`)).statusCode).toBe(401);
  });

  it('a observação segue a regra do despacho restrito da tramitação em vigor', async () => {
    const id = await m.novo();
    const envio = await m.api.enviar(
      m.s.ana,
      id,
      m.encaminhar(m.c.unidades.outra.id, { nivelAcesso: 'R', idHipoteseLegal: m.c.hipoteses.informacaoPessoal }),
    );
    expect(envio.statusCode).toBe(201);
    expect((await registrar(m.s.bruno, id, { observacao: 'Nota sigilosa' })).statusCode).toBe(201);
    // Carla's unit is neither end of the restricted movement; Vera may see every restricted despacho.
    const carla = await listar(m.s.carla, id);
    expect(carla.itens[0]).toMatchObject({
      observacao: null,
      observacaoOculta: true,
      usuario: { nome: 'Bruno Henrique' },
    });
    expect((await listar(m.s.vera, id)).itens[0]?.observacao).toBe('Nota sigilosa');
    expect((await listar(m.s.ana, id)).itens[0]?.observacao).toBe('Nota sigilosa');
    expect((await listar(m.s.bruno, id)).minha?.observacao).toBe('Nota sigilosa');
  });
});

describe('POST ciencias/lote', () => {
  it('registra em cada documento pelas regras da ciência única e diz por documento', async () => {
    const a = await naPrograd();
    const b = await naPrograd();
    expect((await registrar(m.s.carla, b)).statusCode).toBe(201);
    const anterior = await db()
      .selectFrom('ciencia')
      .select('em')
      .where('idDocumento', '=', b)
      .executeTakeFirstOrThrow();
    const alheio = await rascunho(m.t, m.c, m.s.ana);
    const numero = async (id: number) => (await m.documento(id)).numero;
    const r = await post(m.s.carla, '/ciencias/lote', {
      idsDocumentos: [a, b, 999_999, alheio, a],
      observacao: 'Lote',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      { idDocumento: a, numero: await numero(a), registrada: true, erro: null },
      { idDocumento: b, numero: await numero(b), registrada: false, erro: mensagemCienciaJaRegistrada(anterior.em) },
      { idDocumento: 999_999, numero: null, registrada: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
      { idDocumento: alheio, numero: null, registrada: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
    ]);
    expect((await listar(m.s.carla, a)).minha?.observacao).toBe('Lote');
    expect((await post(m.s.carla, '/ciencias/lote', { idsDocumentos: [] })).statusCode).toBe(400);
    const demais = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await post(m.s.carla, '/ciencias/lote', { idsDocumentos: demais })).json().mensagem).toBe(
      'Selecione no máximo 100 documentos',
    );
    expect((await post(undefined, '/ciencias/lote', { idsDocumentos: [a] })).statusCode).toBe(401);
  });
});
