import { type Documento, MENSAGENS, validarNup } from '@tramite/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { auditoriaDocumento, autuacaoValida, autuar, usarCenario } from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';
import { anoProtocolo } from './numeracao.ts';

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'bruno', 'carla', 'duda']);

const postar = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/documentos', headers: cabecalhosApp(cookie), payload: payload as object });
const editar = (cookie: string | undefined, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/documentos/${id}`,
    headers: cabecalhosApp(cookie),
    payload: payload as object,
  });
const ler = (cookie: string | undefined, id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/documentos/${id}`, headers: cookie ? { cookie } : {} });

const auditoria = (idDocumento: number, acao: string) => auditoriaDocumento(t.banco.db, idDocumento, acao);

describe('POST /api/documentos', () => {
  it('autua o documento em criação na unidade atual, com NUP da unidade e auditoria', async () => {
    const resposta = await postar(s.ana, {
      ...autuacaoValida(c),
      urgente: true,
      motivoUrgencia: 'Prazo legal',
      numeroDocumentoOrigem: 'OF-12/2025',
      emissorDocumentoOrigem: 'UFEX',
      dataDocumentoOrigem: '2025-03-01',
      dataRecebimento: '2025-03-03',
      observacao: 'Entregue em mãos',
    });
    expect(resposta.statusCode).toBe(201);
    const doc: Documento = resposta.json();
    expect(doc).toMatchObject({
      numeroDocumento: doc.numero,
      idTipoDocumento: c.tipos.oficio,
      tipo: 'Ofício',
      situacao: 'EM_CRIACAO',
      estado: { '2001': 6, '32002': 4, '32005': 1 },
      assunto: { id: c.assuntos.ferias, codigo: '023.1', descricao: 'Férias' },
      resumoAssunto: 'Solicitação de férias da servidora',
      urgente: true,
      motivoUrgencia: 'Prazo legal',
      tipoInteressado: 'A',
      interessado: { id: c.interessados.aluna, tipo: 'A', nome: 'Mariana Aluna' },
      unidadeProcedencia: { id: c.unidades.protocolo.id, sigla: 'PROT' },
      unidadeAtual: { id: c.unidades.protocolo.id, sigla: 'PROT' },
      numeroDocumentoOrigem: 'OF-12/2025',
      emissorDocumentoOrigem: 'UFEX',
      dataDocumentoOrigem: '2025-03-01',
      dataRecebimento: '2025-03-03',
      observacao: 'Entregue em mãos',
      dataEnvio: null,
      prazo: null,
      ultimaTramitacao: null,
      podeReceber: false,
      geraCapa: true,
      tags: [],
      favorito: false,
    });
    expect(doc.estado).not.toHaveProperty('32007');
    expect(validarNup(doc.numero)).toBe(true);
    expect(doc.numero.startsWith(`${String(c.unidades.protocolo.codigo).padStart(5, '0')}.`)).toBe(true);
    expect(doc.numero).toContain(`/${anoProtocolo()}-`);
    expect(Date.now() - Date.parse(doc.dataCriacao)).toBeLessThan(60_000);

    const linhas = await auditoria(doc.idDocumento, 'AUTUAR_DOCUMENTO');
    expect(linhas).toHaveLength(1);
    expect(linhas[0]?.depois).toMatchObject({ numero: doc.numero, situacao: 'EM_CRIACAO' });
  });

  it('numera com o próximo sequencial da unidade no ano', async () => {
    await t.banco.db
      .updateTable('sequenciaNup')
      .set({ ultimo: 41 })
      .where('codigoUnidade', '=', c.unidades.protocolo.codigo)
      .where('ano', '=', anoProtocolo())
      .execute();
    const primeiro = (await postar(s.ana, autuacaoValida(c))).json() as Documento;
    const segundo = (await postar(s.ana, autuacaoValida(c))).json() as Documento;
    expect(primeiro.numero.slice(6, 12)).toBe('000042');
    expect(segundo.numero.slice(6, 12)).toBe('000043');
    expect(validarNup(primeiro.numero) && validarNup(segundo.numero)).toBe(true);
    // Another unit has its own sequence.
    const outro = (await postar(s.bruno, autuacaoValida(c))).json() as Documento;
    expect(outro.numero.slice(0, 12)).toBe(`${String(c.unidades.outra.codigo).padStart(5, '0')}.000001`);
  });

  it('guarda a origem digitalizada (rótulo com sufixo) e o tamanho volumoso', async () => {
    const resposta = await postar(s.ana, {
      ...autuacaoValida(c),
      origem: 3,
      volumoso: true,
      tipoInteressado: null,
      idInteressado: null,
    });
    expect(resposta.statusCode).toBe(201);
    expect(resposta.json()).toMatchObject({
      tipo: 'Ofício (Digitalizado)',
      tipoDocumento: 'Ofício (Digitalizado)',
      estado: { '2001': 6, '32002': 3, '32005': 2 },
      interessado: null,
    });
  });

  it('exige login (401), mesmo com corpo inválido', async () => {
    expect((await postar(undefined, autuacaoValida(c))).statusCode).toBe(401);
    const resposta = await postar(undefined, {});
    expect(resposta.statusCode).toBe(401);
    expect(resposta.json().mensagem).toBe(MENSAGENS.geral.naoAutenticado);
  });

  it('recusa autuar numa unidade que não é de protocolo (403)', async () => {
    const resposta = await postar(s.carla, autuacaoValida(c));
    expect(resposta.statusCode).toBe(403);
    expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.unidadeNaoAutua);
  });

  it.each([
    [
      'documento de origem incompleto',
      { numeroDocumentoOrigem: 'OF-1', dataDocumentoOrigem: '2025-01-01' },
      MENSAGENS.autuacao.documentoOrigemIncompleto,
    ],
    [
      'recebimento antes da data do documento de origem',
      {
        numeroDocumentoOrigem: 'OF-1',
        emissorDocumentoOrigem: 'UFEX',
        dataDocumentoOrigem: '2025-01-10',
        dataRecebimento: '2025-01-09',
      },
      MENSAGENS.autuacao.recebimentoAntesDoDocumento,
    ],
    ['urgente sem motivo', { urgente: true, motivoUrgencia: '  ' }, MENSAGENS.autuacao.urgenteSemMotivo],
    ['tipo de interessado sem interessado', { idInteressado: null }, MENSAGENS.busca.interessadoIncompleto],
    ['assunto ausente', { idAssunto: -1 }, 'Informe o assunto'],
    ['resumo vazio', { resumoAssunto: '   ' }, 'Informe o resumo do assunto'],
    ['data que não existe', { dataRecebimento: '2025-02-30' }, MENSAGENS.busca.dataInvalida],
  ])('recusa %s (400 com a mensagem)', async (_caso, extra, mensagem) => {
    const resposta = await postar(s.ana, { ...autuacaoValida(c), ...extra });
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(mensagem);
  });

  it('diz em português qual campo obrigatório falta', async () => {
    const resposta = await postar(s.ana, {});
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe('Informe o tipo de documento');
    const semResumo = await postar(s.ana, { ...autuacaoValida(c), resumoAssunto: undefined });
    expect(semResumo.json().mensagem).toBe('Informe o resumo do assunto');
  });

  it('recusa assunto que não vale para o tipo: não vinculado, não atribuível ou inativo', async () => {
    for (const idAssunto of [c.assuntos.compras, c.assuntos.pessoal, c.assuntos.antigo]) {
      const resposta = await postar(s.ana, { ...autuacaoValida(c), idAssunto });
      expect(resposta.statusCode).toBe(400);
      expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.assuntoInvalido);
    }
  });

  it('recusa tipo inativo ou inexistente, interessado de outro tipo e procedência inativa', async () => {
    const casos = [
      [{ idTipoDocumento: c.tipos.tipoInativo }, MENSAGENS.autuacao.tipoInvalido],
      [{ idTipoDocumento: 999_999 }, MENSAGENS.autuacao.tipoInvalido],
      [{ tipoInteressado: 'S' }, MENSAGENS.lookups.interessadoNaoEncontrado],
      [{ idInteressado: 999_999 }, MENSAGENS.lookups.interessadoNaoEncontrado],
      [{ idProcedencia: c.unidades.inativa.id }, MENSAGENS.autuacao.procedenciaInvalida],
      [{ idProcedencia: 999_999 }, MENSAGENS.autuacao.procedenciaInvalida],
    ] as const;
    const antes = await t.banco.db
      .selectFrom('documento')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [extra, mensagem] of casos) {
      const resposta = await postar(s.ana, { ...autuacaoValida(c), ...extra });
      expect(resposta.statusCode, JSON.stringify(extra)).toBe(400);
      expect(resposta.json().mensagem).toBe(mensagem);
    }
    const depois = await t.banco.db
      .selectFrom('documento')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(depois.n)).toBe(Number(antes.n));
  });

  it('uma autuação recusada devolve o número: a próxima não deixa lacuna', async () => {
    const primeiro = (await postar(s.ana, autuacaoValida(c))).json() as Documento;
    expect((await postar(s.ana, { ...autuacaoValida(c), idAssunto: c.assuntos.pessoal })).statusCode).toBe(400);
    const segundo = (await postar(s.ana, autuacaoValida(c))).json() as Documento;
    expect(Number(segundo.numero.slice(6, 12))).toBe(Number(primeiro.numero.slice(6, 12)) + 1);
  });
});

describe('PATCH /api/documentos/{id}', () => {
  it('edita o rascunho da unidade atual e audita antes e depois', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    const numero = ((await ler(s.ana, id)).json() as Documento).numero;
    const resposta = await editar(s.ana, id, {
      ...autuacaoValida(c),
      idTipoDocumento: c.tipos.memorando,
      idAssunto: c.assuntos.compras,
      resumoAssunto: 'Compra de material de expediente',
      tipoInteressado: 'O',
      idInteressado: c.interessados.empresa,
      idProcedencia: c.unidades.outra.id,
      origem: 3,
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toMatchObject({
      idDocumento: id,
      numero,
      tipo: 'Memorando (Digitalizado)',
      geraCapa: false,
      assunto: { id: c.assuntos.compras },
      resumoAssunto: 'Compra de material de expediente',
      interessado: { id: c.interessados.empresa, tipo: 'O', nome: 'Empresa Exemplo Ltda' },
      unidadeProcedencia: { id: c.unidades.outra.id },
      unidadeAtual: { id: c.unidades.protocolo.id },
      situacao: 'EM_CRIACAO',
    });
    const [linha] = await auditoria(id, 'EDITAR_AUTUACAO');
    expect(linha?.antes).toMatchObject({
      idTipoDocumento: c.tipos.oficio,
      resumoAssunto: 'Solicitação de férias da servidora',
    });
    expect(linha?.depois).toMatchObject({ idTipoDocumento: c.tipos.memorando, estadoOrigem: 3 });
  });

  it('aplica as mesmas validações da autuação', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    const urgente = await editar(s.ana, id, { ...autuacaoValida(c), urgente: true });
    expect(urgente.statusCode).toBe(400);
    expect(urgente.json().mensagem).toBe(MENSAGENS.autuacao.urgenteSemMotivo);
    const assunto = await editar(s.ana, id, { ...autuacaoValida(c), idAssunto: c.assuntos.compras });
    expect(assunto.statusCode).toBe(400);
    expect(assunto.json().mensagem).toBe(MENSAGENS.autuacao.assuntoInvalido);
  });

  it('recusa documento que não está em criação (409)', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    await t.banco.db
      .updateTable('documento')
      .set({ situacao: 'RECEBIDO', estadoProcessamento: 1 })
      .where('id', '=', id)
      .execute();
    const resposta = await editar(s.ana, id, autuacaoValida(c));
    expect(resposta.statusCode).toBe(409);
    expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.apenasEmCriacao);
  });

  it('recusa documento físico ou híbrido (409)', async () => {
    for (const origem of [1, 2]) {
      const id = await autuar(t, s.ana, { ...autuacaoValida(c), origem });
      const resposta = await editar(s.ana, id, autuacaoValida(c));
      expect(resposta.statusCode).toBe(409);
      expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.apenasNatoDigitais);
    }
  });

  it('só a unidade em que o documento está edita (403); outras nem o veem (404)', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    const deOutraUnidadeAtual = await editar(s.duda, id, autuacaoValida(c));
    expect(deOutraUnidadeAtual.statusCode).toBe(403);
    expect(deOutraUnidadeAtual.json().mensagem).toBe(MENSAGENS.autuacao.edicaoOutraUnidade);
    const deFora = await editar(s.bruno, id, autuacaoValida(c));
    expect(deFora.statusCode).toBe(404);
    expect(deFora.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    expect((await editar(undefined, id, autuacaoValida(c))).statusCode).toBe(401);
    expect((await editar(s.ana, 999_999, autuacaoValida(c))).statusCode).toBe(404);
  });
});

describe('GET /api/documentos/{id}', () => {
  it('mostra o rascunho só às unidades que o criam (nem anônimos o veem)', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    expect((await ler(s.ana, id)).statusCode).toBe(200);
    expect((await ler(s.duda, id)).statusCode).toBe(200);
    for (const cookie of [s.bruno, undefined]) {
      const resposta = await ler(cookie, id);
      expect(resposta.statusCode).toBe(404);
      expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    }
  });

  it('responde 404 com a mensagem da tela para id desconhecido e 400 para id inválido', async () => {
    const resposta = await ler(s.ana, 987_654);
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    expect((await ler(s.ana, 'abc')).statusCode).toBe(400);
  });

  it('mostra a anônimos o documento já enviado, sem CPF nem e-mail do interessado', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    await t.banco.db
      .updateTable('documento')
      .set({ situacao: 'RECEBIDO', estadoProcessamento: 1, estadoVisibilidadeCaixa: 2 })
      .where('id', '=', id)
      .execute();
    const resposta = await ler(undefined, id);
    expect(resposta.statusCode).toBe(200);
    const doc = resposta.json() as Documento;
    expect(doc.interessado).toEqual({ id: c.interessados.aluna, tipo: 'A', nome: 'Mariana Aluna' });
    expect(doc.estado).toEqual({ '2001': 1, '32002': 4, '32005': 1, '32007': 2 });
    expect(doc).toMatchObject({ tags: [], favorito: false, acompanhadoPorEmail: false, podeReceber: false });
    expect(resposta.body).not.toContain('529.982.247-25');
    expect(resposta.body).not.toContain('mariana.aluna@exemplo.com');
    expect(resposta.body).not.toMatch(/"(cpf|email)"/i);
  });

  it('mostra a documento agregador, a última tramitação, o destino pendente e o prazo', async () => {
    const pai = await autuar(t, s.ana, autuacaoValida(c));
    const filho = await autuar(t, s.ana, autuacaoValida(c));
    const db = t.banco.db;
    await db
      .updateTable('documento')
      .set({ idDocumentoAgregador: pai, situacao: 'E' })
      .where('id', '=', filho)
      .execute();
    const tresDiasAtras = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await db
      .insertInto('tramitacao')
      .values({
        idDocumento: pai,
        sequencia: 1,
        idFluxo: null,
        idPasso: null,
        idUnidadeOrigem: c.unidades.protocolo.id,
        idUnidadeDestino: c.unidades.outra.id,
        idUsuarioRemetente: c.usuarios.ana.id,
        despacho: null,
        idHipoteseLegal: null,
        despachoPreparatorio: null,
        dtDespacho: tresDiasAtras,
        idUsuarioRecebedor: null,
        idTramitacaoPrincipal: null,
      })
      .execute();
    await db
      .updateTable('documento')
      .set({ situacao: 'ENVIADO', estadoProcessamento: 1, dataEnvio: tresDiasAtras })
      .where('id', '=', pai)
      .execute();

    const doPai = (await ler(s.bruno, pai)).json() as Documento;
    expect(doPai).toMatchObject({
      situacao: 'ENVIADO',
      idUnidadeCriadora: c.unidades.protocolo.id,
      idDestino: c.unidades.outra.id,
      destino: { id: c.unidades.outra.id, sigla: 'PROGRAD' },
      prazo: 3,
      podeReceber: true,
      ultimaTramitacao: {
        sequencia: 1,
        unidadeOrigem: { sigla: 'PROT' },
        unidadeDestino: { sigla: 'PROGRAD' },
        passo: null,
        dtDespacho: tresDiasAtras,
        dtRecebimento: null,
      },
    });
    expect(((await ler(s.ana, pai)).json() as Documento).podeReceber).toBe(false);
    expect(((await ler(undefined, pai)).json() as Documento).podeReceber).toBe(false);
    const doFilho = (await ler(s.ana, filho)).json() as Documento;
    expect(doFilho).toMatchObject({
      situacao: 'E',
      idDocumentoAgregador: pai,
      documentoAgregador: { idDocumento: pai, numero: doPai.numero, tipoAgregacao: null },
    });

    // With the join recorded, the detail says how the document is joined (the page shows "Apensado ao documento").
    const juntada = { idDocumentoAgregador: pai, idDocumento: filho, situacaoAnterior: 'RECEBIDO' as const };
    await db
      .insertInto('agregacao')
      .values({ ...juntada, tipoAgregacao: 'ANEXACAO', idUsuarioJuntada: c.usuarios.ana.id, desjuntadoEm: sql`now()` })
      .execute();
    await db
      .insertInto('agregacao')
      .values({ ...juntada, tipoAgregacao: 'APENSACAO', idUsuarioJuntada: c.usuarios.ana.id })
      .execute();
    expect(((await ler(s.ana, filho)).json() as Documento).documentoAgregador).toEqual({
      idDocumento: pai,
      numero: doPai.numero,
      tipoAgregacao: 'APENSACAO',
    });
    expect(((await ler(s.ana, pai)).json() as Documento).documentoAgregador).toBeNull();
  });
});

describe('POST /api/documentos/{id}/tags', () => {
  const salvar = (cookie: string | undefined, id: number, stringTags: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/documentos/${id}/tags`,
      headers: cabecalhosApp(cookie),
      payload: { stringTags },
    });

  it('substitui os marcadores do usuário: aparados, sem repetição; vazio apaga', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    const resposta = await salvar(s.ana, id, ' urgente, férias ,, Urgente,prazo ');
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual({ tags: ['férias', 'prazo', 'urgente'] });
    expect(((await ler(s.ana, id)).json() as Documento).tags).toEqual(['férias', 'prazo', 'urgente']);
    // Another user's tags are their own.
    expect(((await ler(s.duda, id)).json() as Documento).tags).toEqual([]);
    expect((await salvar(s.ana, id, 'prazo')).json()).toEqual({ tags: ['prazo'] });
    expect((await salvar(s.ana, id, '')).json()).toEqual({ tags: [] });
    const linhas = await auditoria(id, 'SALVAR_MARCADORES');
    expect(linhas.map((l) => l.depois)).toEqual([['férias', 'prazo', 'urgente'], ['prazo'], []]);
  });

  it('recusa marcador longo demais e marcadores demais (400)', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    const longo = await salvar(s.ana, id, `ok, ${'x'.repeat(61)}`);
    expect(longo.statusCode).toBe(400);
    expect(longo.json().mensagem).toBe(MENSAGENS.documento.marcadorLongo);
    const muitos = await salvar(s.ana, id, Array.from({ length: 21 }, (_, i) => `m${i}`).join(','));
    expect(muitos.statusCode).toBe(400);
    expect(muitos.json().mensagem).toBe(MENSAGENS.documento.marcadoresDemais);
    expect((await salvar(s.ana, id, Array.from({ length: 20 }, (_, i) => `m${i}`).join(','))).statusCode).toBe(200);
    expect((await salvar(s.ana, id, 'x'.repeat(60))).statusCode).toBe(200);
  });

  it('exige login (401) e documento visível (404)', async () => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    expect((await salvar(undefined, id, 'a')).statusCode).toBe(401);
    expect((await salvar(s.bruno, id, 'a')).statusCode).toBe(404);
    expect((await salvar(s.ana, 999_999, 'a')).statusCode).toBe(404);
    expect((await salvar(s.ana, id, 42)).statusCode).toBe(400);
  });
});
