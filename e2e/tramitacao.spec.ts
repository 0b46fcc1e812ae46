import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, entrar, escolher, preencherData, snackbar } from './apoio.ts';

const DATA_HORA = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;
const DESPACHO = 'Encaminho à PROGRAD para análise do pedido e manifestação.';
const PREPARATORIO = 'Conferir a documentação antes do envio.';

interface ItemCaixa {
  idDocumento: number;
  numero: string;
  idTipoDocumento: number;
  situacao: string;
  recebido: boolean;
  pendenteRecebimento: boolean;
  urgente: boolean;
}

/** The documents of the logged-in user's current unit box, every date (read through the real API). */
async function caixaPostal(request: APIRequestContext): Promise<ItemCaixa[]> {
  const resposta = await request.get('/api/caixa-postal', {
    params: { dataInicio: '2000-01-01', dataFim: '2100-12-31', tamanhoPagina: '100' },
  });
  expect(resposta.ok()).toBe(true);
  return (await resposta.json()).itens;
}

async function escolherNaLista(page: Page, campo: string, opcao: string | RegExp) {
  await page.getByRole('combobox', { name: new RegExp(`^${campo}`) }).click();
  await page.getByRole('option', { name: opcao }).click();
}

async function buscarNaCaixaPorNumero(page: Page, numero: string) {
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await page.getByRole('textbox', { name: 'Número do documento' }).fill(numero);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('item-caixa-postal')).toHaveCount(1);
  return page.getByTestId('item-caixa-postal');
}

// Whole stories through several screens: longer than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.describe('tramitação, caixa postal, movimentações e reencaminhamento', () => {
  let enviado: ItemCaixa;

  test('ana salva o despacho, o vê preenchido ao recarregar e tramita para a PROGRAD confirmando os alertas', async ({
    page,
  }) => {
    await entrar(page, 'ana', 'ana', '/caixa-postal');
    await expect(page.getByRole('heading', { level: 1, name: 'Caixa postal' })).toBeVisible();
    await expect(page.getByTestId('tabela-caixa-postal')).toBeVisible();
    await conferirAcessibilidade(page);

    const recebidos = (await caixaPostal(page.request)).filter((item) => item.recebido && !item.urgente);
    // More than one flow with steps to take: with a single one the form chooses it by itself (and other specs may
    // have received or forwarded the first documents of the box).
    let escolhido: ItemCaixa | undefined;
    for (const item of recebidos) {
      const fluxos: { passos: unknown[] }[] = await (
        await page.request.get(`/api/documentos/${item.idDocumento}/fluxos`)
      ).json();
      if (fluxos.filter((fluxo) => fluxo.passos.length > 0).length > 1) {
        escolhido = item;
        break;
      }
    }
    if (!escolhido) throw new Error('A semente deveria ter documentos recebidos no Protocolo Central');
    enviado = escolhido;

    const linha = await buscarNaCaixaPorNumero(page, enviado.numero);
    await linha.getByRole('link', { name: `Tramitar o documento ${enviado.numero}` }).click();
    await page.waitForURL(`**/documentos/${enviado.idDocumento}/tramitar`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tramitar documento' })).toBeVisible();
    await expect(page.getByTestId('numero-documento')).toHaveText(enviado.numero);
    await conferirAcessibilidade(page);

    await page.getByRole('textbox', { name: 'Despacho', exact: true }).fill(DESPACHO);
    await page.getByRole('textbox', { name: 'Despacho preparatório' }).fill(PREPARATORIO);
    await page.getByRole('button', { name: 'Salvar despacho' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.tramitacao.despachoSalvo);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Despacho', exact: true })).toHaveValue(DESPACHO);
    await expect(page.getByRole('textbox', { name: 'Despacho preparatório' })).toHaveValue(PREPARATORIO);

    // Without a flow the form refuses before calling the server.
    await page.getByRole('button', { name: 'Tramitar', exact: true }).click();
    await expect(snackbar(page)).toHaveText('Informe o fluxo');

    await escolherNaLista(page, 'Fluxo', 'Tramitação livre');
    await escolherNaLista(page, 'Passo', 'Encaminhar');
    await escolher(page, 'Destino', 'PROGRAD', /^PROGRAD — /);
    await expect(page.getByRole('combobox', { name: 'Tipo de despacho' })).toContainText('Informativo');
    await expect(page.getByRole('combobox', { name: 'Nível de acesso' })).toContainText('Público');

    // The saved despacho preparatório is an ALERTA of the flow validation: the user confirms, or cancels.
    await page.getByRole('button', { name: 'Tramitar', exact: true }).click();
    const dialogo = page.getByRole('dialog', { name: 'Confirmar tramitação' });
    await expect(dialogo).toContainText(MENSAGENS.tramitacao.despachoPreparatorioSalvo);
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();
    expect(new URL(page.url()).pathname).toBe(`/documentos/${enviado.idDocumento}/tramitar`);

    await page.getByRole('button', { name: 'Tramitar', exact: true }).click();
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(`**/documentos/${enviado.idDocumento}`);
    await expect(snackbar(page)).toHaveText(MENSAGENS.tramitacao.sucesso);
  });

  test('um rascunho do tipo 571 sem arquivos pede confirmação antes de tramitar', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/caixa-postal');
    let rascunho: ItemCaixa | undefined;
    for (const item of await caixaPostal(page.request)) {
      if (item.idTipoDocumento !== 571 || item.situacao !== 'EM_CRIACAO') continue;
      const pecas = await (await page.request.get(`/api/documentos/${item.idDocumento}/pecas`)).json();
      if (pecas.length === 0) {
        rascunho = item;
        break;
      }
    }
    if (!rascunho) throw new Error('A semente deveria ter um rascunho do tipo 571 sem peças no Protocolo Central');

    await page.goto(`/documentos/${rascunho.idDocumento}/tramitar`);
    await escolherNaLista(page, 'Fluxo', 'Tramitação livre');
    await escolherNaLista(page, 'Passo', 'Encaminhar');
    await escolher(page, 'Destino', 'PROGRAD', /^PROGRAD — /);
    await page.getByRole('button', { name: 'Tramitar', exact: true }).click();
    const dialogo = page.getByRole('dialog', { name: 'Confirmar tramitação' });
    await expect(dialogo).toContainText('ainda está em criação e não tem arquivos');
    await expect(dialogo).toContainText(MENSAGENS.tramitacao.semPecas);
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();
    expect(new URL(page.url()).pathname).toBe(`/documentos/${rascunho.idDocumento}/tramitar`);
    const detalhe = await (await page.request.get(`/api/documentos/${rascunho.idDocumento}`)).json();
    expect(detalhe.situacao).toBe('EM_CRIACAO');
  });

  test('bruno acha o documento na sua caixa postal pelo número e o recebe', async ({ page }) => {
    await entrar(page, 'bruno', 'bruno', '/caixa-postal');
    const linha = await buscarNaCaixaPorNumero(page, enviado.numero);
    await expect(linha).toContainText('Aguardando recebimento');
    await expect(linha).toContainText('PROT');
    // Columns: selection, number, type (with the summary), origin, date of sending.
    await expect(linha.getByRole('cell').nth(4)).toHaveText(DATA_HORA);

    await linha.getByRole('button', { name: `Receber o documento ${enviado.numero}` }).click();
    const dialogo = page.getByRole('dialog', { name: 'Receber documento' });
    await expect(dialogo).toContainText(enviado.numero);
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Receber' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.documento.recebido);
    await expect(linha).toContainText('Recebido');
    await expect(linha.getByRole('link', { name: `Tramitar o documento ${enviado.numero}` })).toBeVisible();
    await expect(linha.getByRole('button', { name: /^Receber/ })).toHaveCount(0);
  });

  test('as movimentações mostram o despacho e as datas de envio e de recebimento', async ({ page }) => {
    await page.goto(`/documentos/${enviado.idDocumento}/tramitacoes`);
    await expect(page.getByRole('heading', { level: 1, name: 'Movimentações do documento' })).toBeVisible();
    const ultima = page.getByTestId('movimentacao').last();
    await expect(ultima).toContainText('Encaminhar');
    await expect(ultima).toContainText('PROT → PROGRAD');
    await expect(ultima).toContainText('Ana Paula Ferreira');
    await expect(ultima.getByTestId('despacho')).toHaveText(DESPACHO);
    await expect(ultima.getByTestId('dt-despacho')).toHaveText(DATA_HORA);
    await expect(ultima.getByTestId('dt-recebimento')).toHaveText(DATA_HORA);
    await expect(ultima.getByTestId('dias')).toHaveText(/^\d+ dias?$/);
    const sequencias = await page.getByTestId('movimentacao').locator('td:first-child').allTextContents();
    expect(sequencias.map(Number)).toEqual(sequencias.map((_s, indice) => indice + 1));
    await conferirAcessibilidade(page);
  });

  test('a caixa postal valida os filtros e avisa quando o número não está nela', async ({ page }) => {
    await entrar(page, 'bruno', 'bruno', '/caixa-postal');
    // The box writes its default search (current unit, last days) into the URL after opening: what is typed before
    // that stays in the form.
    const campoNumero = page.getByRole('textbox', { name: 'Número do documento' });
    await campoNumero.fill('23116');
    await page.waitForURL(/dataInicio=/);
    await expect(campoNumero).toHaveValue('23116');
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(campoNumero).toHaveValue('');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.caixaPostal.filtroObrigatorio);
    await expect(page.getByTestId('erro-caixa-postal')).toHaveText(MENSAGENS.caixaPostal.filtroObrigatorio);

    await preencherData(page, 'Data inicial', '2026-01-01');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.caixaPostal.dataIncompleta);
    await expect(page.getByTestId('erro-caixa-postal')).toHaveText(MENSAGENS.caixaPostal.dataIncompleta);
    await conferirAcessibilidade(page);

    // The end before the start is said, not searched and answered with "nenhum documento".
    await preencherData(page, 'Data final', '2025-12-31');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByTestId('erro-caixa-postal')).toHaveText(MENSAGENS.caixaPostal.dataInvertida);
    await expect(page.getByTestId('documento-nao-encontrado')).toHaveCount(0);
    await preencherData(page, 'Data final', '');

    await preencherData(page, 'Data inicial', '');
    await page.getByRole('textbox', { name: 'Número do documento' }).fill('99999.999999/2099-99');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const mensagem = MENSAGENS.caixaPostal.documentoNaoEncontrado('99999.999999/2099-99');
    await expect(snackbar(page)).toHaveText(mensagem);
    await expect(page.getByTestId('documento-nao-encontrado')).toHaveText(mensagem);
    // The search lives in the URL: a reload repeats it.
    expect(new URL(page.url()).searchParams.get('numeroDocumento')).toBe('99999.999999/2099-99');

    // The menu's link to the box, while on it, brings back the default search, in the form too.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Caixa postal' }).click();
    await expect(page).toHaveURL(/dataInicio=/);
    expect(new URL(page.url()).searchParams.get('numeroDocumento')).toBeNull();
    await expect(campoNumero).toHaveValue('');
    await expect(page.getByTestId('documento-nao-encontrado')).toHaveCount(0);
  });

  test('ana tramita dois documentos de uma vez e vê o resultado de cada um', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/caixa-postal');
    // Not urgent ones: urgent documents ask to confirm first (caixa-postal-fila.spec.ts).
    const recebidos = (await caixaPostal(page.request)).filter((item) => item.recebido && !item.urgente);
    const [primeiro, segundo] = recebidos;
    if (!primeiro || !segundo) throw new Error('A semente deveria ter ao menos dois documentos recebidos');

    // The box first writes its default search (current unit, last days) into the URL; clear only after that.
    await page.waitForURL(/dataInicio=/);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await preencherData(page, 'Data inicial', '2000-01-01');
    await preencherData(page, 'Data final', '2100-12-31');
    await page.getByRole('combobox', { name: /^Documentos por página/ }).click();
    await page.getByRole('option', { name: '100' }).click();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByTestId('item-caixa-postal').first()).toBeVisible();

    const tramitarSelecionados = page.getByRole('button', { name: 'Tramitar selecionados' });
    await expect(tramitarSelecionados).toBeDisabled();
    await page.getByRole('checkbox', { name: `Selecionar o documento ${primeiro.numero}` }).check();
    // Keyboard: the second one is selected with the space bar.
    await page.getByRole('checkbox', { name: `Selecionar o documento ${segundo.numero}` }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('total-caixa')).toContainText('2 selecionados');
    await tramitarSelecionados.click();

    const dialogo = page.getByRole('dialog', { name: 'Tramitar documentos selecionados' });
    await expect(dialogo.getByTestId('aviso-primeiro-documento')).toContainText(primeiro.numero);
    await escolherNaLista(page, 'Fluxo', 'Tramitação livre');
    await escolherNaLista(page, 'Passo', 'Encaminhar');
    await escolher(page, 'Destino', 'PROGRAD', /^PROGRAD — /);
    await dialogo.getByRole('textbox', { name: 'Despacho', exact: true }).fill('Encaminhamento em lote.');
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Tramitar', exact: true }).click();

    const resultados = dialogo.getByTestId('resultado-documento');
    await expect(resultados).toHaveCount(2);
    await expect(resultados.filter({ hasText: primeiro.numero })).toContainText('Tramitado');
    await expect(resultados.filter({ hasText: segundo.numero })).toContainText('Tramitado');
    await expect(snackbar(page)).toHaveText(MENSAGENS.tramitacao.loteSucesso(2));
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialogo).toBeHidden();

    // The box is reloaded: both documents now wait in PROGRAD.
    await expect(page.getByTestId('item-caixa-postal').filter({ hasText: primeiro.numero })).toHaveCount(0);
    await expect(page.getByTestId('item-caixa-postal').filter({ hasText: segundo.numero })).toHaveCount(0);
    await expect(page.getByTestId('total-caixa')).not.toContainText('selecionado');
  });

  test('admin reencaminha um documento parado numa unidade inativa e o assistente volta ao passo 1', async ({
    page,
  }) => {
    await entrar(page, 'admin', 'admin', '/administracao/reencaminhamento-de-documento');
    await expect(page.getByRole('heading', { level: 1, name: 'Reencaminhamento de documento' })).toBeVisible();
    const etapa = page.getByTestId('titulo-etapa');
    await expect(etapa).toHaveText('Passo 1 de 5: Unidade');
    await conferirAcessibilidade(page);

    await page.getByRole('button', { name: 'Buscar documentos' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.reencaminhamento.filtroObrigatorio);
    await expect(page.getByTestId('erro-busca-reencaminhamento')).toHaveText(
      MENSAGENS.reencaminhamento.filtroObrigatorio,
    );

    await escolher(page, 'Unidade', 'CEAD', /^CEAD — .*\(inativa\)$/);
    await page.getByRole('button', { name: 'Buscar documentos' }).click();
    await expect(etapa).toHaveText('Passo 2 de 5: Documento');
    const documentos = page.getByTestId('documento-unidade');
    await expect(documentos.first()).toBeVisible();
    const quantidade = await documentos.count();
    const pendente = documentos.filter({ hasText: 'Aguardando recebimento' }).first();
    const numero = (await pendente.getByRole('cell').nth(1).textContent()) ?? '';
    await conferirAcessibilidade(page);

    // Nothing is received before the last step's confirmation (issue 19, item 10).
    await page.getByRole('radio', { name: `Escolher o documento ${numero}` }).check();
    await page.getByRole('button', { name: 'Próximo' }).click();

    await expect(etapa).toHaveText('Passo 3 de 5: Fluxo');
    await expect(etapa).toBeFocused();
    await escolherNaLista(page, 'Fluxo', 'Tramitação livre');
    await escolherNaLista(page, 'Passo', 'Encaminhar');
    await conferirAcessibilidade(page);
    await page.getByRole('button', { name: 'Próximo' }).click();

    await expect(etapa).toHaveText('Passo 4 de 5: Destino');
    await escolher(page, 'Destino', 'PROT', /^PROT — /);
    await page.getByRole('button', { name: 'Próximo' }).click();

    await expect(etapa).toHaveText('Passo 5 de 5: Despacho');
    await page.getByRole('textbox', { name: 'Despacho' }).fill('Reencaminhado pela administração: unidade extinta.');
    await conferirAcessibilidade(page);
    await page.getByRole('button', { name: 'Reencaminhar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Confirmar reencaminhamento' });
    await expect(dialogo).toContainText(`${numero}, que aguarda recebimento, será recebido em nome da unidade CEAD`);
    await dialogo.getByRole('button', { name: 'Reencaminhar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.reencaminhamento.sucesso);

    // Back at step 1, the unit still chosen, its list reloaded without the forwarded document.
    await expect(etapa).toHaveText('Passo 1 de 5: Unidade');
    await expect(page.getByRole('combobox', { name: 'Unidade', exact: true })).toHaveValue(/^CEAD — /);
    const restantes = quantidade - 1;
    await expect(page.getByTestId('total-unidade')).toHaveText(
      `${restantes === 1 ? '1 documento' : `${restantes} documentos`} na caixa postal de CEAD.`,
    );
    await page.getByRole('button', { name: 'Buscar documentos' }).click();
    await expect(etapa).toHaveText('Passo 2 de 5: Documento');
    await expect(documentos.filter({ hasText: numero })).toHaveCount(0);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

    // The history marks the movement as a re-forwarding.
    const resposta = await page.request.get('/api/documentos', { params: { numeroDocumento: numero } });
    const [{ idDocumento }] = (await resposta.json()).itens;
    await page.goto(`/documentos/${idDocumento}/tramitacoes`);
    const ultima = page.getByTestId('movimentacao').last();
    await expect(ultima).toContainText('Reencaminhado');
    await expect(ultima).toContainText('CEAD → PROT');
    await conferirAcessibilidade(page);
  });
});
