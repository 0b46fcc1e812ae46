import { type EstadoIndexacao, MENSAGENS, type Peca, type ResultadoConteudoDocumento } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalizarTexto, juntarPdfs, pdfComTexto, pdfSomenteImagem } from '../../db/seed/digitalizacao.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { adicionarPecas, criarDocumento, criarUsuario, tramitacaoRecebidaNaDemo } from '../../testing/fabricas.ts';
import { criarPoolIndexacao, type PoolIndexacao } from './pool-indexacao.ts';

/**
 * GET documentos/{id}/pecas/conteudo on the demo data: the pages of the peças' text (as the indexer stores them) that
 * match, with their excerpt, only for the peças each reader may open (spec §6).
 */

type Leitor = 'anonimo' | 'bruno' | 'ana' | 'carla' | 'vera';

const { t, resumo } = usarDemo();
const cookies: Partial<Record<Leitor, string>> = {};
const db = () => t.banco.db;

/** Document X: held RECEBIDO by the Protocolo Central, one tramitação, Carla is its interested person. */
let idX: number;
/** A draft (EM_CRIACAO) of the Protocolo Central. */
let idRascunho: number;
const ids: Record<string, number> = {};

const PAGINAS_PUBLICA = [
  'Relatório de vistoria da obra do bloco B, feita pela equipe de engenharia.',
  'A fiscalização encontrou rachaduras na FUNDAÇÃO. Recomenda-se a interdição imediata do prédio.',
  'Conclusão: o prédio segue interditado até nova vistoria; as rachaduras foram fotografadas.',
];

async function guardarTexto(sha256: string, paginas: string[], estado: EstadoIndexacao = 'CONCLUIDO') {
  await db()
    .insertInto('arquivoIndexacao')
    .values({ sha256, estado, paginasTotal: paginas.length, paginasFeitas: paginas.length })
    .onConflict((oc) =>
      oc.column('sha256').doUpdateSet({ estado, paginasTotal: paginas.length, paginasFeitas: paginas.length }),
    )
    .execute();
  if (paginas.length === 0) return;
  await db()
    .insertInto('arquivoTextoPagina')
    .values(paginas.map((texto, i) => ({ sha256, pagina: i + 1, texto, origem: 'T' as const })))
    .onConflict((oc) => oc.columns(['sha256', 'pagina']).doUpdateSet((eb) => ({ texto: eb.ref('excluded.texto') })))
    .execute();
}

async function novaPeca(
  nome: string,
  paginas: string[],
  opcoes: { nivelAcesso?: 'P' | 'R' | 'S'; estado?: EstadoIndexacao; idDocumento?: number } = {},
) {
  const nivelAcesso = opcoes.nivelAcesso ?? 'P';
  const [criada] = await adicionarPecas(t, { idDocumento: opcoes.idDocumento ?? idX, idUsuario: resumo.usuarios.ana }, [
    {
      nome,
      conteudo: pdf({ paginas: Math.max(paginas.length, 1), marca: nome }),
      tipoMime: 'application/pdf',
      nivelAcesso,
      idHipoteseLegal: nivelAcesso === 'P' ? undefined : resumo.hipoteses.informacaoPessoal,
    },
  ]);
  if (!criada) throw new Error('peça não criada');
  await guardarTexto(criada.sha256, paginas, opcoes.estado);
  ids[nome] = criada.idPeca;
  return criada;
}

async function buscar(leitor: Leitor, texto: string | null, idDocumento = idX) {
  const consulta = texto === null ? '' : `?texto=${encodeURIComponent(texto)}`;
  return t.app.inject({
    method: 'GET',
    url: `/api/documentos/${idDocumento}/pecas/conteudo${consulta}`,
    headers: cookies[leitor] ? { cookie: cookies[leitor] } : {},
  });
}

async function resultado(leitor: Leitor, texto: string): Promise<ResultadoConteudoDocumento> {
  const resposta = await buscar(leitor, texto);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

/** "nome:página" of each hit, in the answer's order. */
const onde = (r: ResultadoConteudoDocumento) => r.itens.map((item) => `${item.nomePeca}:${item.pagina}`);
const destaques = (r: ResultadoConteudoDocumento) =>
  r.itens.flatMap((item) => item.trecho.filter((peca) => peca.destaque).map((peca) => peca.texto.toLowerCase()));

beforeAll(async () => {
  await criarUsuario(db(), {
    username: 'vera',
    lotacoes: [resumo.unidades.reitoria],
    permissoes: ['VISUALIZACAO_IRRESTRITA_PECAS'],
  });
  for (const leitor of ['bruno', 'ana', 'carla', 'vera'] as const) cookies[leitor] = await t.entrar(leitor);
  const base = {
    idUnidade: resumo.unidades.protocolo,
    idUsuario: resumo.usuarios.ana,
    idTipoDocumento: resumo.tipo571,
  };
  idX = await criarDocumento(db(), { ...base, idInteressado: resumo.interessadoCarla });
  await tramitacaoRecebidaNaDemo(db(), resumo, idX, { de: 'reitoria', para: 'protocolo', por: 'admin' });
  idRascunho = await criarDocumento(db(), { ...base, situacao: 'EM_CRIACAO' });

  await novaPeca('vistoria.pdf', PAGINAS_PUBLICA);
  await novaPeca('laudo-restrito.pdf', ['Laudo psiquiátrico do servidor, com a vistoria do consultório.'], {
    nivelAcesso: 'R',
  });
  await novaPeca('sigilosa.pdf', ['Sindicância sobre a vistoria, em sigilo.'], { nivelAcesso: 'S' });
  await novaPeca('desentranhada.pdf', ['Petição desentranhada com a palavra borogodó e a vistoria.']);
  await novaPeca('anexo-obra.pdf', ['Orçamento da reforma: rachaduras, pintura e vistoria final.']);
  await novaPeca('em-leitura.pdf', [], { estado: 'PENDENTE' });
  await novaPeca('restrita-em-leitura.pdf', [], { nivelAcesso: 'R', estado: 'EXTRAINDO' });
  await novaPeca('ilegivel.pdf', [], { estado: 'ILEGIVEL' });
  await novaPeca('rascunho.pdf', ['Minuta com a palavra vistoria.'], { idDocumento: idRascunho });

  const pecas: Peca[] = (
    await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${idX}/pecas`,
      headers: { cookie: cookies.ana as string },
    })
  ).json();
  const desentranhada = pecas.find((p) => p.idAcessoAnexo === ids['desentranhada.pdf']) as Peca;
  const cancelada = await t.app.inject({
    method: 'PATCH',
    url: `/api/documentos/${idX}/pecas/${desentranhada.idAcessoAnexo}/cancelar`,
    headers: cabecalhosApp(cookies.ana),
    payload: { situacaoVinculo: 'D', justificativaCancelamento: 'Devolvida ao interessado' },
  });
  expect(cancelada.statusCode, cancelada.body).toBe(200);
});

describe('busca no conteúdo das peças de um documento', () => {
  it('acha cada página que contém o termo, em ordem de peça e página, com o trecho destacado', async () => {
    const r = await resultado('anonimo', 'rachadura');
    // The desentranhada peça moved the ones after it up by one: "anexo-obra" is now peça 4.
    expect(onde(r)).toEqual(['vistoria.pdf:2', 'vistoria.pdf:3', 'anexo-obra.pdf:1']);
    expect(r.itens.map((item) => item.sequencial)).toEqual([1, 1, 4]);
    expect(r.itens[0]?.idAcessoAnexo).toBe(ids['vistoria.pdf']);
    expect(destaques(r)).toEqual(['rachaduras', 'rachaduras', 'rachaduras']);
    const texto = r.itens[0]?.trecho.map((peca) => peca.texto).join('');
    expect(texto).toContain('fiscalização encontrou rachaduras na FUNDAÇÃO');
  });

  it('ignora acentos e caixa, e aplica o radical do português', async () => {
    expect(onde(await resultado('anonimo', 'fundacao'))).toEqual(['vistoria.pdf:2']);
    expect(onde(await resultado('anonimo', 'FOTOGRAFADA'))).toEqual(['vistoria.pdf:3']);
    expect(destaques(await resultado('anonimo', 'Fundação'))).toEqual(['fundação']);
  });

  it('entende frases entre aspas e termos excluídos com o sinal de menos', async () => {
    expect(onde(await resultado('anonimo', '"nova vistoria"'))).toEqual(['vistoria.pdf:3']);
    expect(onde(await resultado('anonimo', '"vistoria nova"'))).toEqual([]);
    expect(onde(await resultado('anonimo', 'vistoria -rachaduras'))).toEqual(['vistoria.pdf:1']);
    expect(onde(await resultado('anonimo', 'rachaduras -orçamento'))).toEqual(['vistoria.pdf:2', 'vistoria.pdf:3']);
  });

  it('responde no máximo 100 páginas, as primeiras', async () => {
    await novaPeca(
      'volumosa.pdf',
      Array.from({ length: 105 }, (_, i) => `Folha ${i + 1} do volume com o carimbo do protocolo.`),
    );
    const r = await resultado('anonimo', 'carimbo');
    expect(r.itens).toHaveLength(100);
    expect(r.itens.map((item) => item.pagina)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});

describe('nada de uma peça que o leitor não pode ver', () => {
  const veem: Record<Leitor, boolean> = { anonimo: false, bruno: false, ana: true, carla: true, vera: true };

  it.each(Object.keys(veem) as Leitor[])('a palavra só da peça restrita, buscada por %s', async (leitor) => {
    const r = await resultado(leitor, 'psiquiátrico');
    if (veem[leitor]) {
      expect(onde(r)).toEqual(['laudo-restrito.pdf:1']);
      expect(destaques(r)).toEqual(['psiquiátrico']);
    } else {
      expect(r.itens).toEqual([]);
      expect(JSON.stringify(r)).not.toContain('laudo');
    }
  });

  it.each(Object.keys(veem) as Leitor[])(
    'um termo comum às peças: a restrita não entra nem na contagem nem na ordem (%s)',
    async (leitor) => {
      const r = await resultado(leitor, 'vistoria');
      const publicas = ['vistoria.pdf:1', 'vistoria.pdf:3', 'anexo-obra.pdf:1'];
      const esperado = veem[leitor]
        ? ['vistoria.pdf:1', 'vistoria.pdf:3', 'laudo-restrito.pdf:1', 'anexo-obra.pdf:1']
        : publicas;
      // The sigilosa and the desentranhada ones only for VISUALIZACAO_IRRESTRITA_PECAS, in their places.
      if (leitor === 'vera') esperado.splice(3, 0, 'sigilosa.pdf:1', 'desentranhada.pdf:1');
      expect(onde(r)).toEqual(esperado);
    },
  );

  it.each(['anonimo', 'bruno', 'ana', 'carla'] as const)(
    'a palavra só da peça sigilosa não dá resultado para %s',
    async (leitor) => {
      expect((await resultado(leitor, 'sindicância')).itens).toEqual([]);
    },
  );

  it('a peça sigilosa é achada por VISUALIZACAO_IRRESTRITA_PECAS', async () => {
    expect(onde(await resultado('vera', 'sindicância'))).toEqual(['sigilosa.pdf:1']);
  });

  it.each(Object.keys(veem) as Leitor[])(
    'a peça desentranhada só é pesquisada com VISUALIZACAO_IRRESTRITA_PECAS (%s)',
    async (leitor) => {
      const r = await resultado(leitor, 'borogodó');
      expect(onde(r)).toEqual(leitor === 'vera' ? ['desentranhada.pdf:1'] : []);
    },
  );

  it('conta as peças ainda em leitura que o leitor pode ver', async () => {
    // The public one waiting; the restricted one being read counts only for who may open it; ILEGIVEL never.
    expect((await resultado('anonimo', 'vistoria')).pecasEmLeitura).toBe(1);
    expect((await resultado('bruno', 'vistoria')).pecasEmLeitura).toBe(1);
    expect((await resultado('ana', 'vistoria')).pecasEmLeitura).toBe(2);
    expect((await resultado('vera', 'vistoria')).pecasEmLeitura).toBe(2);
  });
});

describe('erros', () => {
  it('400 com a mensagem para um texto curto, ausente ou longo demais', async () => {
    for (const [texto, mensagem] of [
      ['ab', MENSAGENS.conteudo.textoCurto],
      ['  ab  ', MENSAGENS.conteudo.textoCurto],
      [null, MENSAGENS.conteudo.textoCurto],
      ['x'.repeat(201), MENSAGENS.conteudo.textoLongo],
    ] as const) {
      const resposta = await buscar('anonimo', texto);
      expect(resposta.statusCode, String(texto)).toBe(400);
      expect(resposta.json().mensagem).toBe(mensagem);
    }
  });

  it('aceita qualquer pontuação sem erro de sintaxe', async () => {
    for (const texto of ['"vistoria', "vist'oria & | ! ( ) : *", '--- """ ---', 'fundação:*']) {
      const resposta = await buscar('anonimo', texto);
      expect(resposta.statusCode, `${texto}: ${resposta.body}`).toBe(200);
    }
  });

  it('404 para o rascunho de outra unidade, como o detalhe do documento', async () => {
    for (const leitor of ['anonimo', 'bruno'] as const) {
      const resposta = await buscar(leitor, 'vistoria', idRascunho);
      expect(resposta.statusCode, leitor).toBe(404);
      expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
      expect(resposta.body).not.toContain('Minuta');
    }
    const daUnidade = await buscar('ana', 'vistoria', idRascunho);
    expect(daUnidade.statusCode).toBe(200);
    expect(onde(daUnidade.json())).toEqual(['rascunho.pdf:1']);
  });

  it('404 para um documento que não existe', async () => {
    expect((await buscar('ana', 'vistoria', 999_999_999)).statusCode).toBe(404);
  });
});

describe('pelo texto que a extração de verdade lê', () => {
  let pool: PoolIndexacao;
  beforeAll(() => {
    pool = criarPoolIndexacao({ ativa: true, trabalhadores: 1, memoriaMb: 1024, tempoPaginaMs: 180_000 });
  });
  afterAll(() => pool?.fechar());

  it('acha a palavra da página digitalizada (OCR) na página certa de um PDF com camada de texto e imagem', async () => {
    // Page 1: a text layer; page 2: only the image of a scanned page.
    const conteudo = await juntarPdfs([
      await pdfComTexto([['Despacho de encaminhamento ao setor de patrimônio.']]),
      await pdfSomenteImagem([
        await digitalizarTexto(['TERMO DE RESPONSABILIDADE', 'Recebi o microscópio eletrônico em perfeito estado.']),
      ]),
    ]);
    const [criada] = await adicionarPecas(t, { idDocumento: idX, idUsuario: resumo.usuarios.ana }, [
      { nome: 'termo-digitalizado.pdf', conteudo, tipoMime: 'application/pdf' },
    ]);
    if (!criada) throw new Error('peça não criada');
    const entrada = { caminho: t.app.armazenamento.caminho(criada.sha256), tipoMime: 'application/pdf' };
    const { paginas } = await pool.executar('abrirArquivoConteudo', entrada);
    expect(paginas).toBe(2);
    const textos: string[] = [];
    for (let pagina = 1; pagina <= paginas; pagina++) {
      textos.push((await pool.executar('extrairPaginaConteudo', { ...entrada, pagina })).texto);
    }
    await guardarTexto(criada.sha256, textos);

    const r = await resultado('anonimo', 'microscópio');
    expect(onde(r)).toEqual(['termo-digitalizado.pdf:2']);
    expect(r.itens[0]?.idAcessoAnexo).toBe(criada.idPeca);
    expect(destaques(r).map((palavra) => palavra.normalize('NFD').replace(/\p{M}/gu, ''))).toEqual(['microscopio']);
    expect(onde(await resultado('anonimo', 'patrimônio'))).toEqual(['termo-digitalizado.pdf:1']);
  }, 180_000);
});
