import type { Consolidacao } from '@tramite/shared';
import bmp from 'bmp-js';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { GifWriter } from 'omggif';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Banco } from '../../db/connection.ts';
import { gerarPng } from '../../db/seed/arquivos-demo.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { FilaTarefas } from '../../platform/fila.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { TAREFA_CONSOLIDAR } from './service.ts';
import { tratadorConsolidacao } from './tarefa.ts';

/** Test support for the consolidation tests: real files and the real job handler. */

export const INSTITUICAO_TESTE = 'Universidade Federal de Teste';

/** A real PDF with `paginas` pages, each saying which peça and page it is. */
export async function pdfComPaginas(paginas: number, rotulo: string): Promise<Buffer> {
  const documento = await PDFDocument.create();
  const fonte = await documento.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= paginas; i++) {
    const pagina = documento.addPage([595, 842]);
    pagina.drawText(`${rotulo} pagina ${i}`, { x: 72, y: 400, size: 14, font: fonte });
  }
  return Buffer.from(await documento.save());
}

export function pngTeste(): Buffer {
  return gerarPng(32, 20, (x, y) => [x * 8, y * 12, 200]);
}

/** A 40×24 24-bit BMP (wider than tall), encoded by bmp-js (pixels in ABGR order). */
export function bmpTeste(): Buffer {
  const [largura, altura] = [40, 24];
  const data = Buffer.alloc(largura * altura * 4);
  for (let i = 0; i < largura * altura; i++) data.set([0, 200, (i % largura) * 6, 90], i * 4);
  return bmp.encode({ width: largura, height: altura, data }).data;
}

/** A 16×30 GIF with a four-colour palette (taller than wide). */
export function gifTeste(): Buffer {
  const [largura, altura] = [16, 30];
  const buffer = Buffer.alloc(1024);
  const escritor = new GifWriter(buffer, largura, altura, { palette: [0xff0000, 0x00ff00, 0x0000ff, 0xffffff] });
  const indices = Array.from({ length: largura * altura }, (_, i) => Math.floor(i / largura) % 4);
  escritor.addFrame(0, 0, largura, altura, indices);
  return buffer.subarray(0, escritor.end());
}

/** A 24×16 baseline JPEG (made once with a browser canvas). */
export function jpegTeste(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABgAF/8QAJBAAAAUBCAMAAAAAAAAAAAAAAQUREhMAAgMEFRciMVFlpOL/xAAXAQADAQAAAAAAAAAAAAAAAAABAwQG/8QAIhEAAAUBCQAAAAAAAAAAAAAAAAEREjECAwQTFCFBYXGB/9oADAMBAAIRAxEAPwDIJC7Nja4wMsUrt7XIlkR4UOqV6d+W9f6ooSGOUm1xjopYnbHNVbIhyg90r1E8T7HzSyTcae+Zx5YEJxPoKHZdlJtf4GWWJu9rVWyA8KPdVR2Y5sbX+Oiilbsc5EsgHKB1VQF1k5lL5TXsf//Z',
    'base64',
  );
}

export interface ArquivoPeca {
  nome: string;
  conteudo: Buffer;
  tipoMime: string;
  nivelAcesso?: 'P' | 'R' | 'S';
  idHipoteseLegal?: number;
}

/**
 * Peças straight in the database (files in the real store), appended after the document's current ones in one
 * transaction, as the upload does. Answers idAnexo and idPeca of each, in order.
 */
export async function inserirPecas(
  db: Banco,
  armazenamento: ArmazenamentoArquivos,
  dados: { idDocumento: number; idUsuario: number },
  arquivos: ArquivoPeca[],
): Promise<{ idAnexo: number; idPeca: number; sha256: string }[]> {
  const guardados: { sha256: string; tamanho: number }[] = [];
  for (const arquivo of arquivos) guardados.push(await armazenamento.guardarBuffer(arquivo.conteudo));
  return db.transaction().execute(async (trx) => {
    const { ultimo } = await trx
      .selectFrom('peca')
      .select(sql<number>`coalesce(max(sequencial), 0)::int`.as('ultimo'))
      .where('idDocumento', '=', dados.idDocumento)
      .where('situacaoVinculo', 'is', null)
      .executeTakeFirstOrThrow();
    const criadas = [];
    for (const [i, arquivo] of arquivos.entries()) {
      const { sha256, tamanho } = guardados[i] as (typeof guardados)[number];
      await trx
        .insertInto('arquivo')
        .values({ sha256, tamanho, tipoMime: arquivo.tipoMime })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      const anexo = await trx
        .insertInto('anexo')
        .values({ sha256, nome: arquivo.nome, idUsuario: dados.idUsuario })
        .returning('id')
        .executeTakeFirstOrThrow();
      const peca = await trx
        .insertInto('peca')
        .values({
          idDocumento: dados.idDocumento,
          idAnexo: anexo.id,
          sequencial: ultimo + i + 1,
          tipoCopia: 'N',
          nivelAcesso: arquivo.nivelAcesso ?? 'P',
          idHipoteseLegal: arquivo.idHipoteseLegal ?? null,
          idUsuario: dados.idUsuario,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      criadas.push({ idAnexo: anexo.id, idPeca: peca.id, sha256 });
    }
    return criadas;
  });
}

/** The queue with only the consolidation handler, as a server process runs it (with the app's worker pool). */
export function filaConsolidacao(
  db: Banco,
  app: Pick<FastifyInstance, 'armazenamento' | 'trabalhadores'>,
  opcoes: { reservaSegundos?: number; aposMontar?: (uuid: string) => Promise<void> } = {},
): FilaTarefas {
  return new FilaTarefas(
    db,
    {
      [TAREFA_CONSOLIDAR]: tratadorConsolidacao(
        { db, armazenamento: app.armazenamento, trabalhadores: app.trabalhadores },
        { instituicao: INSTITUICAO_TESTE, aposMontar: opcoes.aposMontar },
      ),
    },
    { reservaSegundos: opcoes.reservaSegundos ?? 300 },
  );
}

/** POST consolidacao: the state of the given uuids as `cookie`'s user (anonymous without it) sees them. */
export async function consultarConsolidacoes(
  app: FastifyInstance,
  uuids: string[],
  cookie?: string,
): Promise<Consolidacao[]> {
  const resposta = await app.inject({
    method: 'POST',
    url: '/api/consolidacao',
    headers: cabecalhosApp(cookie),
    payload: uuids,
  });
  if (resposta.statusCode !== 200) throw new Error(`POST consolidacao: ${resposta.statusCode} ${resposta.body}`);
  return resposta.json();
}

/** GET consolidacao/{uuid}/pdf as `cookie`'s user (anonymous without it). */
export function baixarConsolidacao(app: FastifyInstance, uuid: string, cookie?: string) {
  return app.inject({ method: 'GET', url: `/api/consolidacao/${uuid}/pdf`, headers: cookie ? { cookie } : {} });
}
