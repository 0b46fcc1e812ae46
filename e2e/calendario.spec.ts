import { expect, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, entrar, preencherData, snackbar } from './apoio.ts';

// A year no other spec counts deadlines in, so adding a day there moves nothing else.
const ANO = 2031;
const DESCRICAO = 'Aniversário da cidade (e2e)';

test.use({ viewport: { width: 1366, height: 768 } });
// Three axe runs and two dialogs: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('o admin inclui um feriado local, vê o dia na tabela, não consegue repetir o Natal e o exclui com confirmação', async ({
  page,
}) => {
  await entrar(page, 'admin', 'admin', '/home');
  await page.getByTestId('menu-principal').getByRole('link', { name: 'Calendário' }).click();
  await page.waitForURL('**/administracao/calendario');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendário de dias não úteis' })).toBeVisible();
  await expect(page.getByText(/Prazos já definidos não mudam/)).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Natal');
  await conferirAcessibilidade(page);

  // The year lives in the URL: the arrows change it, and a link opens it directly.
  await page.getByRole('button', { name: 'Próximo ano' }).click();
  await expect(page).toHaveURL(/\?ano=\d{4}$/);
  await page.goto(`/administracao/calendario?ano=${ANO}`);
  await expect(page.getByTestId('ano-calendario')).toHaveText(String(ANO));
  const tabela = page.getByTestId('tabela-calendario');
  await expect(tabela).toContainText('25/12/2031, quinta-feira');
  // National days are read-only: no delete button on any row of the year yet.
  await expect(tabela.getByRole('button', { name: /^Excluir o dia não útil/ })).toHaveCount(0);

  // A national day is refused with the reason, under the date.
  await page.getByRole('button', { name: 'Incluir dia não útil' }).click();
  let dialogo = page.getByRole('dialog', { name: 'Incluir dia não útil da instituição' });
  await preencherData(page, 'Data', `${ANO}-12-25`);
  await dialogo.getByRole('textbox', { name: 'Descrição' }).fill('Repetido');
  await dialogo.getByRole('button', { name: 'Incluir' }).click();
  await expect(dialogo.getByText('25/12/2031 já não é dia útil: Natal')).toBeVisible();
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo).toBeHidden();

  // A Monday becomes a local holiday.
  await page.getByRole('button', { name: 'Incluir dia não útil' }).click();
  dialogo = page.getByRole('dialog', { name: 'Incluir dia não útil da instituição' });
  await preencherData(page, 'Data', `${ANO}-06-09`);
  await dialogo.getByRole('textbox', { name: 'Descrição' }).fill(DESCRICAO);
  await expect(dialogo.getByRole('combobox', { name: 'Tipo' })).toHaveText('Feriado local');
  await dialogo.getByRole('button', { name: 'Incluir' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.calendario.incluido);
  await expect(dialogo).toBeHidden();
  const linha = page.getByTestId('linha-dia-nao-util').filter({ hasText: DESCRICAO });
  await expect(linha).toHaveCount(1);
  await expect(linha.getByRole('rowheader')).toHaveText('09/06/2031, segunda-feira');
  await expect(linha).toContainText('Feriado local');
  await expect(linha).toContainText('Instituição');

  // Deleting asks first; cancelling keeps it, confirming removes it (the year is left as it was).
  const excluir = linha.getByRole('button', { name: `Excluir o dia não útil 09/06/2031, segunda-feira: ${DESCRICAO}` });
  await excluir.click();
  const confirmacao = page.getByRole('dialog', { name: 'Excluir dia não útil' });
  await expect(confirmacao).toContainText(DESCRICAO);
  await conferirAcessibilidade(page);
  await confirmacao.getByRole('button', { name: 'Cancelar' }).click();
  await expect(linha).toHaveCount(1);
  await excluir.focus();
  await page.keyboard.press('Enter');
  await confirmacao.getByRole('button', { name: 'Excluir' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.calendario.excluido);
  await expect(linha).toHaveCount(0);
});
