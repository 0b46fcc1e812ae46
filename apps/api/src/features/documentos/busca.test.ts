import { type DocumentoResumo, type FiltrosBusca, MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  autuacaoValida,
  autuar,
  type Cenario,
  criarCenario,
  tramitarEntre,
} from '../../testing/cenarios/documentos.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { registrarTramitacao } from '../../testing/fabricas.ts';

const t = usarAppTeste();
let c: Cenario;
let ana: string;
let bruno: string;
/** The story: ids of the documents by name. */
const d = { oficioDuplo: 0, oficioSimples: 0, memorando: 0, rascunhoAna: 0, rascunhoBruno: 0 };
const numeros = new Map<number, string>();
const lote: number[] = [];

interface Pagina {
  itens: DocumentoResumo[];
  total: number;
  pagina: number;
  tamanhoPagina: number;
}

const MARCO = { dataCriacaoInicio: '2025-03-01', dataCriacaoFim: '2025-03-31' };

beforeAll(async () => {
  c = await criarCenario(t.banco.db);
  [ana, bruno] = await Promise.all([t.entrar('ana'), t.entrar('bruno')]);
  const db = t.banco.db;
  const abrir = async (
    cookie: string,
    extra: Parameters<typeof autuacaoValida>[1],
    criadoEm: string,
    situacao: 'RECEBIDO' | 'EM_CRIACAO' = 'RECEBIDO',
  ) => {
    const id = await autuar(t, cookie, autuacaoValida(c, extra));
    const linha = await db
      .updateTable('documento')
      .set({ dataCriacao: criadoEm, situacao, estadoProcessamento: situacao === 'RECEBIDO' ? 1 : 6 })
      .where('id', '=', id)
      .returning('numero')
      .executeTakeFirstOrThrow();
    numeros.set(id, linha.numero);
    return id;
  };
  d.oficioDuplo = await abrir(
    ana,
    { resumoAssunto: 'Ofício de encaminhamento do ofício de férias' },
    '2025-03-10T15:00:00Z',
  );
  // 23:30 of 09/03 in Brasília, already 10/03 in UTC.
  d.oficioSimples = await abrir(
    ana,
    { resumoAssunto: 'Ofício circular sobre compras', tipoInteressado: 'S', idInteressado: c.interessados.servidor },
    '2025-03-10T02:30:00Z',
  );
  // 00:10 of 11/03 in Brasília, still 10/03 in UTC.
  d.memorando = await abrir(
    bruno,
    {
      idTipoDocumento: c.tipos.memorando,
      idAssunto: c.assuntos.compras,
      resumoAssunto: 'Memorando sobre compras de material',
      tipoInteressado: 'O',
      idInteressado: c.interessados.empresa,
      idProcedencia: c.unidades.outra.id,
    },
    '2025-03-11T03:10:00Z',
  );
  d.rascunhoAna = await abrir(ana, { resumoAssunto: 'Ofício em rascunho' }, '2025-03-10T13:00:00Z', 'EM_CRIACAO');
  d.rascunhoBruno = await abrir(
    bruno,
    { resumoAssunto: 'Ofício em rascunho de outra unidade' },
    '2025-03-10T14:00:00Z',
    'EM_CRIACAO',
  );

  await tramitarEntre(db, c, d.oficioDuplo, {
    de: 'ana',
    para: 'bruno',
    recebida: true,
    dtDespacho: '2025-04-01T13:00:00Z',
  });
  // 23:00 of 02/04 in Brasília.
  await tramitarEntre(db, c, d.memorando, {
    de: 'bruno',
    para: 'ana',
    recebida: false,
    dtDespacho: '2025-04-03T02:00:00Z',
  });

  const comissao = await db
    .insertInto('comissao')
    .values({ nome: 'Comissão de Licitação', idUnidade: c.unidades.outra.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO comissao_membro (id_comissao, id_usuario) VALUES (${comissao.id}, ${c.usuarios.bruno.id})`.execute(
    db,
  );
  idComissao = comissao.id;

  // 25 documents in May for paging and sorting; pairs share the same creation instant.
  for (let i = 0; i < 25; i++) {
    const dia = String(1 + Math.floor(i / 2)).padStart(2, '0');
    const id = await abrir(
      ana,
      {
        idTipoDocumento: i % 3 === 0 ? c.tipos.memorando : c.tipos.oficio,
        resumoAssunto: `Lote de teste ${i}`,
        tipoInteressado: null,
        idInteressado: null,
      },
      `2025-05-${dia}T12:00:00Z`,
    );
    lote.push(id);
  }
  for (const [i, id] of lote.entries()) {
    if (i % 4 === 0) continue;
    await registrarTramitacao(db, {
      idDocumento: id,
      idUnidadeOrigem: c.unidades.protocolo.id,
      idUnidadeDestino: c.unidades.outra.id,
      idUsuarioRemetente: c.usuarios.joao.id,
      dtDespacho: `2025-06-${String(1 + (i % 20)).padStart(2, '0')}T12:00:00Z`,
      moverDocumento: true,
    });
  }
}, 120_000);
let idComissao = 0;

async function buscar(filtros: FiltrosBusca, cookie?: string) {
  const query = Object.fromEntries(Object.entries(filtros).map(([k, v]) => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: '/api/documentos', query, headers: cookie ? { cookie } : {} });
}

async function ids(filtros: FiltrosBusca, cookie?: string): Promise<number[]> {
  const resposta = await buscar(filtros, cookie);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return (resposta.json() as Pagina).itens.map((i) => i.idDocumento);
}

const conjunto = (lista: number[]) => [...lista].sort((a, b) => a - b);

describe('GET /api/documentos: validação (spec §5)', () => {
  it.each([
    [{ dataEnvioInicio: '2025-03-01' }, MENSAGENS.busca.dataTramitacaoIncompleta],
    [{ dataEnvioFim: '2025-03-01', numeroDocumento: '1' }, MENSAGENS.busca.dataTramitacaoIncompleta],
    [{ dataCriacaoFim: '2025-03-01' }, MENSAGENS.busca.dataCriacaoIncompleta],
    [{ dataEnvioInicio: '2025-03-10', dataEnvioFim: '2025-03-01' }, MENSAGENS.busca.dataTramitacaoInvertida],
    [{ dataCriacaoInicio: '2025-03-02', dataCriacaoFim: '2025-03-01' }, MENSAGENS.busca.dataCriacaoInvertida],
    [{ ...MARCO, tipoInteressado: 'A' }, MENSAGENS.busca.interessadoIncompleto],
    [{ ...MARCO, idInteressado: 3 }, MENSAGENS.busca.interessadoSemTipo],
    [{ ...MARCO, tipoResponsavelTramitacao: 'UNIDADE' }, MENSAGENS.busca.responsavelIncompleto],
    [{ ...MARCO, idResponsavelTramitacao: 3 }, MENSAGENS.busca.responsavelSemTipo],
    [{ ...MARCO, resumoAssunto: 'of' }, MENSAGENS.busca.resumoCurto],
    [{ resumoAssunto: 'ofício', numeroDocumento: '2' }, MENSAGENS.busca.resumoSemDatas],
    [{}, MENSAGENS.busca.nenhumFiltro],
    [{ idTipoDocumento: 1, idAssunto: 1, idProcedencia: 1 }, MENSAGENS.busca.nenhumFiltro],
    [{ ...MARCO, tipoInteressado: 'Z', idInteressado: 1 }, MENSAGENS.busca.tipoInteressadoInvalido],
    [
      { ...MARCO, tipoResponsavelTramitacao: 'ALUNO', idResponsavelTramitacao: 1 },
      MENSAGENS.busca.tipoResponsavelInvalido,
    ],
    [{ dataCriacaoInicio: '2025-02-30', dataCriacaoFim: '2025-03-01' }, MENSAGENS.busca.dataInvalida],
  ] as [FiltrosBusca, string][])('%j → 400 %s', async (filtros, mensagem) => {
    const resposta = await buscar(filtros);
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(mensagem);
  });

  it('recusa página grande demais', async () => {
    expect((await buscar({ ...MARCO, tamanhoPagina: 101 })).statusCode).toBe(400);
    expect((await buscar({ ...MARCO, tamanhoPagina: 100 })).statusCode).toBe(200);
  });

  it('aceita só o servidor das unidades de procedência como filtro (busca do usuário)', async () => {
    expect(conjunto(await ids({ idServidorLotadoProcedencia: c.usuarios.bruno.id }, bruno))).toEqual(
      conjunto([d.memorando, d.rascunhoBruno]),
    );
  });
});

describe('GET /api/documentos: número do documento', () => {
  it('acha pelo NUP com ou sem pontuação, pelo começo ou por um trecho', async () => {
    const numero = numeros.get(d.oficioDuplo) as string;
    const digitos = numero.replace(/\D/g, '');
    expect(await ids({ numeroDocumento: numero })).toEqual([d.oficioDuplo]);
    expect(await ids({ numeroDocumento: digitos })).toEqual([d.oficioDuplo]);
    expect(await ids({ numeroDocumento: numero.slice(0, 12) })).toEqual([d.oficioDuplo]);
    const trecho = digitos.slice(5, 15);
    const achados = await buscar({ numeroDocumento: trecho, tamanhoPagina: 100 });
    const itens = (achados.json() as Pagina).itens;
    expect(itens.map((i) => i.idDocumento)).toContain(d.oficioDuplo);
    for (const item of itens) expect(item.numero.replace(/\D/g, '')).toContain(trecho);
  });

  it('não acha nada por um número sem dígitos', async () => {
    const resposta = await buscar({ numeroDocumento: 'abc' });
    expect(resposta.json()).toMatchObject({ itens: [], total: 0 });
  });
});

describe('GET /api/documentos: resumo do assunto (texto completo em português)', () => {
  it('ignora acentos e caixa', async () => {
    const esperado = conjunto([d.oficioDuplo, d.oficioSimples]);
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'oficio' }))).toEqual(esperado);
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'OFÍCIO' }))).toEqual(esperado);
  });

  it('reduz as palavras ao radical: ofícios acha Ofício', async () => {
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'ofícios' }))).toEqual(
      conjunto([d.oficioDuplo, d.oficioSimples]),
    );
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'oficios' }))).toEqual(
      conjunto([d.oficioDuplo, d.oficioSimples]),
    );
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'compra' }))).toEqual(
      conjunto([d.oficioSimples, d.memorando]),
    );
  });

  it('ordena por relevância: a palavra duas vezes vem antes de uma vez', async () => {
    expect(await ids({ ...MARCO, resumoAssunto: 'ofício' })).toEqual([d.oficioDuplo, d.oficioSimples]);
    expect(await ids({ ...MARCO, resumoAssunto: 'ofício', ordenacao: 'relevancia', direcao: 'asc' })).toEqual([
      d.oficioSimples,
      d.oficioDuplo,
    ]);
  });

  it('aceita frase entre aspas e exclusão com sinal de menos', async () => {
    expect(await ids({ ...MARCO, resumoAssunto: '"compras de material"' })).toEqual([d.memorando]);
    expect(await ids({ ...MARCO, resumoAssunto: 'compras -memorando' })).toEqual([d.oficioSimples]);
  });

  it('mostra rascunhos só da unidade do usuário', async () => {
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'rascunho' }))).toEqual([]);
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'rascunho' }, ana))).toEqual([d.rascunhoAna]);
    expect(conjunto(await ids({ ...MARCO, resumoAssunto: 'rascunho' }, bruno))).toEqual([d.rascunhoBruno]);
  });
});

describe('GET /api/documentos: demais filtros', () => {
  it('conta a data de criação em dias inteiros de Brasília', async () => {
    const dia = (data: string) => ({ dataCriacaoInicio: data, dataCriacaoFim: data });
    expect(await ids(dia('2025-03-09'))).toEqual([d.oficioSimples]);
    expect(await ids(dia('2025-03-10'))).toEqual([d.oficioDuplo]);
    expect(conjunto(await ids(dia('2025-03-10'), ana))).toEqual(conjunto([d.oficioDuplo, d.rascunhoAna]));
    expect(await ids(dia('2025-03-11'))).toEqual([d.memorando]);
  });

  it('filtra pela data de tramitação (dia de Brasília)', async () => {
    expect(await ids({ dataEnvioInicio: '2025-04-01', dataEnvioFim: '2025-04-01' })).toEqual([d.oficioDuplo]);
    expect(await ids({ dataEnvioInicio: '2025-04-02', dataEnvioFim: '2025-04-02' })).toEqual([d.memorando]);
    expect(conjunto(await ids({ dataEnvioInicio: '2025-04-01', dataEnvioFim: '2025-04-30' }))).toEqual(
      conjunto([d.oficioDuplo, d.memorando]),
    );
  });

  it('filtra por tipo, assunto, procedência e interessado (pelo código ou pelo nome do tipo)', async () => {
    expect(await ids({ ...MARCO, idTipoDocumento: c.tipos.memorando })).toEqual([d.memorando]);
    expect(await ids({ ...MARCO, idAssunto: c.assuntos.compras })).toEqual([d.memorando]);
    expect(await ids({ ...MARCO, idProcedencia: c.unidades.outra.id })).toEqual([d.memorando]);
    const aluna = { tipoInteressado: 'A', idInteressado: c.interessados.aluna };
    expect(await ids({ ...MARCO, ...aluna })).toEqual([d.oficioDuplo]);
    expect(await ids({ ...aluna })).toEqual([d.oficioDuplo]);
    expect(await ids({ tipoInteressado: 'ALUNO', idInteressado: c.interessados.aluna })).toEqual([d.oficioDuplo]);
    expect(await ids({ tipoInteressado: 'S', idInteressado: c.interessados.aluna })).toEqual([]);
  });

  it('filtra pelo responsável da tramitação: servidor, unidade ou comissão', async () => {
    const r = (tipo: string, id: number, extra: FiltrosBusca = {}) =>
      ids({ tipoResponsavelTramitacao: tipo, idResponsavelTramitacao: id, tamanhoPagina: 100, ...extra });
    expect(await r('SERVIDOR', c.usuarios.ana.id)).toEqual([d.oficioDuplo]);
    expect(await r('UNIDADE', c.unidades.outra.id)).toEqual([d.memorando]);
    expect(await r('COMISSAO', idComissao)).toEqual([d.memorando]);
    expect(await r('SERVIDOR', c.usuarios.carla.id)).toEqual([]);
    expect((await r('UNIDADE', c.unidades.protocolo.id)).length).toBe(1 + 18);
    // With the sending dates, the same tramitação must match both.
    const abril = { dataEnvioInicio: '2025-04-02', dataEnvioFim: '2025-04-30' };
    expect(await r('UNIDADE', c.unidades.protocolo.id, abril)).toEqual([]);
    expect(await r('UNIDADE', c.unidades.outra.id, abril)).toEqual([d.memorando]);
  });

  it('filtra pelo servidor que criou; TODOS (-1) não restringe', async () => {
    expect(await ids({ ...MARCO, idServidorLotadoProcedencia: c.usuarios.bruno.id })).toEqual([d.memorando]);
    expect(
      conjunto(await ids({ ...MARCO, idServidorLotadoProcedencia: c.usuarios.ana.id, tamanhoPagina: 100 })),
    ).toEqual(conjunto([d.oficioDuplo, d.oficioSimples]));
    expect(conjunto(await ids({ ...MARCO, idServidorLotadoProcedencia: -1 }))).toEqual(
      conjunto([d.oficioDuplo, d.oficioSimples, d.memorando]),
    );
    expect(await ids({ idProcedencia: c.unidades.outra.id, idServidorLotadoProcedencia: -1 })).toEqual([d.memorando]);
  });

  it('não mostra a anônimos rascunhos nem dados pessoais dos interessados', async () => {
    const resposta = await buscar({ ...MARCO, tamanhoPagina: 100 });
    const pagina = resposta.json() as Pagina;
    expect(pagina.itens.every((i) => i.situacao !== 'EM_CRIACAO')).toBe(true);
    expect(pagina.itens.find((i) => i.idDocumento === d.oficioDuplo)).toMatchObject({
      numero: numeros.get(d.oficioDuplo),
      tipo: 'Ofício',
      assunto: 'Férias',
      interessado: 'Mariana Aluna',
      unidadeProcedencia: 'PROT',
      unidadeAtual: 'PROGRAD',
      situacao: 'RECEBIDO',
      estado: { '2001': 1, '32002': 4, '32005': 1 },
      dataCriacao: '2025-03-10T15:00:00.000Z',
      dataEnvio: '2025-04-01T13:00:00.000Z',
      urgente: false,
    });
    for (const dado of ['529.982.247-25', 'mariana.aluna@exemplo.com', '111.444.777-35', 'contato@empresa']) {
      expect(resposta.body).not.toContain(dado);
    }
    expect(resposta.body).not.toMatch(/"(cpf|email)"/i);
  });
});

describe('GET /api/documentos: paginação e ordenação', () => {
  const MAIO = { dataCriacaoInicio: '2025-05-01', dataCriacaoFim: '2025-05-31' };

  it('pagina no servidor com o total, sem repetir nem perder linhas', async () => {
    const paginas: Pagina[] = [];
    for (const pagina of [1, 2, 3, 4]) {
      paginas.push((await buscar({ ...MAIO, pagina, tamanhoPagina: 10 })).json());
    }
    expect(paginas.map((p) => p.itens.length)).toEqual([10, 10, 5, 0]);
    expect(paginas.map((p) => p.total)).toEqual([25, 25, 25, 25]);
    expect(paginas[1]).toMatchObject({ pagina: 2, tamanhoPagina: 10 });
    expect(conjunto(paginas.flatMap((p) => p.itens.map((i) => i.idDocumento)))).toEqual(conjunto(lote));
  });

  it('ordena por data de criação (padrão, decrescente), desempatando pelo id', async () => {
    const itens = (await buscar({ ...MAIO, tamanhoPagina: 100 })).json().itens as DocumentoResumo[];
    const chaves = itens.map((i) => [Date.parse(i.dataCriacao), i.idDocumento] as const);
    const ordenadas = [...chaves].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(chaves).toEqual(ordenadas);
    const crescente = (await buscar({ ...MAIO, tamanhoPagina: 100, direcao: 'asc' })).json().itens as DocumentoResumo[];
    expect(crescente.map((i) => i.idDocumento)).toEqual([...ordenadas].reverse().map((k) => k[1]));
  });

  it('ordena por número, tipo e data de envio (sem envio por último)', async () => {
    const lista = async (ordenacao: FiltrosBusca['ordenacao'], direcao: 'asc' | 'desc') =>
      (await buscar({ ...MAIO, tamanhoPagina: 100, ordenacao, direcao })).json().itens as DocumentoResumo[];
    const porNumero = await lista('numero', 'asc');
    expect(porNumero.map((i) => i.numero)).toEqual(porNumero.map((i) => i.numero).sort());
    const porTipo = await lista('tipo', 'asc');
    const tipos = porTipo.map((i) => i.tipo);
    expect(tipos.slice(0, 9)).toEqual(Array(9).fill('Memorando'));
    expect(tipos.slice(9)).toEqual(Array(16).fill('Ofício'));
    // Equal types keep the id order.
    expect(porTipo.slice(0, 9).map((i) => i.idDocumento)).toEqual(
      conjunto(porTipo.slice(0, 9).map((i) => i.idDocumento)),
    );
    for (const direcao of ['asc', 'desc'] as const) {
      const porEnvio = await lista('dataEnvio', direcao);
      const envios = porEnvio.map((i) => i.dataEnvio);
      const comEnvio = envios.filter((e): e is string => e !== null);
      expect(envios.slice(comEnvio.length).every((e) => e === null)).toBe(true);
      const tempos = comEnvio.map((e) => Date.parse(e));
      expect(tempos).toEqual([...tempos].sort((a, b) => (direcao === 'asc' ? a - b : b - a)));
    }
  });
});
