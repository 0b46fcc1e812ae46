import { expect, type Page, test } from '@playwright/test';
import { MENSAGENS, type PaginaCaixaPostal, type Tramitacao, type Unidade } from '@tramite/shared';
import { conferirAcessibilidade, entrar, escolher, snackbar } from './apoio.ts';

// Issue 19, item 10: the re-forwarding wizard keeps its step in the URL and changes nothing on the server until the
// last step is confirmed. It uses the DPAT (an inactive unit with one document stuck waiting to be received), which
// no other spec touches.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const URL_TELA = '/administracao/reencaminhamento-de-documento';

async function dpat(page: Page) {
  const unidades = (await (await page.request.get('/api/reencaminhamento/unidades')).json()) as Unidade[];
  const unidade = unidades.find((u) => u.sigla === 'DPAT');
  if (!unidade) throw new Error('A semente deveria ter documentos parados na DPAT');
  const caixa = (await (
    await page.request.get(`/api/reencaminhamento/unidades/${unidade.id}/caixa-postal`)
  ).json()) as PaginaCaixaPostal;
  const pendente = caixa.itens.find((item) => item.pendenteRecebimento);
  if (!pendente) throw new Error('A semente deveria ter um documento aguardando recebimento na DPAT');
  return { unidade, pendente };
}

/** What the server holds of the document: its situation and unit, and its history. */
async function estado(page: Page, idDocumento: number) {
  const documento = await (await page.request.get(`/api/documentos/${idDocumento}`)).json();
  const historico = (await (
    await page.request.get(`/api/documentos/${idDocumento}/tramitacoes`)
  ).json()) as Tramitacao[];
  return { situacao: documento.situacao, unidadeAtual: documento.unidadeAtual.sigla, historico };
}

async function escolherNaLista(page: Page, campo: string, opcao: string | RegExp) {
  await page.getByRole('combobox', { name: new RegExp(`^${campo}`) }).click();
  await page.getByRole('option', { name: opcao }).click();
}

/** From step 1 to step 5 with the DPAT's waiting document, forwarding to the Protocolo Central. */
async function percorrerAteDespacho(page: Page, numero: string) {
  const etapa = page.getByTestId('titulo-etapa');
  await page.goto(URL_TELA);
  await expect(etapa).toHaveText('Passo 1 de 5: Unidade');
  await escolher(page, 'Unidade', 'DPAT', /^DPAT — /);
  await page.getByRole('button', { name: 'Buscar documentos' }).click();
  await expect(etapa).toHaveText('Passo 2 de 5: Documento');
  await page.getByRole('radio', { name: `Escolher o documento ${numero}` }).check();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(etapa).toHaveText('Passo 3 de 5: Fluxo');
  await escolherNaLista(page, 'Fluxo', 'Tramitação livre');
  await escolherNaLista(page, 'Passo', 'Encaminhar');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(etapa).toHaveText('Passo 4 de 5: Destino');
  await escolher(page, 'Destino', 'PROT', /^PROT — /);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(etapa).toHaveText('Passo 5 de 5: Despacho');
}

test('o passo fica na URL: Voltar do navegador percorre os passos e recarregar mantém o passo', async ({ page }) => {
  await entrar(page, 'admin', 'admin', URL_TELA);
  const { pendente } = await dpat(page);
  const etapa = page.getByTestId('titulo-etapa');
  await percorrerAteDespacho(page, pendente.numero);
  await expect(page.getByTestId('resumo-escolhas')).toContainText(`Documento ${pendente.numero}`);
  await expect(page.getByTestId('resumo-escolhas')).toContainText('destino PROT');

  await page.reload();
  await expect(etapa).toHaveText('Passo 5 de 5: Despacho');
  await expect(page.getByTestId('resumo-escolhas')).toContainText(`Documento ${pendente.numero}`);
  await expect(page.getByTestId('resumo-escolhas')).toContainText('Tramitação livre › Encaminhar');
  await expect(page.getByTestId('resumo-escolhas')).toContainText('destino PROT');
  await conferirAcessibilidade(page);

  await page.goBack();
  await expect(etapa).toHaveText('Passo 4 de 5: Destino');
  await expect(page.getByRole('combobox', { name: 'Destino', exact: true })).toHaveValue(/^PROT — /);
  await page.goBack();
  await expect(etapa).toHaveText('Passo 3 de 5: Fluxo');
  await page.goBack();
  await expect(etapa).toHaveText('Passo 2 de 5: Documento');
  await expect(page.getByRole('radio', { name: `Escolher o documento ${pendente.numero}` })).toBeChecked();
  // The wizard's own Voltar is the browser's Back.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(etapa).toHaveText('Passo 1 de 5: Unidade');
  await expect(page.getByRole('combobox', { name: 'Unidade', exact: true })).toHaveValue(/^DPAT — /);
  await page.goForward();
  await expect(etapa).toHaveText('Passo 2 de 5: Documento');

  // Choices the URL cannot back fall back to the first step that misses one.
  await page.goto(`${URL_TELA}?etapa=4&unidade=abc`);
  await expect(etapa).toHaveText('Passo 1 de 5: Unidade');
  await expect(page).toHaveURL(/etapa=1/);
  const { unidade } = await dpat(page);
  await page.goto(`${URL_TELA}?etapa=5&unidade=${unidade.id}&documento=999999&fluxo=1&passo=1&destino=1`);
  await expect(etapa).toHaveText('Passo 2 de 5: Documento');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});

test('abandonar o assistente depois de escolher o documento não muda nada no servidor', async ({ page }) => {
  await entrar(page, 'admin', 'admin', URL_TELA);
  const { pendente } = await dpat(page);
  const antes = await estado(page, pendente.idDocumento);
  expect(antes.situacao).toBe('ENVIADO');

  await percorrerAteDespacho(page, pendente.numero);
  await page.getByRole('textbox', { name: 'Despacho' }).fill('Não será enviado.');
  // Leaves through the menu: nothing was received in the unit's name.
  await page.getByRole('link', { name: 'Caixa postal' }).click();
  await page.waitForURL(/\/caixa-postal/);
  expect(await estado(page, pendente.idDocumento)).toEqual(antes);
  const caixa = (await (
    await page.request.get(`/api/reencaminhamento/unidades/${(await dpat(page)).unidade.id}/caixa-postal`)
  ).json()) as PaginaCaixaPostal;
  expect(caixa.itens.find((item) => item.idDocumento === pendente.idDocumento)).toMatchObject({
    pendenteRecebimento: true,
    recebido: false,
  });
});

test('ao confirmar no último passo o documento é recebido em nome da unidade e reencaminhado', async ({ page }) => {
  await entrar(page, 'admin', 'admin', URL_TELA);
  const { pendente } = await dpat(page);
  const antes = await estado(page, pendente.idDocumento);
  await percorrerAteDespacho(page, pendente.numero);
  await page.getByRole('textbox', { name: 'Despacho' }).fill('Reencaminhado: a DPAT foi extinta.');
  await page.getByRole('button', { name: 'Reencaminhar' }).click();

  const dialogo = page.getByRole('dialog', { name: 'Confirmar reencaminhamento' });
  await expect(dialogo).toContainText(
    `O documento ${pendente.numero}, que aguarda recebimento, será recebido em nome da unidade DPAT e reencaminhado para PROT.`,
  );
  await conferirAcessibilidade(page);
  // Cancelling changes nothing either.
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo).toBeHidden();
  expect(await estado(page, pendente.idDocumento)).toEqual(antes);

  await page.getByRole('button', { name: 'Reencaminhar' }).click();
  await dialogo.getByRole('button', { name: 'Reencaminhar' }).click();
  await expect(snackbar(page)).toHaveText(MENSAGENS.reencaminhamento.sucesso);
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 1 de 5: Unidade');

  const depois = await estado(page, pendente.idDocumento);
  expect(depois.historico).toHaveLength(antes.historico.length + 1);
  const [recebida, enviada] = depois.historico.slice(-2);
  expect(recebida).toMatchObject({ unidadeDestino: { sigla: 'DPAT' }, reencaminhamento: true });
  expect(recebida?.dtRecebimento).not.toBeNull();
  expect(enviada).toMatchObject({
    unidadeOrigem: { sigla: 'DPAT' },
    unidadeDestino: { sigla: 'PROT' },
    reencaminhamento: true,
    despacho: 'Reencaminhado: a DPAT foi extinta.',
    dtRecebimento: null,
  });
  expect(depois).toMatchObject({ situacao: 'ENVIADO', unidadeAtual: 'DPAT' });
});
