import {
  type ArquivoAssinado,
  MAXIMO_ARQUIVOS_ASSINATURA,
  MENSAGENS,
  TAMANHO_MAXIMO_ARQUIVO_ASSINATURA,
} from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf, png } from '../../testing/arquivos.ts';
import { sha, usarArquivosAssinados } from '../../testing/cenarios/arquivos-assinados.ts';
import { corpoMultipart } from '../../testing/multipart.ts';
import { esperarErro } from '../../testing/respostas.ts';

const M = MENSAGENS.arquivosAssinados;
const a = usarArquivosAssinados();
const { campos, assinar, baixar, pdfsig, estado, conferirNadaGuardado, auditorias } = a;

describe('GET arquivos-assinados/tipos-assinatura', () => {
  it('lista só os tipos ativos e exige login', async () => {
    expect((await a.t.app.inject({ method: 'GET', url: '/api/arquivos-assinados/tipos-assinatura' })).statusCode).toBe(
      401,
    );
    const resposta = await a.t.app.inject({
      method: 'GET',
      url: '/api/arquivos-assinados/tipos-assinatura',
      headers: cabecalhosApp(a.ana),
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([{ id: a.ids.tipo, descricao: 'Assinatura digital institucional (PAdES)' }]);
  });
});

describe('GET arquivos-assinados/assinante', () => {
  it('responde o nome e a matrícula SIAPE do usuário (null quando não há)', async () => {
    const url = '/api/arquivos-assinados/assinante';
    expect((await a.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const daAna = await a.t.app.inject({ method: 'GET', url, headers: cabecalhosApp(a.ana) });
    expect(daAna.json()).toEqual({ nome: 'Ana Souza', matriculaSiape: '1234567' });
    const daCarla = await a.t.app.inject({ method: 'GET', url, headers: cabecalhosApp(a.carla) });
    expect(daCarla.json()).toEqual({ nome: 'Carla Sem Matrícula', matriculaSiape: null });
  });
});

describe('POST arquivos-assinados/', () => {
  it('assina um PDF em nome do usuário: o pdfsig o valida, o original fica guardado e os dois hashes são registrados', async () => {
    const original = pdf({ paginas: 1, marca: 'Ofício 12/2026' });
    const resposta = await assinar(a.ana, campos({ tipoAssinatura: 'Assinatura digital institucional (PAdES)' }), [
      { nome: 'Ofício 12-2026.pdf', conteudo: original, tipo: 'application/pdf' },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    const [assinado] = resposta.json() as ArquivoAssinado[];
    expect(assinado).toMatchObject({
      nomeOriginal: 'Ofício 12-2026.pdf',
      idTipoAssinatura: a.ids.tipo,
      tipoAssinatura: 'Assinatura digital institucional (PAdES)',
      matrSiape: '1234567',
      idUsuarioAssinante: a.ids.ana,
      nomeAssinante: 'Ana Souza',
      sha256Original: sha(original),
      idDocumentoVinculado: null,
      proprio: true,
      podeExcluir: true,
      podeVincular: true,
    });
    if (!assinado) throw new Error('sem resposta');

    const bytes = await baixar(a.ana, assinado.idArquivoAssinado);
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

    const doOriginal = await baixar(a.ana, assinado.idArquivoAssinado, 'original');
    expect(doOriginal.statusCode).toBe(200);
    expect(doOriginal.rawPayload.equals(original)).toBe(true);
    expect(await auditorias('ASSINAR_ARQUIVO', assinado.idArquivoAssinado)).toHaveLength(1);
  });

  it('assina vários arquivos num só pedido, cada um com a sua linha', async () => {
    const resposta = await assinar(a.ana, campos(), [
      { nome: 'um.pdf', conteudo: pdf({ paginas: 1, marca: 'um' }) },
      { nome: 'dois.pdf', conteudo: pdf({ paginas: 1, marca: 'dois' }) },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect((resposta.json() as ArquivoAssinado[]).map((a) => a.nomeOriginal)).toEqual(['um.pdf', 'dois.pdf']);
  });

  it('recusa, pelo nome, um arquivo que não é PDF e não guarda nada (nem o PDF enviado junto)', async () => {
    const antes = await estado();
    const resposta = await assinar(a.ana, campos(), [
      { nome: 'bom.pdf', conteudo: pdf({ paginas: 1, marca: 'bom' }) },
      { nome: 'foto.png', conteudo: png() },
    ]);
    esperarErro(resposta, 415, 'TIPO_NAO_SUPORTADO', M.apenasPdf, [{ campo: 'foto.png', mensagem: M.apenasPdf }]);
    await conferirNadaGuardado(antes);

    // A PNG named .pdf is not a PDF either.
    const disfarcado = await assinar(a.ana, campos(), [{ nome: 'disfarce.pdf', conteudo: png() }]);
    expect(disfarcado.statusCode).toBe(415);
    expect(disfarcado.json().mensagem).toBe(M.apenasPdf);
    await conferirNadaGuardado(antes);
  });

  it('recusa um arquivo que começa como PDF mas não pode ser lido (422) e um arquivo vazio (400)', async () => {
    const antes = await estado();
    const resposta = await assinar(a.ana, campos(), [
      { nome: 'quebrado.pdf', conteudo: pdf({ tamanho: 4096, marca: 'quebrado' }) },
    ]);
    expect(resposta.statusCode).toBe(422);
    expect(resposta.json().mensagem).toBe(M.pdfInvalido);
    const vazio = await assinar(a.ana, campos(), [{ nome: 'vazio.pdf', conteudo: Buffer.alloc(0) }]);
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().mensagem).toBe(MENSAGENS.arquivos.arquivoVazio);
    await conferirNadaGuardado(antes);
  });

  it('permite 50 MiB por arquivo e recusa um byte a mais com 413, sem guardar nada', async () => {
    // A real PDF padded with a comment up to exactly the limit: still readable and signable.
    const base = pdf({ paginas: 1, marca: 'volumoso' });
    const enchimento = Buffer.alloc(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA - base.length, 0x20);
    enchimento[0] = 0x25; // '%': the padding is a comment after %%EOF
    const limite = Buffer.concat([base, enchimento]);
    expect(limite.length).toBe(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA);
    const aceito = await assinar(a.ana, campos(), [{ nome: 'limite.pdf', conteudo: limite }]);
    expect(aceito.statusCode, aceito.body).toBe(201);

    const antes = await estado();
    const demais = Buffer.concat([limite, Buffer.from(' ')]);
    const recusado = await assinar(a.ana, campos(), [{ nome: 'demais.pdf', conteudo: demais }]);
    expect(recusado.statusCode).toBe(413);
    expect(recusado.json().mensagem).toBe(MENSAGENS.arquivos.arquivoGrande('50 MiB'));
    expect(recusado.headers.connection).toBe('close');
    await conferirNadaGuardado(antes);
  });

  it('recusa só pelo tamanho declarado, antes de ler o corpo', async () => {
    const antes = await estado();
    const { payload, tipo } = corpoMultipart(campos(), [{ nome: 'a.pdf', conteudo: pdf({ paginas: 1, marca: 'a' }) }]);
    const resposta = await a.t.app.inject({
      method: 'POST',
      url: '/api/arquivos-assinados',
      headers: {
        ...cabecalhosApp(a.ana),
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
    const pequeno = pdf({ paginas: 1, marca: 'x' });
    const arquivos = Array.from({ length: MAXIMO_ARQUIVOS_ASSINATURA + 1 }, (_, i) => ({
      nome: `f${i}.pdf`,
      conteudo: pequeno,
    }));
    const resposta = await assinar(a.ana, campos(), arquivos);
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(M.muitosArquivos(MAXIMO_ARQUIVOS_ASSINATURA));
    await conferirNadaGuardado(antes);
  });

  it('assina só com a matrícula SIAPE do próprio usuário', async () => {
    const antes = await estado();
    const arquivo = [{ nome: 'a.pdf', conteudo: pdf({ paginas: 1, marca: 'siape' }) }];
    const alheia = await assinar(a.ana, campos({ matrSiape: '7654321' }), arquivo);
    expect(alheia.statusCode).toBe(403);
    expect(alheia.json().mensagem).toBe(M.siapeDivergente);
    const ausente = await assinar(a.ana, { idTipoAssinatura: String(a.ids.tipo) }, arquivo);
    expect(ausente.statusCode).toBe(400);
    expect(ausente.json().mensagem).toBe(M.siapeObrigatorio);
    const semCadastro = await assinar(a.carla, campos(), arquivo);
    expect(semCadastro.statusCode).toBe(403);
    expect(semCadastro.json().mensagem).toBe(M.semSiape);
    await conferirNadaGuardado(antes);
    // Leading zeros and punctuation do not matter.
    expect((await assinar(a.ana, campos({ matrSiape: '0123456-7' }), arquivo)).statusCode).toBe(201);
  });

  it('exige um tipo de assinatura ativo, e a descrição, quando enviada, tem de ser a desse tipo', async () => {
    const antes = await estado();
    const arquivo = [{ nome: 'a.pdf', conteudo: pdf({ paginas: 1, marca: 'tipo' }) }];
    const inativo = await assinar(a.ana, campos({ idTipoAssinatura: String(a.ids.tipoInativo) }), arquivo);
    expect(inativo.statusCode).toBe(400);
    expect(inativo.json().mensagem).toBe(M.tipoAssinaturaInvalido);
    const semTipo = await assinar(a.ana, { matrSiape: '1234567' }, arquivo);
    expect(semTipo.statusCode).toBe(400);
    expect(semTipo.json().mensagem).toBe(M.tipoAssinaturaObrigatorio);
    const divergente = await assinar(a.ana, campos({ tipoAssinatura: 'Assinatura ICP-Brasil' }), arquivo);
    expect(divergente.statusCode).toBe(400);
    expect(divergente.json().mensagem).toBe(M.tipoAssinaturaDivergente);
    await conferirNadaGuardado(antes);
  });

  it('exige login, o cabeçalho anti-CSRF e ao menos um arquivo', async () => {
    const arquivo = [{ nome: 'a.pdf', conteudo: pdf({ paginas: 1, marca: 'login' }) }];
    expect((await assinar(undefined, campos(), arquivo)).statusCode).toBe(401);
    const { payload, tipo } = corpoMultipart(campos(), arquivo);
    const semCabecalho = await a.t.app.inject({
      method: 'POST',
      url: '/api/arquivos-assinados',
      headers: { cookie: a.ana, 'content-type': tipo },
      payload,
    });
    expect(semCabecalho.statusCode).toBe(403);
    const semArquivo = await assinar(a.ana, campos(), []);
    expect(semArquivo.statusCode).toBe(400);
    expect(semArquivo.json().mensagem).toBe(MENSAGENS.arquivos.arquivoAusente);
  });
});
