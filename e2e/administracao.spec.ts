import { expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, entrar } from './apoio.ts';

const VOCABULARIO = '/administracao/edicao-de-vocabulario-controlado';
const TIPOS = '/administracao/edicao-tipo-documental';
const CABECALHOS = { 'x-requested-with': 'XMLHttpRequest' };

// Each flow goes through several dialogs; give a busy test machine room.
test.describe.configure({ timeout: 60_000 });

interface ItemGlossario {
  idItemGlossario: number;
  descricao: string;
  detalhamento: string | null;
  codigoAssunto: string;
  tipoDocumento: string;
}

interface TipoDocumento {
  id: number;
  descricao: string;
  ativo: boolean;
  geraCapa: boolean;
}

async function itensGlossario(page: Page): Promise<ItemGlossario[]> {
  const resposta = await page.request.get('/api/glossario');
  expect(resposta.status()).toBe(200);
  return resposta.json();
}

async function todosTipos(page: Page): Promise<TipoDocumento[]> {
  const resposta = await page.request.get('/api/tipos-documentos?todosTipos=true&incluirInativos=true');
  expect(resposta.status()).toBe(200);
  return resposta.json();
}

async function esperarSnackbar(page: Page, texto: string, tipo: 'success' | 'error') {
  const snackbar = page.getByTestId('snackbar');
  await expect(snackbar).toHaveText(texto);
  await expect(snackbar).toHaveAttribute('data-tipo', tipo);
}

/** Creates an item through the API (as the logged-in admin) and answers it. */
async function criarItemPelaApi(page: Page, descricao: string): Promise<ItemGlossario> {
  const tipos = await todosTipos(page);
  const requerimento = tipos.find((tipo) => tipo.descricao === 'Requerimento') as TipoDocumento;
  const assuntos = await (await page.request.get(`/api/tipos-documentos/${requerimento.id}/assuntos`)).json();
  const assunto = assuntos.find((a: { codigo: string }) => a.codigo === '125.4');
  const resposta = await page.request.post('/api/glossario', {
    headers: CABECALHOS,
    data: { idTipoDocumento: requerimento.id, idAssunto: assunto.id, descricao, detalhamento: null },
  });
  expect(resposta.status()).toBe(201);
  return resposta.json();
}

/**
 * The screen's list, once shown under its title: its rows, sorted by description (the row header), case- and
 * accent-insensitively.
 */
async function listaOrdenada(page: Page, titulo: string, testIdLinha: string) {
  await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  const linhas = page.getByTestId(testIdLinha);
  await expect(linhas.first()).toBeVisible();
  const descricoes = await linhas.locator('th').allTextContents();
  expect(descricoes).toEqual([...descricoes].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
  return linhas;
}

test.describe('vocabulário controlado', () => {
  test('admin inclui, altera e exclui um item, confirmando a exclusão e uma vez desistindo dela', async ({ page }) => {
    await entrar(page, 'admin', 'admin', VOCABULARIO);
    await listaOrdenada(page, 'Edição de vocabulário controlado', 'item-vocabulario');
    await conferirAcessibilidade(page);

    // Add.
    await page.getByRole('button', { name: 'Novo item' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Novo item do vocabulário controlado' });
    await expect(dialogo).toBeVisible();
    await expect(dialogo.getByRole('combobox', { name: 'Assunto' })).toHaveAttribute('aria-disabled', 'true');
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialogo.getByText('Escolha o tipo de documento')).toBeVisible();
    await expect(dialogo.getByText('Informe a descrição')).toBeVisible();
    await dialogo.getByRole('combobox', { name: 'Tipo de documento' }).click();
    await page.getByRole('option', { name: 'Requerimento', exact: true }).click();
    await dialogo.getByRole('combobox', { name: 'Assunto' }).click();
    // Only assignable subjects of the type are offered.
    await expect(page.getByRole('option', { name: /^100 —/ })).toHaveCount(0);
    await page.getByRole('option', { name: '125.42 — Cancelamento de matrícula' }).click();
    await dialogo.getByRole('textbox', { name: 'Descrição' }).fill('Cancelamento de matrícula a pedido');
    await dialogo.getByRole('textbox', { name: 'Detalhamento' }).fill('Use quando o aluno pedir o desligamento.');
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await esperarSnackbar(page, 'Item salvo com sucesso', 'success');
    await expect(dialogo).toHaveCount(0);
    await expect(page.getByRole('rowheader', { name: 'Cancelamento de matrícula a pedido' })).toBeVisible();
    const incluido = (await itensGlossario(page)).find((i) => i.descricao === 'Cancelamento de matrícula a pedido');
    expect(incluido).toMatchObject({
      codigoAssunto: '125.42',
      tipoDocumento: 'Requerimento',
      detalhamento: 'Use quando o aluno pedir o desligamento.',
    });

    // The same description again for the same type and subject is refused with the reason; nothing is added.
    await page.getByRole('button', { name: 'Novo item' }).click();
    await dialogo.getByRole('combobox', { name: 'Tipo de documento' }).click();
    await page.getByRole('option', { name: 'Requerimento', exact: true }).click();
    await dialogo.getByRole('combobox', { name: 'Assunto' }).click();
    await page.getByRole('option', { name: '125.42 — Cancelamento de matrícula' }).click();
    await dialogo.getByRole('textbox', { name: 'Descrição' }).fill('cancelamento de matrícula a pedido');
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByTestId('snackbar')).toContainText(MENSAGENS.lookups.itemVocabularioDuplicado);
    await expect(page.getByTestId('snackbar')).toHaveAttribute('data-tipo', 'error');
    await expect(dialogo).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialogo).toHaveCount(0);
    expect(
      (await itensGlossario(page)).filter((i) => /cancelamento de matrícula a pedido/i.test(i.descricao)),
    ).toHaveLength(1);

    // Edit.
    await page.getByRole('button', { name: 'Editar o item Cancelamento de matrícula a pedido' }).click();
    const edicao = page.getByRole('dialog', { name: 'Editar item do vocabulário controlado' });
    await expect(edicao.getByRole('combobox', { name: 'Assunto' })).toHaveText('125.42 — Cancelamento de matrícula');
    await edicao.getByRole('textbox', { name: 'Descrição' }).fill('Cancelamento de matrícula (a pedido do aluno)');
    await edicao.getByRole('button', { name: 'Salvar' }).click();
    await esperarSnackbar(page, 'Item salvo com sucesso', 'success');
    const alterado = page.getByRole('rowheader', { name: 'Cancelamento de matrícula (a pedido do aluno)' });
    await expect(alterado).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Cancelamento de matrícula a pedido' })).toHaveCount(0);

    // Delete, giving up once.
    const excluir = page.getByRole('button', { name: 'Excluir o item Cancelamento de matrícula (a pedido do aluno)' });
    await excluir.click();
    const confirmacao = page.getByRole('dialog', { name: 'Excluir item do vocabulário controlado' });
    await expect(confirmacao).toContainText('Cancelamento de matrícula (a pedido do aluno)');
    await conferirAcessibilidade(page);
    await confirmacao.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmacao).toHaveCount(0);
    await expect(alterado).toBeVisible();
    expect((await itensGlossario(page)).some((i) => i.idItemGlossario === incluido?.idItemGlossario)).toBe(true);

    await excluir.click();
    await confirmacao.getByRole('button', { name: 'Excluir' }).click();
    await esperarSnackbar(page, 'Item excluído com sucesso', 'success');
    await expect(alterado).toHaveCount(0);
    expect((await itensGlossario(page)).some((i) => i.idItemGlossario === incluido?.idItemGlossario)).toBe(false);
  });

  test('o teclado basta para incluir um item', async ({ page }) => {
    await entrar(page, 'admin', 'admin', VOCABULARIO);
    await page.getByRole('button', { name: 'Novo item' }).focus();
    await page.keyboard.press('Enter');
    const dialogo = page.getByRole('dialog', { name: 'Novo item do vocabulário controlado' });
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('combobox', { name: 'Tipo de documento' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Requerimento', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialogo.getByRole('combobox', { name: 'Assunto' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: '125.6 — Colação de grau e diplomas' }).focus();
    await page.keyboard.press('Enter');
    await dialogo.getByRole('textbox', { name: 'Descrição' }).focus();
    await page.keyboard.type('Item pelo teclado');
    await page.keyboard.press('Enter');
    await esperarSnackbar(page, 'Item salvo com sucesso', 'success');
    const item = (await itensGlossario(page)).find((i) => i.descricao === 'Item pelo teclado');
    expect(item).toMatchObject({ codigoAssunto: '125.6' });
    await page.request.delete(`/api/glossario/${item?.idItemGlossario}`, { headers: CABECALHOS });
  });

  test('as falhas mostram as mensagens da especificação com a do servidor', async ({ page }) => {
    await entrar(page, 'admin', 'admin', VOCABULARIO);

    /** An item shown on the screen that someone else deletes meanwhile. */
    const removidoPorOutraPessoa = async (descricao: string) => {
      const item = await criarItemPelaApi(page, descricao);
      await page.reload();
      await expect(page.getByRole('rowheader', { name: descricao })).toBeVisible();
      const exclusao = await page.request.delete(`/api/glossario/${item.idItemGlossario}`, { headers: CABECALHOS });
      expect(exclusao.status()).toBe(204);
    };

    await removidoPorOutraPessoa('Item alterado depois de excluído');
    await page.getByRole('button', { name: 'Editar o item Item alterado depois de excluído' }).click();
    const edicao = page.getByRole('dialog', { name: 'Editar item do vocabulário controlado' });
    await edicao.getByRole('textbox', { name: 'Descrição' }).fill('Outra descrição');
    await edicao.getByRole('button', { name: 'Salvar' }).click();
    await esperarSnackbar(
      page,
      'Não foi possível salvar o novo item no vocabulário controlado: Item do vocabulário controlado não encontrado',
      'error',
    );
    await edicao.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edicao).toHaveCount(0);
    // The list was reloaded: the item is gone.
    await expect(page.getByRole('rowheader', { name: 'Item alterado depois de excluído' })).toHaveCount(0);

    await removidoPorOutraPessoa('Item excluído duas vezes');
    await page.getByRole('button', { name: 'Excluir o item Item excluído duas vezes' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir item do vocabulário controlado' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await esperarSnackbar(
      page,
      'Não foi possível excluir o item do vocabulário controlado: Item do vocabulário controlado não encontrado',
      'error',
    );
    await expect(page.getByRole('rowheader', { name: 'Item excluído duas vezes' })).toHaveCount(0);

    await page.route('**/api/glossario', (rota) =>
      rota.fulfill({ status: 503, json: { mensagem: 'O serviço está temporariamente indisponível', erros: [] } }),
    );
    await page.reload();
    await esperarSnackbar(
      page,
      'Não foi possível carregar os itens do vocabulário controlado: O serviço está temporariamente indisponível',
      'error',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'Tentar novamente' })).toBeVisible();
  });
});

test.describe('tipos documentais', () => {
  test('admin desativa um tipo e muda a geração de capa; a mudança persiste', async ({ page }) => {
    await entrar(page, 'admin', 'admin', TIPOS);
    const linhas = await listaOrdenada(page, 'Edição de tipo documental', 'tipo-documental');
    // Inactive types are listed too, marked as such.
    const memorando = linhas.filter({ has: page.getByRole('rowheader', { name: 'Memorando', exact: true }) });
    await expect(memorando.getByTestId('situacao-tipo')).toHaveText('Inativo');
    await conferirAcessibilidade(page);

    await page.getByRole('searchbox', { name: 'Filtrar tipos documentais' }).fill('ata');
    await expect(linhas).toHaveCount(1);
    const ata = linhas.filter({ has: page.getByRole('rowheader', { name: 'Ata', exact: true }) });
    await expect(ata.getByTestId('situacao-tipo')).toHaveText('Ativo');
    await expect(ata.getByTestId('gera-capa')).toHaveText('Não');

    await ata.getByRole('button', { name: 'Editar propriedades de Ata' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Propriedades do tipo documental Ata' });
    await expect(dialogo.getByRole('switch', { name: /^Ativo/ })).toBeChecked();
    await conferirAcessibilidade(page);
    await dialogo.getByRole('switch', { name: /^Ativo/ }).uncheck();
    await dialogo.getByRole('switch', { name: 'Gera capa' }).check();
    await dialogo.getByRole('textbox', { name: 'Endereço da documentação' }).fill('javascript:alert(1)');
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialogo.getByText('Informe um endereço válido, começando com http:// ou https://')).toBeVisible();
    await dialogo.getByRole('textbox', { name: 'Endereço da documentação' }).fill('https://www.ufex.edu.br/atas');
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await esperarSnackbar(page, 'Propriedades alteradas com sucesso', 'success');
    await expect(dialogo).toHaveCount(0);
    await expect(ata.getByTestId('situacao-tipo')).toHaveText('Inativo');
    await expect(ata.getByTestId('gera-capa')).toHaveText('Sim');

    await page.reload();
    await page.getByRole('searchbox', { name: 'Filtrar tipos documentais' }).fill('ATA');
    await expect(ata.getByTestId('situacao-tipo')).toHaveText('Inativo');
    await expect(ata.getByTestId('gera-capa')).toHaveText('Sim');

    const salvo = (await todosTipos(page)).find((tipo) => tipo.descricao === 'Ata') as TipoDocumento;
    expect(salvo).toMatchObject({ ativo: false, geraCapa: true, urlDocumentacao: 'https://www.ufex.edu.br/atas' });
    const autorizados: TipoDocumento[] = await (await page.request.get('/api/tipos-documentos')).json();
    expect(autorizados.map((tipo) => tipo.descricao)).not.toContain('Ata');

    // The effect of geraCapa: the document screen offers the cover only for types that generate one.
    const busca = await page.request.get(
      `/api/documentos?idTipoDocumento=${salvo.id}&dataCriacaoInicio=2000-01-01&dataCriacaoFim=2100-12-31`,
    );
    const { itens } = (await busca.json()) as { itens: { idDocumento: number }[] };
    const idAta = itens[0]?.idDocumento;
    expect(idAta).toBeDefined();
    await page.goto(`/documentos/${idAta}`);
    const acoes = page.getByRole('group', { name: 'Ações do documento' });
    await expect(acoes.getByRole('button', { name: 'Capa', exact: true })).toBeVisible();

    // Leave the demo data as it was for the other tests of this run.
    const restaurado = await page.request.patch(`/api/tipos-documentos/${salvo.id}`, {
      headers: CABECALHOS,
      data: { ativo: true, geraCapa: false, urlDocumentacao: null },
    });
    expect(restaurado.status()).toBe(200);
    await page.reload();
    await expect(acoes.getByRole('button', { name: 'Comprovante', exact: true })).toBeVisible();
    await expect(acoes.getByRole('button', { name: 'Capa', exact: true })).toHaveCount(0);
  });

  test("uma falha ao salvar mostra 'Erro ao alterar propriedades' e uma falha ao listar, a sua mensagem", async ({
    page,
  }) => {
    await entrar(page, 'admin', 'admin', TIPOS);
    await page.route('**/api/tipos-documentos/*', (rota) =>
      rota.request().method() === 'PATCH'
        ? rota.fulfill({ status: 409, json: { mensagem: 'Alteração simultânea', erros: [] } })
        : rota.continue(),
    );
    await page.getByRole('button', { name: 'Editar propriedades de Edital' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Propriedades do tipo documental Edital' });
    await dialogo.getByRole('textbox', { name: 'Observação' }).fill('Nova observação');
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await esperarSnackbar(page, 'Erro ao alterar propriedades: Alteração simultânea', 'error');
    await expect(dialogo).toBeVisible();

    await page.route('**/api/tipos-documentos?*', (rota) => rota.fulfill({ status: 500, json: { erros: [] } }));
    await page.reload();
    await esperarSnackbar(page, 'Não foi possível carregar os tipos documentais', 'error');
  });
});

test.describe('sem permissão', () => {
  test('ana vê a tela de acesso negado e a API recusa as alterações (403)', async ({ page }) => {
    await entrar(page, 'ana', 'ana', VOCABULARIO);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByTestId('sem-permissao')).toContainText('Você não tem permissão para acessar esta página');
    await page.goto(TIPOS);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible();
    await conferirAcessibilidade(page);

    const inclusao = await page.request.post('/api/glossario', {
      headers: CABECALHOS,
      data: { idTipoDocumento: 4, idAssunto: 39, descricao: 'Tentativa' },
    });
    expect(inclusao.status()).toBe(403);
    expect(await inclusao.json()).toEqual({
      codigo: 'SEM_PERMISSAO',
      mensagem: 'Você não tem permissão para realizar esta operação',
      erros: [],
    });
    const alteracao = await page.request.patch('/api/tipos-documentos/8', {
      headers: CABECALHOS,
      data: { ativo: false },
    });
    expect(alteracao.status()).toBe(403);
    // Reading the glossary only needs a login.
    expect((await page.request.get('/api/glossario')).status()).toBe(200);
  });
});
