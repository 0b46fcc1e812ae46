import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  CABECALHO_CSRF,
  type Documento,
  type Fluxo,
  MENSAGENS,
  type Tramitacao,
  type Unidade,
  VALOR_CABECALHO_CSRF,
} from '@tramite/shared';
import { conferirAcessibilidade, entrar, escolher, snackbar } from './apoio.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const MOTIVO = 'Enviado à unidade errada por engano.';

interface ItemCaixa {
  idDocumento: number;
  numero: string;
  recebido: boolean;
  urgente: boolean;
}

interface Candidato {
  item: ItemCaixa;
  idPasso: number;
  idDestino: number;
}

/**
 * Documents received in Ana's unit that may be sent with 'Tramitação livre' > 'Encaminhar' to PROGRAD, newest
 * first. Not the box's first rows: other specs take those.
 */
async function* candidatosAPrograd(request: APIRequestContext): AsyncGenerator<Candidato> {
  const caixa = await request.get('/api/caixa-postal', {
    params: { dataInicio: '2000-01-01', dataFim: '2100-12-31', tamanhoPagina: '100' },
  });
  expect(caixa.ok()).toBe(true);
  const recebidos = ((await caixa.json()).itens as ItemCaixa[]).filter((i) => i.recebido && !i.urgente).reverse();
  for (const item of recebidos.slice(2)) {
    const fluxos = (await (await request.get(`/api/documentos/${item.idDocumento}/fluxos`)).json()) as Fluxo[];
    const livre = fluxos.find((f) => f.descricao === 'Tramitação livre');
    const passo = livre?.passos.find((p) => p.tipo === 'ENCAMINHAR');
    if (!livre || !passo) continue;
    const destinos = (await (
      await request.get(`/api/documentos/${item.idDocumento}/fluxos/${livre.id}/destinos`, {
        params: { idPasso: String(passo.id) },
      })
    ).json()) as Unidade[];
    const prograd = destinos.find((d) => d.sigla === 'PROGRAD');
    if (prograd) yield { item, idPasso: passo.id, idDestino: prograd.id };
  }
}

async function candidato(request: APIRequestContext, posicao: number): Promise<Candidato> {
  let i = 0;
  for await (const c of candidatosAPrograd(request)) if (i++ === posicao) return c;
  throw new Error('A caixa postal da Ana deveria ter documentos recebidos que possam ir à PROGRAD');
}

/** The first candidate, sent to PROGRAD through the API (the forwarding screen has its own spec). */
async function enviarUmDocumentoAPrograd(request: APIRequestContext): Promise<Documento> {
  const { item, idPasso, idDestino } = await candidato(request, 0);
  const envio = await request.post(`/api/documentos/${item.idDocumento}/tramitacoes`, {
    headers: { [CABECALHO_CSRF]: VALOR_CABECALHO_CSRF },
    data: { idPasso, idDestino, despacho: 'Encaminho para análise.' },
  });
  expect(envio.status()).toBe(201);
  return (await request.get(`/api/documentos/${item.idDocumento}`)).json();
}

// The two stories take different documents of the same box, one after the other.
test.describe.configure({ mode: 'serial' });

test('ana cancela um envio ainda não recebido: o documento volta à unidade e o histórico registra o motivo', async ({
  page,
}) => {
  await entrar(page, 'ana');
  const documento = await enviarUmDocumentoAPrograd(page.request);
  expect(documento.situacao).toBe('ENVIADO');
  const unidadeAntes = documento.unidadeAtual.sigla;

  await page.goto(`/documentos/${documento.idDocumento}`);
  await expect(page.getByTestId('numero-documento')).toHaveText(documento.numero);
  await expect(page.getByTestId('situacao-documento')).toContainText('Enviado');
  const barra = page.getByRole('group', { name: 'Ações do documento' });
  await barra.getByRole('button', { name: 'Cancelar envio', exact: true }).click();

  const dialogo = page.getByRole('dialog', { name: 'Cancelar envio' });
  await expect(dialogo).toContainText('PROGRAD');
  // The reason is required, as the server requires it.
  await dialogo.getByRole('button', { name: 'Cancelar envio' }).click();
  await expect(dialogo.getByText(MENSAGENS.cancelamentoEnvio.informeMotivo)).toBeVisible();
  await dialogo.getByRole('textbox', { name: 'Motivo do cancelamento' }).fill(MOTIVO);
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Cancelar envio' }).click();
  // A confirmation before anything is done; from the keyboard, the confirm button has the focus.
  await expect(dialogo.getByTestId('confirmacao-cancelamento-envio')).toContainText(documento.numero);
  await expect(dialogo.getByRole('button', { name: 'Confirmar cancelamento' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(snackbar(page)).toContainText(MENSAGENS.cancelamentoEnvio.cancelado);
  await expect(dialogo).toBeHidden();
  // Back as it was: received in Ana's unit, no longer waiting at PROGRAD, and nothing left to recall.
  await expect(page.getByTestId('situacao-documento')).toContainText('Recebido');
  await expect(page.getByTestId('unidade-atual-documento')).toContainText(unidadeAntes);
  await expect(barra.getByRole('button', { name: 'Cancelar envio', exact: true })).toHaveCount(0);
  await expect(barra.getByRole('link', { name: 'Tramitar', exact: true })).toBeVisible();
  const depois = (await (await page.request.get(`/api/documentos/${documento.idDocumento}`)).json()) as Documento;
  expect(depois).toMatchObject({ situacao: 'RECEBIDO', idDestino: null, podeReceber: false });

  // The history keeps the recalled sending, with who and why.
  const historico = (await (
    await page.request.get(`/api/documentos/${documento.idDocumento}/tramitacoes`)
  ).json()) as Tramitacao[];
  expect(historico.at(-1)?.cancelamento).toMatchObject({ motivo: MOTIVO });
  await page.goto(`/documentos/${documento.idDocumento}/tramitacoes`);
  await expect(page.getByTestId('envio-cancelado').last()).toContainText(MOTIVO);
});

test('depois de uma tramitação em lote, "Cancelar estes envios" cancela cada um e mostra o resultado', async ({
  page,
}) => {
  await entrar(page, 'ana');
  const { item } = await candidato(page.request, 1);
  await page.waitForURL(/dataInicio=/);
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await page.getByRole('textbox', { name: 'Número do documento' }).fill(item.numero);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('item-caixa-postal')).toHaveCount(1);
  await page.getByRole('checkbox', { name: `Selecionar o documento ${item.numero}` }).check();
  await page.getByRole('button', { name: 'Tramitar selecionados' }).click();

  const dialogo = page.getByRole('dialog');
  await page.getByRole('combobox', { name: /^Fluxo/ }).click();
  await page.getByRole('option', { name: 'Tramitação livre' }).click();
  await page.getByRole('combobox', { name: /^Passo/ }).click();
  await page.getByRole('option', { name: 'Encaminhar' }).click();
  await escolher(page, 'Destino', 'PROGRAD', /^PROGRAD — /);
  await dialogo.getByRole('textbox', { name: 'Despacho', exact: true }).fill('Encaminhamento em lote.');
  await dialogo.getByRole('button', { name: 'Tramitar', exact: true }).click();
  await expect(dialogo.getByTestId('resultado-documento').filter({ hasText: item.numero })).toContainText('Tramitado');

  await dialogo.getByRole('button', { name: 'Cancelar estes envios' }).click();
  await expect(dialogo).toHaveAccessibleName('Cancelar envios dos documentos tramitados');
  await dialogo.getByRole('textbox', { name: 'Motivo do cancelamento' }).fill(MOTIVO);
  await dialogo.getByRole('button', { name: 'Cancelar envio' }).click();
  await expect(dialogo.getByTestId('confirmacao-cancelamento-envio')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(snackbar(page)).toHaveText(MENSAGENS.cancelamentoEnvio.loteConcluido(1, 1));
  await expect(dialogo.getByTestId('resultado-documento').filter({ hasText: item.numero })).toContainText(
    'Envio cancelado',
  );
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Fechar' }).click();
  // Back in the box as received by the unit.
  await expect(page.getByTestId('item-caixa-postal').filter({ hasText: item.numero })).toHaveCount(1);
  const documento = (await (await page.request.get(`/api/documentos/${item.idDocumento}`)).json()) as Documento;
  expect(documento.situacao).toBe('RECEBIDO');
});
