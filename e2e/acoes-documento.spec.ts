import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Documento, type DocumentoResumo, MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, documentosDaDemonstracao, entrar, snackbar } from './apoio.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const detalhe = async (request: APIRequestContext, id: number): Promise<Documento> =>
  (await request.get(`/api/documentos/${id}`)).json();

/** The first demo document (as the logged-in user reads it) for which `aceita` holds. */
async function documentoQue(
  request: APIRequestContext,
  aceita: (resumo: DocumentoResumo & { unidadeAtual: string }, documento: () => Promise<Documento>) => Promise<boolean>,
): Promise<Documento> {
  for await (const item of documentosDaDemonstracao<DocumentoResumo & { unidadeAtual: string }>(request)) {
    let lido: Documento | null = null;
    const documento = async () => {
      lido ??= await detalhe(request, item.idDocumento);
      return lido;
    };
    if (await aceita(item, documento)) return documento();
  }
  throw new Error('A semente não tem o documento que o teste procura');
}

const barra = (page: Page) => page.getByRole('group', { name: 'Ações do documento' });

test('ana acha numa só barra tudo o que pode fazer no documento; o que ainda não pode diz por quê', async ({
  page,
}) => {
  await entrar(page, 'ana');
  // The newest of the documents waiting for the Protocolo Central (others take the first ones).
  const pendentes: Documento[] = [];
  for await (const item of documentosDaDemonstracao<DocumentoResumo>(page.request)) {
    if (item.situacao !== 'ENVIADO') continue;
    const documento = await detalhe(page.request, item.idDocumento);
    if (documento.podeReceber) pendentes.push(documento);
  }
  const pendente = pendentes.at(-1);
  if (!pendente) throw new Error('A semente deveria ter documentos aguardando recebimento no Protocolo Central');

  await page.goto(`/documentos/${pendente.idDocumento}`);
  await expect(page.getByTestId('numero-documento')).toHaveText(pendente.numero);
  const acoes = barra(page);
  // Everything the page offers is in the bar; the favourite left the header for it.
  for (const rotulo of ['Receber', 'Comprovante', 'Enviar comprovante por e-mail', 'Solicitar consolidação']) {
    await expect(acoes.getByRole('button', { name: rotulo, exact: true })).toBeEnabled();
  }
  await expect(acoes.getByRole('button', { name: 'Favorito', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(acoes.getByRole('button', { name: 'Capa', exact: true })).toHaveCount(pendente.geraCapa ? 1 : 0);
  // Not received yet: forwarding, adding peças and joining are there, unavailable, each saying why.
  const indisponiveis = {
    Tramitar: MENSAGENS.tramitacao.receberAntes,
    'Adicionar peças': MENSAGENS.arquivos.apenasUnidadeAtual,
    'Juntar documentos': MENSAGENS.juntada.agregadorIndisponivel,
  };
  for (const [rotulo, motivo] of Object.entries(indisponiveis)) {
    const botao = acoes.getByRole('button', { name: rotulo, exact: true, disabled: true });
    await expect(botao).toHaveAccessibleDescription(motivo);
    await expect(acoes.getByRole('link', { name: rotulo, exact: true })).toHaveCount(0);
  }
  // Editing the opening does not apply to a document already sent.
  await expect(acoes.getByText('Editar autuação')).toHaveCount(0);

  // From the keyboard: Tab reaches the unavailable Tramitar, and its reason shows.
  await acoes.getByRole('button', { name: 'Receber', exact: true }).focus();
  await page.keyboard.press('Tab');
  const tramitar = acoes.getByRole('button', { name: 'Tramitar', exact: true });
  await expect(tramitar).toBeFocused();
  await expect(page.getByRole('tooltip', { name: MENSAGENS.tramitacao.receberAntes })).toBeVisible();
  await expect(tramitar).toHaveAccessibleDescription(MENSAGENS.tramitacao.receberAntes);
  await conferirAcessibilidade(page);
  await page.keyboard.press('Escape');

  // Hovering says it too.
  // (The previous tooltip may still be fading out: look for this one by its text.)
  await acoes.getByRole('button', { name: 'Adicionar peças', exact: true }).hover();
  await expect(page.getByRole('tooltip', { name: MENSAGENS.arquivos.apenasUnidadeAtual })).toBeVisible();

  // Receiving here is the postal box's receipt: confirmed, announced, and the page reads the document again.
  await acoes.getByRole('button', { name: 'Receber', exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: 'Receber documento' });
  await expect(dialogo).toContainText(pendente.numero);
  await dialogo.getByRole('button', { name: 'Receber' }).click();
  await expect(snackbar(page)).toHaveText(MENSAGENS.documento.recebido);
  await expect(page.getByTestId('situacao-documento')).toContainText('Recebido');
  await expect(acoes.getByRole('button', { name: 'Receber', exact: true })).toHaveCount(0);
  await expect(acoes.getByRole('link', { name: 'Tramitar', exact: true })).toHaveAttribute(
    'href',
    `/documentos/${pendente.idDocumento}/tramitar`,
  );
  await expect(acoes.getByRole('link', { name: 'Adicionar peças', exact: true })).toBeVisible();

  // The favourite is a toggle: pressed, then released.
  const favorito = acoes.getByRole('button', { name: 'Favorito', exact: true });
  await favorito.click();
  await expect(snackbar(page)).toHaveText(MENSAGENS.favoritos.adicionado);
  await expect(favorito).toHaveAttribute('aria-pressed', 'true');
  await favorito.click();
  await expect(snackbar(page)).toHaveText(MENSAGENS.favoritos.removido);
  await expect(favorito).toHaveAttribute('aria-pressed', 'false');
  await conferirAcessibilidade(page);
});

test('num celular (390 px) as ações cabem na tela e as demais ficam em “Mais ações”, pelo teclado', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, 'ana');
  // Held and received by another unit: for Ana, forwarding is unavailable and says why.
  const alheio = await documentoQue(
    page.request,
    async (item, documento) =>
      item.situacao === 'RECEBIDO' &&
      item.unidadeAtual !== 'PROT' &&
      (await documento()).estado['2001'] === 1 &&
      !(await documento()).favorito,
  );
  await page.goto(`/documentos/${alheio.idDocumento}`);
  await expect(page.getByTestId('numero-documento')).toHaveText(alheio.numero);
  const acoes = barra(page);
  const mais = acoes.getByRole('button', { name: 'Mais ações' });
  await expect(mais).toBeVisible();
  // The bar fits the screen: nothing of it is past the right edge.
  const caixa = await acoes.boundingBox();
  expect((caixa?.x ?? 0) + (caixa?.width ?? 999)).toBeLessThanOrEqual(390);
  const ultimo = await acoes.evaluate((grupo) => grupo.scrollWidth <= grupo.clientWidth);
  expect(ultimo).toBe(true);

  await mais.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Comprovante', exact: true })).toBeVisible();
  const tramitar = menu.getByRole('menuitem', { name: 'Tramitar', exact: true });
  await expect(tramitar).toHaveAttribute('aria-disabled', 'true');
  await expect(tramitar).toHaveAccessibleDescription(MENSAGENS.tramitacao.naoRecebidoPelaUnidade);
  await expect(menu.getByText(MENSAGENS.tramitacao.naoRecebidoPelaUnidade)).toBeVisible();
  await conferirAcessibilidade(page);

  // The arrow keys walk the menu; Enter on the favourite toggles it, and the menu closes.
  const favorito = menu.getByRole('menuitemcheckbox', { name: 'Favorito' });
  await expect(favorito).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('End');
  await expect(favorito).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(snackbar(page)).toHaveText(MENSAGENS.favoritos.adicionado);
  await expect(menu).toBeHidden();
  await mais.click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Favorito' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemcheckbox', { name: 'Favorito' }).click();
  await expect(snackbar(page)).toHaveText(MENSAGENS.favoritos.removido);
  await mais.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(mais).toBeFocused();
});

test('a situação diz se o documento foi anexado, apensado ou cancelado; o tipo não contradiz a origem', async ({
  page,
}) => {
  // Public page: no login needed.
  const juntado = await documentoQue(
    page.request,
    async (item, documento) =>
      item.situacao === 'E' && (await documento()).documentoAgregador?.tipoAgregacao === 'ANEXACAO',
  );
  const agregador = juntado.documentoAgregador as NonNullable<Documento['documentoAgregador']>;
  await page.goto(`/documentos/${juntado.idDocumento}`);
  const situacao = page.getByTestId('situacao-documento');
  await expect(situacao).toContainText(`Anexado ao documento ${agregador.numero}`);
  await expect(page.getByText('Anexado a outro documento', { exact: true })).toBeVisible();
  await expect(page.getByText(/ou cancelado/)).toHaveCount(0);
  await conferirAcessibilidade(page);
  await situacao.getByRole('link', { name: agregador.numero }).click();
  await expect(page).toHaveURL(`/documentos/${agregador.idDocumento}`);
  await expect(page.getByTestId('numero-documento')).toHaveText(agregador.numero);

  const apensado = await documentoQue(
    page.request,
    async (item, documento) =>
      item.situacao === 'E' && (await documento()).documentoAgregador?.tipoAgregacao === 'APENSACAO',
  );
  await page.goto(`/documentos/${apensado.idDocumento}`);
  await expect(page.getByTestId('situacao-documento')).toContainText(
    `Apensado ao documento ${apensado.documentoAgregador?.numero}`,
  );

  const cancelado = await documentoQue(
    page.request,
    async (item) => item.situacao === 'E' && item.estado['2001'] === 4,
  );
  await page.goto(`/documentos/${cancelado.idDocumento}`);
  await expect(page.getByTestId('situacao-documento')).toHaveText('Cancelado');
  await expect(page.getByText(/Juntado a outro documento|ou cancelado/)).toHaveCount(0);

  // No type named "Nato-Digital" is shown as digitised (or as paper) anywhere in the demo.
  let natoDigital: DocumentoResumo | null = null;
  for await (const item of documentosDaDemonstracao<DocumentoResumo>(page.request)) {
    expect(item.tipo).not.toMatch(/Nato-Digital \(Digitalizado\)/i);
    if (/Nato-Digital/i.test(item.tipo)) {
      expect(item.estado['32002']).toBe(4);
      natoDigital ??= item;
    }
  }
  if (!natoDigital) throw new Error('A semente deveria ter processos nato-digitais');
  await page.goto(`/documentos/${natoDigital.idDocumento}`);
  await expect(page.getByTestId('tipo-documento')).toHaveText('Processo Eletrônico Nato-Digital');
  await expect(page.getByText('Nato-digital', { exact: true })).toBeVisible();

  // "Válido desde" is when the document was first sent, not its last sending.
  const movimentado = await documentoQue(
    page.request,
    async (item, documento) =>
      item.situacao === 'RECEBIDO' &&
      (await documento()).dataValidade !== null &&
      (await documento()).dataValidade !== (await documento()).dataEnvio,
  );
  await page.goto(`/documentos/${movimentado.idDocumento}`);
  const valor = (rotulo: string) => page.locator('dt', { hasText: rotulo }).locator('xpath=following-sibling::dd[1]');
  await expect(page.getByText('Validade', { exact: true })).toHaveCount(0);
  const validoDesde = await valor('Válido desde').innerText();
  const ultimoEnvio = await valor('Última tramitação em').innerText();
  expect(validoDesde).not.toBe('');
  expect(validoDesde).not.toBe(ultimoEnvio);
});
