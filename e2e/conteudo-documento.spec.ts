import { type APIRequestContext, expect, test } from '@playwright/test';
import { MENSAGENS, type Peca, type ResultadoConteudoDocumento } from '@tramite/shared';
import { CONTEUDO_DEMO } from '../apps/api/src/db/seed/conteudo.ts';
import { conferirAcessibilidade, dataBrasilia, paginaDocumentos } from './apoio.ts';

// Issue 21 on the demo: the PDF made only of scanned pages (read by OCR in the server's background indexer) is found
// from its document's page by a word of its page 2, and the link opens the file at that page.

/** The demo document that holds the scanned PDF (among the recent ones), and that peça's row. */
async function documentoDoPdfDigitalizado(request: APIRequestContext): Promise<{ id: number; peca: Peca }> {
  const parametros = { dataCriacaoInicio: dataBrasilia(-CONTEUDO_DEMO.diasDesdeCriacao - 1) };
  for (let pagina = 1; pagina <= 10; pagina++) {
    const documentos = await paginaDocumentos<{ idDocumento: number }>(request, pagina, parametros);
    if (documentos.length === 0) break;
    for (const { idDocumento } of documentos) {
      const pecas: Peca[] = await (await request.get(`/api/documentos/${idDocumento}/pecas`)).json();
      const peca = pecas.find((p) => p.nome === CONTEUDO_DEMO.nomePecaPdfDigitalizado);
      if (peca) return { id: idDocumento, peca };
    }
  }
  throw new Error('a demonstração não tem o PDF digitalizado');
}

const semAcentos = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

test('busca no conteúdo das peças do documento: a página digitalizada, o trecho e o arquivo nessa página', async ({
  page,
  request,
}) => {
  // The server reads the scans by OCR after it starts: the wait is for the indexer, not a speed check.
  test.setTimeout(240_000);
  const { id, peca } = await documentoDoPdfDigitalizado(request);
  const palavra = CONTEUDO_DEMO.palavraPdfDigitalizado;
  await expect
    .poll(
      async () => {
        const resposta = await request.get(`/api/documentos/${id}/pecas/conteudo`, { params: { texto: palavra } });
        const corpo: ResultadoConteudoDocumento = await resposta.json();
        return corpo.itens.map((item) => item.pagina);
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toEqual([2]);

  await page.goto(`/documentos/${id}`);
  const campo = page.getByRole('searchbox', { name: 'Buscar no conteúdo das peças' });
  await expect(campo).toBeVisible();

  // Too short: the field says why, nothing is asked of the server.
  await campo.fill('pi');
  await campo.press('Enter');
  await expect(page.getByText(MENSAGENS.conteudo.textoCurto)).toBeVisible();

  // A word in no peça of the document.
  await campo.fill('paralelepípedo');
  await campo.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: MENSAGENS.conteudo.nenhumaOcorrencia })).toBeVisible();

  await campo.fill(palavra);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 página encontrada' })).toBeVisible();
  const ocorrencias = page.getByTestId('ocorrencia-conteudo');
  await expect(ocorrencias).toHaveCount(1);
  const ocorrencia = ocorrencias.first();
  await expect(
    ocorrencia.getByRole('heading', { name: `Peça ${peca.sequencial} — ${peca.nome}, página 2` }),
  ).toBeVisible();
  // The excerpt, the searched word highlighted (OCR may drop an accent; the search ignores accents anyway).
  const destaque = ocorrencia.locator('mark').first();
  await expect(destaque).toBeVisible();
  expect(semAcentos(await destaque.innerText())).toBe(semAcentos(palavra));
  await expect(ocorrencia).toContainText(/ombreira|instalado|leituras/i);
  await conferirAcessibilidade(page);

  const link = ocorrencia.getByRole('link', { name: /^Abrir na página 2/ });
  const endereco = `/api/documentos/${id}/anexos/${peca.idAnexo}/binario#page=2`;
  await expect(link).toHaveAttribute('href', endereco);
  const [aberta] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  expect(aberta.url()).toMatch(/\/binario#page=2$/);
  await aberta.close();
  // The file the link opens is served (the fragment never reaches the server).
  const arquivo = await request.get(endereco.split('#')[0] as string);
  expect(arquivo.status()).toBe(200);
  expect(arquivo.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await arquivo.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
