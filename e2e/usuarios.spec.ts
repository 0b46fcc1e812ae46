import { expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, entrar, snackbar } from './apoio.ts';

const M = MENSAGENS.administracaoUsuarios;

// The steps build on each other (carla gets RELATORIOS, then uses it); a report may take a while to generate.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ viewport: { width: 1366, height: 768 } });

/** Types into the search field and waits for the table to show exactly the one user named `nome`. */
async function buscarUsuario(page: Page, texto: string, nome: string) {
  await page.getByRole('searchbox', { name: 'Buscar usuário' }).fill(texto);
  const linhas = page.getByTestId('linha-usuario');
  await expect(linhas).toHaveCount(1);
  await expect(linhas.first().getByRole('rowheader')).toHaveText(nome);
  return linhas.first();
}

/** Opens the edit dialog of the user named `nome` (a row of the table). */
async function editar(page: Page, nome: string) {
  await page.getByRole('button', { name: `Editar o usuário ${nome}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Usuário ${nome}` });
  await expect(dialogo).toBeVisible();
  return dialogo;
}

/** As the office does it: picks its unit, keeps the default period (last 7 days) and generates the PDF. */
async function gerarMalote(page: Page, sigla: string) {
  await page.getByTestId('menu-principal').getByRole('link', { name: 'Malote' }).click();
  await page.waitForURL('**/relatorios/malote');
  const combo = page.getByRole('combobox', { name: /^Unidades de procedência/ });
  await combo.click();
  await combo.fill(sigla);
  await page.getByRole('option', { name: new RegExp(`^${sigla} —`) }).click();
  await page.keyboard.press('Escape');
  const [resposta] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/relatorios/malote'),
    page.getByRole('button', { name: 'Gerar relatório' }).click(),
  ]);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toBe('application/pdf');
  await expect(
    page.getByTestId('relatorio-pronto').getByRole('link', { name: 'Abrir o relatório gerado' }),
  ).toBeVisible();
}

test('o admin acha carla, que não tem relatórios, e concede RELATORIOS; a tela passa no axe', async ({ page }) => {
  await entrar(page, 'admin', 'admin', '/home');
  await page.getByTestId('menu-principal').getByRole('link', { name: 'Usuários' }).click();
  await page.waitForURL('**/administracao/usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('usuários encontrados');
  await conferirAcessibilidade(page);

  // By the name, without the accent; then by the username.
  const linha = await buscarUsuario(page, 'menezes', 'Carla Menezes Lima');
  await expect(linha.getByTestId('permissoes-usuario')).toHaveText('—');
  await buscarUsuario(page, 'carla', 'Carla Menezes Lima');

  const dialogo = await editar(page, 'Carla Menezes Lima');
  const relatorios = dialogo.getByRole('checkbox', { name: 'Relatórios' });
  await expect(relatorios).not.toBeChecked();
  await expect(relatorios).toHaveAccessibleDescription('Gera os relatórios de malote e de documentos desarquivados.');
  await conferirAcessibilidade(page);

  // Without lotações an active user is refused before anything is sent (Backspace removes the last unit's chip).
  const lotacoes = dialogo.getByRole('combobox', { name: 'Lotações' });
  await lotacoes.click();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialogo.getByText(M.semLotacao)).toBeVisible();
  await expect(dialogo.getByRole('combobox', { name: 'Unidade atual' })).toHaveAttribute('aria-disabled', 'true');
  await lotacoes.click();
  await lotacoes.fill('DHIS');
  await page.getByRole('option', { name: /^DHIS — / }).click();
  await expect(dialogo.getByRole('combobox', { name: 'Unidade atual' })).toHaveText(/DHIS/);

  await relatorios.check();
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(snackbar(page)).toContainText(M.salvo);
  await expect(dialogo).toHaveCount(0);
  await expect(page.getByTestId('linha-usuario').first().getByTestId('permissoes-usuario')).toHaveText('Relatórios');
});

test('carla entra, vê Relatórios no menu e gera o malote da sua unidade', async ({ page }) => {
  await entrar(page, 'carla', 'carla', '/home');
  const menu = page.getByTestId('menu-principal');
  await expect(menu.getByText('Relatórios', { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Documentos desarquivados' })).toBeVisible();
  // Not an administrator of users: no such entry, and the screen says who grants what.
  await expect(menu.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
  await gerarMalote(page, 'DHIS');
  await page.goto('/administracao/usuarios');
  await expect(page.getByTestId('sem-permissao')).toContainText('Administração › Usuários');
});

test('ana, do Protocolo Central, vê Relatórios e gera o malote', async ({ page }) => {
  await entrar(page, 'ana', 'ana', '/home');
  await expect(page.getByTestId('menu-principal').getByText('Relatórios', { exact: true })).toBeVisible();
  await gerarMalote(page, 'PROT');
});

test('desativar pede confirmação; o admin não se desativa nem tira de si a administração de usuários', async ({
  page,
}) => {
  await entrar(page, 'admin', 'admin', '/administracao/usuarios');

  // Oneself: both are locked, with the reason.
  await buscarUsuario(page, 'administrador', 'Administrador do Sistema');
  let dialogo = await editar(page, 'Administrador do Sistema');
  await expect(dialogo.getByRole('checkbox', { name: 'Administração de usuários' })).toBeDisabled();
  await expect(dialogo.getByRole('checkbox', { name: 'Administração de usuários' })).toHaveAccessibleDescription(
    M.autoRemocaoAdministracao,
  );
  await expect(dialogo.getByRole('switch', { name: /^Ativo/ })).toBeDisabled();
  await expect(dialogo.getByText(M.autoDesativacao)).toBeVisible();
  // Taking another of one's own permissions asks first; cancelled, nothing changes.
  await dialogo.getByRole('checkbox', { name: 'Relatórios' }).uncheck();
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  const remocao = page.getByRole('dialog', { name: 'Remover suas permissões' });
  await expect(remocao).toContainText('Você deixará de ter: Relatórios');
  await remocao.getByRole('button', { name: 'Cancelar' }).click();
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('linha-usuario').first().getByTestId('permissoes-usuario')).toContainText('Relatórios');

  // The demo's inactive user shows as such.
  await expect((await buscarUsuario(page, 'ribamar', 'José Ribamar Sousa')).getByText('Inativo')).toBeVisible();

  const linha = await buscarUsuario(page, 'francisco', 'Francisco das Chagas Lima');
  await expect(linha.getByText('Ativo', { exact: true })).toBeVisible();
  dialogo = await editar(page, 'Francisco das Chagas Lima');
  await dialogo.getByRole('switch', { name: /^Ativo/ }).uncheck();
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  const confirmacao = page.getByRole('dialog', { name: 'Desativar usuário' });
  await expect(confirmacao).toContainText('não poderá mais entrar no sistema');
  await conferirAcessibilidade(page);
  await confirmacao.getByRole('button', { name: 'Cancelar' }).click();
  await expect(linha.getByText('Ativo', { exact: true })).toBeVisible();

  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await confirmacao.getByRole('button', { name: 'Desativar' }).click();
  await expect(snackbar(page)).toContainText(M.salvo);
  await expect(linha.getByText('Inativo', { exact: true })).toBeVisible();
});
