import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import { MENSAGENS, TAMANHO_MAXIMO_ARQUIVO, TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { executavel, pdf, png } from '../../testing/arquivos.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import {
  arquivosNoArmazenamento,
  conferirNadaGuardado as conferirGuardado,
  type EstadoGuardado,
  estadoGuardado,
} from '../../testing/estado.ts';
import {
  criarDocumento,
  criarHipotese,
  criarTipoDocumento,
  criarUnidade,
  criarUsuario,
} from '../../testing/fabricas.ts';
import { corpoMultipart, enviarPecas } from '../../testing/multipart.ts';

const A = MENSAGENS.arquivos;
const N = { tipoCopia: 'N' };

const t = usarAppTeste({ ENVIO_MAXIMO_POR_USUARIO: '8' });
let ana: string;
let bruno: string;
let ids: {
  protocolo: number;
  outra: number;
  ana: number;
  tipo: number;
  hipotese: number;
  recebido: number;
  volumoso: number;
};

const raiz = () => t.config.arquivosDir;
const sha = (conteudo: Buffer) => createHash('sha256').update(conteudo).digest('hex');

const estado = () => estadoGuardado(t);
const conferirNadaGuardado = (antes: EstadoGuardado) => conferirGuardado(t, antes);

beforeAll(async () => {
  // Six concurrent uploads by one user below: more than the default cap of uploads open at once per user (issue 17).
  const db = t.banco.db;
  const protocolo = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  const outra = await criarUnidade(db, { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' });
  const usuarioAna = await criarUsuario(db, { username: 'ana', lotacoes: [protocolo.id] });
  await criarUsuario(db, { username: 'bruno', lotacoes: [outra.id] });
  const tipo = await criarTipoDocumento(db);
  const base = { idUnidade: protocolo.id, idUsuario: usuarioAna.id, idTipoDocumento: tipo };
  ids = {
    protocolo: protocolo.id,
    outra: outra.id,
    ana: usuarioAna.id,
    tipo,
    hipotese: await criarHipotese(db),
    recebido: await criarDocumento(db, base),
    volumoso: await criarDocumento(db, { ...base, estadoTamanho: 2 }),
  };
  ana = await t.entrar('ana');
  bruno = await t.entrar('bruno');
});

describe('POST documentos/{id}/anexos', () => {
  it('guarda o arquivo pelo conteúdo e responde a nova peça', async () => {
    const conteudo = pdf({ tamanho: 4096, marca: 'primeiro' });
    const resposta = await enviarPecas(t, ana, ids.recebido, { ...N, descricao: 'Ofício de encaminhamento' }, [
      { nome: 'ofício nº 12.pdf', conteudo, tipo: 'application/pdf' },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    const peca = resposta.json();
    expect(peca).toMatchObject({
      idDocumento: ids.recebido,
      nome: 'ofício nº 12.pdf',
      descricao: 'Ofício de encaminhamento',
      tipoCopia: 'N',
      nivelAcesso: 'P',
      idHipoteseLegal: null,
      situacaoVinculo: null,
      situacaoTramitacao: null,
      sequencial: 1,
      sequenciaTramitacao: 1,
      tamanho: 4096,
      tipoMime: 'application/pdf',
      podeVisualizar: true,
      podeAlterar: true,
      podeExcluir: true,
    });
    const guardado = await readFile(t.app.armazenamento.caminho(sha(conteudo)));
    expect(guardado.equals(conteudo)).toBe(true);
    const anexo = await t.banco.db
      .selectFrom('anexo')
      .selectAll()
      .where('id', '=', peca.idAnexo)
      .executeTakeFirstOrThrow();
    expect(anexo).toMatchObject({ sha256: sha(conteudo), nome: 'ofício nº 12.pdf', idUsuario: ids.ana });
    const auditoria = await t.banco.db
      .selectFrom('auditoria')
      .selectAll()
      .where('acao', '=', 'ENVIAR_PECA')
      .where('idEntidade', '=', String(peca.idAcessoAnexo))
      .executeTakeFirstOrThrow();
    expect(auditoria.idUsuario).toBe(ids.ana);
  });

  it('numera a nova peça depois da última ativa e guarda uma só cópia do mesmo conteúdo', async () => {
    const conteudo = pdf({ tamanho: 3000, marca: 'repetido' });
    const primeira = await enviarPecas(t, ana, ids.recebido, N, [{ nome: 'a.pdf', conteudo }]);
    const segunda = await enviarPecas(t, ana, ids.recebido, N, [{ nome: 'b.pdf', conteudo }]);
    expect([primeira.statusCode, segunda.statusCode]).toEqual([201, 201]);
    expect(segunda.json().sequencial).toBe(primeira.json().sequencial + 1);
    expect(segunda.json().idAnexo).not.toBe(primeira.json().idAnexo);
    const arquivos = await t.banco.db
      .selectFrom('arquivo')
      .select('sha256')
      .where('sha256', '=', sha(conteudo))
      .execute();
    expect(arquivos).toHaveLength(1);
  });

  it('numera envios simultâneos de 1 a n sem repetição', async () => {
    const documento = await criarDocumento(t.banco.db, {
      idUnidade: ids.protocolo,
      idUsuario: ids.ana,
      idTipoDocumento: ids.tipo,
    });
    const respostas = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        enviarPecas(t, ana, documento, N, [{ nome: `p${i}.pdf`, conteudo: pdf({ tamanho: 2000, marca: `c${i}` }) }]),
      ),
    );
    expect(respostas.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(respostas.map((r) => r.json().sequencial).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('aceita um PNG e um nome sem extensão (decide o conteúdo), e guarda os nomes só para exibição', async () => {
    const imagem = await enviarPecas(t, ana, ids.recebido, { tipoCopia: 'O' }, [
      { nome: '../../etc/foto.png', conteudo: png() },
    ]);
    expect(imagem.statusCode, imagem.body).toBe(201);
    expect(imagem.json()).toMatchObject({ nome: 'foto.png', tipoMime: 'image/png' });
    const semExtensao = await enviarPecas(t, ana, ids.recebido, N, [{ nome: 'Relatório v1.2 final', conteudo: pdf() }]);
    expect(semExtensao.statusCode, semExtensao.body).toBe(201);
    expect(semExtensao.json().tipoMime).toBe('application/pdf');
  });

  it('peça restrita exige hipótese legal ativa', async () => {
    const semHipotese = await enviarPecas(t, ana, ids.recebido, { ...N, nivelAcesso: 'R' }, [
      { nome: 'r.pdf', conteudo: pdf() },
    ]);
    expect(semHipotese.statusCode).toBe(400);
    expect(semHipotese.json().mensagem).toBe(A.hipoteseObrigatoria);
    const inexistente = await enviarPecas(t, ana, ids.recebido, { ...N, nivelAcesso: 'R', idHipoteseLegal: '999999' }, [
      { nome: 'r.pdf', conteudo: pdf() },
    ]);
    expect(inexistente.statusCode).toBe(400);
    expect(inexistente.json().mensagem).toBe(A.hipoteseInvalida);
    const restrita = await enviarPecas(
      t,
      ana,
      ids.recebido,
      { ...N, nivelAcesso: 'R', idHipoteseLegal: String(ids.hipotese) },
      [{ nome: 'r.pdf', conteudo: pdf() }],
    );
    expect(restrita.statusCode, restrita.body).toBe(201);
    expect(restrita.json()).toMatchObject({ nivelAcesso: 'R', idHipoteseLegal: ids.hipotese });
  });

  it.each([
    ['um envio sem tipo de cópia', {}, [{ nome: 'a.pdf', conteudo: pdf() }], 400, A.tipoCopiaObrigatorio],
    ['um envio sem arquivo', N, [], 400, A.arquivoAusente],
    ['um arquivo vazio', N, [{ nome: 'vazio.pdf', conteudo: Buffer.alloc(0) }], 400, A.arquivoVazio],
    [
      'dois arquivos',
      N,
      [
        { nome: 'a.pdf', conteudo: pdf() },
        { nome: 'b.pdf', conteudo: pdf() },
      ],
      400,
      A.umArquivoPorVez,
    ],
    [
      'um .pdf que não é PDF',
      N,
      [{ nome: 'falso.pdf', conteudo: Buffer.from('Olá, isto é texto puro.\n'.repeat(40)) }],
      415,
      A.conteudoDivergente('pdf'),
    ],
    [
      'um executável declarado como PDF',
      N,
      [{ nome: 'nota.pdf', conteudo: executavel(), tipo: 'application/pdf' }],
      415,
      A.conteudoDivergente('pdf'),
    ],
    ['um executável sem extensão', N, [{ nome: 'instalar', conteudo: executavel() }], 415, A.tipoNaoReconhecido],
    ['um PNG chamado .pdf', N, [{ nome: 'imagem.pdf', conteudo: png() }], 415, A.conteudoDivergente('pdf')],
    ['um PDF chamado .txt', N, [{ nome: 'texto.txt', conteudo: pdf() }], 415, A.extensaoNaoReconhecida],
  ])('recusa %s e não guarda nada', async (_caso, campos, arquivos, status, mensagem) => {
    const antes = await estado();
    const resposta = await enviarPecas(t, ana, ids.recebido, campos as Record<string, string>, arquivos);
    expect(resposta.statusCode, resposta.body).toBe(status);
    expect(resposta.json().mensagem).toBe(mensagem);
    await conferirNadaGuardado(antes);
  });

  it('recusa corpo que não é multipart', async () => {
    const resposta = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${ids.recebido}/anexos`,
      headers: cabecalhosApp(ana),
      payload: { tipoCopia: 'N' },
    });
    expect(resposta.statusCode).toBe(415);
    expect(resposta.json().mensagem).toBe(A.multipartObrigatorio);
  });
});

describe('limites de tamanho (spec §9)', () => {
  it('aceita exatamente 5 MiB', async () => {
    const resposta = await enviarPecas(t, ana, ids.recebido, N, [
      { nome: 'limite.pdf', conteudo: pdf({ tamanho: TAMANHO_MAXIMO_ARQUIVO, marca: 'limite' }) },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect(resposta.json().tamanho).toBe(TAMANHO_MAXIMO_ARQUIVO);
  });

  it('recusa 5 MiB + 1 byte com 413 e não deixa linha, arquivo nem temporário', async () => {
    const antes = await estado();
    const resposta = await enviarPecas(t, ana, ids.recebido, N, [
      { nome: 'grande.pdf', conteudo: pdf({ tamanho: TAMANHO_MAXIMO_ARQUIVO + 1, marca: 'grande' }) },
    ]);
    expect(resposta.statusCode).toBe(413);
    expect(resposta.json().mensagem).toBe(A.arquivoGrande('5 MiB'));
    expect(resposta.headers.connection).toBe('close');
    await conferirNadaGuardado(antes);
  });

  it('recusa só pelo tamanho declarado, antes de ler o corpo', async () => {
    const antes = await estado();
    const { payload, tipo } = corpoMultipart(N, [{ nome: 'a.pdf', conteudo: pdf() }]);
    const resposta = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${ids.recebido}/anexos`,
      headers: { ...cabecalhosApp(ana), 'content-type': tipo, 'content-length': String(TAMANHO_MAXIMO_ARQUIVO * 2) },
      payload,
    });
    expect(resposta.statusCode).toBe(413);
    await conferirNadaGuardado(antes);
  });

  it('permite 50 MiB quando o estado 32005 é 2 e recusa um byte a mais', async () => {
    const aceito = await enviarPecas(t, ana, ids.volumoso, N, [
      { nome: 'volumoso.pdf', conteudo: pdf({ tamanho: TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO, marca: 'volumoso' }) },
    ]);
    expect(aceito.statusCode, aceito.body).toBe(201);
    expect(aceito.json().tamanho).toBe(TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO);
    const antes = await estado();
    const recusado = await enviarPecas(t, ana, ids.volumoso, N, [
      { nome: 'volumoso.pdf', conteudo: pdf({ tamanho: TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO + 1, marca: 'demais' }) },
    ]);
    expect(recusado.statusCode).toBe(413);
    expect(recusado.json().mensagem).toBe(A.arquivoGrande('50 MiB'));
    await conferirNadaGuardado(antes);
  });
});

describe('envios interrompidos não deixam nada para trás', () => {
  it('um fluxo multipart truncado (sem o delimitador final)', async () => {
    const antes = await estado();
    const { payload, tipo } = corpoMultipart(N, [
      { nome: 'cortado.pdf', conteudo: pdf({ tamanho: 200_000, marca: 'cortado' }) },
    ]);
    const resposta = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${ids.recebido}/anexos`,
      headers: { ...cabecalhosApp(ana), 'content-type': tipo },
      payload: payload.subarray(0, 120_000),
    });
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(A.envioInterrompido);
    await conferirNadaGuardado(antes);
  });

  it('um cliente que fecha a conexão no meio do arquivo', async () => {
    const antes = await estado();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = t.app.server.address();
    if (!endereco || typeof endereco === 'string') throw new Error('sem endereço');
    const { payload, tipo } = corpoMultipart(N, [
      { nome: 'abortado.pdf', conteudo: pdf({ tamanho: 3_000_000, marca: 'abortado' }) },
    ]);
    const socket = connect(endereco.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      `POST /api/documentos/${ids.recebido}/anexos HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${ana}\r\n` +
        `X-Requested-With: XMLHttpRequest\r\nContent-Type: ${tipo}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, 1_000_000));
    // The server has started writing the temporary file: now the client goes away.
    const temporario = async () => (await arquivosNoArmazenamento(raiz())).some((a) => a.includes('.tmp-'));
    for (let i = 0; i < 100 && !(await temporario()); i++) await esperar(20);
    expect(await temporario()).toBe(true);
    socket.destroy();
    for (let i = 0; i < 100 && (await temporario()); i++) await esperar(20);
    await conferirNadaGuardado(antes);
  });
});

describe('quem pode incluir peças', () => {
  it('exige login', async () => {
    const resposta = await enviarPecas(t, undefined, ids.recebido, N, [{ nome: 'a.pdf', conteudo: pdf() }]);
    expect(resposta.statusCode).toBe(401);
  });

  it('recusa a chamada sem o cabeçalho anti-CSRF', async () => {
    const { payload, tipo } = corpoMultipart(N, [{ nome: 'a.pdf', conteudo: pdf() }]);
    const resposta = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${ids.recebido}/anexos`,
      headers: { cookie: ana, 'content-type': tipo },
      payload,
    });
    expect(resposta.statusCode).toBe(403);
  });

  it('recusa outra unidade', async () => {
    const antes = await estado();
    const resposta = await enviarPecas(t, bruno, ids.recebido, N, [{ nome: 'a.pdf', conteudo: pdf() }]);
    expect(resposta.statusCode).toBe(403);
    expect(resposta.json().mensagem).toBe(A.apenasUnidadeAtual);
    await conferirNadaGuardado(antes);
  });

  it.each([
    ['enviado e ainda não recebido', { situacao: 'ENVIADO' as const }, 403, A.documentoNaoRecebido],
    ['juntado a outro', { situacao: 'E' as const }, 403, A.documentoNaoRecebido],
    ['arquivado', { estadoProcessamento: 2 }, 403, A.documentoEncerrado],
    ['concluído', { estadoProcessamento: 3 }, 403, A.documentoEncerrado],
    // A draft exists only for its creating unit: to anyone else it is not found.
    ['que é rascunho de outra unidade', { situacao: 'EM_CRIACAO' as const, outraCriadora: true }, 404, null],
  ])('recusa documento %s', async (_caso, dados, status, mensagem) => {
    const { outraCriadora, ...estadoDocumento } = { outraCriadora: false, ...dados };
    const documento = await criarDocumento(t.banco.db, {
      idUnidade: ids.protocolo,
      idUsuario: ids.ana,
      idTipoDocumento: ids.tipo,
      ...estadoDocumento,
      idUnidadeCriadora: outraCriadora ? ids.outra : ids.protocolo,
    });
    const resposta = await enviarPecas(t, ana, documento, N, [{ nome: 'a.pdf', conteudo: pdf() }]);
    expect(resposta.statusCode).toBe(status);
    if (mensagem) expect(resposta.json().mensagem).toBe(mensagem);
  });

  it('aceita rascunho na unidade que o cria', async () => {
    const rascunho = await criarDocumento(t.banco.db, {
      idUnidade: ids.protocolo,
      idUsuario: ids.ana,
      idTipoDocumento: ids.tipo,
      situacao: 'EM_CRIACAO',
    });
    const resposta = await enviarPecas(t, ana, rascunho, N, [{ nome: 'a.pdf', conteudo: pdf() }]);
    expect(resposta.statusCode, resposta.body).toBe(201);
  });

  it('responde 404 para documento desconhecido', async () => {
    const resposta = await enviarPecas(t, ana, 987654, N, [{ nome: 'a.pdf', conteudo: pdf() }]);
    expect(resposta.statusCode).toBe(404);
  });
});

describe('GET .../binario', () => {
  it('envia os bytes exatos com tipo, tamanho, Content-Disposition seguro e nosniff', async () => {
    const conteudo = pdf({ tamanho: 5000, marca: 'download' });
    const enviada = (
      await enviarPecas(t, ana, ids.recebido, N, [{ nome: 'relatório final; v2.pdf', conteudo }])
    ).json();
    const resposta = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${ids.recebido}/anexos/${enviada.idAnexo}/binario`,
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.rawPayload.equals(conteudo)).toBe(true);
    expect(resposta.headers['content-type']).toBe('application/pdf');
    expect(resposta.headers['content-length']).toBe('5000');
    expect(resposta.headers['x-content-type-options']).toBe('nosniff');
    expect(resposta.headers['content-disposition']).toBe(
      `inline; filename="relatorio final_ v2.pdf"; filename*=UTF-8''relat%C3%B3rio%20final%3B%20v2.pdf`,
    );

    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 0)]);
    const compactado = await enviarPecas(t, ana, ids.recebido, N, [{ nome: 'pacote.zip', conteudo: zip }]);
    expect(compactado.statusCode, compactado.body).toBe(201);
    const baixado = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${ids.recebido}/anexos/${compactado.json().idAnexo}/binario`,
    });
    expect(baixado.headers['content-type']).toBe('application/zip');
    expect(baixado.headers['content-disposition']).toMatch(/^attachment; filename="pacote.zip"/);
  });

  it('responde 404 para uma peça de outro documento', async () => {
    const enviada = (await enviarPecas(t, ana, ids.recebido, N, [{ nome: 'a.pdf', conteudo: pdf() }])).json();
    const resposta = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${ids.volumoso}/anexos/${enviada.idAnexo}/binario`,
    });
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBe(A.pecaNaoEncontrada);
  });
});
