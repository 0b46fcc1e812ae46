import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type AdministracaoTramita,
  MENSAGENS,
  type Peca,
  type TipoDocumento,
  URL_PADRAO_TRAMITA,
} from '@tramite/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { conferirAcessibilidade, entrar, escolher, snackbar } from './apoio.ts';
import { lerBarramentoE2e } from './barramento-e2e.ts';

// Issue 24, steps 3, 4 and 5: Administração › Tramita GOV.BR (configuration, then mappings) against the local barramento double that servidor-e2e.ts starts
// (mutual TLS, system A's certificate made at start). The spec leaves the feature inactive, as the demo has it.

test.use({ viewport: { width: 1366, height: 768 } });
// Three axe runs, TLS handshakes and a sync: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const barramento = () => lerBarramentoE2e(process.env.E2E_PORT ?? '3987');

const campo = (page: Page, rotulo: string) => page.getByRole('textbox', { name: rotulo, exact: false });

async function escolherNaLista(page: Page, rotulo: string, opcao: string | RegExp) {
  await page.getByRole('combobox', { name: new RegExp(`^${rotulo}`) }).click();
  await page.getByRole('option', { name: opcao }).click();
}

async function estado(request: APIRequestContext) {
  return (await request.get('/api/tramita/estado')).json();
}

test('o admin configura, envia o certificado, testa a conexão, sincroniza as listas e ativa o Tramita GOV.BR', async ({
  page,
}) => {
  const { url, arquivoP12, senha } = barramento();
  await entrar(page, 'admin', 'admin', '/home');
  await page.getByTestId('menu-principal').getByRole('link', { name: 'Tramita GOV.BR' }).click();
  await page.waitForURL('**/administracao/tramita');
  await expect(page.getByRole('heading', { level: 1, name: 'Tramita GOV.BR' })).toBeVisible();
  await expect(page.getByTestId('situacao-tramita')).toContainText('Ainda não configurado');
  await expect(campo(page, 'Endereço da API')).toHaveValue(URL_PADRAO_TRAMITA.HOMOLOGACAO);
  await expect(page.getByText('Salve a configuração antes de enviar o certificado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar certificado' })).toHaveCount(0);
  await conferirAcessibilidade(page);

  // Each field says what is wrong with it, before anything goes to the server.
  await campo(page, 'Endereço da API').fill('http://barramento.exemplo.gov.br/');
  await campo(page, 'Bloco de transferência (MB)').fill('0');
  await page.getByRole('switch', { name: 'Tramita GOV.BR ativo' }).check();
  await page.getByRole('button', { name: 'Salvar configuração' }).click();
  await expect(page.getByText(MENSAGENS.tramita.urlHttps)).toBeVisible();
  await expect(page.getByText(MENSAGENS.tramita.numeroFaixa('O bloco de transferência (MB)', 1, 200))).toBeVisible();
  await expect(page.getByText(MENSAGENS.tramita.repositorioObrigatorio)).toBeVisible();
  await expect(page.getByText(MENSAGENS.tramita.estruturaRaizObrigatoria)).toBeVisible();
  await conferirAcessibilidade(page);

  // Saved inactive, with the double's address and the institution's structure.
  await campo(page, 'Endereço da API').fill(url);
  await campo(page, 'Bloco de transferência (MB)').fill('50');
  await campo(page, 'Estrutura da instituição').fill('100');
  await page.getByRole('switch', { name: 'Tramita GOV.BR ativo' }).uncheck();
  await page.getByRole('button', { name: 'Salvar configuração' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.tramita.configuracaoSalva);
  await expect(page.getByTestId('situacao-tramita')).toContainText('Inativo');

  // The certificate: a wrong password is said in Portuguese; the right one shows its public facts only.
  const enviar = page.getByRole('button', { name: 'Enviar certificado' });
  await page.getByTestId('entrada-arquivo-tramita').setInputFiles(arquivoP12);
  await expect(page.getByTestId('nome-arquivo-tramita')).toHaveText('sistema-a.p12');
  await page.getByLabel('Senha do PKCS#12').fill('errada');
  await enviar.click();
  await expect(page.getByTestId('erro-certificado-tramita')).toHaveText(MENSAGENS.tramita.senhaIncorreta);
  await page.getByLabel('Senha do PKCS#12').fill(senha);
  await enviar.click();
  await expect(snackbar(page)).toContainText(MENSAGENS.tramita.certificadoSalvo);
  const certificado = page.getByTestId('certificado-tramita');
  await expect(certificado).toContainText('Sistema A - Tramite UFEX');
  await expect(certificado).toContainText('AC de teste do Tramita GOV.BR');
  await expect(page.getByTestId('nome-arquivo-tramita')).toHaveText('Nenhum arquivo escolhido');

  // The connection, from the keyboard.
  await page.getByRole('button', { name: 'Testar conexão' }).focus();
  await page.keyboard.press('Enter');
  const resultado = page.getByTestId('resultado-conexao-tramita');
  await expect(resultado).toContainText(MENSAGENS.tramita.conexaoOk(2));
  await expect(resultado).toContainText('Poder Executivo Federal');

  await page.getByRole('button', { name: 'Sincronizar listas' }).click();
  await expect(resultado).toContainText(MENSAGENS.tramita.listasSincronizadas);
  const tabela = page.getByTestId('tabela-sincronizacao-tramita');
  await expect(tabela.getByRole('row', { name: /Espécies documentais/ })).toContainText('5');
  await expect(tabela.getByRole('row', { name: /Hipóteses legais/ })).toContainText('3');
  await expect(page.getByTestId('ultima-sincronizacao-tramita')).not.toContainText('Nunca');
  await conferirAcessibilidade(page);

  // With the lists, the repository and the default species are chosen; activated, the save syncs again.
  await escolherNaLista(page, 'Repositório de estruturas', /Poder Executivo Federal/);
  await escolherNaLista(page, 'Espécie padrão no envio', /^Anexo \(179\)/);
  await escolher(page, 'Unidade Tramita GOV.BR', 'PROT', /^PROT — /);
  await page.getByRole('switch', { name: 'Tramita GOV.BR ativo' }).check();
  await page.getByRole('button', { name: 'Salvar configuração' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.tramita.configuracaoSalva);
  await expect(page.getByTestId('aviso-sincronizacao-tramita')).toHaveText(MENSAGENS.tramita.listasSincronizadas);
  await expect(page.getByTestId('situacao-tramita')).toContainText('Ativo no ambiente de homologação');
  expect(await estado(page.request)).toEqual({ ativo: true, ambiente: 'HOMOLOGACAO' });

  // Left inactive, as the demo has it, for the specs that follow.
  await page.getByRole('switch', { name: 'Tramita GOV.BR ativo' }).uncheck();
  await page.getByRole('button', { name: 'Salvar configuração' }).click();
  await expect(page.getByTestId('situacao-tramita')).toContainText('Inativo');
  expect(await estado(page.request)).toEqual({ ativo: false });
});

test('o admin mapeia uma unidade pela busca de estruturas e um tipo documental a uma espécie, e remove com confirmação', async ({
  page,
}) => {
  // The configuration the test above left: saved, inactive, with the certificate and the lists synced.
  await entrar(page, 'admin', 'admin', '/administracao/tramita');
  const secao = page.getByRole('region', { name: 'Mapeamentos' });
  await expect(secao.getByRole('tab', { name: 'Unidades', selected: true })).toBeVisible();

  // The search asks the barramento; the result is chosen from the keyboard.
  const busca = secao.getByRole('search', { name: 'Buscar estrutura no Tramita GOV.BR' });
  await busca.getByRole('textbox', { name: 'Nome, sigla ou número da estrutura' }).fill('protocolo');
  await busca.getByRole('textbox', { name: 'Nome, sigla ou número da estrutura' }).press('Enter');
  const resultado = page.getByTestId('resultado-estruturas-tramita');
  await expect(resultado.getByRole('row', { name: /Protocolo Geral \(PROTOCOLO\)/ })).toContainText('REIT / UFEX');
  await expect(resultado).toContainText('Divisão de Protocolo');
  await expect(resultado).not.toContainText('Biblioteca');
  await conferirAcessibilidade(page);
  await resultado.getByRole('button', { name: 'Escolher Protocolo Geral (nº 103)' }).focus();
  await page.keyboard.press('Enter');
  await expect(secao.getByRole('textbox', { name: 'Número da estrutura', exact: true })).toHaveValue('103');
  await escolher(page, 'Unidade', 'PROT', /^PROT — /);
  await secao.getByRole('button', { name: 'Mapear unidade' }).last().click();
  await expect(snackbar(page)).toContainText(MENSAGENS.tramita.mapeamentoSalvo);
  const unidades = page.getByTestId('tabela-unidades-tramita');
  await expect(unidades.getByRole('row', { name: /^PROT — / })).toContainText('Protocolo Geral (PROTOCOLO) — nº 103');
  await expect(unidades.getByRole('row', { name: /^PROT — / })).toContainText('Envia e Recebe');

  // Types ↔ species, in their tab.
  await secao.getByRole('tab', { name: 'Tipos documentais' }).click();
  const envio = secao.getByRole('region', { name: 'Envio: tipo documental → espécie' });
  await envio.getByRole('combobox', { name: /^Tipo documental/ }).click();
  await page.getByRole('option', { name: 'Parecer', exact: true }).click();
  await envio.getByRole('combobox', { name: /^Espécie do Tramita GOV.BR/ }).click();
  await page.getByRole('option', { name: 'Parecer (95)' }).click();
  await envio.getByRole('button', { name: 'Mapear' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.tramita.mapeamentoSalvo);
  const especies = page.getByTestId('tabela-especies-envio-tramita');
  await expect(especies.getByRole('row', { name: /^Parecer/ })).toContainText('Parecer (95)');
  await conferirAcessibilidade(page);

  // Removing asks first; cancelling keeps it.
  await especies.getByRole('button', { name: 'Remover o mapeamento de Parecer' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Remover mapeamento?' });
  await expect(dialogo).toContainText('"Parecer" deixará de corresponder a "Parecer (95)".');
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(especies.getByRole('row', { name: /^Parecer/ })).toBeVisible();
  await especies.getByRole('button', { name: 'Remover o mapeamento de Parecer' }).click();
  await page.getByRole('dialog', { name: 'Remover mapeamento?' }).getByRole('button', { name: 'Remover' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.tramita.mapeamentoRemovido);
  await expect(page.getByTestId('tabela-especies-envio-tramita')).toHaveCount(0);

  // The other tabs: hypotheses both ways, and a destination's limit (the institution's repository is preselected).
  await secao.getByRole('tab', { name: 'Hipóteses legais' }).click();
  await expect(secao.getByRole('region', { name: 'Envio: hipótese do Trâmite → hipótese do PEN' })).toBeVisible();
  await expect(secao.getByRole('region', { name: 'Recebimento: hipótese do PEN → hipótese do Trâmite' })).toBeVisible();
  await conferirAcessibilidade(page);
  await secao.getByRole('tab', { name: 'Limites por destino' }).click();
  await secao.getByRole('textbox', { name: 'Tamanho máximo (MB)' }).fill('20');
  await secao.getByRole('textbox', { name: 'Extensões recusadas' }).fill('.EXE, zip');
  await secao.getByRole('button', { name: 'Adicionar limite' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.tramita.limiteSalvo);
  const limites = page.getByTestId('tabela-limites-tramita');
  await expect(limites.getByRole('row', { name: /Poder Executivo Federal \(repositório inteiro\)/ })).toContainText(
    '.exe, .zip',
  );
  // Changed in the same form: it comes filled in, and saves over the same row.
  await limites.getByRole('button', { name: /^Alterar o limite de Poder Executivo Federal/ }).click();
  await expect(secao.getByRole('heading', { name: 'Alterar limite' })).toBeVisible();
  await expect(secao.getByRole('textbox', { name: 'Extensões recusadas' })).toHaveValue('exe, zip');
  await secao.getByRole('textbox', { name: 'Tamanho máximo (MB)' }).fill('15');
  await conferirAcessibilidade(page);
  await secao.getByRole('button', { name: 'Salvar limite' }).click();
  await expect(limites.getByRole('row', { name: /Poder Executivo Federal/ })).toContainText('15 MB');
  await expect(limites.getByRole('row')).toHaveCount(2);
  await expect(secao.getByRole('heading', { name: 'Novo limite' })).toBeVisible();

  // The unit's mapping stays, through the API the screen uses.
  const mapeamentos = await (await page.request.get('/api/administracao/tramita/mapeamentos')).json();
  expect(mapeamentos.unidades).toMatchObject([
    { siglaUnidade: 'PROT', numeroEstrutura: 103, envia: true, recebe: true },
  ]);
  expect(mapeamentos.especiesEnvio).toEqual([]);
  expect(mapeamentos.limites).toMatchObject([{ tamanhoMaximoMb: 15, extensoesRecusadas: ['exe', 'zip'] }]);
});

test('sem a permissão, nada do Tramita GOV.BR: nem o menu, nem a tela, nem um destino no Tramitar', async ({
  page,
}) => {
  await entrar(page, 'ana', 'ana', '/caixa-postal');
  expect(await estado(page.request)).toEqual({ ativo: false });
  const menu = page.getByTestId('menu-principal');
  await expect(menu).toBeVisible();
  await expect(menu).not.toContainText('Tramita GOV.BR');
  await page.goto('/administracao/tramita');
  await expect(page.getByRole('heading', { level: 1, name: 'Tramita GOV.BR' })).toHaveCount(0);
  expect((await page.request.get('/api/administracao/tramita')).status()).toBe(403);

  // The Tramitar screen of a document in her box offers only the institution's units.
  const caixa = await page.request.get('/api/caixa-postal', {
    params: { dataInicio: '2000-01-01', dataFim: '2100-12-31', tamanhoPagina: '50' },
  });
  const recebido = ((await caixa.json()).itens as { idDocumento: number; recebido: boolean }[])
    .filter((item) => item.recebido)
    .at(-1);
  if (!recebido) throw new Error('A semente deveria ter documentos recebidos no Protocolo Central');
  await page.goto(`/documentos/${recebido.idDocumento}/tramitar`);
  await escolherNaLista(page, 'Fluxo', 'Tramitação livre');
  await escolherNaLista(page, 'Passo', 'Encaminhar');
  await page.getByRole('combobox', { name: 'Destino', exact: true }).click();
  const opcoes = page.getByRole('option');
  await expect(opcoes.first()).toBeVisible();
  await expect(page.getByRole('listbox')).not.toContainText(/Tramita GOV\.BR|Órgão externo/);
  await expect(page.locator('main')).not.toContainText(/Tramita GOV\.BR|Órgão externo/);
});

const APP = { 'x-requested-with': 'XMLHttpRequest' };

/** The configuration as GET administracao/tramita answers it, as the body PUT takes, with `mudancas`. */
function corpoConfiguracao(tela: AdministracaoTramita, mudancas: Record<string, unknown>) {
  const c = tela.configuracao;
  if (!c) throw new Error('A configuração deveria estar salva pelos testes anteriores');
  return {
    ambiente: c.ambiente,
    urlBase: c.urlBase,
    idRepositorio: c.idRepositorio,
    numeroEstruturaRaiz: c.numeroEstruturaRaiz,
    ativo: c.ativo,
    blocoMb: c.blocoMb,
    tamanhoMaximoComponenteMb: c.tamanhoMaximoComponenteMb,
    intervaloConsultaSegundos: c.intervaloConsultaSegundos,
    idUnidadeTramita: c.idUnidadeTramita,
    idTipoDocumentoRecebido: c.idTipoDocumentoRecebido,
    codigoEspeciePadraoEnvio: c.codigoEspeciePadraoEnvio,
    idTipoPecaPadraoRecebimento: c.idTipoPecaPadraoRecebimento,
    ...mudancas,
  };
}

async function pdfDeTeste(texto: string): Promise<Buffer> {
  const documento = await PDFDocument.create();
  const pagina = documento.addPage();
  pagina.drawText(texto, { font: await documento.embedFont(StandardFonts.Helvetica), x: 50, y: 700, size: 14 });
  return Buffer.from(await documento.save());
}

test('no Tramitar, o órgão externo: escolhe o destino, vê a verificação antes do envio e escolhe o tipo da peça', async ({
  page,
  browser,
}) => {
  // The administrator activates it (without the default species, so a peça without type has none) and maps Parecer.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await entrar(adminPage, 'admin', 'admin', '/home');
  const original = (await (await adminPage.request.get('/api/administracao/tramita')).json()) as AdministracaoTramita;
  const ativar = await adminPage.request.put('/api/administracao/tramita', {
    headers: APP,
    data: corpoConfiguracao(original, { ativo: true, codigoEspeciePadraoEnvio: null }),
  });
  expect(ativar.status(), await ativar.text()).toBe(200);
  const tipos = (await (
    await adminPage.request.get('/api/tipos-documentos', { params: { paraPecas: 'true' } })
  ).json()) as TipoDocumento[];
  const parecer = tipos.find((tipo) => tipo.descricao === 'Parecer');
  if (!parecer) throw new Error('A semente deveria ter o tipo Parecer');
  const mapear = await adminPage.request.put(`/api/administracao/tramita/especies-envio/${parecer.id}`, {
    headers: APP,
    data: { codigoEspecie: 95 },
  });
  expect(mapear.status(), await mapear.text()).toBe(200);

  try {
    // Ana (Protocolo Central, mapped to structure 103 with envia) adds a peça without type to a document she holds.
    await entrar(page, 'ana', 'ana', '/caixa-postal');
    const caixa = await page.request.get('/api/caixa-postal', {
      params: { dataInicio: '2000-01-01', dataFim: '2100-12-31', tamanhoPagina: '50' },
    });
    const recebido = ((await caixa.json()).itens as { idDocumento: number; recebido: boolean }[])
      .filter((item) => item.recebido)
      .at(-1);
    if (!recebido) throw new Error('A semente deveria ter documentos recebidos no Protocolo Central');
    const nome = `oficio-externo-${Date.now()}.pdf`;
    const envio = await page.request.post(`/api/documentos/${recebido.idDocumento}/anexos`, {
      headers: APP,
      multipart: {
        tipoCopia: 'N',
        nivelAcesso: 'P',
        arquivo: { name: nome, mimeType: 'application/pdf', buffer: await pdfDeTeste('Parecer para o órgão externo') },
      },
    });
    expect(envio.status(), await envio.text()).toBe(201);
    const peca = (await envio.json()) as Peca;

    await page.goto(`/documentos/${recebido.idDocumento}/tramitar`);
    const grupo = page.getByRole('radiogroup', { name: 'Destino do documento' });
    await expect(grupo.getByRole('radio', { name: 'Unidade da instituição' })).toBeChecked();
    await grupo.getByRole('radio', { name: 'Órgão externo (Tramita GOV.BR)' }).check();
    const externo = page.getByRole('region', { name: 'Órgão externo (Tramita GOV.BR)' });
    await expect(externo.getByRole('combobox', { name: 'Repositório de estruturas' })).toContainText(
      'Poder Executivo Federal',
    );
    const busca = externo.getByRole('search', { name: 'Buscar estrutura no Tramita GOV.BR' });
    await busca.getByRole('textbox', { name: 'Nome, sigla ou número da estrutura' }).fill('protocolo');
    await busca.getByRole('textbox', { name: 'Nome, sigla ou número da estrutura' }).press('Enter');
    await externo.getByRole('button', { name: 'Escolher Divisão de Protocolo (nº 202)' }).click();
    await expect(externo.getByTestId('destino-tramita')).toContainText('Divisão de Protocolo (DIPROT) — nº 202');

    // The check names the peça and asks for its type, right there.
    const verificacao = externo.getByTestId('verificacao-tramita');
    await expect(verificacao.getByRole('heading', { name: 'Verificação antes do envio' })).toBeVisible();
    const daPeca = verificacao.getByTestId(`verificacao-peca-${peca.sequencial}`);
    await expect(daPeca).toContainText(MENSAGENS.tramita.verificacao.especieNaoMapeada(peca.sequencial, nome));
    await expect(page.getByRole('button', { name: /Enviar/ })).toHaveCount(0);
    await conferirAcessibilidade(page);
    await daPeca.getByRole('combobox', { name: `Tipo da peça ${peca.sequencial}` }).click();
    await page.getByRole('option', { name: 'Parecer', exact: true }).click();
    await daPeca.getByRole('button', { name: 'Salvar tipo' }).click();
    await expect(snackbar(page)).toContainText(MENSAGENS.arquivos.tipoPecaAlterado);
    await expect(verificacao.getByTestId(`verificacao-peca-${peca.sequencial}`)).toHaveCount(0);
    await expect(verificacao).not.toContainText(nome);
    await conferirAcessibilidade(page);

    // Back to the institution's units, the usual form is still there.
    await grupo.getByRole('radio', { name: 'Unidade da instituição' }).check();
    await expect(page.getByRole('combobox', { name: 'Fluxo', exact: false }).first()).toBeVisible();
    await expect(externo).toHaveCount(0);
  } finally {
    // Left as it was (inactive, with its default species), for the specs that follow.
    await adminPage.request.delete(`/api/administracao/tramita/especies-envio/${parecer.id}`, { headers: APP });
    const desativar = await adminPage.request.put('/api/administracao/tramita', {
      headers: APP,
      data: corpoConfiguracao(original, {}),
    });
    expect(desativar.status(), await desativar.text()).toBe(200);
    await admin.close();
  }
});
