import { expect, type Page, test } from '@playwright/test';
import { type CandidatoJuntada, type ClasseJuntada, MENSAGENS, type TipoDocumento } from '@tramite/shared';
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
  await page.getByLabel('Número do documento', { exact: true }).fill(numero);
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
  await page.getByLabel('Número do documento', { exact: true }).fill('99999999999999999');
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

/** A document of Ana's unit whose type takes no attached documents (neither a process nor kept as one). */
async function naoProcessoDoProtocolo(page: Page) {
  const candidatos = await page.request.get('/api/documentos/1/agregados/candidatos?numeroDocumento=20');
  for (const candidato of (await candidatos.json()) as CandidatoJuntada[]) {
    const classe = await page.request.get(`/api/documentos/${candidato.idDocumento}/agregados/tipo-documento`);
    const { processo, consideradoProcessoNaAnexacao } = (await classe.json()) as ClasseJuntada;
    if (!processo && !consideradoProcessoNaAnexacao) return candidato;
  }
  throw new Error('A semente não tem documento comum recebido no Protocolo Central');
}

test('num documento que não é processo o assistente oferece só a apensação e diz por que não anexar', async ({
  page,
}) => {
  await entrar(page, 'ana');
  const pai = await naoProcessoDoProtocolo(page);
  await page.goto(`/documentos/${pai.idDocumento}/juntada`);
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 1 de 3: Tipo de juntada');
  // The only kind offered comes chosen; the other is not a choice, and the reason is next to the choice.
  await expect(page.getByRole('radio', { name: /^Apensar/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Anexar/ })).toHaveCount(0);
  await expect(page.getByTestId('tipo-nao-oferecido')).toHaveText(
    `Anexar não é oferecido para o documento ${pai.numero}: ${MENSAGENS.juntada.agregadorNaoProcesso}.`,
  );
  await conferirAcessibilidade(page);

  // Asking for it by the URL does not bring it back: the wizard stays at its first step, with apensação.
  await page.goto(`/documentos/${pai.idDocumento}/juntada?etapa=2&tipo=ANEXACAO`);
  await expect(page.getByTestId('titulo-etapa')).toHaveText('Passo 1 de 3: Tipo de juntada');
  await expect(page).toHaveURL(/etapa=1/);
  await expect(page.getByRole('radio', { name: /^Anexar/ })).toHaveCount(0);

  // In a process both are offered, with nothing said about a kind left out.
  const { pai: processo } = await documentosDoProtocolo(page);
  await page.goto(`/documentos/${processo.idDocumento}/juntada`);
  await expect(page.getByRole('radio', { name: /^Anexar/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Apensar/ })).not.toBeChecked();
  await expect(page.getByTestId('tipo-nao-oferecido')).toHaveCount(0);
});

test('o passo fica na URL: Voltar do navegador percorre os passos, recarregar mantém o passo', async ({ page }) => {
  await entrar(page, 'ana');
  const { pai, apensar } = await documentosDoProtocolo(page);
  const etapa = page.getByTestId('titulo-etapa');
  await page.goto(`/documentos/${pai.idDocumento}/juntada`);
  await page.getByRole('radio', { name: /^Apensar/ }).check();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(etapa).toHaveText('Passo 2 de 3: Documento');
  await page.getByLabel('Número do documento', { exact: true }).fill(apensar.numero);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const escolhido = page.getByRole('radio', {
    name: new RegExp(apensar.numero.replace(/[.^$*+?()[\]{}|\\/]/g, '\\$&')),
  });
  await expect(escolhido).toBeChecked();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(etapa).toHaveText('Passo 3 de 3: Confirmação');
  await expect(page.getByRole('main')).toContainText(`O documento ${apensar.numero}`);

  // A reload stays at the confirmation, with the same document.
  await page.reload();
  await expect(etapa).toHaveText('Passo 3 de 3: Confirmação');
  await expect(page.getByRole('main')).toContainText(`O documento ${apensar.numero}`);
  await expect(page.getByRole('button', { name: 'Apensar' })).toBeVisible();

  // Back goes to the document step (the search and the choice still there), then to the kind of join.
  await page.goBack();
  await expect(etapa).toHaveText('Passo 2 de 3: Documento');
  await expect(escolhido).toBeChecked();
  await page.goBack();
  await expect(etapa).toHaveText('Passo 1 de 3: Tipo de juntada');
  await expect(page.getByRole('radio', { name: /^Apensar/ })).toBeChecked();
  await page.goForward();
  await expect(etapa).toHaveText('Passo 2 de 3: Documento');

  // The wizard's own Voltar is the same as the browser's Back.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(etapa).toHaveText('Passo 1 de 3: Tipo de juntada');

  // A URL whose choices do not hold falls back to the first step that is missing one.
  await page.goto(`/documentos/${pai.idDocumento}/juntada?etapa=3&tipo=APENSACAO&numero=99999999&documento=1`);
  await expect(etapa).toHaveText('Passo 2 de 3: Documento');
  await page.goto(`/documentos/${pai.idDocumento}/juntada?etapa=abc&tipo=nada`);
  await expect(etapa).toHaveText('Passo 1 de 3: Tipo de juntada');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  // Nothing was joined by any of this.
  const vinculos = await page.request.get(`/api/documentos/${pai.idDocumento}/agregados`);
  expect((await vinculos.json()).agregados.map((a: { idDocumento: number }) => a.idDocumento)).not.toContain(
    apensar.idDocumento,
  );
});
