import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { bmp, gif, jpeg, pdf, png } from '../../testing/arquivos.ts';
import { filaConsolidacao, INSTITUICAO_TESTE } from '../../testing/cenarios/consolidacao.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { type ArquivoPeca, adicionarPecas, criarDocumento, criarTipoDocumento } from '../../testing/fabricas.ts';

/**
 * The consolidation of 50 peças through the real job handler, checked by reading the result back: page count,
 * outline (one bookmark per peça pointing at its first page), the stamp on every page, the cover; then a job left
 * by a crashed process is taken again and completes.
 */

const { t, resumo } = usarDemo();
let idDocumento: number;
let numero: string;
let cookie: string;
/** What each peça should become: its name and how many pages. */
const esperadas: { nome: string; paginas: number; texto: string | null }[] = [];
let idsAnexos: number[] = [];

const db = () => t.banco.db;
/** The state of the newest job of the queue. */
const ultimaTarefa = () =>
  db().selectFrom('job').select(['estado', 'tentativas']).orderBy('id', 'desc').executeTakeFirstOrThrow();

async function solicitar(ids: number[]): Promise<string> {
  const resposta = await t.app.inject({
    method: 'POST',
    url: `/api/consolidacao/${idDocumento}/PDF`,
    headers: cabecalhosApp(cookie),
    payload: ids,
  });
  expect(resposta.statusCode, resposta.body).toBe(202);
  return resposta.json().uuid;
}

async function estado(uuid: string) {
  return db()
    .selectFrom('consolidacao')
    .select(['estado', 'sha256', 'paginas', 'erro'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
}

/** The outline items in order: title and the index of the page each one points at. */
function marcadores(documento: PDFDocument): { titulo: string; pagina: number }[] {
  const contexto = documento.context;
  const indicePorRef = new Map(documento.getPages().map((pagina, i) => [pagina.ref.toString(), i]));
  const raiz = contexto.lookup(documento.catalog.get(PDFName.of('Outlines')), PDFDict);
  const itens: { titulo: string; pagina: number }[] = [];
  let atual = raiz.get(PDFName.of('First'));
  while (atual instanceof PDFRef) {
    const item = contexto.lookup(atual, PDFDict);
    const titulo = item.get(PDFName.of('Title'));
    const destino = contexto.lookup(item.get(PDFName.of('Dest')), PDFArray);
    const alvo = destino.get(0) as PDFRef;
    itens.push({
      titulo: titulo instanceof PDFHexString || titulo instanceof PDFString ? titulo.decodeText() : '',
      pagina: indicePorRef.get(alvo.toString()) ?? -1,
    });
    atual = item.get(PDFName.of('Next'));
  }
  expect(raiz.get(PDFName.of('Count'))).toEqual(PDFNumber.of(itens.length));
  return itens;
}

beforeAll(async () => {
  cookie = await t.entrar('ana');
  idDocumento = await criarDocumento(db(), {
    idUnidade: resumo.unidades.protocolo,
    idUsuario: resumo.usuarios.ana,
    idTipoDocumento: await criarTipoDocumento(db()),
  });
  numero = (await db().selectFrom('documento').select('numero').where('id', '=', idDocumento).executeTakeFirstOrThrow())
    .numero;
  const arquivos: ArquivoPeca[] = [];
  for (let i = 1; i <= 50; i++) {
    if (i % 10 === 3) {
      arquivos.push({ nome: `foto-${i}.png`, conteudo: png({ largura: 32, altura: 20 }), tipoMime: 'image/png' });
      esperadas.push({ nome: `foto-${i}.png`, paginas: 1, texto: null });
    } else if (i % 10 === 7) {
      arquivos.push({ nome: `digitalizacao-${i}.jpg`, conteudo: jpeg(), tipoMime: 'image/jpeg' });
      esperadas.push({ nome: `digitalizacao-${i}.jpg`, paginas: 1, texto: null });
    } else if (i === 15) {
      arquivos.push({ nome: 'planta.bmp', conteudo: bmp(), tipoMime: 'image/bmp' });
      esperadas.push({ nome: 'planta.bmp', paginas: 1, texto: null });
    } else if (i === 35) {
      arquivos.push({ nome: 'grafico.gif', conteudo: gif(), tipoMime: 'image/gif' });
      esperadas.push({ nome: 'grafico.gif', paginas: 1, texto: null });
    } else if (i === 25) {
      arquivos.push({ nome: 'gravação da audiência.mp3', conteudo: Buffer.from('ID3 audio'), tipoMime: 'audio/mpeg' });
      esperadas.push({ nome: 'gravação da audiência.mp3', paginas: 1, texto: 'Este arquivo não pode ser impresso' });
    } else {
      const paginas = 1 + (i % 4);
      arquivos.push({
        nome: `Peça nº ${i} — parecer.pdf`,
        conteudo: pdf({ paginas, marca: `Peca ${i}` }),
        tipoMime: 'application/pdf',
      });
      esperadas.push({ nome: `Peça nº ${i} — parecer.pdf`, paginas, texto: `Peca ${i} pagina` });
    }
  }
  idsAnexos = (await adicionarPecas(t, { idDocumento, idUsuario: resumo.usuarios.ana }, arquivos)).map(
    (c) => c.idAnexo,
  );
});

describe('consolidação de 50 peças pela tarefa da fila', () => {
  let documento: PDFDocument;
  let bytes: Buffer;
  let textos: string[];
  /** Cover pages: 50 rows do not fit on the first page. */
  const CAPA = 2;
  const totalPecas = () => esperadas.reduce((soma, e) => soma + e.paginas, 0);

  beforeAll(async () => {
    const uuid = await solicitar(idsAnexos);
    expect(await filaConsolidacao(db(), t.app).executarPendentes()).toBe(1);
    const final = await estado(uuid);
    expect(final.erro).toBeNull();
    expect(final.estado).toBe('CONCLUIDA');
    bytes = await readFile(t.app.armazenamento.caminho(final.sha256 as string));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(final.sha256);
    documento = await PDFDocument.load(bytes);
    expect(final.paginas).toBe(documento.getPageCount());
    textos = (await extractText(new Uint8Array(bytes), { mergePages: false })).text as string[];
  });

  it('tem a capa (duas páginas para 50 peças) e depois todas as páginas de cada peça', () => {
    expect(documento.getPageCount()).toBe(CAPA + totalPecas());
    expect(textos[1]).toContain('Peças (continuação)');
    expect(textos[0]).toContain('Consolidação de peças');
    expect(textos[0]).toContain(INSTITUICAO_TESTE);
    expect(textos[0]).toContain(numero);
    expect(textos[0]).toContain('Documento de teste das peças');
  });

  it('lista cada peça na capa com o seu intervalo de páginas', () => {
    let inicio = CAPA + 1;
    const capa = `${textos[0]}\n${textos[1]}`;
    for (const esperada of esperadas) {
      const fim = inicio + esperada.paginas - 1;
      const folhas = inicio === fim ? `${inicio}` : `${inicio} a ${fim}`;
      expect(capa).toContain(esperada.nome);
      expect(capa).toMatch(new RegExp(`${esperada.nome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${folhas}\\b`));
      inicio = fim + 1;
    }
  });

  it('tem um marcador por peça, com o nome dela, apontando para a sua primeira página', () => {
    const itens = marcadores(documento);
    expect(itens).toHaveLength(50);
    let inicio = CAPA;
    esperadas.forEach((esperada, i) => {
      expect(itens[i]).toEqual({ titulo: `${i + 1}. ${esperada.nome}`, pagina: inicio });
      inicio += esperada.paginas;
    });
  });

  it('põe o conteúdo de cada peça nas suas próprias páginas, em ordem', () => {
    let indice = CAPA;
    for (const esperada of esperadas) {
      if (esperada.texto) {
        for (let p = 0; p < esperada.paginas; p++) expect(textos[indice + p]).toContain(esperada.texto);
      }
      indice += esperada.paginas;
    }
  });

  it('carimba cada página com o NUP e “Fl. x de y”', () => {
    const total = documento.getPageCount();
    textos.forEach((texto, i) => {
      expect(texto).toContain(numero);
      expect(texto).toContain(`Fl. ${i + 1} de ${total}`);
    });
  });

  it('ajusta imagens (PNG, JPEG, BMP, GIF) a uma página A4 e descreve um arquivo não imprimível com tamanho e SHA-256', async () => {
    const paginaDa = (nome: string) => {
      const posicao = esperadas.findIndex((e) => e.nome === nome);
      return CAPA + esperadas.slice(0, posicao).reduce((s, e) => s + e.paginas, 0);
    };
    const tamanho = (indice: number) => {
      const { width, height } = documento.getPage(indice).getSize();
      return [Math.round(width), Math.round(height)];
    };
    const imagensDaPagina = (indice: number) => {
      const recursos = documento.getPage(indice).node.Resources();
      const xobjetos = recursos?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      return xobjetos ? xobjetos.keys().length : 0;
    };
    expect(tamanho(paginaDa('foto-3.png'))).toEqual([842, 595]);
    // BMP and GIF are decoded and drawn like the others: a picture, not the notice page.
    expect(tamanho(paginaDa('planta.bmp'))).toEqual([842, 595]);
    expect(tamanho(paginaDa('grafico.gif'))).toEqual([595, 842]);
    for (const nome of ['foto-3.png', 'digitalizacao-7.jpg', 'planta.bmp', 'grafico.gif']) {
      expect(imagensDaPagina(paginaDa(nome)), nome).toBe(1);
      expect(textos[paginaDa(nome)], nome).not.toContain('não pode ser');
    }
    const audio = CAPA + esperadas.slice(0, 24).reduce((s, e) => s + e.paginas, 0);
    expect(textos[audio]).toContain('gravação da audiência.mp3');
    expect(textos[audio]).toContain(createHash('sha256').update('ID3 audio').digest('hex'));
    expect(textos[audio]).toContain('9 bytes');
  });
});

describe('uma tarefa deixada por um processo que caiu', () => {
  it('é retomada quando a reserva vence e é concluída', async () => {
    const uuid = await solicitar(idsAnexos.slice(0, 5));
    // The first process builds the PDF and dies before recording it: its run never returns.
    let montou = false;
    const caida = filaConsolidacao(db(), t.app, {
      reservaSegundos: 1,
      aposMontar: () => {
        montou = true;
        return new Promise<void>(() => {});
      },
    });
    void caida.executarPendentes();
    await expect.poll(() => montou, { timeout: 20_000 }).toBe(true);
    expect((await estado(uuid)).estado).toBe('PROCESSANDO');
    expect(await ultimaTarefa()).toEqual({ estado: 'EXECUTANDO', tentativas: 1 });

    // Another process finds it only after the reservation has expired.
    const outra = filaConsolidacao(db(), t.app);
    await db()
      .updateTable('job')
      .set({ bloqueadoAte: sql`now() - interval '1 second'` })
      .where('estado', '=', 'EXECUTANDO')
      .execute();
    expect(await outra.executarPendentes()).toBe(1);
    const final = await estado(uuid);
    expect(final).toMatchObject({ estado: 'CONCLUIDA', erro: null });
    const pdf = await PDFDocument.load(await readFile(t.app.armazenamento.caminho(final.sha256 as string)));
    expect(pdf.getPageCount()).toBe(1 + esperadas.slice(0, 5).reduce((s, e) => s + e.paginas, 0));
    expect(await ultimaTarefa()).toEqual({ estado: 'CONCLUIDO', tentativas: 2 });
  });

  it('uma consolidação concluída fica como está quando a tarefa roda de novo', async () => {
    const uuid = await solicitar(idsAnexos.slice(0, 2));
    const fila = filaConsolidacao(db(), t.app);
    await fila.executarPendentes();
    const antes = await estado(uuid);
    await db().updateTable('job').set({ estado: 'PENDENTE', executarEm: sql`now()` }).execute();
    await fila.executarPendentes();
    expect(await estado(uuid)).toEqual(antes);
  });
});

describe('uma peça cancelada depois do pedido', () => {
  it('sai sem número, marcada como cancelada: os números impressos continuam únicos', async () => {
    const documento = await criarDocumento(db(), {
      idUnidade: resumo.unidades.protocolo,
      idUsuario: resumo.usuarios.ana,
      idTipoDocumento: await criarTipoDocumento(db()),
    });
    const criadas = await adicionarPecas(
      t,
      { idDocumento: documento, idUsuario: resumo.usuarios.ana },
      ['primeira', 'segunda', 'terceira'].map((nome) => ({
        nome: `${nome}.pdf`,
        conteudo: pdf({ paginas: 1, marca: `${nome} ${documento}` }),
        tipoMime: 'application/pdf',
      })),
    );
    const pedido = await t.app.inject({
      method: 'POST',
      url: `/api/consolidacao/${documento}/PDF`,
      headers: cabecalhosApp(cookie),
      payload: criadas.map((c) => c.idAnexo),
    });
    expect(pedido.statusCode, pedido.body).toBe(202);
    // Before the queue builds it, peça 2 is desentranhada: the former peça 3 becomes peça 2.
    const segunda = await db()
      .selectFrom('peca')
      .select('id')
      .where('idAnexo', '=', (criadas[1] as { idAnexo: number }).idAnexo)
      .executeTakeFirstOrThrow();
    const cancelamento = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${documento}/pecas/${segunda.id}/cancelar`,
      headers: cabecalhosApp(cookie),
      payload: { situacaoVinculo: 'D', justificativaCancelamento: 'Devolvida ao interessado' },
    });
    expect(cancelamento.statusCode, cancelamento.body).toBe(200);

    expect(await filaConsolidacao(db(), t.app).executarPendentes()).toBe(1);
    const final = await estado(pedido.json().uuid);
    expect(final.estado).toBe('CONCLUIDA');
    const bytes = await readFile(t.app.armazenamento.caminho(final.sha256 as string));
    expect(marcadores(await PDFDocument.load(bytes)).map((m) => m.titulo)).toEqual([
      '1. primeira.pdf',
      'segunda.pdf (cancelada)',
      '2. terceira.pdf',
    ]);
    const capa = ((await extractText(new Uint8Array(bytes), { mergePages: false })).text as string[])[0] as string;
    expect(capa).toMatch(/1\s+primeira\.pdf/);
    expect(capa).toMatch(/-\s+segunda\.pdf/);
    expect(capa).toMatch(/2\s+terceira\.pdf/);
    expect(capa).not.toMatch(/[23]\s+segunda\.pdf/);
    // Its content stays out (only who may see cancelled peças may open it): a notice page takes its place.
    const texto = ((await extractText(new Uint8Array(bytes), { mergePages: true })).text as string).replace(
      /\s+/g,
      ' ',
    );
    expect(texto).toContain(`primeira ${documento}`);
    expect(texto).toContain(`terceira ${documento}`);
    expect(texto).not.toContain(`segunda ${documento}`);
    expect(texto).toContain('Esta peça foi cancelada (desentranhada ou desmembrada) depois da solicitação');
  });
});
