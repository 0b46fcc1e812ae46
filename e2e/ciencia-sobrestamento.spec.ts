import { expect, type Page, test } from '@playwright/test';
import { type CandidatoJuntada, MENSAGENS, type PaginaCiencias, type SituacaoSobrestamento } from '@tramite/shared';
import { conferirAcessibilidade, entrar, snackbar } from './apoio.ts';

/**
 * A process held and received by the user's unit, in progress, not suspended and without the user's ciência: the
 * joining candidates list what the unit holds received and in progress (every NUP of the demo contains '20').
 */
async function processoDaUnidade(page: Page): Promise<CandidatoJuntada> {
  const candidatos = await page.request.get('/api/documentos/1/agregados/candidatos?numeroDocumento=20');
  expect(candidatos.status()).toBe(200);
  for (const candidato of (await candidatos.json()) as CandidatoJuntada[]) {
    const resposta = await page.request.get(`/api/documentos/${candidato.idDocumento}/sobrestamento`);
    const situacao = (await resposta.json()) as SituacaoSobrestamento;
    const ciencias = (await (
      await page.request.get(`/api/documentos/${candidato.idDocumento}/ciencias`)
    ).json()) as PaginaCiencias;
    if (situacao.processo && situacao.vigente === null && ciencias.minha === null) return candidato;
  }
  throw new Error('A semente não tem processo recebido e em andamento na Procuradoria Federal');
}

test('registra ciência com observação, sobrestá e levanta, e o histórico mostra tudo', async ({ page }) => {
  // Three dialogs, two screens and an accessibility check: more than the default 30 s on a busy machine.
  test.setTimeout(45_000);
  // Ricardo, of the Procuradoria Federal (PF): a unit the other specs leave alone.
  await entrar(page, 'ricardo', 'ricardo', '/home');
  const processo = await processoDaUnidade(page);
  await page.goto(`/documentos/${processo.idDocumento}`);
  const acoes = page.getByTestId('acoes-documento');
  await expect(acoes.getByRole('link', { name: 'Tramitar', exact: true })).toBeVisible();

  // Ciência with a note, listed in "Ciências"; opening it again says when it was recorded.
  const nota = `Ciente, aguardo o parecer (e2e ${Date.now()}).`;
  await acoes.getByRole('button', { name: 'Registrar ciência', exact: true }).click();
  const dialogoCiencia = page.getByRole('dialog', { name: 'Registrar ciência' });
  await dialogoCiencia.getByLabel('Observação (opcional)').fill(nota);
  await dialogoCiencia.getByRole('button', { name: 'Registrar ciência' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.ciencia.registrada);
  await expect(page.getByTestId('lista-ciencias')).toContainText(nota);
  await acoes.getByRole('button', { name: 'Registrar ciência', exact: true }).click();
  await expect(page.getByTestId('ciencia-ja-registrada')).toContainText('Ciência registrada em');
  await page.getByRole('dialog', { name: 'Registrar ciência' }).getByRole('button', { name: 'Fechar' }).click();

  // Suspend, with a confirmation: the banner says why, and Tramitar is unavailable with the reason.
  const motivo = `Aguardando parecer jurídico (e2e ${Date.now()})`;
  await acoes.getByRole('button', { name: 'Sobrestar', exact: true }).click();
  const dialogoSobrestar = page.getByRole('dialog', { name: 'Sobrestar processo' });
  await dialogoSobrestar.getByLabel('Motivo').fill(motivo);
  await dialogoSobrestar.getByRole('button', { name: 'Sobrestar' }).click();
  await page.getByTestId('dialogo-confirmacao').getByRole('button', { name: 'Sobrestar' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.sobrestamento.sobrestado);
  const aviso = page.getByTestId('aviso-sobrestamento');
  await expect(aviso).toContainText(motivo);
  const tramitar = acoes.getByRole('button', { name: 'Tramitar', exact: true });
  await expect(tramitar).toHaveAttribute('aria-disabled', 'true');
  await expect(tramitar).toHaveAccessibleDescription(MENSAGENS.sobrestamento.documentoSobrestado);
  await conferirAcessibilidade(page);

  // Lift it: the document may be forwarded again (what this spec changed is restored).
  await aviso.getByRole('button', { name: 'Levantar sobrestamento' }).click();
  const dialogoLevantar = page.getByRole('dialog', { name: 'Levantar sobrestamento' });
  await dialogoLevantar.getByLabel('Motivo do levantamento (opcional)').fill('Parecer recebido (e2e)');
  await dialogoLevantar.getByRole('button', { name: 'Levantar' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.sobrestamento.levantado);
  await expect(aviso).toBeHidden();
  await expect(acoes.getByRole('link', { name: 'Tramitar', exact: true })).toBeVisible();

  // The history shows the three events among the tramitações, by time.
  await page.goto(`/documentos/${processo.idDocumento}/tramitacoes`);
  const eventos = page.getByTestId('evento');
  await expect(eventos.filter({ hasText: nota })).toHaveCount(1);
  await expect(eventos.filter({ hasText: motivo })).toHaveCount(1);
  await expect(eventos.filter({ hasText: 'Sobrestamento levantado — Motivo: Parecer recebido (e2e)' })).toHaveCount(1);
  const tipos = await eventos.evaluateAll((linhas) => linhas.map((l) => l.getAttribute('data-tipo')));
  expect(tipos.slice(-3)).toEqual(['CIENCIA', 'SOBRESTAMENTO', 'LEVANTAMENTO']);
});
