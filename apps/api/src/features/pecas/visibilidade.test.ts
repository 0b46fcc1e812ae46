import { MENSAGENS, type Peca } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResumoSemente, semearDemo } from '../../db/seed/index.ts';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../../testing/app-teste.ts';
import { criarUsuario } from '../../testing/fabricas.ts';
import { criarDocumento, enviar, pdf, registrarTramitacao } from './apoio-teste.ts';

/**
 * Spec §6 on the demo data: each kind of reader × each kind of peça → the bytes are served (200, exactly them) or
 * refused (403, no bytes); the listing agrees with the file route and labels the step as the spec says.
 */

type Leitor = 'anonimo' | 'bruno' | 'ana' | 'carla' | 'vera';
type TipoPeca = 'P' | 'R' | 'D' | 'M' | 'S';

let t: AppTeste;
let resumo: ResumoSemente;
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
    expect(resposta.json()).toEqual({ mensagem: MENSAGENS.arquivos.semPermissaoArquivo, erros: [] });
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
  t = await criarAppTeste();
  resumo = await semearDemo(db(), { armazenamento: t.app.armazenamento, nupFormato: 'nup17' });
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
  await registrarTramitacao(db(), {
    idDocumento: idX,
    deUnidade: resumo.unidades.reitoria,
    paraUnidade: resumo.unidades.protocolo,
    idUsuario: resumo.usuarios.admin,
  });
  idDestino = await criarDocumento(db(), base);

  const campos: Record<TipoPeca, Record<string, string>> = {
    P: { tipoCopia: 'N' },
    R: { tipoCopia: 'N', nivelAcesso: 'R', idHipoteseLegal: String(hipotese) },
    D: { tipoCopia: 'N' },
    M: { tipoCopia: 'N' },
    S: { tipoCopia: 'N', nivelAcesso: 'S', idHipoteseLegal: String(hipotese) },
  };
  for (const tipo of ['P', 'R', 'D', 'M', 'S'] as const) {
    const conteudo = pdf(1500, `peca-${tipo}`);
    const resposta = await enviar(t, cookies.ana, idX, campos[tipo], [{ nome: `peca-${tipo}.pdf`, conteudo }]);
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

afterAll(async () => {
  await t?.fechar();
});

describe('the visibility matrix (reader × peça)', () => {
  const matriz: [Leitor, TipoPeca, boolean][] = [];
  const esperado: Record<Leitor, TipoPeca[]> = {
    anonimo: ['P'],
    bruno: ['P'],
    ana: ['P', 'R', 'D', 'M'],
    carla: ['P', 'R', 'D', 'M'],
    vera: ['P', 'R', 'D', 'M', 'S'],
  };
  for (const leitor of Object.keys(esperado) as Leitor[]) {
    for (const tipo of ['P', 'R', 'D', 'M'] as const) matriz.push([leitor, tipo, esperado[leitor].includes(tipo)]);
  }

  it.each(matriz)('%s × %s → served: %s', async (leitor, tipo, serve) => {
    await conferirAcesso(leitor, idX, pecas[tipo], serve);
    expect(await podeVisualizarNaLista(leitor, idX, pecas[tipo].idAnexo)).toBe(serve);
  });

  it.each(['anonimo', 'bruno', 'ana', 'carla'] as const)(
    'a sigiloso peça does not exist for %s (not listed, 404)',
    async (leitor) => {
      expect(await podeVisualizarNaLista(leitor, idX, pecas.S.idAnexo)).toBeUndefined();
      const resposta = await baixar(leitor, idX, pecas.S.idAnexo);
      expect(resposta.statusCode).toBe(404);
      expect(resposta.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    },
  );

  it('a sigiloso peça is listed and served to VISUALIZACAO_IRRESTRITA_PECAS', async () => {
    expect(await podeVisualizarNaLista('vera', idX, pecas.S.idAnexo)).toBe(true);
    await conferirAcesso('vera', idX, pecas.S, true);
  });
});

describe('the exceptions of spec §6 follow the document', () => {
  it('the interested person loses access after the first movement and regains it when archived or concluded', async () => {
    await registrarTramitacao(db(), {
      idDocumento: idX,
      deUnidade: resumo.unidades.protocolo,
      paraUnidade: resumo.unidades.protocolo,
      idUsuario: resumo.usuarios.ana,
    });
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

  it('the holding unit sees restricted peças only while the document is received (or being created)', async () => {
    await definirDocumento(idX, { situacao: 'ENVIADO' });
    await conferirAcesso('ana', idX, pecas.R, false);
    await conferirAcesso('ana', idX, pecas.D, false);
    await conferirAcesso('vera', idX, pecas.R, true);
    await definirDocumento(idX, { situacao: 'RECEBIDO' });
    await conferirAcesso('ana', idX, pecas.R, true);
  });

  it('a joined document follows its root', async () => {
    const idFilho = await criarDocumento(db(), {
      idUnidade: resumo.unidades.protocolo,
      idUsuario: resumo.usuarios.ana,
      idTipoDocumento: resumo.tipo571,
    });
    const conteudo = pdf(1200, 'filho');
    const enviada = await enviar(
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

describe('the peças table', () => {
  it('labels restricted and cancelled peças for readers without the permission', async () => {
    const linhas = await listar('anonimo', idX);
    const rotulo = (tipo: TipoPeca) => linhas.find((p) => p.idAnexo === pecas[tipo].idAnexo)?.passoFluxo;
    expect(rotulo('P')).toBeNull();
    expect(rotulo('R')).toBe(`${MENSAGENS.arquivos.prefixoRestrito}${descricaoHipotese}`);
    expect(rotulo('D')).toBe('DESENTRANHADA');
    expect(rotulo('M')).toBe('DESMEMBRADA');
    expect(linhas.map((p) => p.nome)).toEqual(['peca-P.pdf', 'peca-R.pdf', 'peca-D.pdf', 'peca-M.pdf']);
    expect(linhas.every((p) => !p.podeAlterar && !p.podeExcluir)).toBe(true);
  });

  it('orders by sequence: cancelled peças keep their number, the active ones are 1..n', async () => {
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

  it('GET /anexos lists only the current (not cancelled) peças', async () => {
    expect((await listar('anonimo', idX, 'anexos')).map((p) => p.nome)).toEqual(['peca-P.pdf', 'peca-R.pdf']);
    expect((await listar('vera', idX, 'anexos')).map((p) => p.nome)).toEqual([
      'peca-P.pdf',
      'peca-R.pdf',
      'peca-S.pdf',
    ]);
  });

  it('GET /anexos/{idAnexo} answers the same row as the table', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: `/api/documentos/${idX}/anexos/${pecas.R.idAnexo}` });
    expect(resposta.statusCode).toBe(200);
    const linha = (await listar('anonimo', idX)).find((p) => p.idAnexo === pecas.R.idAnexo);
    expect(resposta.json()).toEqual(linha);
  });

  it('shows the step with the suffix to VISUALIZACAO_IRRESTRITA_PECAS and the word to others (demo data)', async () => {
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

  it('answers 404 for an unknown document and for a draft of another unit', async () => {
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
