import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  CABECALHO_CSRF,
  criarCalendario,
  type DiaNaoUtil,
  dataEmSaoPaulo,
  MENSAGENS,
  somarDias,
  VALOR_CABECALHO_CSRF,
} from '@tramite/shared';
import { entrar, escolher, preencherData, snackbar } from './apoio.ts';

// Forwarding with a deadline (issue 20): Ana gives DCF 3 business days; Marcos (DCF) sees it, changes it with a
// reason and, with the browser's clock after it, sees it overdue. The document goes back to the Protocolo Central.

const csrf = { [CABECALHO_CSRF]: VALOR_CABECALHO_CSRF };

interface ItemCaixa {
  idDocumento: number;
  numero: string;
  recebido: boolean;
  urgente: boolean;
}
interface Fluxo {
  id: number;
  descricao: string;
  passos: { id: number; descricao: string }[];
}

async function calendarioDaInstituicao(request: APIRequestContext) {
  const hoje = dataEmSaoPaulo();
  const resposta = await request.get('/api/calendario', {
    params: { inicio: somarDias(hoje, -30), fim: somarDias(hoje, 400) },
  });
  expect(resposta.ok()).toBe(true);
  return criarCalendario((await resposta.json()) as DiaNaoUtil[]);
}

async function passoEncaminhar(request: APIRequestContext, idDocumento: number): Promise<number | undefined> {
  const fluxos = (await (await request.get(`/api/documentos/${idDocumento}/fluxos`)).json()) as Fluxo[];
  return fluxos.find((f) => f.descricao === 'Tramitação livre')?.passos.find((p) => p.descricao === 'Encaminhar')?.id;
}

const dataBr = (data: string) => data.split('-').reverse().join('/');

async function escolherNaLista(page: Page, campo: string, opcao: string | RegExp) {
  await page.getByRole('combobox', { name: new RegExp(`^${campo}`) }).click();
  await page.getByRole('option', { name: opcao }).click();
}

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test('tramita com prazo em dias úteis, o destino o vê, altera com motivo e o vê vencido', async ({ page, browser }) => {
  await entrar(page, 'ana', 'ana', '/caixa-postal');
  const calendario = await calendarioDaInstituicao(page.request);
  const hoje = dataEmSaoPaulo();
  const caixa = await page.request.get('/api/caixa-postal', {
    params: { dataInicio: '2000-01-01', dataFim: '2100-12-31', tamanhoPagina: '100' },
  });
  // From the end of the box: other specs take its first documents.
  const recebidos = ((await caixa.json()).itens as ItemCaixa[]).filter((i) => i.recebido && !i.urgente).reverse();
  let documento: ItemCaixa | undefined;
  for (const item of recebidos) {
    if (await passoEncaminhar(page.request, item.idDocumento)) {
      documento = item;
      break;
    }
  }
  if (!documento) throw new Error('A semente deveria ter documentos recebidos no Protocolo Central');

  await page.goto(`/documentos/${documento.idDocumento}/tramitar`);
  await escolherNaLista(page, 'Fluxo', 'Tramitação livre');
  await escolherNaLista(page, 'Passo', 'Encaminhar');
  await escolher(page, 'Destino', 'DCF', /^DCF — /);
  const prazo = page.getByTestId('campos-prazo');
  await expect(prazo.getByRole('radio', { name: 'Sem prazo' })).toBeChecked();
  await prazo.getByRole('radio', { name: 'Dias úteis' }).check();
  const vence = calendario.somarDiasUteis(hoje, 3);
  await prazo.getByRole('spinbutton', { name: 'Dias úteis' }).fill('3');
  await expect(prazo).toContainText(`Vence em ${dataBr(vence)}`);
  await page.getByRole('textbox', { name: 'Despacho', exact: true }).fill('Manifestação em 3 dias úteis.');
  await page.getByRole('button', { name: 'Tramitar', exact: true }).click();
  const confirmar = page.getByRole('dialog', { name: 'Confirmar tramitação' });
  // The flow's ALERTA messages (no files, a saved despacho preparatório...) ask to confirm first.
  await expect(confirmar.or(page.getByTestId('prazo-documento'))).toBeVisible();
  if (await confirmar.isVisible()) await confirmar.getByRole('button', { name: 'Confirmar' }).click();
  await page.waitForURL(`**/documentos/${documento.idDocumento}`);
  await expect(snackbar(page)).toHaveText(MENSAGENS.tramitacao.sucesso);

  // Marcos (DCF) receives it and sees the deadline on the document page.
  const contexto = await browser.newContext();
  const destino = await contexto.newPage();
  await entrar(destino, 'marcos', 'marcos', '/caixa-postal');
  expect((await destino.request.post(`/api/documentos/${documento.idDocumento}/receber`, { headers: csrf })).ok()).toBe(
    true,
  );
  await destino.goto(`/documentos/${documento.idDocumento}`);
  const bloco = destino.getByTestId('prazo-documento');
  await expect(bloco.getByTestId('selo-prazo-documento')).toContainText('Vence em 3 dias úteis');
  await expect(bloco.getByTestId('data-prazo-documento')).toContainText(`Prazo: ${dataBr(vence)} — definido por Ana`);

  // He pushes it to 5 business days, with a reason, and confirms.
  const novo = calendario.somarDiasUteis(hoje, 5);
  await bloco.getByRole('button', { name: 'Alterar prazo' }).click();
  const dialogo = destino.getByTestId('dialogo-alterar-prazo');
  await preencherData(destino, 'Novo prazo', novo);
  await dialogo.getByRole('button', { name: 'Alterar prazo' }).click();
  await expect(dialogo.getByText(MENSAGENS.prazos.motivoObrigatorio)).toBeVisible();
  await dialogo.getByRole('textbox', { name: 'Motivo da alteração' }).fill('Aguardando a nota fiscal');
  await dialogo.getByRole('button', { name: 'Alterar prazo' }).click();
  const confirmacao = destino.getByRole('dialog', { name: 'Confirmar alteração do prazo' });
  await expect(confirmacao).toContainText(`para ${dataBr(novo)}`);
  await confirmacao.getByRole('button', { name: 'Confirmar' }).click();
  await expect(snackbar(destino)).toHaveText(MENSAGENS.prazos.prazoAlterado);
  await expect(bloco.getByTestId('selo-prazo-documento')).toContainText('Vence em 5 dias úteis');
  await expect(bloco.getByTestId('data-prazo-documento')).toContainText('— alterado por Marcos Vinícius Lopes em');

  // Two business days after the deadline, by the browser's clock.
  const depois = calendario.somarDiasUteis(novo, 2);
  const vencida = await contexto.newPage();
  await vencida.clock.setFixedTime(new Date(`${depois}T12:00:00-03:00`));
  await vencida.goto(`/documentos/${documento.idDocumento}`);
  await expect(vencida.getByTestId('selo-prazo-documento')).toContainText('Vencido há 2 dias úteis');

  // Back to the Protocolo Central, as the demo had it.
  const fluxos = (await (
    await destino.request.get(`/api/documentos/${documento.idDocumento}/fluxos`)
  ).json()) as Fluxo[];
  const livre = fluxos.find((f) => f.descricao === 'Tramitação livre');
  const idPasso = livre?.passos.find((p) => p.descricao === 'Encaminhar')?.id;
  const destinos = await destino.request.get(`/api/documentos/${documento.idDocumento}/fluxos/${livre?.id}/destinos`, {
    params: { idPasso: String(idPasso) },
  });
  const unidades = (await destinos.json()) as { id: number; sigla: string }[];
  const prot = unidades.find((u) => u.sigla === 'PROT');
  const volta = await destino.request.post(`/api/documentos/${documento.idDocumento}/tramitacoes`, {
    headers: csrf,
    data: { idPasso, idDestino: prot?.id, despacho: 'Devolvo.', prazo: null },
  });
  expect(volta.status()).toBe(201);
  expect((await page.request.post(`/api/documentos/${documento.idDocumento}/receber`, { headers: csrf })).ok()).toBe(
    true,
  );
  await contexto.close();
});
