import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { campoData, conferirAcessibilidade, dataBrasilia, entrar, escolher, preencherData, snackbar } from './apoio.ts';

// A retry runs the serial group again on the same database: each attempt autua its own document.
const EDICAO = String(Date.now()).slice(-6);
const RESUMO = `Ofício de solicitação de diárias para o congresso ${EDICAO}`;
const RESUMO_EDITADO = `Ofício de solicitação de diárias para o congresso ${EDICAO} nacional de extensão`;
const MOTIVO = 'Prazo de inscrição no congresso termina nesta semana';
const NUP = /^\d{5}\.\d{6}\/\d{4}-\d{2}$/;

interface Resumo {
  idDocumento: number;
  numero: string;
  situacao: string;
}

async function pesquisar(request: APIRequestContext, parametros: Record<string, string>): Promise<Resumo[]> {
  const resposta = await request.get('/api/documentos', { params: { tamanhoPagina: '100', ...parametros } });
  expect(resposta.ok()).toBe(true);
  return (await resposta.json()).itens;
}

async function escolherNaLista(page: Page, campo: string, opcao: string | RegExp) {
  await page.getByRole('combobox', { name: campo, exact: true }).click();
  await page.getByRole('option', { name: opcao }).click();
}

// Each test walks a whole flow as a person does, with accessibility checks on the way.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('autuação, edição, busca e informações do documento', () => {
  let idDocumento = 0;
  let numero = '';

  test('ana autua um documento pelo formulário, cancelando a confirmação uma vez', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/autuacoes');
    await expect(page.getByRole('heading', { level: 1, name: 'Nova autuação' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Unidade de procedência', exact: true })).toHaveValue(/^PROT — /);
    await conferirAcessibilidade(page);

    const criacoes: string[] = [];
    page.on('request', (requisicao) => {
      if (requisicao.method() === 'POST' && new URL(requisicao.url()).pathname === '/api/documentos') {
        criacoes.push(requisicao.url());
      }
    });

    await escolher(page, 'Tipo de documento', 'Solicitação', 'Solicitação de Diárias');
    // The type has exactly one assignable subject: it comes pre-selected.
    await expect(page.getByRole('combobox', { name: 'Assunto', exact: true })).toHaveValue('052.2 — Diárias');
    // The controlled vocabulary's guidance for this type and subject shows beside the subject.
    const orientacoes = page.getByRole('region', { name: 'Orientações do vocabulário controlado' });
    await expect(orientacoes).toContainText('Diárias para viagem a serviço');
    await expect(orientacoes).toContainText('no mínimo 10 dias de antecedência');
    await escolherNaLista(page, 'Tipo de interessado', 'Aluno');
    await escolher(page, 'Interessado', 'Lucas', /Lucas Gabriel Martins/);
    await expect(page.getByRole('combobox', { name: 'Interessado', exact: true })).toHaveValue(
      'Lucas Gabriel Martins (2021003456)',
    );
    await page.getByRole('textbox', { name: 'Resumo do assunto' }).fill(RESUMO);
    await page.getByRole('checkbox', { name: 'Urgente' }).check();

    // Urgent without a reason: the shared rule's message, on the field and in the snackbar; no dialog.
    await page.getByRole('button', { name: 'Autuar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.autuacao.urgenteSemMotivo);
    await expect(page.getByText(MENSAGENS.autuacao.urgenteSemMotivo, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Motivo da urgência' }).fill(MOTIVO);

    await page.getByRole('button', { name: 'Autuar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Confirmar autuação' });
    await expect(dialogo).toBeVisible();
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();
    expect(criacoes).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/autuacoes');
    expect(
      await pesquisar(page.request, {
        resumoAssunto: `congresso diarias ${EDICAO}`,
        dataCriacaoInicio: dataBrasilia(-1),
        dataCriacaoFim: dataBrasilia(1),
      }),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Autuar' }).click();
    await page.getByRole('dialog', { name: 'Confirmar autuação' }).getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(/\/documentos\/\d+$/);
    expect(criacoes).toHaveLength(1);
    idDocumento = Number(new URL(page.url()).pathname.split('/').pop());

    await expect(snackbar(page)).toHaveText(/^Documento \d{5}\.\d{6}\/\d{4}-\d{2} autuado com sucesso$/);
    const sucesso = await snackbar(page).textContent();
    const [, nupSnackbar] = /^Documento (.+) autuado com sucesso$/.exec(sucesso ?? '') ?? [];
    expect(nupSnackbar).toMatch(NUP);
    numero = nupSnackbar ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Informações do documento' })).toBeVisible();
    await expect(page.getByTestId('numero-documento')).toHaveText(numero);
    await expect(page.getByTestId('resumo-assunto')).toHaveText(RESUMO);
    await expect(page.getByTestId('tipo-documento')).toHaveText('Solicitação de Diárias');
    await expect(page.getByTestId('situacao-documento')).toContainText('Em criação');
    await expect(page.getByTestId('interessado')).toHaveText('Lucas Gabriel Martins (Aluno)');
    await expect(page.getByTestId('urgencia')).toHaveText(`Sim — ${MOTIVO}`);
    await expect(page.getByTestId('unidade-atual-documento')).toHaveText(/^PROT — /);
    await conferirAcessibilidade(page);
  });

  test('ana edita o resumo do documento e vê a alteração', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${idDocumento}`);
    await page.getByRole('link', { name: 'Editar autuação' }).click();
    await page.waitForURL(`**/autuacoes/${idDocumento}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edição de autuação' })).toBeVisible();
    const resumo = page.getByRole('textbox', { name: 'Resumo do assunto' });
    await expect(resumo).toHaveValue(RESUMO);
    await expect(page.getByRole('combobox', { name: 'Interessado', exact: true })).toHaveValue(
      'Lucas Gabriel Martins (2021003456)',
    );
    await expect(page.getByRole('combobox', { name: 'Tipo de documento', exact: true })).toHaveValue(
      'Solicitação de Diárias',
    );
    await conferirAcessibilidade(page);

    await resumo.fill(RESUMO_EDITADO);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('dialog', { name: 'Confirmar alteração' }).getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(`**/documentos/${idDocumento}`);
    await expect(snackbar(page)).toHaveText('Autuação alterada com sucesso');
    await expect(page.getByTestId('resumo-assunto')).toHaveText(RESUMO_EDITADO);
    await expect(page.getByTestId('numero-documento')).toHaveText(numero);
  });

  test('a busca acha o documento por uma palavra do resumo sem acentos, e o endereço a reproduz', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/busca');
    await expect(page.getByRole('heading', { level: 1, name: 'Busca de documentos' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Resumo do assunto' }).fill('diarias');
    await preencherData(page, 'Data de criação inicial', dataBrasilia(-1));
    await preencherData(page, 'Data de criação final', dataBrasilia(1));
    await page.getByRole('button', { name: 'Buscar' }).click();

    await page.waitForURL((url) => url.searchParams.get('resumoAssunto') === 'diarias');
    const url = new URL(page.url());
    expect(url.searchParams.get('dataCriacaoInicio')).toBe(dataBrasilia(-1));
    expect(url.searchParams.get('dataCriacaoFim')).toBe(dataBrasilia(1));
    const tabela = page.getByTestId('tabela-resultados');
    await expect(tabela.getByRole('link', { name: numero })).toBeVisible();
    await expect(page.getByTestId('total-resultados')).toHaveText(/documentos? encontrados?/);
    await conferirAcessibilidade(page);

    await page.reload();
    await expect(page.getByTestId('tabela-resultados').getByRole('link', { name: numero })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Resumo do assunto' })).toHaveValue('diarias');
    await expect(campoData(page, 'Data de criação inicial').locator('input')).toHaveValue(
      dataBrasilia(-1).split('-').reverse().join('/'),
    );

    await page.getByTestId('tabela-resultados').getByRole('link', { name: numero }).click();
    await page.waitForURL(`**/documentos/${idDocumento}`);
    await expect(page.getByTestId('numero-documento')).toHaveText(numero);
  });

  test('a busca ordena e pagina pelo endereço', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/busca?dataCriacaoInicio=2000-01-01&dataCriacaoFim=2100-12-31&tamanhoPagina=10');
    const tabela = page.getByTestId('tabela-resultados');
    await expect(tabela.getByRole('row')).toHaveCount(11);
    await tabela.getByRole('button', { name: 'Número' }).click();
    await page.waitForURL((url) => url.searchParams.get('ordenacao') === 'numero');
    expect(new URL(page.url()).searchParams.get('direcao')).toBe('asc');
    await expect(tabela.getByRole('columnheader', { name: 'Número' })).toHaveAttribute('aria-sort', 'ascending');
    const numeros = await tabela.locator('tbody tr td:first-child a').allTextContents();
    expect(numeros).toEqual([...numeros].sort());

    await page.getByRole('button', { name: 'Próxima página' }).click();
    await page.waitForURL((url) => url.searchParams.get('pagina') === '2');
    await expect(tabela.locator('tbody tr td:first-child a').first()).not.toHaveText(numeros[0] ?? '');
    await page.goBack();
    await expect(tabela.locator('tbody tr td:first-child a').first()).toHaveText(numeros[0] ?? '');
  });

  test('a busca mostra as mensagens de validação sem consultar a API', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/busca');
    const consultas: string[] = [];
    page.on('request', (requisicao) => {
      if (new URL(requisicao.url()).pathname === '/api/documentos') consultas.push(requisicao.url());
    });
    const erro = page.getByTestId('erro-busca');
    const buscar = page.getByRole('button', { name: 'Buscar' });
    /** Asks for the search and sees it refused with `mensagem`. */
    const recusada = async (mensagem: string) => {
      await buscar.click();
      await expect(erro).toHaveText(mensagem);
    };

    await recusada(MENSAGENS.busca.nenhumFiltroUsuario);
    await expect(snackbar(page)).toHaveText(MENSAGENS.busca.nenhumFiltroUsuario);

    await preencherData(page, 'Data de criação inicial', '2025-01-01');
    await recusada(MENSAGENS.busca.dataCriacaoIncompleta);

    await preencherData(page, 'Data de criação final', '2024-12-31');
    await recusada(MENSAGENS.busca.dataCriacaoInvertida);

    // Fixing the cause clears the message as the user types, without searching again.
    await preencherData(page, 'Data de criação final', '2025-12-31');
    await expect(erro).toBeHidden();
    await preencherData(page, 'Data de tramitação final', '2025-12-31');
    await recusada(MENSAGENS.busca.dataTramitacaoIncompleta);
    await preencherData(page, 'Data de tramitação final', '');

    await page.getByRole('textbox', { name: 'Resumo do assunto' }).fill('of');
    await recusada(MENSAGENS.busca.resumoCurto);

    await preencherData(page, 'Data de criação inicial', '');
    await preencherData(page, 'Data de criação final', '');
    await page.getByRole('textbox', { name: 'Resumo do assunto' }).fill('oficio');
    await page.getByRole('textbox', { name: 'Número do documento' }).fill('23546');
    await recusada(MENSAGENS.busca.resumoSemDatas);

    await escolherNaLista(page, 'Tipo de interessado', 'Aluno');
    await page.getByRole('textbox', { name: 'Resumo do assunto' }).fill('');
    await recusada(MENSAGENS.busca.interessadoIncompleto);
    expect(consultas).toEqual([]);

    // A shared link with a broken combination shows the message instead of searching.
    await page.goto('/busca?dataEnvioInicio=2025-01-01');
    await expect(page.getByTestId('erro-busca')).toHaveText(MENSAGENS.busca.dataTramitacaoIncompleta);
    expect(consultas).toEqual([]);
    await conferirAcessibilidade(page);
  });

  test('quem não entrou busca sem ver documentos em criação nem o filtro de servidores', async ({ page }) => {
    await page.goto('/busca?dataCriacaoInicio=2000-01-01&dataCriacaoFim=2100-12-31&tamanhoPagina=100');
    await expect(page.getByRole('heading', { level: 1, name: 'Busca de documentos' })).toBeVisible();
    const tabela = page.getByTestId('tabela-resultados');
    await expect(tabela.getByRole('row').nth(1)).toBeVisible();
    await expect(tabela.getByTestId('situacao').filter({ hasText: 'Em criação' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Servidor da unidade de procedência', exact: true })).toHaveCount(
      0,
    );
    await conferirAcessibilidade(page);

    await page.getByRole('textbox', { name: 'Número do documento' }).fill(numero);
    await preencherData(page, 'Data de criação inicial', '');
    await preencherData(page, 'Data de criação final', '');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByTestId('nenhum-resultado')).toHaveText('Nenhum documento encontrado');
    await expect(page.getByTestId('total-resultados')).toHaveText('0 documentos encontrados');
  });

  test('ana salva marcadores e favorita o documento', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${idDocumento}`);
    const marcadores = page.getByRole('combobox', { name: 'Marcadores', exact: true });
    await marcadores.fill('congresso');
    await marcadores.press('Enter');
    await marcadores.fill('diárias 2026');
    await marcadores.press('Enter');
    await page.getByRole('button', { name: 'Salvar marcadores' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.documento.marcadoresSalvos);
    await page.reload();
    await expect(page.getByRole('button', { name: 'congresso' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'diárias 2026' })).toBeVisible();

    const favorito = page.getByRole('button', { name: 'Favorito', exact: true });
    await favorito.click();
    await expect(snackbar(page)).toHaveText('Documento adicionado aos favoritos');
    await expect(favorito).toHaveAttribute('aria-pressed', 'true');
    await favorito.click();
    await expect(snackbar(page)).toHaveText('Documento removido dos favoritos');
    await expect(favorito).toHaveAttribute('aria-pressed', 'false');
  });

  test('antes de o Autocomplete e o Tooltip chegarem, os marcadores se editam e as ações dizem o que fazem', async ({
    page,
  }) => {
    // Both load at the first gesture (issue 23); with their downloads failing, the light field and the light tip
    // do the work: nothing typed is lost and the description is there.
    await page.route('**/assets/CampoMarcadores-*.js', (rota) => rota.abort());
    await page.route('**/assets/Tooltip-*.js', (rota) => rota.abort());
    await entrar(page, 'ana', 'ana', `/documentos/${idDocumento}`);
    await expect(page.getByRole('button', { name: 'congresso' })).toBeVisible();
    const marcadores = page.getByRole('combobox', { name: 'Marcadores', exact: true });
    await marcadores.fill('sem módulo,');
    await expect(page.getByRole('button', { name: 'sem módulo' })).toBeVisible();
    await expect(marcadores).toHaveValue('');
    await marcadores.fill('segundo');
    await marcadores.press('Enter');
    await page.getByRole('button', { name: 'congresso' }).locator('.MuiChip-deleteIcon').click();
    await expect(page.getByRole('button', { name: 'congresso' })).toHaveCount(0);
    await expect(page.locator('.MuiAutocomplete-root')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Favorito', exact: true })).toHaveAccessibleDescription(
      'Adicionar aos favoritos',
    );
    await conferirAcessibilidade(page);
    await page.getByRole('button', { name: 'Salvar marcadores' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.documento.marcadoresSalvos);
    const detalhe = await (await page.request.get(`/api/documentos/${idDocumento}`)).json();
    expect([...detalhe.tags].sort()).toEqual(['diárias 2026', 'segundo', 'sem módulo']);

    // Once the modules can come, the next gesture brings them: the tip of the button that has the focus opens on the
    // same button, still focused (Tooltip renders it anew); MUI's field comes with the same tags.
    await page.unrouteAll();
    const favorito = page.getByRole('button', { name: 'Favorito', exact: true });
    await favorito.focus();
    await page.keyboard.press('Shift');
    await expect(page.getByRole('tooltip', { name: 'Adicionar aos favoritos' })).toBeVisible();
    await expect(favorito).toBeFocused();
    await marcadores.click();
    await expect(page.locator('.MuiAutocomplete-root')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'segundo' })).toBeVisible();
  });

  test('ana recebe, com confirmação, um documento que aguarda na caixa do Protocolo Central', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/home');
    const enviados = (
      await pesquisar(page.request, { dataEnvioInicio: '2000-01-01', dataEnvioFim: '2100-12-31' })
    ).filter((documento) => documento.situacao === 'ENVIADO');
    let pendente: { idDocumento: number; numero: string } | undefined;
    for (const candidato of enviados) {
      const detalhe = await (await page.request.get(`/api/documentos/${candidato.idDocumento}`)).json();
      if (detalhe.podeReceber) {
        pendente = detalhe;
        break;
      }
    }
    if (!pendente) throw new Error('A semente deveria ter documentos aguardando recebimento no Protocolo Central');

    await page.goto(`/documentos/${pendente.idDocumento}`);
    await expect(page.getByTestId('numero-documento')).toHaveText(pendente.numero);
    await page.getByRole('button', { name: 'Receber', exact: true }).click();
    const dialogo = page.getByRole('dialog', { name: 'Receber documento' });
    await expect(dialogo).toContainText(pendente.numero);
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();

    await page.getByRole('button', { name: 'Receber', exact: true }).click();
    await dialogo.getByRole('button', { name: 'Receber' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.documento.recebido);
    await expect(page.getByTestId('situacao-documento')).toContainText('Recebido');
    await expect(page.getByRole('button', { name: 'Receber', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('unidade-atual-documento')).toHaveText(/^PROT — /);
  });

  test('quem não entrou vê os dados e só as ações públicas de um documento, e não vê rascunhos', async ({ page }) => {
    const [recebido] = (
      await pesquisar(page.request, { dataEnvioInicio: '2000-01-01', dataEnvioFim: '2100-12-31' })
    ).filter((documento) => documento.situacao === 'RECEBIDO');
    if (!recebido) throw new Error('A semente deveria ter documentos recebidos');
    await page.goto(`/documentos/${recebido.idDocumento}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Informações do documento' })).toBeVisible();
    await expect(page.getByTestId('numero-documento')).toHaveText(recebido.numero);
    const abas = page.getByRole('navigation', { name: 'Seções do documento' });
    await expect(abas.getByRole('link', { name: 'Movimentações' })).toHaveAttribute(
      'href',
      `/documentos/${recebido.idDocumento}/tramitacoes`,
    );
    const acoes = page.getByRole('group', { name: 'Ações do documento' });
    await expect(acoes.getByRole('button', { name: 'Comprovante', exact: true })).toBeVisible();
    await expect(acoes.getByRole('button', { name: 'Solicitar consolidação' })).toBeVisible();
    for (const restrita of ['Receber', 'Tramitar', 'Editar autuação', 'Enviar comprovante por e-mail', 'Favorito']) {
      await expect(acoes.getByText(restrita, { exact: true })).toHaveCount(0);
    }
    await conferirAcessibilidade(page);

    await page.goto(`/documentos/${idDocumento}`);
    await expect(page.getByTestId('erro-documento')).toBeVisible();
    await expect(page.getByTestId('numero-documento')).toHaveCount(0);
  });

  test('a busca do documento de origem preenche o emissor com a sigla da instituição', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/autuacoes');
    const numeroOrigem = page.getByRole('textbox', { name: 'Número do documento de origem' });
    await numeroOrigem.fill('99999.999999/2000-00');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.autuacao.documentoOrigemNaoEncontrado);

    await numeroOrigem.fill(numero);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('textbox', { name: 'Emissor' })).toHaveValue(/^[A-Z]{2,}$/);

    await escolher(page, 'Tipo de documento', 'Solicitação', 'Solicitação de Diárias');
    await page.getByRole('textbox', { name: 'Resumo do assunto' }).fill('Diárias de outro evento');
    await page.getByRole('button', { name: 'Autuar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.autuacao.documentoOrigemIncompleto);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Received before it was written: refused at the receipt date, before any confirmation.
    await preencherData(page, 'Data do documento de origem', '2025-03-10');
    await preencherData(page, 'Data de recebimento', '2025-03-09');
    await page.getByRole('button', { name: 'Autuar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.autuacao.recebimentoAntesDoDocumento);
    await expect(campoData(page, 'Data de recebimento')).toHaveAccessibleDescription(
      MENSAGENS.autuacao.recebimentoAntesDoDocumento,
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await preencherData(page, 'Data de recebimento', '2025-03-10');
    await page.getByRole('button', { name: 'Autuar' }).click();
    const confirmacao = page.getByRole('dialog', { name: 'Confirmar autuação' });
    await expect(confirmacao).toBeVisible();
    await confirmacao.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmacao).toBeHidden();
  });

  test('um documento que não pode ser editado leva à nova autuação com o motivo', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/home');
    const [recebido] = (
      await pesquisar(page.request, { dataEnvioInicio: '2000-01-01', dataEnvioFim: '2100-12-31' })
    ).filter((documento) => documento.situacao === 'RECEBIDO');
    if (!recebido) throw new Error('A semente deveria ter documentos recebidos');
    await page.goto(`/autuacoes/${recebido.idDocumento}`);
    await page.waitForURL((url) => url.pathname === '/autuacoes');
    await expect(snackbar(page)).toHaveText(MENSAGENS.autuacao.apenasEmCriacao);
    await expect(page.getByRole('heading', { level: 1, name: 'Nova autuação' })).toBeVisible();
  });
});

test('antes de o Select do MUI chegar, a nova autuação se preenche e valida, e a lista pedida abre quando ele chega', async ({
  page,
}) => {
  // The form's lists are light stand-ins until the first gesture brings MUI's Select (issue 23): hold that module,
  // fill and submit the form without it, ask for a list, then let it come.
  let liberar = () => {};
  const portao = new Promise<void>((resolver) => {
    liberar = resolver;
  });
  await page.route('**/assets/CampoSelecaoControladoCompleto-*.js', async (rota) => {
    await portao;
    await rota.continue();
  });
  await entrar(page, 'ana', 'ana', '/autuacoes');
  // MUI's Select is named by its label and its text, as the stand-in is.
  const origem = page.getByRole('combobox', { name: /^Origem do documento/ });
  await expect(origem).toHaveText('Nato-digital');
  await expect(page.getByRole('combobox', { name: 'Tipo de interessado', exact: true })).toBeVisible();
  await expect(page.locator('.MuiSelect-select')).toHaveCount(0);
  const resumo = page.getByRole('textbox', { name: 'Resumo do assunto' });
  await resumo.fill('Resumo digitado antes do Select');
  await conferirAcessibilidade(page);

  // The form validates without it: the first missing field's message, nothing sent.
  await page.getByRole('button', { name: 'Autuar' }).click();
  await expect(snackbar(page)).not.toBeEmpty();
  await expect(page.getByRole('combobox', { name: 'Tipo de documento', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The list asked for before the module arrives opens when it does, focused, and the choice reaches the form.
  await origem.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  liberar();
  await page.getByRole('option', { name: 'Digitalizado' }).click();
  await expect(origem).toHaveText('Digitalizado');
  await expect(origem).toBeFocused();
  await expect(page.locator('.MuiSelect-select')).toHaveCount(2);
  await expect(resumo).toHaveValue('Resumo digitado antes do Select');
  await expect(page.getByRole('combobox', { name: 'Tipo de interessado', exact: true })).toHaveText('');

  // From the keyboard, the other list: the loaded one opens with the arrow key.
  await page.getByRole('combobox', { name: 'Tipo de interessado', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Nenhum' })).toBeVisible();
  await page.keyboard.press('Escape');
});
