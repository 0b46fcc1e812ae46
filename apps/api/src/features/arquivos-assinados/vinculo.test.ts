import { type ArquivoAssinado, MENSAGENS, type Peca } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { sha, usarArquivosAssinados } from '../../testing/cenarios/arquivos-assinados.ts';

const M = MENSAGENS.arquivosAssinados;
const a = usarArquivosAssinados();
const { assinarUm, idsListados, baixar, excluir, vincular, estado, auditorias } = a;

describe('GET arquivos-assinados/{id}', () => {
  it('um arquivo não vinculado não existe para quem não o assinou; quem não entrou recebe 401', async () => {
    const arquivo = await assinarUm('privado.pdf');
    expect((await baixar(undefined, arquivo.idArquivoAssinado)).statusCode).toBe(401);
    const alheio = await baixar(a.bruno, arquivo.idArquivoAssinado);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json().mensagem).toBe(M.naoEncontrado);
    expect((await baixar(a.ana, arquivo.idArquivoAssinado, 'outro')).statusCode).toBe(400);
    expect((await baixar(a.ana, 999_999)).statusCode).toBe(404);
  });

  it('um arquivo vinculado: os outros recebem o PDF assinado quando podem abrir a peça, nunca o original', async () => {
    const arquivo = await assinarUm('publico.pdf');
    expect((await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.recebido)).statusCode).toBe(200);
    const assinado = await baixar(a.bruno, arquivo.idArquivoAssinado);
    expect(assinado.statusCode).toBe(200);
    expect(sha(assinado.rawPayload)).toBe(arquivo.sha256);
    const original = await baixar(a.bruno, arquivo.idArquivoAssinado, 'original');
    expect(original.statusCode).toBe(403);
    expect(original.json().mensagem).toBe(M.originalApenasAssinante);

    // Restricted peça: the peça rules decide (bruno's unit does not hold the document).
    const restrito = await assinarUm('restrito.pdf');
    const vinculo = await vincular(a.ana, restrito.idArquivoAssinado, a.ids.recebido);
    const { idPecaVinculada } = vinculo.json() as ArquivoAssinado;
    const hipotese = await a.t.banco.db
      .insertInto('hipoteseLegal')
      .values({ descricao: 'Informação pessoal', baseLegal: 'Lei nº 12.527/2011' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await a.t.banco.db
      .updateTable('peca')
      .set({ nivelAcesso: 'R', idHipoteseLegal: hipotese.id })
      .where('id', '=', idPecaVinculada as number)
      .execute();
    expect((await baixar(a.bruno, restrito.idArquivoAssinado)).statusCode).toBe(403);
    expect((await baixar(a.ana, restrito.idArquivoAssinado)).statusCode).toBe(200);
  });
});

describe('POST arquivos-assinados/{id}/vincular-documento/{idDocumento}', () => {
  it('inclui o PDF assinado como a última peça do documento, uma só vez', async () => {
    const arquivo = await assinarUm('vincular.pdf');
    const resposta = await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.recebido2);
    expect(resposta.statusCode, resposta.body).toBe(200);
    const vinculado = resposta.json() as ArquivoAssinado;
    expect(vinculado).toMatchObject({
      idDocumentoVinculado: a.ids.recebido2,
      numeroDocumentoVinculado: expect.stringMatching(/^99999\./),
      podeExcluir: false,
      podeVincular: false,
    });
    const pecas = (
      await a.t.app.inject({
        method: 'GET',
        url: `/api/documentos/${a.ids.recebido2}/pecas`,
        headers: cabecalhosApp(a.ana),
      })
    ).json() as Peca[];
    const peca = pecas.find((p) => p.idAcessoAnexo === vinculado.idPecaVinculada);
    expect(peca).toMatchObject({
      nome: 'vincular.pdf',
      tipoCopia: 'N',
      nivelAcesso: 'P',
      sequencial: pecas.length,
      descricao: 'Assinatura digital institucional (PAdES): assinado por Ana Souza (SIAPE 1234567)',
      tipoMime: 'application/pdf',
    });
    const bytes = await a.t.app.inject({
      method: 'GET',
      url: `/api/documentos/${a.ids.recebido2}/anexos/${peca?.idAnexo}/binario`,
      headers: cabecalhosApp(a.ana),
    });
    expect(sha(bytes.rawPayload)).toBe(arquivo.sha256);
    expect(await auditorias('VINCULAR_ARQUIVO_ASSINADO', arquivo.idArquivoAssinado)).toHaveLength(1);

    const denovo = await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.recebido);
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().mensagem).toBe(M.jaVinculado(vinculado.numeroDocumentoVinculado as string));
  });

  it('segue as regras das peças: documento arquivado, outra unidade, documento desconhecido', async () => {
    const arquivo = await assinarUm('regras.pdf');
    const arquivado = await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.arquivado);
    expect(arquivado.statusCode).toBe(403);
    expect(arquivado.json().mensagem).toBe(MENSAGENS.arquivos.documentoEncerrado);
    const outraUnidade = await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.outraUnidade);
    expect(outraUnidade.statusCode).toBe(403);
    expect(outraUnidade.json().mensagem).toBe(MENSAGENS.arquivos.apenasUnidadeAtual);
    expect((await vincular(a.ana, arquivo.idArquivoAssinado, 999_999)).statusCode).toBe(404);
    // Nothing was linked by the refusals.
    const linha = await a.t.banco.db
      .selectFrom('arquivoAssinado')
      .select(['idDocumentoVinculado', 'idPecaVinculada'])
      .where('id', '=', arquivo.idArquivoAssinado)
      .executeTakeFirstOrThrow();
    expect(linha).toEqual({ idDocumentoVinculado: null, idPecaVinculada: null });
  });

  it('só o assinante vincula: 404 para o arquivo não vinculado de outro, 401 sem login', async () => {
    const arquivo = await assinarUm('so-meu.pdf');
    expect((await vincular(undefined, arquivo.idArquivoAssinado, a.ids.recebido)).statusCode).toBe(401);
    expect((await vincular(a.bruno, arquivo.idArquivoAssinado, a.ids.outraUnidade)).statusCode).toBe(404);
  });

  it('excluir a peça criada pelo vínculo desvincula o arquivo assinado, que então pode ser excluído', async () => {
    const arquivo = await assinarUm('desfazer.pdf');
    const vinculado = (await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.recebido2)).json() as ArquivoAssinado;
    const peca = await a.t.banco.db
      .selectFrom('peca')
      .select('idAnexo')
      .where('id', '=', vinculado.idPecaVinculada as number)
      .executeTakeFirstOrThrow();
    const removida = await a.t.app.inject({
      method: 'DELETE',
      url: `/api/documentos/${a.ids.recebido2}/anexos/${peca.idAnexo}`,
      headers: cabecalhosApp(a.ana),
    });
    expect(removida.statusCode).toBe(204);
    expect((await excluir(a.ana, arquivo.idArquivoAssinado)).statusCode).toBe(204);
    // The signed content is still referenced by the (soft-deleted) row: it stays in the store.
    expect((await estado()).arquivos.some((guardado) => guardado.endsWith(arquivo.sha256))).toBe(true);
  });
});

describe('DELETE arquivos-assinados/{id}', () => {
  it('o assinante exclui um arquivo não vinculado: sai da lista e do download, a linha fica, com auditoria', async () => {
    const arquivo = await assinarUm('excluir.pdf');
    expect((await excluir(undefined, arquivo.idArquivoAssinado)).statusCode).toBe(401);
    expect((await excluir(a.bruno, arquivo.idArquivoAssinado)).statusCode).toBe(404);
    expect((await excluir(a.ana, arquivo.idArquivoAssinado)).statusCode).toBe(204);
    expect(await idsListados(a.ana)).not.toContain(arquivo.idArquivoAssinado);
    expect((await baixar(a.ana, arquivo.idArquivoAssinado)).statusCode).toBe(404);
    expect((await excluir(a.ana, arquivo.idArquivoAssinado)).statusCode).toBe(404);
    const linha = await a.t.banco.db
      .selectFrom('arquivoAssinado')
      .select('excluidoEm')
      .where('id', '=', arquivo.idArquivoAssinado)
      .executeTakeFirstOrThrow();
    expect(linha.excluidoEm).not.toBeNull();
    expect(await auditorias('EXCLUIR_ARQUIVO_ASSINADO', arquivo.idArquivoAssinado)).toHaveLength(1);
    // A deleted file cannot be linked either.
    expect((await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.recebido)).statusCode).toBe(404);
  });

  it('um arquivo vinculado faz parte do documento: 409 para o assinante, 403 para os demais', async () => {
    const arquivo = await assinarUm('vinculado.pdf');
    await vincular(a.ana, arquivo.idArquivoAssinado, a.ids.recebido);
    const proprio = await excluir(a.ana, arquivo.idArquivoAssinado);
    expect(proprio.statusCode).toBe(409);
    expect(proprio.json().mensagem).toBe(M.vinculadoNaoExclui);
    const alheio = await excluir(a.bruno, arquivo.idArquivoAssinado);
    expect(alheio.statusCode).toBe(403);
    expect(alheio.json().mensagem).toBe(M.apenasAssinanteExclui);
  });
});
