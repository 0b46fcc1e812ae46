import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  type ArquivoAssinado,
  LIMITE_BUSCA_ARQUIVOS_ASSINADOS,
  MAXIMO_ARQUIVOS_ASSINATURA,
  MENSAGENS,
  type Peca,
  TAMANHO_MAXIMO_ARQUIVO_ASSINATURA,
} from '@tramite/shared';
import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import {
  type ArquivoEnvio,
  arquivosNoArmazenamento,
  corpoMultipart,
  criarDocumento,
  criarTipoDocumento,
  pdf as pdfFalso,
  png,
} from '../pecas/apoio-teste.ts';

const M = MENSAGENS.arquivosAssinados;
const executar = promisify(execFile);
const sha = (conteudo: Buffer) => createHash('sha256').update(conteudo).digest('hex');

let t: AppTeste;
let pasta: string;
let ana: string;
let bruno: string;
let carla: string;
let ids: {
  ana: number;
  bruno: number;
  protocolo: number;
  outra: number;
  tipo: number;
  tipoInativo: number;
  recebido: number;
  recebido2: number;
  arquivado: number;
  outraUnidade: number;
};

/** A real one-page PDF made with pdf-lib, different for each text. */
async function pdfReal(texto: string): Promise<Buffer> {
  const documento = await PDFDocument.create();
  const pagina = documento.addPage();
  pagina.drawText(texto, { font: await documento.embedFont(StandardFonts.Helvetica), x: 50, y: 700, size: 14 });
  return Buffer.from(await documento.save());
}

function campos(extra: Record<string, string> = {}) {
  return { idTipoAssinatura: String(ids.tipo), matrSiape: '1234567', ...extra };
}

function assinar(cookie: string | undefined, valores: Record<string, string>, arquivos: ArquivoEnvio[]) {
  const { payload, tipo } = corpoMultipart(valores, arquivos);
  return t.app.inject({
    method: 'POST',
    url: '/api/arquivos-assinados',
    headers: { ...cabecalhosApp(cookie), 'content-type': tipo },
    payload,
  });
}

async function assinarUm(nome: string, cookie = ana, valores = campos()): Promise<ArquivoAssinado> {
  const resposta = await assinar(cookie, valores, [{ nome, conteudo: await pdfReal(nome), tipo: 'application/pdf' }]);
  expect(resposta.statusCode, resposta.body).toBe(201);
  return (resposta.json() as ArquivoAssinado[])[0] as ArquivoAssinado;
}

function listar(cookie: string | undefined, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/arquivos-assinados', query, headers: cabecalhosApp(cookie) });
}

async function idsListados(cookie: string, query: Record<string, string> = {}): Promise<number[]> {
  const resposta = await listar(cookie, query);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return (resposta.json() as ArquivoAssinado[]).map((a) => a.idArquivoAssinado);
}

function baixar(cookie: string | undefined, id: number, tipoArquivo?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/arquivos-assinados/${id}`,
    query: tipoArquivo ? { tipoArquivo } : {},
    headers: cabecalhosApp(cookie),
  });
}

function excluir(cookie: string | undefined, id: number) {
  return t.app.inject({ method: 'DELETE', url: `/api/arquivos-assinados/${id}`, headers: cabecalhosApp(cookie) });
}

function vincular(cookie: string | undefined, id: number, idDocumento: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/arquivos-assinados/${id}/vincular-documento/${idDocumento}`,
    headers: cabecalhosApp(cookie),
  });
}

async function pdfsig(conteudo: Buffer): Promise<string> {
  const caminho = join(pasta, `${sha(conteudo)}.pdf`);
  await writeFile(caminho, conteudo);
  try {
    return (await executar('/usr/bin/pdfsig', [caminho])).stdout;
  } catch (erro) {
    return String((erro as { stdout?: string }).stdout ?? '');
  }
}

/** Rows and stored files: a refused signing leaves both as they were, and no temporary file. */
async function estado() {
  const { rows } = await sql<{ assinados: number; arquivos: number }>`
    SELECT (SELECT count(*)::int FROM arquivo_assinado) AS assinados,
      (SELECT count(*)::int FROM arquivo) AS arquivos`.execute(t.banco.db);
  return { linhas: rows[0], arquivos: await arquivosNoArmazenamento(t.config.arquivosDir) };
}

async function conferirNadaGuardado(antes: Awaited<ReturnType<typeof estado>>) {
  const depois = await estado();
  expect(depois.arquivos.filter((a) => a.includes('.tmp-'))).toEqual([]);
  expect(depois).toEqual(antes);
}

async function auditorias(acao: string, idEntidade: number) {
  return t.banco.db
    .selectFrom('auditoria')
    .selectAll()
    .where('acao', '=', acao)
    .where('idEntidade', '=', String(idEntidade) as never)
    .execute();
}

beforeAll(async () => {
  t = await criarAppTeste();
  pasta = await mkdtemp(join(tmpdir(), 'tramite-assinados-'));
  const db = t.banco.db;
  const protocolo = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  const outra = await criarUnidade(db, { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' });
  const usuarioAna = await criarUsuario(db, { username: 'ana', nome: 'Ana Souza', lotacoes: [protocolo.id] });
  const usuarioBruno = await criarUsuario(db, {
    username: 'bruno',
    nome: 'Bruno Conceição',
    lotacoes: [outra.id],
  });
  await criarUsuario(db, { username: 'carla', nome: 'Carla Sem Matrícula', lotacoes: [outra.id] });
  await db.updateTable('usuario').set({ matriculaSiape: '1234567' }).where('id', '=', usuarioAna.id).execute();
  await db.updateTable('usuario').set({ matriculaSiape: '7654321' }).where('id', '=', usuarioBruno.id).execute();
  const tipo = await db
    .insertInto('tipoAssinatura')
    .values({ descricao: 'Assinatura digital institucional (PAdES)' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tipoInativo = await db
    .insertInto('tipoAssinatura')
    .values({ descricao: 'Assinatura digitalizada (imagem)', ativo: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tipoDocumento = await criarTipoDocumento(db);
  const base = { idUnidade: protocolo.id, idUsuario: usuarioAna.id, idTipoDocumento: tipoDocumento };
  ids = {
    ana: usuarioAna.id,
    bruno: usuarioBruno.id,
    protocolo: protocolo.id,
    outra: outra.id,
    tipo: tipo.id,
    tipoInativo: tipoInativo.id,
    recebido: await criarDocumento(db, base),
    recebido2: await criarDocumento(db, base),
    arquivado: await criarDocumento(db, { ...base, estadoProcessamento: 2 }),
    outraUnidade: await criarDocumento(db, { ...base, idUnidade: outra.id }),
  };
  ana = await t.entrar('ana');
  bruno = await t.entrar('bruno');
  carla = await t.entrar('carla');
});

afterAll(async () => {
  await t?.fechar();
  if (pasta) await rm(pasta, { recursive: true, force: true });
});

describe('GET arquivos-assinados/tipos-assinatura', () => {
  it('lista só os tipos ativos e exige login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/arquivos-assinados/tipos-assinatura' })).statusCode).toBe(
      401,
    );
    const resposta = await t.app.inject({
      method: 'GET',
      url: '/api/arquivos-assinados/tipos-assinatura',
      headers: cabecalhosApp(ana),
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([{ id: ids.tipo, descricao: 'Assinatura digital institucional (PAdES)' }]);
  });
});

describe('GET arquivos-assinados/assinante', () => {
  it('responde o nome e a matrícula SIAPE do usuário (null quando não há)', async () => {
    const url = '/api/arquivos-assinados/assinante';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const daAna = await t.app.inject({ method: 'GET', url, headers: cabecalhosApp(ana) });
    expect(daAna.json()).toEqual({ nome: 'Ana Souza', matriculaSiape: '1234567' });
    const daCarla = await t.app.inject({ method: 'GET', url, headers: cabecalhosApp(carla) });
    expect(daCarla.json()).toEqual({ nome: 'Carla Sem Matrícula', matriculaSiape: null });
  });
});

describe('POST arquivos-assinados/', () => {
  it('assina um PDF em nome do usuário: o pdfsig o valida, o original fica guardado e os dois hashes são registrados', async () => {
    const original = await pdfReal('Ofício 12/2026');
    const resposta = await assinar(ana, campos({ tipoAssinatura: 'Assinatura digital institucional (PAdES)' }), [
      { nome: 'Ofício 12-2026.pdf', conteudo: original, tipo: 'application/pdf' },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    const [assinado] = resposta.json() as ArquivoAssinado[];
    expect(assinado).toMatchObject({
      nomeOriginal: 'Ofício 12-2026.pdf',
      idTipoAssinatura: ids.tipo,
      tipoAssinatura: 'Assinatura digital institucional (PAdES)',
      matrSiape: '1234567',
      idUsuarioAssinante: ids.ana,
      nomeAssinante: 'Ana Souza',
      sha256Original: sha(original),
      idDocumentoVinculado: null,
      proprio: true,
      podeExcluir: true,
      podeVincular: true,
    });
    if (!assinado) throw new Error('sem resposta');

    const bytes = await baixar(ana, assinado.idArquivoAssinado);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
    expect(bytes.headers['content-disposition']).toBe(
      `inline; filename="Oficio 12-2026.pdf"; filename*=UTF-8''Of%C3%ADcio%2012-2026.pdf`,
    );
    expect(sha(bytes.rawPayload)).toBe(assinado.sha256);
    expect(assinado.tamanho).toBe(bytes.rawPayload.length);
    const relatorio = await pdfsig(bytes.rawPayload);
    expect(relatorio).toContain('Signature Validation: Signature is Valid.');
    expect(relatorio).toContain('Total document signed');
    expect(bytes.rawPayload.toString('latin1')).toContain('/Name (Ana Souza)');
    expect(bytes.rawPayload.toString('latin1')).toContain(
      '/Reason (Assinado por Ana Souza (SIAPE 1234567) - Assinatura digital institucional (PAdES))',
    );

    const doOriginal = await baixar(ana, assinado.idArquivoAssinado, 'original');
    expect(doOriginal.statusCode).toBe(200);
    expect(doOriginal.rawPayload.equals(original)).toBe(true);
    expect(await auditorias('ASSINAR_ARQUIVO', assinado.idArquivoAssinado)).toHaveLength(1);
  });

  it('assina vários arquivos num só pedido, cada um com a sua linha', async () => {
    const resposta = await assinar(ana, campos(), [
      { nome: 'um.pdf', conteudo: await pdfReal('um') },
      { nome: 'dois.pdf', conteudo: await pdfReal('dois') },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect((resposta.json() as ArquivoAssinado[]).map((a) => a.nomeOriginal)).toEqual(['um.pdf', 'dois.pdf']);
  });

  it('recusa, pelo nome, um arquivo que não é PDF e não guarda nada (nem o PDF enviado junto)', async () => {
    const antes = await estado();
    const resposta = await assinar(ana, campos(), [
      { nome: 'bom.pdf', conteudo: await pdfReal('bom') },
      { nome: 'foto.png', conteudo: png() },
    ]);
    expect(resposta.statusCode).toBe(415);
    expect(resposta.json()).toEqual({
      codigo: 'TIPO_NAO_SUPORTADO',
      mensagem: M.apenasPdf,
      erros: [{ campo: 'foto.png', mensagem: M.apenasPdf }],
    });
    await conferirNadaGuardado(antes);

    // A PNG named .pdf is not a PDF either.
    const disfarcado = await assinar(ana, campos(), [{ nome: 'disfarce.pdf', conteudo: png() }]);
    expect(disfarcado.statusCode).toBe(415);
    expect(disfarcado.json().mensagem).toBe(M.apenasPdf);
    await conferirNadaGuardado(antes);
  });

  it('recusa um arquivo que começa como PDF mas não pode ser lido (422) e um arquivo vazio (400)', async () => {
    const antes = await estado();
    const resposta = await assinar(ana, campos(), [{ nome: 'quebrado.pdf', conteudo: pdfFalso(4096, 'quebrado') }]);
    expect(resposta.statusCode).toBe(422);
    expect(resposta.json().mensagem).toBe(M.pdfInvalido);
    const vazio = await assinar(ana, campos(), [{ nome: 'vazio.pdf', conteudo: Buffer.alloc(0) }]);
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().mensagem).toBe(MENSAGENS.arquivos.arquivoVazio);
    await conferirNadaGuardado(antes);
  });

  it('permite 50 MiB por arquivo e recusa um byte a mais com 413, sem guardar nada', async () => {
    // A real PDF padded with a comment up to exactly the limit: still readable and signable.
    const base = await pdfReal('volumoso');
    const enchimento = Buffer.alloc(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA - base.length, 0x20);
    enchimento[0] = 0x25; // '%': the padding is a comment after %%EOF
    const limite = Buffer.concat([base, enchimento]);
    expect(limite.length).toBe(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA);
    const aceito = await assinar(ana, campos(), [{ nome: 'limite.pdf', conteudo: limite }]);
    expect(aceito.statusCode, aceito.body).toBe(201);

    const antes = await estado();
    const demais = Buffer.concat([limite, Buffer.from(' ')]);
    const recusado = await assinar(ana, campos(), [{ nome: 'demais.pdf', conteudo: demais }]);
    expect(recusado.statusCode).toBe(413);
    expect(recusado.json().mensagem).toBe(MENSAGENS.arquivos.arquivoGrande('50 MiB'));
    expect(recusado.headers.connection).toBe('close');
    await conferirNadaGuardado(antes);
  });

  it('recusa só pelo tamanho declarado, antes de ler o corpo', async () => {
    const antes = await estado();
    const { payload, tipo } = corpoMultipart(campos(), [{ nome: 'a.pdf', conteudo: await pdfReal('a') }]);
    const resposta = await t.app.inject({
      method: 'POST',
      url: '/api/arquivos-assinados',
      headers: {
        ...cabecalhosApp(ana),
        'content-type': tipo,
        'content-length': String((MAXIMO_ARQUIVOS_ASSINATURA + 1) * TAMANHO_MAXIMO_ARQUIVO_ASSINATURA),
      },
      payload,
    });
    expect(resposta.statusCode).toBe(413);
    await conferirNadaGuardado(antes);
  });

  it(`recusa mais de ${MAXIMO_ARQUIVOS_ASSINATURA} arquivos por pedido`, async () => {
    const antes = await estado();
    const pequeno = await pdfReal('x');
    const arquivos = Array.from({ length: MAXIMO_ARQUIVOS_ASSINATURA + 1 }, (_, i) => ({
      nome: `f${i}.pdf`,
      conteudo: pequeno,
    }));
    const resposta = await assinar(ana, campos(), arquivos);
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(M.muitosArquivos(MAXIMO_ARQUIVOS_ASSINATURA));
    await conferirNadaGuardado(antes);
  });

  it('assina só com a matrícula SIAPE do próprio usuário', async () => {
    const antes = await estado();
    const arquivo = [{ nome: 'a.pdf', conteudo: await pdfReal('siape') }];
    const alheia = await assinar(ana, campos({ matrSiape: '7654321' }), arquivo);
    expect(alheia.statusCode).toBe(403);
    expect(alheia.json().mensagem).toBe(M.siapeDivergente);
    const ausente = await assinar(ana, { idTipoAssinatura: String(ids.tipo) }, arquivo);
    expect(ausente.statusCode).toBe(400);
    expect(ausente.json().mensagem).toBe(M.siapeObrigatorio);
    const semCadastro = await assinar(carla, campos(), arquivo);
    expect(semCadastro.statusCode).toBe(403);
    expect(semCadastro.json().mensagem).toBe(M.semSiape);
    await conferirNadaGuardado(antes);
    // Leading zeros and punctuation do not matter.
    expect((await assinar(ana, campos({ matrSiape: '0123456-7' }), arquivo)).statusCode).toBe(201);
  });

  it('exige um tipo de assinatura ativo, e a descrição, quando enviada, tem de ser a desse tipo', async () => {
    const antes = await estado();
    const arquivo = [{ nome: 'a.pdf', conteudo: await pdfReal('tipo') }];
    const inativo = await assinar(ana, campos({ idTipoAssinatura: String(ids.tipoInativo) }), arquivo);
    expect(inativo.statusCode).toBe(400);
    expect(inativo.json().mensagem).toBe(M.tipoAssinaturaInvalido);
    const semTipo = await assinar(ana, { matrSiape: '1234567' }, arquivo);
    expect(semTipo.statusCode).toBe(400);
    expect(semTipo.json().mensagem).toBe(M.tipoAssinaturaObrigatorio);
    const divergente = await assinar(ana, campos({ tipoAssinatura: 'Assinatura ICP-Brasil' }), arquivo);
    expect(divergente.statusCode).toBe(400);
    expect(divergente.json().mensagem).toBe(M.tipoAssinaturaDivergente);
    await conferirNadaGuardado(antes);
  });

  it('exige login, o cabeçalho anti-CSRF e ao menos um arquivo', async () => {
    const arquivo = [{ nome: 'a.pdf', conteudo: await pdfReal('login') }];
    expect((await assinar(undefined, campos(), arquivo)).statusCode).toBe(401);
    const { payload, tipo } = corpoMultipart(campos(), arquivo);
    const semCabecalho = await t.app.inject({
      method: 'POST',
      url: '/api/arquivos-assinados',
      headers: { cookie: ana, 'content-type': tipo },
      payload,
    });
    expect(semCabecalho.statusCode).toBe(403);
    const semArquivo = await assinar(ana, campos(), []);
    expect(semArquivo.statusCode).toBe(400);
    expect(semArquivo.json().mensagem).toBe(MENSAGENS.arquivos.arquivoAusente);
  });
});

describe('GET arquivos-assinados/{id}', () => {
  it('um arquivo não vinculado não existe para quem não o assinou; quem não entrou recebe 401', async () => {
    const arquivo = await assinarUm('privado.pdf');
    expect((await baixar(undefined, arquivo.idArquivoAssinado)).statusCode).toBe(401);
    const alheio = await baixar(bruno, arquivo.idArquivoAssinado);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json().mensagem).toBe(M.naoEncontrado);
    expect((await baixar(ana, arquivo.idArquivoAssinado, 'outro')).statusCode).toBe(400);
    expect((await baixar(ana, 999_999)).statusCode).toBe(404);
  });

  it('um arquivo vinculado: os outros recebem o PDF assinado quando podem abrir a peça, nunca o original', async () => {
    const arquivo = await assinarUm('publico.pdf');
    expect((await vincular(ana, arquivo.idArquivoAssinado, ids.recebido)).statusCode).toBe(200);
    const assinado = await baixar(bruno, arquivo.idArquivoAssinado);
    expect(assinado.statusCode).toBe(200);
    expect(sha(assinado.rawPayload)).toBe(arquivo.sha256);
    const original = await baixar(bruno, arquivo.idArquivoAssinado, 'original');
    expect(original.statusCode).toBe(403);
    expect(original.json().mensagem).toBe(M.originalApenasAssinante);

    // Restricted peça: the peça rules decide (bruno's unit does not hold the document).
    const restrito = await assinarUm('restrito.pdf');
    const vinculo = await vincular(ana, restrito.idArquivoAssinado, ids.recebido);
    const { idPecaVinculada } = vinculo.json() as ArquivoAssinado;
    const hipotese = await t.banco.db
      .insertInto('hipoteseLegal')
      .values({ descricao: 'Informação pessoal', baseLegal: 'Lei nº 12.527/2011' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.banco.db
      .updateTable('peca')
      .set({ nivelAcesso: 'R', idHipoteseLegal: hipotese.id })
      .where('id', '=', idPecaVinculada as number)
      .execute();
    expect((await baixar(bruno, restrito.idArquivoAssinado)).statusCode).toBe(403);
    expect((await baixar(ana, restrito.idArquivoAssinado)).statusCode).toBe(200);
  });
});

describe('POST arquivos-assinados/{id}/vincular-documento/{idDocumento}', () => {
  it('inclui o PDF assinado como a última peça do documento, uma só vez', async () => {
    const arquivo = await assinarUm('vincular.pdf');
    const resposta = await vincular(ana, arquivo.idArquivoAssinado, ids.recebido2);
    expect(resposta.statusCode, resposta.body).toBe(200);
    const vinculado = resposta.json() as ArquivoAssinado;
    expect(vinculado).toMatchObject({
      idDocumentoVinculado: ids.recebido2,
      numeroDocumentoVinculado: expect.stringMatching(/^99999\./),
      podeExcluir: false,
      podeVincular: false,
    });
    const pecas = (
      await t.app.inject({ method: 'GET', url: `/api/documentos/${ids.recebido2}/pecas`, headers: cabecalhosApp(ana) })
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
    const bytes = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${ids.recebido2}/anexos/${peca?.idAnexo}/binario`,
      headers: cabecalhosApp(ana),
    });
    expect(sha(bytes.rawPayload)).toBe(arquivo.sha256);
    expect(await auditorias('VINCULAR_ARQUIVO_ASSINADO', arquivo.idArquivoAssinado)).toHaveLength(1);

    const denovo = await vincular(ana, arquivo.idArquivoAssinado, ids.recebido);
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().mensagem).toBe(M.jaVinculado(vinculado.numeroDocumentoVinculado as string));
  });

  it('segue as regras das peças: documento arquivado, outra unidade, documento desconhecido', async () => {
    const arquivo = await assinarUm('regras.pdf');
    const arquivado = await vincular(ana, arquivo.idArquivoAssinado, ids.arquivado);
    expect(arquivado.statusCode).toBe(403);
    expect(arquivado.json().mensagem).toBe(MENSAGENS.arquivos.documentoEncerrado);
    const outraUnidade = await vincular(ana, arquivo.idArquivoAssinado, ids.outraUnidade);
    expect(outraUnidade.statusCode).toBe(403);
    expect(outraUnidade.json().mensagem).toBe(MENSAGENS.arquivos.apenasUnidadeAtual);
    expect((await vincular(ana, arquivo.idArquivoAssinado, 999_999)).statusCode).toBe(404);
    // Nothing was linked by the refusals.
    const linha = await t.banco.db
      .selectFrom('arquivoAssinado')
      .select(['idDocumentoVinculado', 'idPecaVinculada'])
      .where('id', '=', arquivo.idArquivoAssinado)
      .executeTakeFirstOrThrow();
    expect(linha).toEqual({ idDocumentoVinculado: null, idPecaVinculada: null });
  });

  it('só o assinante vincula: 404 para o arquivo não vinculado de outro, 401 sem login', async () => {
    const arquivo = await assinarUm('so-meu.pdf');
    expect((await vincular(undefined, arquivo.idArquivoAssinado, ids.recebido)).statusCode).toBe(401);
    expect((await vincular(bruno, arquivo.idArquivoAssinado, ids.outraUnidade)).statusCode).toBe(404);
  });

  it('excluir a peça criada pelo vínculo desvincula o arquivo assinado, que então pode ser excluído', async () => {
    const arquivo = await assinarUm('desfazer.pdf');
    const vinculado = (await vincular(ana, arquivo.idArquivoAssinado, ids.recebido2)).json() as ArquivoAssinado;
    const peca = await t.banco.db
      .selectFrom('peca')
      .select('idAnexo')
      .where('id', '=', vinculado.idPecaVinculada as number)
      .executeTakeFirstOrThrow();
    const removida = await t.app.inject({
      method: 'DELETE',
      url: `/api/documentos/${ids.recebido2}/anexos/${peca.idAnexo}`,
      headers: cabecalhosApp(ana),
    });
    expect(removida.statusCode).toBe(204);
    expect((await excluir(ana, arquivo.idArquivoAssinado)).statusCode).toBe(204);
    // The signed content is still referenced by the (soft-deleted) row: it stays in the store.
    expect((await estado()).arquivos.some((a) => a.endsWith(arquivo.sha256))).toBe(true);
  });
});

describe('DELETE arquivos-assinados/{id}', () => {
  it('o assinante exclui um arquivo não vinculado: sai da lista e do download, a linha fica, com auditoria', async () => {
    const arquivo = await assinarUm('excluir.pdf');
    expect((await excluir(undefined, arquivo.idArquivoAssinado)).statusCode).toBe(401);
    expect((await excluir(bruno, arquivo.idArquivoAssinado)).statusCode).toBe(404);
    expect((await excluir(ana, arquivo.idArquivoAssinado)).statusCode).toBe(204);
    expect(await idsListados(ana)).not.toContain(arquivo.idArquivoAssinado);
    expect((await baixar(ana, arquivo.idArquivoAssinado)).statusCode).toBe(404);
    expect((await excluir(ana, arquivo.idArquivoAssinado)).statusCode).toBe(404);
    const linha = await t.banco.db
      .selectFrom('arquivoAssinado')
      .select('excluidoEm')
      .where('id', '=', arquivo.idArquivoAssinado)
      .executeTakeFirstOrThrow();
    expect(linha.excluidoEm).not.toBeNull();
    expect(await auditorias('EXCLUIR_ARQUIVO_ASSINADO', arquivo.idArquivoAssinado)).toHaveLength(1);
    // A deleted file cannot be linked either.
    expect((await vincular(ana, arquivo.idArquivoAssinado, ids.recebido)).statusCode).toBe(404);
  });

  it('um arquivo vinculado faz parte do documento: 409 para o assinante, 403 para os demais', async () => {
    const arquivo = await assinarUm('vinculado.pdf');
    await vincular(ana, arquivo.idArquivoAssinado, ids.recebido);
    const proprio = await excluir(ana, arquivo.idArquivoAssinado);
    expect(proprio.statusCode).toBe(409);
    expect(proprio.json().mensagem).toBe(M.vinculadoNaoExclui);
    const alheio = await excluir(bruno, arquivo.idArquivoAssinado);
    expect(alheio.statusCode).toBe(403);
    expect(alheio.json().mensagem).toBe(M.apenasAssinanteExclui);
  });
});

describe('GET arquivos-assinados/', () => {
  it('exige login', async () => {
    expect((await listar(undefined)).statusCode).toBe(401);
  });

  it('filtra por vínculo, assinante (id ou parte do nome), período da assinatura e arquivos próprios', async () => {
    const doBruno = await assinarUm('do-bruno.pdf', bruno, campos({ matrSiape: '7654321' }));
    const ligadoBruno = await assinarUm('do-bruno-vinculado.pdf', bruno, campos({ matrSiape: '7654321' }));
    const daAna = await assinarUm('da-ana.pdf');
    const antigo = await assinarUm('antigo.pdf');
    await t.banco.db
      .updateTable('arquivoAssinado')
      .set({ assinadoEm: new Date('2025-01-15T12:00:00-03:00') })
      .where('id', '=', antigo.idArquivoAssinado)
      .execute();
    // Signed at 23:30 in Brasília on 2025-01-16 (02:30 UTC on the 17th): it belongs to the 16th.
    const noite = await assinarUm('noite.pdf');
    await t.banco.db
      .updateTable('arquivoAssinado')
      .set({ assinadoEm: new Date('2025-01-17T02:30:00Z') })
      .where('id', '=', noite.idArquivoAssinado)
      .execute();
    // Bruno's document in his unit, to link his file.
    const documentoBruno = await criarDocumento(t.banco.db, {
      idUnidade: ids.outra,
      idUsuario: ids.bruno,
      idTipoDocumento: (await t.banco.db.selectFrom('tipoDocumento').select('id').executeTakeFirstOrThrow()).id,
    });
    expect((await vincular(bruno, ligadoBruno.idArquivoAssinado, documentoBruno)).statusCode).toBe(200);

    const todos = await idsListados(ana);
    expect(todos).toContain(daAna.idArquivoAssinado);
    expect(todos).toContain(ligadoBruno.idArquivoAssinado);
    // Bruno's unlinked file is his alone.
    expect(todos).not.toContain(doBruno.idArquivoAssinado);
    // Newest first.
    expect(todos.indexOf(daAna.idArquivoAssinado)).toBeLessThan(todos.indexOf(noite.idArquivoAssinado));
    expect(todos.indexOf(noite.idArquivoAssinado)).toBeLessThan(todos.indexOf(antigo.idArquivoAssinado));

    const vinculados = await idsListados(ana, { vinculados: 'true' });
    expect(vinculados).toContain(ligadoBruno.idArquivoAssinado);
    expect(vinculados).not.toContain(daAna.idArquivoAssinado);
    const livres = await idsListados(ana, { vinculados: 'false' });
    expect(livres).toContain(daAna.idArquivoAssinado);
    expect(livres).not.toContain(ligadoBruno.idArquivoAssinado);

    expect(await idsListados(ana, { usuarioAssinante: String(ids.bruno) })).toEqual([ligadoBruno.idArquivoAssinado]);
    expect(await idsListados(ana, { usuarioAssinante: 'conceicao' })).toEqual([ligadoBruno.idArquivoAssinado]);
    expect(await idsListados(ana, { usuarioAssinante: '%' })).toEqual([]);
    expect(await idsListados(bruno, { usuarioAssinante: 'bruno' })).toEqual([
      ligadoBruno.idArquivoAssinado,
      doBruno.idArquivoAssinado,
    ]);

    const proprios = await idsListados(ana, { arquivosAssinadosUsuario: 'true' });
    expect(proprios).toContain(daAna.idArquivoAssinado);
    expect(proprios).not.toContain(ligadoBruno.idArquivoAssinado);

    expect(await idsListados(ana, { dataAssinaturaInicio: '2025-01-16', dataAssinaturaFim: '2025-01-16' })).toEqual([
      noite.idArquivoAssinado,
    ]);
    expect(await idsListados(ana, { dataAssinaturaInicio: '2025-01-01', dataAssinaturaFim: '2025-01-31' })).toEqual([
      noite.idArquivoAssinado,
      antigo.idArquivoAssinado,
    ]);
    const metade = await listar(ana, { dataAssinaturaInicio: '2025-01-01' });
    expect(metade.statusCode).toBe(400);
    expect(metade.json().mensagem).toBe(M.dataAssinaturaIncompleta);
    const invertida = await listar(ana, { dataAssinaturaInicio: '2025-02-01', dataAssinaturaFim: '2025-01-01' });
    expect(invertida.statusCode).toBe(400);
    expect(
      (await listar(ana, { dataAssinaturaInicio: '2025-02-30', dataAssinaturaFim: '2025-03-01' })).statusCode,
    ).toBe(400);
    expect((await listar(ana, { vinculados: 'talvez' })).statusCode).toBe(400);

    const linha = ((await listar(bruno, { usuarioAssinante: String(ids.bruno) })).json() as ArquivoAssinado[])[0];
    expect(linha).toMatchObject({ proprio: true, podeExcluir: false, nomeAssinante: 'Bruno Conceição' });
  });

  it(`responde no máximo ${LIMITE_BUSCA_ARQUIVOS_ASSINADOS} arquivos, os mais recentes`, async () => {
    const modelo = await assinarUm('modelo.pdf');
    const linhas = Array.from({ length: 60 }, (_, i) => ({
      idUsuario: ids.ana,
      nomeOriginal: `lote-${i}.pdf`,
      sha256: modelo.sha256,
      sha256Original: modelo.sha256Original,
      idTipoAssinatura: ids.tipo,
      tipoAssinatura: 'Assinatura digital institucional (PAdES)',
      matrSiape: '1234567',
      assinadoEm: new Date(Date.UTC(2030, 0, 1, 0, i)),
    }));
    await t.banco.db.insertInto('arquivoAssinado').values(linhas).execute();
    const resposta = await listar(ana, { arquivosAssinadosUsuario: 'true' });
    const lista = resposta.json() as ArquivoAssinado[];
    expect(lista).toHaveLength(LIMITE_BUSCA_ARQUIVOS_ASSINADOS);
    expect(lista[0]?.nomeOriginal).toBe('lote-59.pdf');
    expect(lista[49]?.nomeOriginal).toBe('lote-10.pdf');
  });
});
