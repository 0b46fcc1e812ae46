import { formatarCodigoVerificacao, MENSAGENS, rotuloTipoInteressado, TIPOS_INTERESSADO } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentoEnviado } from '../../testing/cenarios/documentos.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { dataHoraBrasilia, lerPdf } from '../../testing/leitura-pdf.ts';
import { esperarErro } from '../../testing/respostas.ts';

const URL_PUBLICA = 'https://protocolo.ufte.edu.br';
const { t } = usarDemo({
  PUBLIC_URL: URL_PUBLICA,
  INSTITUICAO_NOME: 'Universidade Federal do Teste',
  INSTITUICAO_SIGLA: 'UFTE',
});
let ana: string;
let bruno: string;

beforeAll(async () => {
  ana = await t.entrar('ana');
  bruno = await t.entrar('bruno');
});

/** A sent document with every field the PDFs print, of a type that generates a cover (or not). */
const documentoCompleto = (geraCapa: boolean) => documentoEnviado(t.banco.db, { geraCapa, comInteressado: true });

/** The QR code: the one image of the page, square, 8 pixels per module. */
function conferirQr(imagensPorPagina: { largura: number; altura: number }[][]) {
  expect(imagensPorPagina).toHaveLength(1);
  expect(imagensPorPagina[0]).toHaveLength(1);
  const [qr] = imagensPorPagina[0] ?? [];
  expect(qr?.largura).toBe(qr?.altura);
  expect((qr?.largura ?? 0) % 8).toBe(0);
  expect(qr?.largura).toBeGreaterThanOrEqual(21 * 8);
}

const obter = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('comprovante de protocolo em PDF', () => {
  it('é um PDF A4 com a instituição, o NUP, quem autuou, onde, quando e o código de verificação', async () => {
    const doc = await documentoCompleto(false);
    await t.banco.db
      .updateTable('documento')
      .set({ dataRecebimento: '2026-03-09', urgente: true, motivoUrgencia: 'Prazo judicial em curso' })
      .where('id', '=', doc.id)
      .execute();
    const resposta = await obter(`/api/documentos/${doc.id}/comprovante`, ana);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['content-type']).toBe('application/pdf');
    expect(resposta.headers['content-disposition']).toBe(
      `inline; filename="comprovante-${doc.numero.replace('/', '-')}.pdf"`,
    );
    expect(resposta.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await lerPdf(resposta.rawPayload);
    expect(pdf.paginas).toBe(1);
    expect(pdf.tamanhos[0]).toEqual([0, 0, 595, 842]);
    expect(pdf.info.Title).toBe(`Comprovante de protocolo — ${doc.numero}`);
    const nomeTipo = Object.entries(TIPOS_INTERESSADO).find(([, c]) => c === doc.interessadoTipo)?.[0] as string;
    for (const esperado of [
      'UNIVERSIDADE FEDERAL DO TESTE',
      'UFTE',
      'COMPROVANTE DE PROTOCOLO',
      doc.numero,
      doc.tipoDescricao,
      `${doc.assuntoCodigo} — ${doc.assuntoDescricao}`,
      `${doc.interessadoNome} (${rotuloTipoInteressado(nomeTipo)})`,
      `${doc.procedenciaNome} (${doc.procedenciaSigla})`,
      doc.criadoraNome,
      doc.criadorNome,
      `protocolado em ${dataHoraBrasilia(doc.dataCriacao)}`,
      dataHoraBrasilia(doc.dataValidade as Date),
      '09/03/2026',
      'Urgente — motivo: Prazo judicial em curso',
      `Código de verificação: ${formatarCodigoVerificacao(doc.codigoVerificacao)}`,
      `${URL_PUBLICA}/verificacao/${formatarCodigoVerificacao(doc.codigoVerificacao)}`,
    ]) {
      expect(pdf.texto).toContain(esperado);
    }
    expect(pdf.texto).toContain((doc.resumoAssunto ?? '').replace(/\s+/g, ' ').slice(0, 40));
    // The QR code is an image on the page, and the address under it is a link to the verification page.
    conferirQr(pdf.imagensPorPagina);
    expect(pdf.links).toContain(`${URL_PUBLICA}/verificacao/${formatarCodigoVerificacao(doc.codigoVerificacao)}`);
  });

  it('sai para qualquer um que vê o documento, inclusive sem login, e para todo tipo de documento', async () => {
    const doc = await documentoCompleto(false);
    const anonimo = await obter(`/api/documentos/${doc.id}/comprovante`);
    expect(anonimo.statusCode).toBe(200);
    expect((await lerPdf(anonimo.rawPayload)).texto).toContain(doc.numero);
    const outraUnidade = await obter(`/api/documentos/${doc.id}/comprovante`, bruno);
    expect(outraUnidade.statusCode).toBe(200);
  });

  it('404 para documento inexistente e para o rascunho de outra unidade', async () => {
    const inexistente = await obter('/api/documentos/999999/comprovante', ana);
    esperarErro(inexistente, 404, 'NAO_ENCONTRADO', MENSAGENS.autuacao.erroBuscarDadosDocumento);

    const rascunho = await t.banco.db
      .selectFrom('documento as d')
      .innerJoin('unidade as u', 'u.id', 'd.idUnidadeCriadora')
      .select(['d.id', 'd.numero'])
      .where('d.situacao', '=', 'EM_CRIACAO')
      .where('u.sigla', '=', 'PROT')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    expect((await obter(`/api/documentos/${rascunho.id}/comprovante`)).statusCode).toBe(404);
    expect((await obter(`/api/documentos/${rascunho.id}/comprovante`, bruno)).statusCode).toBe(404);
    expect((await obter(`/api/documentos/${rascunho.id}/capa`, bruno)).statusCode).toBe(404);
    const daUnidade = await obter(`/api/documentos/${rascunho.id}/comprovante`, ana);
    expect(daUnidade.statusCode).toBe(200);
    const pdf = await lerPdf(daUnidade.rawPayload);
    expect(pdf.texto).toContain(rascunho.numero);
    // Not sent yet: no first-sending date, and no empty label for it either.
    expect(pdf.texto).not.toContain('PRIMEIRO ENVIO');

    expect((await obter('/api/documentos/abc/comprovante', ana)).statusCode).toBe(400);
  });
});

describe('capa em PDF', () => {
  it('traz o NUP, o tipo, o assunto, o interessado, a origem, as datas e o código com seu QR', async () => {
    const doc = await documentoCompleto(true);
    const resposta = await obter(`/api/documentos/${doc.id}/capa`);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['content-type']).toBe('application/pdf');
    expect(resposta.headers['cache-control']).toBe('private, no-store');
    const pdf = await lerPdf(resposta.rawPayload);
    expect(pdf.paginas).toBe(1);
    expect(pdf.tamanhos[0]).toEqual([0, 0, 595, 842]);
    const codigo = formatarCodigoVerificacao(doc.codigoVerificacao);
    for (const esperado of [
      'UNIVERSIDADE FEDERAL DO TESTE',
      'Capa do documento',
      doc.numero,
      doc.tipoDescricao.toUpperCase(),
      `${doc.assuntoCodigo} — ${doc.assuntoDescricao}`,
      doc.interessadoNome,
      doc.procedenciaNome,
      dataHoraBrasilia(doc.dataCriacao),
      dataHoraBrasilia(doc.dataValidade as Date),
      'Normal',
      `Código de verificação: ${codigo}`,
      `${URL_PUBLICA}/verificacao/${codigo}`,
    ]) {
      expect(pdf.texto).toContain(esperado);
    }
    conferirQr(pdf.imagensPorPagina);
  });

  it('é recusada, com a razão, quando o tipo do documento não gera capa', async () => {
    const doc = await documentoCompleto(false);
    const resposta = await obter(`/api/documentos/${doc.id}/capa`, ana);
    esperarErro(resposta, 409, 'CONFLITO', 'Este tipo de documento não gera capa');
    // The document screen offers the cover by the same flag.
    const detalhe = (await obter(`/api/documentos/${doc.id}`, ana)).json();
    expect(detalhe.geraCapa).toBe(false);
  });

  it('404 para documento inexistente', async () => {
    const resposta = await obter('/api/documentos/999999/capa', ana);
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
  });

  it('troca caracteres fora do alfabeto das fontes do PDF em vez de imprimir lixo', async () => {
    const doc = await documentoCompleto(true);
    await t.banco.db
      .updateTable('documento')
      .set({ resumoAssunto: 'Pedido de Łukasz Nowak — revisão “urgente” de ﬁcha' })
      .where('id', '=', doc.id)
      .execute();
    const pdf = await lerPdf((await obter(`/api/documentos/${doc.id}/capa`)).rawPayload);
    expect(pdf.texto).toContain('Pedido de ?ukasz Nowak — revisão “urgente” de ficha');
  });
});
