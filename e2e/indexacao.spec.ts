import { expect, test } from '@playwright/test';
import { type DocumentoResumo, MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, entrar, paginaDocumentos, snackbar } from './apoio.ts';

test.use({ viewport: { width: 1366, height: 768 } });
// Two axe runs and a search through the API: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('o admin acompanha a indexação, reindexa um documento pelo número e pede (e desiste de) reindexar tudo', async ({
  page,
}) => {
  await entrar(page, 'admin', 'admin', '/home');
  await page.getByTestId('menu-principal').getByRole('link', { name: 'Indexação' }).click();
  await page.waitForURL('**/administracao/indexacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Indexação do conteúdo das peças' })).toBeVisible();

  // The counters are numbers; every demo file is in one of the four states.
  for (const contagem of ['contagem-concluidos', 'contagem-na-fila', 'contagem-em-leitura', 'contagem-ilegiveis']) {
    await expect(page.getByTestId(contagem)).toHaveText(/^\d+$/);
  }
  const progresso = page.getByRole('progressbar', { name: 'Arquivos lidos' });
  await expect(progresso).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(page.getByTestId('paginas-por-minuto')).toBeVisible();
  await conferirAcessibilidade(page);

  // One document, by its number (NUP), back to the queue.
  const [documento] = await paginaDocumentos<DocumentoResumo>(page.request, 1, { tamanhoPagina: '1' });
  if (!documento) throw new Error('A demonstração não tem documentos');
  const campo = page.getByRole('textbox', { name: 'Número ou id do documento' });
  await campo.fill(documento.numero);
  await page.getByRole('button', { name: 'Reindexar', exact: true }).click();
  await expect(snackbar(page)).toContainText(/voltaram? para a fila de indexação/);
  await expect(campo).toHaveValue('');

  // A number that matches nothing says so under the field.
  await campo.fill('99999.999999/1999-99');
  await page.getByRole('button', { name: 'Reindexar', exact: true }).click();
  await expect(page.getByText('Nenhum documento encontrado com este número ou id')).toBeVisible();

  // Everything again asks first; cancelling changes nothing.
  await page.getByRole('button', { name: 'Reindexar tudo' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Reindexar tudo' });
  await expect(dialogo).toContainText(MENSAGENS.conteudo.confirmarReindexarTudo);
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo).toBeHidden();
});

test('quem não tem ADMINISTRACAO_INDEXACAO não vê o item no menu nem abre a tela', async ({ page }) => {
  await entrar(page, 'bruno', 'bruno', '/home');
  await expect(page.getByTestId('menu-principal')).toBeVisible();
  await expect(page.getByTestId('menu-principal').getByRole('link', { name: 'Indexação' })).toHaveCount(0);
  await page.goto('/administracao/indexacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Indexação do conteúdo das peças' })).toHaveCount(0);
  const resposta = await page.request.get('/api/administracao/indexacao');
  expect(resposta.status()).toBe(403);
});
