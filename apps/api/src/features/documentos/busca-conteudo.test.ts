import type { DocumentoResumo, OcorrenciaConteudo } from '@tramite/shared';
import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalizarTexto, pdfComTexto } from '../../db/seed/digitalizacao.ts';
import { buscarUsuarioDaSessao, COOKIE_SESSAO } from '../../platform/sessao.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { adicionarPecas, criarDocumento, criarUsuario, tramitacaoRecebidaNaDemo } from '../../testing/fabricas.ts';
import { Indexador } from '../conteudo/indexador.ts';
import { criarPoolIndexacao, type PoolIndexacao } from '../conteudo/pool-indexacao.ts';
import { leitorDoChamador } from '../conteudo/visibilidade-sql.ts';
import { pesquisarDocumentos } from './queries-busca.ts';

/**
 * Busca's "Conteúdo das peças" (issue 21) on real PDFs read by the real indexer: the words of a peça the caller may not
 * see (spec §6) never find its document, never change a count, an order or an excerpt; those who may see it find it,
 * with the peça, the page and the excerpt. Plus the text search's own rules (stemming, accents, phrases, exclusion)
 * and its combination with the other filters.
 */

type Leitor = 'anonimo' | 'bruno' | 'ana' | 'carla' | 'vera';

const { t, resumo } = usarDemo();
const db = () => t.banco.db;
const cookies: Partial<Record<Leitor, string>> = {};
let pool: PoolIndexacao;

const MAIO = { dataCriacaoInicio: '2024-05-01', dataCriacaoFim: '2024-05-31' };
/** Words found only in one peça each. */
const SECRETO = { R: 'hanseníase', S: 'xilogravura', D: 'quiromancia', M: 'paleontologia', Y: 'tuberculose' };

/** X: held RECEBIDO by the Protocolo (Ana's unit), one tramitação, Carla is its interested person. */
let idX: number;
/** Y: Carla is its interested person, but it moved twice and is held ENVIADO: Carla may not see its restricted peças. */
let idY: number;
const publicos: number[] = [];
const pecasX = {} as Record<'P' | 'R' | 'S' | 'D' | 'M', { idPeca: number; idAnexo: number; sha256: string }>;
let pecaY: { idPeca: number; sha256: string };

async function buscar(leitor: Leitor, filtros: Record<string, string>) {
  const resposta = await t.app.inject({
    method: 'GET',
    url: `/api/documentos?${new URLSearchParams(filtros)}`,
    headers: cookies[leitor] ? { cookie: cookies[leitor] } : {},
  });
  return resposta;
}

async function resultados(leitor: Leitor, filtros: Record<string, string>) {
  const resposta = await buscar(leitor, { ...MAIO, ...filtros });
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json() as { itens: DocumentoResumo[]; total: number };
}

const destacados = (ocorrencia: OcorrenciaConteudo | null) =>
  ocorrencia?.trecho.filter((p) => p.destaque).map((p) => p.texto.toLowerCase()) ?? [];

/** Runs `fn` as if the page of `sha256` did not exist: the counterfactual a hidden page must be equal to. */
async function semOTexto<T>(sha256: string, fn: () => Promise<T>): Promise<T> {
  const linhas = await db().selectFrom('arquivoTextoPagina').selectAll().where('sha256', '=', sha256).execute();
  await db().deleteFrom('arquivoTextoPagina').where('sha256', '=', sha256).execute();
  try {
    return await fn();
  } finally {
    await db()
      .insertInto('arquivoTextoPagina')
      .values(
        linhas.map(({ sha256: s, pagina, texto, origem, falha, extraidoEm }) => ({
          sha256: s,
          pagina,
          texto,
          origem,
          falha,
          extraidoEm,
        })),
      )
      .execute();
  }
}

async function indexar() {
  const indexador = new Indexador(db(), t.app.armazenamento, pool, { trabalhadores: 2 });
  const passagem = await indexador.executarPassagem();
  await indexador.parar();
  return passagem;
}

const pdfDe = (...paginas: string[][]) => pdfComTexto(paginas);

beforeAll(async () => {
  pool = criarPoolIndexacao({ ativa: true, trabalhadores: 2, memoriaMb: 1024, tempoPaginaMs: 180_000 });
  await criarUsuario(db(), {
    username: 'vera',
    lotacoes: [resumo.unidades.reitoria],
    permissoes: ['VISUALIZACAO_IRRESTRITA_PECAS'],
  });
  for (const leitor of ['bruno', 'ana', 'carla', 'vera'] as const) cookies[leitor] = await t.entrar(leitor);
  // Only this file's peças are read: the demo's own files leave the queue.
  await db().deleteFrom('arquivoIndexacao').execute();

  const base = {
    idUnidade: resumo.unidades.protocolo,
    idUsuario: resumo.usuarios.ana,
    idTipoDocumento: resumo.tipo571,
  };
  const idHipoteseLegal = resumo.hipoteses.informacaoPessoal;
  idX = await criarDocumento(db(), { ...base, idInteressado: resumo.interessadoCarla });
  await tramitacaoRecebidaNaDemo(db(), resumo, idX, { de: 'reitoria', para: 'protocolo', por: 'admin' });
  const idDestino = await criarDocumento(db(), base);
  idY = await criarDocumento(db(), { ...base, idInteressado: resumo.interessadoCarla, situacao: 'ENVIADO' });
  for (let i = 0; i < 2; i++) {
    await tramitacaoRecebidaNaDemo(db(), resumo, idY, { de: 'protocolo', para: 'reitoria', por: 'admin' });
  }
  await db()
    .updateTable('documento')
    .set({ situacao: 'ENVIADO', idUnidadeAtual: resumo.unidades.reitoria })
    .where('id', '=', idY)
    .execute();

  const [p, r, s, d, m] = await adicionarPecas(t, { idDocumento: idX, idUsuario: resumo.usuarios.ana }, [
    {
      nome: 'Laudo técnico.pdf',
      conteudo: await pdfDe(
        ['Laudo técnico de avaliação ambiental', 'O ambiente apresenta condições de insalubridade.'],
        ['Segunda página do laudo: Conclusão pela concessão do adicional.'],
      ),
      tipoMime: 'application/pdf',
    },
    {
      nome: 'Prontuário.pdf',
      conteudo: await pdfDe([`Laudo médico: diagnóstico de ${SECRETO.R} do servidor.`]),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal,
    },
    {
      nome: 'Sigiloso.pdf',
      conteudo: await pdfDe([`Laudo pericial sobre ${SECRETO.S} apreendida.`]),
      tipoMime: 'application/pdf',
      nivelAcesso: 'S',
      idHipoteseLegal,
    },
    {
      nome: 'Desentranhada.pdf',
      conteudo: await pdfDe([`Laudo sobre ${SECRETO.D} juntado por engano.`]),
      tipoMime: 'application/pdf',
    },
    {
      nome: 'Desmembrada.pdf',
      conteudo: await pdfDe([`Laudo sobre ${SECRETO.M} de outro processo.`]),
      tipoMime: 'application/pdf',
    },
  ]);
  if (!p || !r || !s || !d || !m) throw new Error('peças de X');
  Object.assign(pecasX, { P: p, R: r, S: s, D: d, M: m });
  const [y] = await adicionarPecas(t, { idDocumento: idY, idUsuario: resumo.usuarios.ana }, [
    {
      nome: 'Atestado.pdf',
      conteudo: await pdfDe([`Laudo com suspeita de ${SECRETO.Y}.`]),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal,
    },
  ]);
  if (!y) throw new Error('peça de Y');
  pecaY = y;
  // Public documents that share the word "laudo", so that a hidden match could show as a changed count or order.
  const textos = [
    'Laudo de vistoria do prédio da reitoria.',
    'Laudo laudo laudo de vistoria elétrica do laboratório.',
    'Relatório final da comissão, com o laudo anexo.',
  ];
  for (const [i, texto] of textos.entries()) {
    const id = await criarDocumento(db(), { ...base, resumoAssunto: `Vistoria número ${i + 1}` });
    await adicionarPecas(t, { idDocumento: id, idUsuario: resumo.usuarios.ana }, [
      { nome: `vistoria-${i + 1}.pdf`, conteudo: await pdfDe([texto]), tipoMime: 'application/pdf' },
    ]);
    publicos.push(id);
  }
  // Every document of the story was created in May 2024; the desmembramento's destination (whose copy of the peça
  // is a public peça of its own) was not.
  await db()
    .updateTable('documento')
    .set({ dataCriacao: '2024-05-15T15:00:00Z' })
    .where('id', 'in', [idX, idY, ...publicos])
    .execute();

  // Desentranhar and desmembrar through the real route (the peças are the last two of X).
  const cancelar = async (idPeca: number, corpo: Record<string, unknown>) => {
    const resposta = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${idX}/pecas/${idPeca}/cancelar`,
      headers: cabecalhosApp(cookies.ana),
      payload: corpo,
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
  };
  await cancelar(m.idPeca, {
    situacaoVinculo: 'M',
    justificativaCancelamento: 'De outro processo',
    idDocumentoPecaDesmembramento: idDestino,
  });
  await cancelar(d.idPeca, { situacaoVinculo: 'D', justificativaCancelamento: 'Juntada por engano' });

  const passagem = await indexar();
  expect(passagem.ilegiveis).toBe(0);
}, 300_000);

afterAll(async () => {
  await pool?.fechar();
});

describe('a palavra de uma peça que o leitor não pode ver', () => {
  const casos: [keyof typeof SECRETO, () => number, () => string][] = [
    ['R', () => idX, () => pecasX.R.sha256],
    ['S', () => idX, () => pecasX.S.sha256],
    ['D', () => idX, () => pecasX.D.sha256],
    ['M', () => idX, () => pecasX.M.sha256],
    ['Y', () => idY, () => pecaY.sha256],
  ];
  // Who may see each peça (spec §6): the holding unit (Ana) and the interested person (Carla, X's first movement)
  // see X's restricted peça; nobody but VISUALIZACAO_IRRESTRITA_PECAS sees a sigiloso, desmembrada or desentranhada
  // one (as their bytes); Carla may not see Y's (moved twice, in progress), nor may Ana (not held).
  const quemVe: Record<keyof typeof SECRETO, Leitor[]> = {
    R: ['ana', 'carla', 'vera'],
    S: ['vera'],
    D: ['vera'],
    M: ['vera'],
    Y: ['vera'],
  };
  const leitores: Leitor[] = ['anonimo', 'bruno', 'ana', 'carla', 'vera'];

  for (const [tipo, idDocumento, sha256] of casos) {
    for (const leitor of leitores) {
      const ve = quemVe[tipo].includes(leitor);
      it(`${tipo} × ${leitor}: ${ve ? 'encontra, com o trecho' : 'nada encontra, nada muda'}`, async () => {
        const sozinha = await resultados(leitor, { conteudoPecas: SECRETO[tipo] });
        if (ve) {
          expect(sozinha.total).toBe(1);
          const [item] = sozinha.itens;
          expect(item?.idDocumento).toBe(idDocumento());
          expect(item?.ocorrencia?.pagina).toBe(1);
          expect(destacados(item?.ocorrencia ?? null)).toEqual([SECRETO[tipo]]);
        } else {
          expect(sozinha).toMatchObject({ total: 0, itens: [] });
        }
        // With a word that public peças share: the same answer as if the hidden page did not exist at all.
        for (const ordenacao of ['relevancia', 'numero']) {
          const filtros = { conteudoPecas: `laudo or ${SECRETO[tipo]}`, ordenacao };
          const com = await resultados(leitor, filtros);
          const sem = await semOTexto(sha256(), () => resultados(leitor, filtros));
          if (!ve) {
            expect(com).toEqual(sem);
            expect(com.itens.flatMap((i) => destacados(i.ocorrencia))).not.toContain(SECRETO[tipo]);
          }
        }
      });
    }
  }
});

describe('as duas maneiras de achar os documentos', () => {
  // Walking the newest documents (many matches) and reading the text indexes (few) must give the same answer, for
  // every reader: what the API chose (HTTP), and each one forced.
  const leitores: Leitor[] = ['anonimo', 'bruno', 'ana', 'carla', 'vera'];
  const textos = [
    'laudo',
    SECRETO.R,
    `laudo or ${SECRETO.S}`,
    `laudo or ${SECRETO.Y}`,
    '"vistoria elétrica"',
    'laudo -vistoria',
    'insalubridade concessão',
  ];
  for (const leitor of leitores) {
    it(`${leitor}: recentes = índice = API`, async () => {
      const token = cookies[leitor]?.split(';')[0]?.replace(`${COOKIE_SESSAO}=`, '');
      const chamador = token ? await buscarUsuarioDaSessao(db(), token, t.app.config.sessao) : null;
      const conteudoDe = async (texto: string) => ({ texto, leitor: await leitorDoChamador(db(), chamador) });
      for (const texto of textos) {
        const criterios = {
          conteudo: await conteudoDe(texto),
          criacao: { inicio: MAIO.dataCriacaoInicio, fim: MAIO.dataCriacaoFim },
          lotacoes: chamador?.lotacoes ?? null,
          ordenacao: 'relevancia' as const,
          direcao: 'desc' as const,
          pagina: 1,
          tamanhoPagina: 20,
        };
        const recentes = await pesquisarDocumentos(db(), { ...criterios, estrategiaConteudo: 'recentes' });
        const indice = await pesquisarDocumentos(db(), { ...criterios, estrategiaConteudo: 'indice' });
        expect(indice, texto).toEqual(recentes);
        const api = await resultados(leitor, { conteudoPecas: texto });
        expect(
          api.itens.map((i) => i.idDocumento),
          texto,
        ).toEqual(recentes.itens.map((i) => i.id));
        expect(api.total, texto).toBe(recentes.total);
      }
    });
  }
});

describe('o que a busca encontra', () => {
  it('the best visible page: peça, sequence, page and an excerpt with the words highlighted', async () => {
    const { itens, total } = await resultados('anonimo', { conteudoPecas: 'concessão do adicional' });
    expect(total).toBe(1);
    const ocorrencia = itens[0]?.ocorrencia;
    expect(itens[0]?.idDocumento).toBe(idX);
    expect(ocorrencia).toMatchObject({
      idAcessoAnexo: pecasX.P.idPeca,
      idAnexo: pecasX.P.idAnexo,
      nomePeca: 'Laudo técnico.pdf',
      sequencial: 1,
      pagina: 2,
    });
    expect(destacados(ocorrencia ?? null)).toEqual(['concessão', 'adicional']);
    expect(ocorrencia?.trecho.map((p) => p.texto).join('')).toContain('Conclusão pela concessão do adicional');
    // What the screen's link opens: the peça's file.
    const arquivo = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${idX}/anexos/${ocorrencia?.idAnexo}/binario`,
    });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.headers['content-type']).toMatch(/^application\/pdf/);
  });

  it('without a content search there is no ocorrência', async () => {
    const { itens } = await resultados('ana', { resumoAssunto: 'vistoria' });
    expect(itens.length).toBeGreaterThan(0);
    for (const item of itens) expect(item.ocorrencia).toBeNull();
  });

  it('Portuguese stemming, accents and case', async () => {
    const ids = async (texto: string) =>
      (await resultados('anonimo', { conteudoPecas: texto })).itens.map((i) => i.idDocumento).sort();
    // "insalubridade" in the text: the stemmer reduces both to the same stem.
    const { rows } = await sql<{ a: string; b: string }>`SELECT
      to_tsvector('public.portugues_sem_acento', 'insalubre')::text AS a,
      to_tsvector('public.portugues_sem_acento', 'insalubridade')::text AS b`.execute(db());
    expect(await ids('insalubridade')).toEqual([idX]);
    expect(await ids('insalubre')).toEqual(rows[0]?.a === rows[0]?.b ? [idX] : []);
    expect(await ids('INSALUBRIDADE')).toEqual([idX]);
    expect(await ids('avaliacao ambiental')).toEqual([idX]);
    expect(await ids('TÉCNICO')).toEqual([idX]);
    expect(await ids('laudos')).toEqual([idX, ...publicos].sort());
  });

  it('"exact phrase" and -excluded word', async () => {
    const ids = async (texto: string) =>
      (await resultados('anonimo', { conteudoPecas: texto })).itens.map((i) => i.idDocumento).sort();
    expect(await ids('"vistoria elétrica"')).toEqual([publicos[1]]);
    expect(await ids('"elétrica vistoria"')).toEqual([]);
    expect(await ids('laudo vistoria -elétrica')).toEqual([publicos[0]]);
    expect(await ids('laudo -vistoria')).toEqual([idX, publicos[2]].sort());
  });

  it('words on different pages of a document find it; a phrase does not cross pages', async () => {
    const ids = async (texto: string) =>
      (await resultados('anonimo', { conteudoPecas: texto })).itens.map((i) => i.idDocumento).sort();
    // X's first public peça: "insalubridade" ends page 1, "Segunda página" opens page 2.
    expect(await ids('insalubridade concessão')).toEqual([idX]);
    expect(await ids('"insalubridade segunda"')).toEqual([]);
  });

  it('relevance: the document where the words weigh most comes first', async () => {
    const { itens } = await resultados('anonimo', { conteudoPecas: 'laudo vistoria' });
    expect(itens.map((i) => i.idDocumento)).toEqual([publicos[1], publicos[0]]);
  });

  it('combines with number, type and dates', async () => {
    const numero = (
      await db()
        .selectFrom('documento')
        .select('numero')
        .where('id', '=', publicos[0] as number)
        .executeTakeFirstOrThrow()
    ).numero;
    expect(
      (await resultados('anonimo', { conteudoPecas: 'laudo', numeroDocumento: numero })).itens.map(
        (i) => i.idDocumento,
      ),
    ).toEqual([publicos[0]]);
    expect(
      (await resultados('anonimo', { conteudoPecas: 'laudo', idTipoDocumento: String(resumo.tipoComAssuntoUnico) }))
        .total,
    ).toBe(0);
    expect(
      (await resultados('anonimo', { conteudoPecas: 'laudo', idTipoDocumento: String(resumo.tipo571) })).total,
    ).toBe(4);
    const junho = await buscar('anonimo', {
      conteudoPecas: 'laudo',
      dataCriacaoInicio: '2024-06-01',
      dataCriacaoFim: '2024-06-30',
    });
    expect(junho.json().total).toBe(0);
  });

  it('validation: at least three characters, and a date range', async () => {
    const curto = await buscar('ana', { ...MAIO, conteudoPecas: 'ab' });
    expect(curto.statusCode).toBe(400);
    expect(curto.json().mensagem).toBe(MENSAGENS.busca.conteudoCurto);
    const semDatas = await buscar('ana', { conteudoPecas: 'laudo', numeroDocumento: '1' });
    expect(semDatas.statusCode).toBe(400);
    expect(semDatas.json().mensagem).toBe(MENSAGENS.busca.conteudoSemDatas);
  });
});

describe('uma peça digitalizada, lida por OCR', () => {
  it('is found by a word only in its image, with the excerpt', async () => {
    const id = await criarDocumento(db(), {
      idUnidade: resumo.unidades.protocolo,
      idUsuario: resumo.usuarios.ana,
      idTipoDocumento: resumo.tipo571,
    });
    await db().updateTable('documento').set({ dataCriacao: '2024-05-20T15:00:00Z' }).where('id', '=', id).execute();
    const imagem = await digitalizarTexto(['Relatório de termografia', 'Inspeção termográfica dos quadros elétricos']);
    const [peca] = await adicionarPecas(t, { idDocumento: id, idUsuario: resumo.usuarios.ana }, [
      { nome: 'Digitalização.png', conteudo: imagem, tipoMime: 'image/png' },
    ]);
    expect((await resultados('anonimo', { conteudoPecas: 'termografia' })).total).toBe(0);
    await indexar();
    const { itens, total } = await resultados('anonimo', { conteudoPecas: 'termografia' });
    expect(total).toBe(1);
    expect(itens[0]?.ocorrencia).toMatchObject({
      idAcessoAnexo: peca?.idPeca,
      pagina: 1,
      nomePeca: 'Digitalização.png',
    });
    expect(destacados(itens[0]?.ocorrencia ?? null)).toContain('termografia');
  }, 300_000);
});
