import { MENSAGENS, type Peca } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { criarDocumento, criarUsuario, tramitacaoRecebidaNaDemo } from '../../testing/fabricas.ts';
import { enviarPecas } from '../../testing/multipart.ts';

/**
 * Spec §6 on the demo data: each kind of reader × each kind of peça → the bytes are served (200, exactly them) or
 * refused (403, no bytes); the listing agrees with the file route and labels the step as the spec says.
 */

type Leitor = 'anonimo' | 'bruno' | 'ana' | 'carla' | 'vera';
type TipoPeca = 'P' | 'R' | 'D' | 'M' | 'S';

const { t, resumo } = usarDemo();
const cookies: Partial<Record<Leitor, string>> = {};
let descricaoHipotese: string;
/** Document X: held RECEBIDO by the Protocolo Central, one tramitação, Carla is its interested person. */
let idX: number;
let idDestino: number;
const pecas = {} as Record<TipoPeca, { idAnexo: number; conteudo: Buffer }>;

const db = () => t.banco.db;

async function baixar(leitor: Leitor, idDocumento: number, idAnexo: number) {
  return t.app.inject({
    method: 'GET',
    url: `/api/documentos/${idDocumento}/anexos/${idAnexo}/binario`,
    headers: cookies[leitor] ? { cookie: cookies[leitor] } : {},
  });
}

async function listar(leitor: Leitor, idDocumento: number, rota: 'pecas' | 'anexos' = 'pecas'): Promise<Peca[]> {
  const resposta = await t.app.inject({
    method: 'GET',
    url: `/api/documentos/${idDocumento}/${rota}`,
    headers: cookies[leitor] ? { cookie: cookies[leitor] } : {},
  });
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

/** 200 with exactly the stored bytes, or 403 with the error body and nothing of the file. */
async function conferirAcesso(
  leitor: Leitor,
  idDocumento: number,
  peca: { idAnexo: number; conteudo: Buffer },
  serve: boolean,
) {
  const resposta = await baixar(leitor, idDocumento, peca.idAnexo);
  if (serve) {
    expect(resposta.statusCode, `${leitor}: ${resposta.body.slice(0, 200)}`).toBe(200);
    expect(resposta.rawPayload.equals(peca.conteudo)).toBe(true);
  } else {
    expect(resposta.statusCode, leitor).toBe(403);
    expect(resposta.headers['content-type']).toMatch(/^application\/json/);
    expect(resposta.json()).toEqual({
      codigo: 'SEM_PERMISSAO',
      mensagem: MENSAGENS.arquivos.semPermissaoArquivo,
      erros: [],
    });
    expect(resposta.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
  }
}

async function podeVisualizarNaLista(leitor: Leitor, idDocumento: number, idAnexo: number) {
  return (await listar(leitor, idDocumento)).find((p) => p.idAnexo === idAnexo)?.podeVisualizar;
}

async function definirDocumento(
  id: number,
  dados: {
    situacao?: 'RECEBIDO' | 'ENVIADO' | 'E';
    estadoProcessamento?: number;
    idDocumentoAgregador?: number | null;
  },
) {
  await db().updateTable('documento').set(dados).where('id', '=', id).execute();
}

beforeAll(async () => {
  await criarUsuario(db(), {
    username: 'vera',
    lotacoes: [resumo.unidades.reitoria],
    permissoes: ['VISUALIZACAO_IRRESTRITA_PECAS'],
  });
  for (const leitor of ['bruno', 'ana', 'carla', 'vera'] as const) cookies[leitor] = await t.entrar(leitor);
  const hipotese = resumo.hipoteses.informacaoPessoal;
  descricaoHipotese = (
    await db().selectFrom('hipoteseLegal').select('descricao').where('id', '=', hipotese).executeTakeFirstOrThrow()
  ).descricao;

  const base = {
    idUnidade: resumo.unidades.protocolo,
    idUsuario: resumo.usuarios.ana,
    idTipoDocumento: resumo.tipo571,
  };
  idX = await criarDocumento(db(), { ...base, idInteressado: resumo.interessadoCarla });
  await tramitacaoRecebidaNaDemo(db(), resumo, idX, { de: 'reitoria', para: 'protocolo', por: 'admin' });
  idDestino = await criarDocumento(db(), base);

  const campos: Record<TipoPeca, Record<string, string>> = {
    P: { tipoCopia: 'N', descricao: 'descricao-P' },
    R: { tipoCopia: 'N', nivelAcesso: 'R', idHipoteseLegal: String(hipotese), descricao: 'descricao-R' },
    D: { tipoCopia: 'N', descricao: 'descricao-D' },
    M: { tipoCopia: 'N', descricao: 'descricao-M' },
    S: { tipoCopia: 'N', nivelAcesso: 'S', idHipoteseLegal: String(hipotese), descricao: 'descricao-S' },
  };
  for (const tipo of ['P', 'R', 'D', 'M', 'S'] as const) {
    const conteudo = pdf({ tamanho: 1500, marca: `peca-${tipo}` });
    const resposta = await enviarPecas(t, cookies.ana, idX, campos[tipo], [{ nome: `peca-${tipo}.pdf`, conteudo }]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    pecas[tipo] = { idAnexo: resposta.json().idAnexo, conteudo };
  }
  const cancelar = async (tipo: 'D' | 'M', corpo: Record<string, unknown>) => {
    const peca = (await listar('ana', idX)).find((p) => p.idAnexo === pecas[tipo].idAnexo) as Peca;
    const resposta = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${idX}/pecas/${peca.idAcessoAnexo}/cancelar`,
      headers: cabecalhosApp(cookies.ana),
      payload: corpo,
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
  };
  await cancelar('D', { situacaoVinculo: 'D', justificativaCancelamento: 'Devolvida ao interessado' });
  await cancelar('M', {
    situacaoVinculo: 'M',
    justificativaCancelamento: 'Pertence a outro processo',
    idDocumentoPecaDesmembramento: idDestino,
  });
});

describe('a matriz de visibilidade (leitor × peça)', () => {
  const matriz: [Leitor, TipoPeca, boolean][] = [];
  const esperado: Record<Leitor, TipoPeca[]> = {
    anonimo: ['P'],
    bruno: ['P'],
    // Desmembradas and desentranhadas are for VISUALIZACAO_IRRESTRITA_PECAS only (spec §6): the exceptions of the
    // holding unit and of the interested person are about restricted peças.
    ana: ['P', 'R'],
    carla: ['P', 'R'],
    vera: ['P', 'R', 'D', 'M', 'S'],
  };
  for (const leitor of Object.keys(esperado) as Leitor[]) {
    for (const tipo of ['P', 'R', 'D', 'M'] as const) matriz.push([leitor, tipo, esperado[leitor].includes(tipo)]);
  }

  it.each(matriz)('%s × %s → servida: %s', async (leitor, tipo, serve) => {
    await conferirAcesso(leitor, idX, pecas[tipo], serve);
    expect(await podeVisualizarNaLista(leitor, idX, pecas[tipo].idAnexo)).toBe(serve);
  });

  it.each(['anonimo', 'bruno', 'ana', 'carla'] as const)(
    'a peça sigilosa não existe para %s (não listada, 404)',
    async (leitor) => {
      expect(await podeVisualizarNaLista(leitor, idX, pecas.S.idAnexo)).toBeUndefined();
      const resposta = await baixar(leitor, idX, pecas.S.idAnexo);
      expect(resposta.statusCode).toBe(404);
      expect(resposta.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    },
  );

  it('a peça sigilosa é listada e servida a VISUALIZACAO_IRRESTRITA_PECAS', async () => {
    expect(await podeVisualizarNaLista('vera', idX, pecas.S.idAnexo)).toBe(true);
    await conferirAcesso('vera', idX, pecas.S, true);
  });
});

describe('o texto livre de uma peça segue os seus bytes', () => {
  /** Every free-text field a peça carries: the file name, the description and both justifications. */
  const textos = (p: Peca) => [p.nome, p.descricao, p.justificativaAlteracao, p.justificativaCancelamento];
  const segredos = [
    'peca-R.pdf',
    'descricao-R',
    'justificativa-R',
    'peca-D.pdf',
    'descricao-D',
    'Devolvida ao interessado',
    'peca-M.pdf',
    'descricao-M',
    'Pertence a outro processo',
  ];

  beforeAll(async () => {
    await db()
      .updateTable('peca')
      .set({ justificativaAlteracao: 'justificativa-R' })
      .where('idAnexo', '=', pecas.R.idAnexo)
      .execute();
  });

  async function pedir(leitor: Leitor, url: string) {
    const resposta = await t.app.inject({
      method: 'GET',
      url,
      headers: cookies[leitor] ? { cookie: cookies[leitor] } : {},
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    return resposta;
  }

  it.each(['anonimo', 'bruno'] as const)(
    '%s recebe as linhas restritas e canceladas sem nome, descrição nem justificativas',
    async (leitor) => {
      for (const rota of ['pecas', 'anexos'] as const) {
        const resposta = await pedir(leitor, `/api/documentos/${idX}/${rota}`);
        for (const segredo of segredos) expect(resposta.body, `${rota}: ${segredo}`).not.toContain(segredo);
        for (const peca of resposta.json<Peca[]>()) {
          if (peca.idAnexo === pecas.P.idAnexo) {
            expect(textos(peca)).toEqual(['peca-P.pdf', 'descricao-P', null, null]);
          } else {
            expect(textos(peca), rota).toEqual([null, null, null, null]);
            // The row still says what it is: the word of spec §6.
            expect(peca.passoFluxo).toMatch(/^(RESTRITO - Motivo: .+|DESENTRANHADA|DESMEMBRADA)$/);
          }
        }
      }
      const uma = await pedir(leitor, `/api/documentos/${idX}/anexos/${pecas.R.idAnexo}`);
      expect(textos(uma.json<Peca>())).toEqual([null, null, null, null]);
      for (const segredo of segredos) expect(uma.body).not.toContain(segredo);
    },
  );

  it('a unidade que detém o documento lê a peça restrita que pode abrir, mas não as canceladas', async () => {
    const linhas = await listar('ana', idX);
    const linha = (tipo: TipoPeca) => linhas.find((p) => p.idAnexo === pecas[tipo].idAnexo) as Peca;
    expect(textos(linha('R'))).toEqual(['peca-R.pdf', 'descricao-R', 'justificativa-R', null]);
    expect(textos(linha('D'))).toEqual([null, null, null, null]);
    expect(textos(linha('M'))).toEqual([null, null, null, null]);
    expect(linha('D').passoFluxo).toBe('DESENTRANHADA');
  });

  it('VISUALIZACAO_IRRESTRITA_PECAS lê tudo', async () => {
    const linhas = await listar('vera', idX);
    const linha = (tipo: TipoPeca) => linhas.find((p) => p.idAnexo === pecas[tipo].idAnexo) as Peca;
    expect(textos(linha('R'))).toEqual(['peca-R.pdf', 'descricao-R', 'justificativa-R', null]);
    expect(textos(linha('D'))).toEqual(['peca-D.pdf', 'descricao-D', null, 'Devolvida ao interessado']);
    expect(textos(linha('M'))).toEqual(['peca-M.pdf', 'descricao-M', null, 'Pertence a outro processo']);
  });
});

describe('as exceções da spec §6 acompanham o documento', () => {
  it('o interessado perde o acesso depois do primeiro movimento e o recupera com o documento arquivado ou concluído', async () => {
    await tramitacaoRecebidaNaDemo(db(), resumo, idX, { de: 'protocolo', para: 'protocolo', por: 'ana' });
    await conferirAcesso('carla', idX, pecas.R, false);
    await conferirAcesso('ana', idX, pecas.R, true);
    await definirDocumento(idX, { estadoProcessamento: 2 });
    await conferirAcesso('carla', idX, pecas.R, true);
    await definirDocumento(idX, { estadoProcessamento: 3 });
    await conferirAcesso('carla', idX, pecas.R, true);
    await definirDocumento(idX, { estadoProcessamento: 1 });
    await conferirAcesso('carla', idX, pecas.R, false);
    await conferirAcesso('anonimo', idX, pecas.R, false);
  });

  it('a unidade que detém o documento vê as peças restritas só enquanto ele está recebido (ou em criação)', async () => {
    await definirDocumento(idX, { situacao: 'ENVIADO' });
    await conferirAcesso('ana', idX, pecas.R, false);
    await conferirAcesso('ana', idX, pecas.D, false);
    await conferirAcesso('vera', idX, pecas.R, true);
    await definirDocumento(idX, { situacao: 'RECEBIDO' });
    await conferirAcesso('ana', idX, pecas.R, true);
  });

  it('um documento juntado segue a sua raiz', async () => {
    const idFilho = await criarDocumento(db(), {
      idUnidade: resumo.unidades.protocolo,
      idUsuario: resumo.usuarios.ana,
      idTipoDocumento: resumo.tipo571,
    });
    const conteudo = pdf({ tamanho: 1200, marca: 'filho' });
    const enviada = await enviarPecas(
      t,
      cookies.ana,
      idFilho,
      { tipoCopia: 'N', nivelAcesso: 'R', idHipoteseLegal: String(resumo.hipoteses.informacaoPessoal) },
      [{ nome: 'filho.pdf', conteudo }],
    );
    const restrita = { idAnexo: enviada.json().idAnexo as number, conteudo };
    await definirDocumento(idFilho, { situacao: 'E', idDocumentoAgregador: idX });
    await conferirAcesso('ana', idFilho, restrita, true);
    await conferirAcesso('bruno', idFilho, restrita, false);
    await definirDocumento(idX, { situacao: 'ENVIADO' });
    await conferirAcesso('ana', idFilho, restrita, false);
    await definirDocumento(idX, { situacao: 'RECEBIDO' });
  });
});

describe('a tabela de peças', () => {
  it('rotula as peças restritas e canceladas para leitores sem a permissão', async () => {
    const linhas = await listar('anonimo', idX);
    const rotulo = (tipo: TipoPeca) => linhas.find((p) => p.idAnexo === pecas[tipo].idAnexo)?.passoFluxo;
    expect(rotulo('P')).toBeNull();
    expect(rotulo('R')).toBe(`${MENSAGENS.arquivos.prefixoRestrito}${descricaoHipotese}`);
    expect(rotulo('D')).toBe('DESENTRANHADA');
    expect(rotulo('M')).toBe('DESMEMBRADA');
    // The name of a peça the reader may not open is hidden too (below): the row is its number and its word.
    expect(linhas.map((p) => p.nome)).toEqual(['peca-P.pdf', null, null, null]);
    expect(linhas.every((p) => !p.podeAlterar && !p.podeExcluir)).toBe(true);
  });

  it('ordena pelo sequencial: as canceladas mantêm o número, as ativas vão de 1 a n', async () => {
    const linhas = await listar('vera', idX);
    expect(linhas.map((p) => [p.nome, p.sequencial, p.situacaoVinculo])).toEqual([
      ['peca-P.pdf', 1, null],
      ['peca-R.pdf', 2, null],
      ['peca-D.pdf', 3, 'D'],
      ['peca-M.pdf', 3, 'M'],
      ['peca-S.pdf', 3, null],
    ]);
    const desmembrada = linhas.find((p) => p.situacaoVinculo === 'M');
    expect(desmembrada).toMatchObject({
      idDocumentoPecaDesmembramento: idDestino,
      justificativaCancelamento: 'Pertence a outro processo',
      passoFluxo: 'DESMEMBRADA',
    });
  });

  it('GET /anexos lista só as peças vigentes (não canceladas)', async () => {
    expect((await listar('anonimo', idX, 'anexos')).map((p) => p.idAnexo)).toEqual([pecas.P.idAnexo, pecas.R.idAnexo]);
    expect((await listar('vera', idX, 'anexos')).map((p) => p.nome)).toEqual([
      'peca-P.pdf',
      'peca-R.pdf',
      'peca-S.pdf',
    ]);
  });

  it('GET /anexos/{idAnexo} responde a mesma linha da tabela', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: `/api/documentos/${idX}/anexos/${pecas.R.idAnexo}` });
    expect(resposta.statusCode).toBe(200);
    const linha = (await listar('anonimo', idX)).find((p) => p.idAnexo === pecas.R.idAnexo);
    expect(resposta.json()).toEqual(linha);
  });

  it('mostra o passo com o sufixo a VISUALIZACAO_IRRESTRITA_PECAS e só a palavra aos demais (dados da demonstração)', async () => {
    const casos = [
      [resumo.documentos.comPecaRestrita, (p: Peca) => p.nivelAcesso === 'R' && p.situacaoVinculo === null, 'RESTRITO'],
      [resumo.documentos.comPecaDesmembrada, (p: Peca) => p.situacaoVinculo === 'M', 'DESMEMBRADA'],
      [resumo.documentos.comPecaDesentranhada, (p: Peca) => p.situacaoVinculo === 'D', 'DESENTRANHADA'],
    ] as const;
    for (const [documentos, escolher, palavra] of casos) {
      let conferidos = 0;
      for (const idDocumento of documentos) {
        const situacao = await db()
          .selectFrom('documento')
          .select('situacao')
          .where('id', '=', idDocumento)
          .executeTakeFirstOrThrow();
        // Drafts exist only for their creating unit.
        if (situacao.situacao === 'EM_CRIACAO') continue;
        const irrestrita = (await listar('vera', idDocumento)).find((p) => escolher(p) && p.situacaoTramitacao === 'T');
        if (!irrestrita) continue;
        const anonima = (await listar('anonimo', idDocumento)).find((p) => p.idAnexo === irrestrita.idAnexo) as Peca;
        expect(irrestrita.passoFluxo).toMatch(new RegExp(`^.+ - ${palavra}$`));
        if (palavra === 'RESTRITO') {
          expect(anonima.passoFluxo).toBe(`${MENSAGENS.arquivos.prefixoRestrito}${irrestrita.descricaoHipoteseLegal}`);
        } else {
          expect(anonima.passoFluxo).toBe(palavra);
        }
        expect(anonima.podeVisualizar).toBe(false);
        expect(irrestrita.podeVisualizar).toBe(true);
        expect(irrestrita.dataDespacho).not.toBeNull();
        const bytes = await baixar('anonimo', idDocumento, irrestrita.idAnexo);
        expect(bytes.statusCode).toBe(403);
        expect((await baixar('vera', idDocumento, irrestrita.idAnexo)).statusCode).toBe(200);
        conferidos++;
      }
      expect(conferidos, palavra).toBeGreaterThan(0);
    }
  });

  it('responde 404 para documento desconhecido e para rascunho de outra unidade', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/documentos/99999999/pecas' })).statusCode).toBe(404);
    const rascunho = resumo.documentos.emCriacaoAna[0] as number;
    expect((await t.app.inject({ method: 'GET', url: `/api/documentos/${rascunho}/pecas` })).statusCode).toBe(404);
    const comAna = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${rascunho}/pecas`,
      headers: { cookie: cookies.ana as string },
    });
    expect(comAna.statusCode).toBe(200);
  });
});
