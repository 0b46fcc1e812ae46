import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { conferirAcessibilidade, entrar, paginaDocumentos, snackbar } from './apoio.ts';

const M = MENSAGENS.arquivosAssinados;
const A = MENSAGENS.arquivos;
const sufixo = Date.now().toString(36);
const NOME_VINCULAR = `oficio-assinado-${sufixo}.pdf`;
const NOME_EXCLUIR = `rascunho-assinado-${sufixo}.pdf`;
const NOME_DISFARCE = `imagem-${sufixo}.pdf`;

/** A real one-page PDF (pdf-lib). */
async function gerarPdf(texto: string): Promise<Buffer> {
  const documento = await PDFDocument.create();
  const pagina = documento.addPage();
  pagina.drawText(texto, { font: await documento.embedFont(StandardFonts.Helvetica), x: 50, y: 700, size: 14 });
  return Buffer.from(await documento.save());
}

/**
 * A document the Protocolo Central (Ana's unit) holds, received and in progress: the last such one of the first
 * page, so as not to share the document the peças test uses.
 */
async function documentoRecebidoNoProtocolo(request: APIRequestContext): Promise<{ id: number; numero: string }> {
  const itens = await paginaDocumentos<{ idDocumento: number; numero: string; situacao: string; unidadeAtual: string }>(
    request,
  );
  const candidatos = itens.filter((d) => d.situacao === 'RECEBIDO' && d.unidadeAtual === 'PROT').reverse();
  for (const item of candidatos) {
    const detalhe = await (await request.get(`/api/documentos/${item.idDocumento}`)).json();
    if (detalhe.estado['2001'] === 1 && detalhe.idDocumentoAgregador === null) {
      return { id: item.idDocumento, numero: item.numero };
    }
  }
  throw new Error('Nenhum documento recebido no Protocolo Central na semente');
}

const linha = (page: Page, nome: string) => page.getByTestId('linha-assinado').filter({ hasText: nome });
const itemAssinatura = (page: Page, nome: string) => page.getByTestId('arquivo-assinatura').filter({ hasText: nome });

// Each test signs, links or checks accessibility twice: generous time on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('arquivos assinados: assinar, listar, vincular e excluir', () => {
  let documento: { id: number; numero: string };

  test.beforeAll(async ({ request }) => {
    documento = await documentoRecebidoNoProtocolo(request);
  });

  test('ana assina dois PDFs; um arquivo que não é PDF é recusado com a mensagem do servidor', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/arquivos-assinados');
    await expect(page.getByRole('heading', { level: 1, name: 'Arquivos assinados' })).toBeVisible();
    const assinante = await (await page.request.get('/api/arquivos-assinados/assinante')).json();
    await expect(page.getByRole('textbox', { name: 'Matrícula SIAPE' })).toHaveValue(assinante.matriculaSiape);
    await conferirAcessibilidade(page);

    await page.getByRole('combobox', { name: 'Tipo de assinatura' }).click();
    await page.getByRole('option', { name: 'Assinatura digital institucional (PAdES)', exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);

    await page.getByTestId('entrada-arquivos-assinatura').setInputFiles([
      { name: NOME_VINCULAR, mimeType: 'application/pdf', buffer: await gerarPdf('Oficio a vincular') },
      { name: NOME_EXCLUIR, mimeType: 'application/pdf', buffer: await gerarPdf('Rascunho a excluir') },
      // A PNG named .pdf: only the server, reading its content, knows it is not a PDF.
      {
        name: NOME_DISFARCE,
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
            '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
          'hex',
        ),
      },
    ]);
    await expect(page.getByTestId('arquivo-assinatura')).toHaveCount(3);
    await page.getByRole('button', { name: 'Assinar arquivos' }).click();

    await expect(itemAssinatura(page, NOME_VINCULAR).getByTestId('sucesso-assinatura')).toHaveText(
      M.assinado(NOME_VINCULAR),
    );
    await expect(itemAssinatura(page, NOME_EXCLUIR).getByTestId('sucesso-assinatura')).toHaveText(
      M.assinado(NOME_EXCLUIR),
    );
    const falha = `${A.naoAssinado(NOME_DISFARCE)}${M.apenasPdf}`;
    await expect(itemAssinatura(page, NOME_DISFARCE).getByTestId('falha-assinatura')).toHaveText(falha);
    await expect(snackbar(page)).toHaveText(falha);

    // Both are listed, as Ana's, not linked.
    await expect(linha(page, NOME_VINCULAR)).toContainText('Não vinculado');
    await expect(linha(page, NOME_VINCULAR)).toContainText('Assinatura digital institucional (PAdES)');
    await expect(linha(page, NOME_EXCLUIR)).toContainText(`SIAPE ${assinante.matriculaSiape}`);
    await expect(linha(page, NOME_DISFARCE)).toHaveCount(0);
    await conferirAcessibilidade(page);
  });

  test('os filtros: somente os meus e não vinculados', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/arquivos-assinados');
    await page.getByRole('combobox', { name: 'Vínculo' }).click();
    await page.getByRole('option', { name: 'Vinculados a documento', exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(linha(page, NOME_VINCULAR)).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Vínculo' }).click();
    await page.getByRole('option', { name: 'Não vinculados', exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Somente os meus arquivos' }).check();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(linha(page, NOME_VINCULAR)).toBeVisible();
    await expect(linha(page, NOME_EXCLUIR)).toBeVisible();
    await expect(page.getByTestId('linha-assinado').filter({ hasNotText: 'Ana' })).toHaveCount(0);
  });

  test('ana vincula um arquivo a um documento e ele aparece nas peças do documento', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/arquivos-assinados');
    await linha(page, NOME_VINCULAR)
      .getByRole('button', { name: `Vincular ${NOME_VINCULAR} a um documento` })
      .click();
    const dialogo = page.getByTestId('dialogo-vinculo');
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('textbox', { name: 'Número do documento' }).fill(documento.numero);
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Vincular' }).click();
    await expect(snackbar(page)).toHaveText(M.vinculado(NOME_VINCULAR, documento.numero));
    await expect(dialogo).toHaveCount(0);
    await expect(linha(page, NOME_VINCULAR).getByRole('link', { name: documento.numero })).toBeVisible();
    // Linked: it can no longer be deleted nor linked again.
    await expect(linha(page, NOME_VINCULAR).getByRole('button', { name: `Excluir ${NOME_VINCULAR}` })).toHaveCount(0);

    await linha(page, NOME_VINCULAR).getByRole('link', { name: documento.numero }).click();
    await expect(page).toHaveURL(`/documentos/${documento.id}/pecas`);
    const peca = page.getByTestId('linha-peca').filter({ hasText: NOME_VINCULAR });
    await expect(peca).toBeVisible();
    await expect(peca).toContainText('Nato-digital');
  });

  test('ana exclui o outro arquivo, com confirmação', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/arquivos-assinados');
    await linha(page, NOME_EXCLUIR)
      .getByRole('button', { name: `Excluir ${NOME_EXCLUIR}` })
      .click();
    const dialogo = page.getByTestId('dialogo-confirmacao');
    await expect(dialogo).toContainText(`Excluir o arquivo assinado ${NOME_EXCLUIR}?`);
    await conferirAcessibilidade(page);
    // Cancel keeps it.
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(linha(page, NOME_EXCLUIR)).toBeVisible();

    await linha(page, NOME_EXCLUIR)
      .getByRole('button', { name: `Excluir ${NOME_EXCLUIR}` })
      .click();
    await page.getByTestId('dialogo-confirmacao').getByRole('button', { name: 'Excluir' }).click();
    await expect(snackbar(page)).toHaveText(A.excluido(NOME_EXCLUIR));
    await expect(linha(page, NOME_EXCLUIR)).toHaveCount(0);
    await expect(linha(page, NOME_VINCULAR)).toBeVisible();
  });
});

test('a busca que chega a 50 arquivos avisa do limite; um filtro mais estreito tira o aviso', async ({ page }) => {
  // Luciana (PROGEPE) signed a batch of 56 declarations in the demo.
  await entrar(page, 'luciana', 'luciana', '/arquivos-assinados');
  await expect(page.getByTestId('linha-assinado')).toHaveCount(50);
  await expect(page.getByTestId('aviso-limite-assinados')).toHaveText(A.limiteBuscaAssinados);
  // The newest first: the batch's first declarations are listed, its last ones are past the limit.
  await expect(page.locator('[data-testid="linha-assinado"][data-nome="declaracao-vinculo-001.pdf"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="linha-assinado"][data-nome="declaracao-vinculo-056.pdf"]')).toHaveCount(0);
  await conferirAcessibilidade(page);

  await page.getByRole('combobox', { name: 'Vínculo' }).click();
  await page.getByRole('option', { name: 'Vinculados a documento', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('linha-assinado')).not.toHaveCount(50);
  await expect(page.getByTestId('aviso-limite-assinados')).toHaveCount(0);
});
