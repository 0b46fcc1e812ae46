import { expect, type Page, test } from '@playwright/test';
import { type CandidatoJuntada, MENSAGENS, type TipoDocumento } from '@tramite/shared';
import { conferirAcessibilidade, entrar } from './apoio.ts';

/**
 * Documents of Ana's unit (Protocolo Central) that can be joined: received, in progress, not joined. The candidates
 * call lists them (any document may be the one asked about; every NUP of the demo contains '20' from its year).
 */
async function documentosDoProtocolo(page: Page) {
  const candidatos = await page.request.get('/api/documentos/1/agregados/candidatos?numeroDocumento=20');
  expect(candidatos.status()).toBe(200);
  const tipos = await page.request.get('/api/tipos-documentos?todosTipos=true&incluirInativos=true');
  expect(tipos.status()).toBe(200);
  const processos = new Set(
    ((await tipos.json()) as TipoDocumento[]).filter((t) => t.consideradoProcessoNaAnexacao).map((t) => t.descricao),
  );
  const lista = (await candidatos.json()) as CandidatoJuntada[];
  const pai = lista.find((d) => processos.has(d.tipo));
  if (!pai) throw new Error('A semente não tem processo recebido no Protocolo Central');
  const [anexar, apensar] = lista.filter((d) => d.idDocumento !== pai.idDocumento);
  if (!anexar || !apensar) throw new Error('A semente não tem documentos suficientes no Protocolo Central');
  return { pai, anexar, apensar };
}

/** Joins through the wizard; `cliqueDuplo` confirms with a double click, which must still send one request. */
async function juntar(page: Page, idPai: number, tipo: 'Anexar' | 'Apensar', numero: string, cliqueDuplo = false) {
  const pedidos: string[] = [];
  page.on('request', (pedido) => {
    if (pedido.method() === 'POST' && pedido.url().endsWith(`/api/documentos/${idPai}/agregados`)) {
      pedidos.push(pedido.url());
    }
  });
  await page.goto(`/documentos/${idPai}/juntada`);
  await expect(page.getByRole('heading', { level: 1, name: 'Juntada de documentos' })).toBeVisible();
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 1 de 3: Tipo de juntada');
  await page.getByRole('radio', { name: new RegExp(`^${tipo}`) }).check();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 2 de 3: Documento');
  await page.getByLabel('Número do documento').fill(numero);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(
    page.getByRole('radio', { name: new RegExp(numero.replace(/[.^$*+?()[\]{}|\\/]/g, '\\$&')) }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 3 de 3: Confirmação');
  await page.getByRole('button', { name: tipo }).click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toBeVisible();
  const confirmar = dialogo.getByRole('button', { name: 'Confirmar' });
  await (cliqueDuplo ? confirmar.dblclick() : confirmar.click());
  await page.waitForURL((url) => url.pathname === `/documentos/${idPai}`);
  await expect(page.getByText(MENSAGENS.juntada.juntados)).toBeVisible();
  expect(pedidos).toHaveLength(1);
}

test('Ana anexa um documento, apensa outro e desfaz as duas juntadas', async ({ page }) => {
  test.setTimeout(120_000);
  await entrar(page, 'ana');
  const { pai, anexar, apensar } = await documentosDoProtocolo(page);

  // A number that matches nothing joinable shows the spec message; the wizard page has no serious violations.
  await page.goto(`/documentos/${pai.idDocumento}/juntada`);
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 1 de 3: Tipo de juntada');
  await page.getByRole('radio', { name: /^Apensar/ }).check();
  await expect(page.getByRole('radio', { name: /^Apensar/ })).toBeChecked();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByLabel('Número do documento').fill('99999999999999999');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MENSAGENS.juntada.nenhumCandidato }).first()).toBeVisible();
  await conferirAcessibilidade(page);

  await juntar(page, pai.idDocumento, 'Anexar', anexar.numero);
  await juntar(page, pai.idDocumento, 'Apensar', apensar.numero, true);

  await page.goto(`/documentos/${pai.idDocumento}/vinculos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vínculos do documento' })).toBeVisible();
  const anexados = page.getByRole('table', { name: 'Anexados' });
  const apensados = page.getByRole('table', { name: 'Apensados' });
  await expect(anexados.getByRole('link', { name: anexar.numero })).toBeVisible();
  await expect(apensados.getByRole('link', { name: apensar.numero })).toBeVisible();
  await conferirAcessibilidade(page);

  // The child shows its parent.
  await anexados.getByRole('link', { name: anexar.numero }).click();
  await page.waitForURL((url) => url.pathname === `/documentos/${anexar.idDocumento}`);
  await page.goto(`/documentos/${anexar.idDocumento}/vinculos`);
  await expect(page.getByRole('link', { name: pai.numero })).toBeVisible();

  await page.goto(`/documentos/${pai.idDocumento}/vinculos`);
  await anexados.getByRole('button', { name: `Desanexar ${anexar.numero}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desanexar' }).click();
  await expect(page.getByText(MENSAGENS.juntada.desanexados)).toBeVisible();
  await expect(page.getByRole('link', { name: anexar.numero })).toHaveCount(0);

  await apensados.getByRole('button', { name: `Desapensar ${apensar.numero}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desapensar' }).click();
  await expect(page.getByText(MENSAGENS.juntada.desapensados)).toBeVisible();
  await expect(page.getByRole('link', { name: apensar.numero })).toHaveCount(0);
});

test('a página do documento leva à juntada; onde não se pode juntar, o botão diz por quê', async ({
  page,
  browser,
}) => {
  await entrar(page, 'ana');
  const { pai } = await documentosDoProtocolo(page);
  await page.goto(`/documentos/${pai.idDocumento}`);
  // The date the document became valid (its first sending) is not called "Validade", which reads as an expiry.
  await expect(page.getByText('Válido desde', { exact: true })).toBeVisible();
  await expect(page.getByText('Validade', { exact: true })).toHaveCount(0);
  const acoes = page.getByRole('group', { name: 'Ações do documento' });
  await expect(acoes.getByRole('link', { name: 'Adicionar peças' })).toBeVisible();
  await acoes.getByRole('link', { name: 'Juntar documentos' }).click();
  await expect(page).toHaveURL(new RegExp(`/documentos/${pai.idDocumento}/juntada$`));
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 1 de 3: Tipo de juntada');
  // An anexação can be undone: the option does not say "em definitivo".
  await expect(page.getByText('a anexação pode ser desfeita depois (desanexar)')).toBeVisible();
  await expect(page.getByText(/em definitivo/)).toHaveCount(0);

  // Bruno's unit does not hold it: the actions are there, unavailable, and pointing at one says why.
  const contexto = await browser.newContext();
  const outra = await contexto.newPage();
  await entrar(outra, 'bruno', 'bruno', `/documentos/${pai.idDocumento}`);
  const acoesBruno = outra.getByRole('group', { name: 'Ações do documento' });
  await expect(acoesBruno.getByRole('link', { name: 'Juntar documentos' })).toHaveCount(0);
  const indisponivel = acoesBruno.getByRole('button', { name: 'Juntar documentos', disabled: true });
  await indisponivel.hover();
  await expect(outra.getByRole('tooltip')).toHaveText(MENSAGENS.juntada.agregadorIndisponivel);
  await expect(indisponivel).toHaveAccessibleDescription(MENSAGENS.juntada.agregadorIndisponivel);
  await conferirAcessibilidade(outra);
  await contexto.close();
});
