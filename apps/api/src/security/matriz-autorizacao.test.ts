import { gunzipSync, inflateSync } from 'node:zlib';
import { erroApiSchema } from '@tramite/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import {
  formatarCpf,
  MARCADORES,
  MARCADORES_DO_PROTOCOLO,
  type Mundo,
  montarMundo,
} from '../testing/cenarios/seguranca.ts';
import { MATRIZ_CADASTROS } from '../testing/matriz-autorizacao/cadastros.ts';
import { type Caso, CHAMADORES, type Chamador, todos } from '../testing/matriz-autorizacao/casos.ts';
import { MATRIZ_DOCUMENTOS } from '../testing/matriz-autorizacao/documentos.ts';
import { MATRIZ_PECAS } from '../testing/matriz-autorizacao/pecas.ts';

/**
 * Issue 12, security: the authorisation matrix. Every operation of the OpenAPI document is called anonymously, as a
 * user of the owner unit without any permission (`semPermissao`, lotado no Protocolo Central, where the fixtures
 * live) and as a user of another unit (`outraUnidade`), and each answer's status is the one written in MATRIZ (one
 * case per operation, in testing/matriz-autorizacao/). No answer, of any operation, to any of them, may contain the
 * bytes of a restricted peça, a restricted dispatch, or personal data (CPF, personal e-mails) of users and
 * interessados (the markers of testing/cenarios/seguranca.ts; the restricted data lives in the "cofre", a Reitoria
 * document sent to the PROGRAD, which none of these callers may read). An operation missing from MATRIZ, or a MATRIZ
 * key that is no longer an operation, fails the test.
 */

const MATRIZ: Record<string, Caso> = { ...MATRIZ_CADASTROS, ...MATRIZ_DOCUMENTOS, ...MATRIZ_PECAS };

/**
 * Extra calls on the Protocolo Central's document with restricted data (outside MATRIZ, which has one row per
 * operation): its own unit reads the restricted peça and dispatch (spec §6: the document is in its box, RECEBIDO),
 * the other unit and the public never.
 */
const LEITURAS_DO_PROTOCOLO: { rotulo: string; url: (m: Mundo) => string; esperado: Record<Chamador, number> }[] = [
  {
    rotulo: 'binário da peça restrita',
    url: (m) => `/api/documentos/${m.doProtocolo.id}/anexos/${m.doProtocolo.idAnexoRestrito}/binario`,
    esperado: { anonimo: 403, outraUnidade: 403, semPermissao: 200 },
  },
  { rotulo: 'histórico', url: (m) => `/api/documentos/${m.doProtocolo.id}/tramitacoes`, esperado: todos(200) },
  {
    rotulo: 'última tramitação',
    url: (m) => `/api/documentos/${m.doProtocolo.id}/ultima-tramitacao`,
    esperado: todos(200),
  },
  { rotulo: 'peças', url: (m) => `/api/documentos/${m.doProtocolo.id}/pecas`, esperado: todos(200) },
  { rotulo: 'capa', url: (m) => `/api/documentos/${m.doProtocolo.id}/capa`, esperado: todos(200) },
  { rotulo: 'comprovante', url: (m) => `/api/documentos/${m.doProtocolo.id}/comprovante`, esperado: todos(200) },
  { rotulo: 'detalhe', url: (m) => `/api/documentos/${m.doProtocolo.id}`, esperado: todos(200) },
];

let t: AppTeste;
let m: Mundo;
const sessoes: Partial<Record<Chamador, string>> = {};
const USERNAMES: Record<Exclude<Chamador, 'anonimo'>, string> = { semPermissao: 'seg_sem', outraUnidade: 'seg_outra' };

beforeAll(async () => {
  t = await criarAppTeste();
  m = await montarMundo(t);
  sessoes.semPermissao = await t.entrar(USERNAMES.semPermissao);
  sessoes.outraUnidade = await t.entrar(USERNAMES.outraUnidade);
  // The titular follows the cofre: the others must not be able to touch that favourite.
  await t.banco.db.insertInto('favorito').values({ idUsuario: m.usuarios.titular, idDocumento: m.cofre.id }).execute();
});

afterAll(async () => {
  await t?.fechar();
});

/** Operations of the OpenAPI document, as 'METHOD /path'. */
async function operacoesDocumentadas(): Promise<string[]> {
  const documento = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(documento.paths).flatMap(([caminho, metodos]) =>
    Object.keys(metodos)
      .filter((metodo) => ['get', 'post', 'put', 'patch', 'delete'].includes(metodo))
      .map((metodo) => `${metodo.toUpperCase()} ${caminho}`),
  );
}

/** The decompressed content of every FlateDecode stream of a PDF (pdfkit compresses page text). */
function fluxosPdf(bruto: Buffer): string[] {
  const texto = bruto.toString('latin1');
  const achados: string[] = [];
  const padrao = /stream\r?\n/g;
  for (let m = padrao.exec(texto); m; m = padrao.exec(texto)) {
    const inicio = m.index + m[0].length;
    const fim = texto.indexOf('endstream', inicio);
    if (fim < 0) break;
    try {
      achados.push(inflateSync(bruto.subarray(inicio, fim)).toString('latin1'));
    } catch {
      // Not deflated (or an image): the raw form is already checked.
    }
  }
  return achados;
}

/** Every text form in which a marker could travel: raw bytes, UTF-16 (PDF strings), gzip bodies decoded. */
function textosDaResposta(resposta: LightMyRequestResponse): string[] {
  const bruto = resposta.rawPayload;
  const textos = [bruto.toString('latin1'), bruto.toString('utf8')];
  if (bruto[0] === 0x1f && bruto[1] === 0x8b) textos.push(gunzipSync(bruto).toString('latin1'));
  textos.push(bruto.toString('utf16le'));
  if (bruto.subarray(0, 5).toString('latin1') === '%PDF-') textos.push(...fluxosPdf(bruto));
  for (const [chave, valor] of Object.entries(resposta.headers)) textos.push(`${chave}: ${String(valor)}`);
  return textos;
}

function vazamentos(resposta: LightMyRequestResponse, permitidos: readonly string[]): string[] {
  const textos = textosDaResposta(resposta);
  const achados: string[] = [];
  for (const [nome, valor] of Object.entries(MARCADORES)) {
    if (permitidos.includes(nome)) continue;
    const formas = nome.startsWith('cpf') ? [valor, formatarCpf(valor)] : [valor];
    if (formas.some((forma) => textos.some((texto) => texto.includes(forma)))) achados.push(nome);
  }
  return achados;
}

describe('matriz de autorização', () => {
  it('cobre exatamente as operações do documento OpenAPI', async () => {
    const documentadas = (await operacoesDocumentadas()).sort();
    expect(documentadas.length).toBeGreaterThan(60);
    expect(
      documentadas.filter((op) => !(op in MATRIZ)),
      'operações sem linha na matriz',
    ).toEqual([]);
    expect(
      Object.keys(MATRIZ).filter((op) => !documentadas.includes(op)),
      'linhas da matriz que não são operações',
    ).toEqual([]);
  });

  it('cada chamador recebe o status da matriz e nenhuma resposta traz dado restrito', async () => {
    const divergencias: string[] = [];
    const vazados: string[] = [];
    for (const [operacao, caso] of Object.entries(MATRIZ)) {
      const [metodo] = operacao.split(' ') as [string, string];
      const pedido = await caso.pedido(m, t);
      for (const chamador of CHAMADORES) {
        let cookie = sessoes[chamador];
        if (caso.sessaoPropria && chamador !== 'anonimo') cookie = await t.entrar(USERNAMES[chamador]);
        const corpo =
          pedido.payload === undefined
            ? {}
            : Buffer.isBuffer(pedido.payload) || typeof pedido.payload === 'string'
              ? { payload: pedido.payload }
              : { payload: JSON.stringify(pedido.payload) };
        const resposta = await t.app.inject({
          method: metodo as 'GET',
          url: pedido.url,
          headers: {
            ...cabecalhosApp(cookie),
            ...(pedido.payload !== undefined ? { 'content-type': pedido.tipo ?? 'application/json' } : {}),
          },
          ...corpo,
        });
        const esperado = caso.esperado[chamador];
        if (resposta.statusCode !== esperado) {
          divergencias.push(
            `${operacao} [${chamador}]: ${resposta.statusCode} (esperado ${esperado}) ${resposta.body.slice(0, 160)}`,
          );
        }
        if (resposta.statusCode >= 400 && String(resposta.headers['content-type']).includes('json')) {
          const chaves = Object.keys(resposta.json()).sort().join(',');
          if (chaves !== 'codigo,erros,mensagem' || !erroApiSchema.safeParse(resposta.json()).success) {
            divergencias.push(`${operacao} [${chamador}]: corpo de erro {${chaves}}`);
          }
        }
        const permitidos = [
          ...(chamador === 'anonimo' ? [] : (caso.permiteLogado ?? [])),
          ...(chamador === 'semPermissao' ? MARCADORES_DO_PROTOCOLO : []),
        ];
        const achados = vazamentos(resposta, permitidos);
        if (achados.length) vazados.push(`${operacao} [${chamador}] ${resposta.statusCode}: ${achados.join(', ')}`);
      }
    }
    expect(divergencias).toEqual([]);
    expect(vazados).toEqual([]);
    // Nobody removed or changed the titular's favourite.
    const favorito = await t.banco.db
      .selectFrom('favorito')
      .select('acompanhadoPorEmail')
      .where('idUsuario', '=', m.usuarios.titular)
      .where('idDocumento', '=', m.cofre.id)
      .executeTakeFirst();
    expect(favorito).toEqual({ acompanhadoPorEmail: false });
  });

  it('o documento restrito do Protocolo Central: a sua unidade lê, outra unidade e o público não', async () => {
    const divergencias: string[] = [];
    const vistos: string[] = [];
    for (const leitura of LEITURAS_DO_PROTOCOLO) {
      for (const chamador of CHAMADORES) {
        const resposta = await t.app.inject({
          method: 'GET',
          url: leitura.url(m),
          headers: cabecalhosApp(sessoes[chamador]),
        });
        if (resposta.statusCode !== leitura.esperado[chamador]) {
          divergencias.push(
            `${leitura.rotulo} [${chamador}]: ${resposta.statusCode} (esperado ${leitura.esperado[chamador]})`,
          );
        }
        const achados = vazamentos(resposta, []);
        if (chamador === 'semPermissao') {
          vistos.push(...achados);
          continue;
        }
        if (achados.length) divergencias.push(`${leitura.rotulo} [${chamador}] vazou: ${achados.join(', ')}`);
      }
    }
    expect(divergencias).toEqual([]);
    // The unit's own user did get both (so the refusals above are about who asks, not about missing data).
    expect([...new Set(vistos)].sort()).toEqual([...MARCADORES_DO_PROTOCOLO].sort());
  });

  it('controle: quem pode ver recebe os dados marcados, e a conferência os acha', async () => {
    // The titular is lotado in the Reitoria (origin of the restricted dispatch); the admin has
    // VISUALIZACAO_IRRESTRITA_PECAS. If the markers were not where this test thinks, the matrix would prove nothing.
    const titular = await t.entrar('seg_titular');
    const admin = await t.entrar('admin');
    const ler = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: cabecalhosApp(cookie) });
    const binario = await ler(`/api/documentos/${m.cofre.id}/anexos/${m.cofre.idAnexoRestrito}/binario`, admin);
    expect(binario.statusCode).toBe(200);
    // The bytes, and the file name in Content-Disposition.
    expect(vazamentos(binario, [])).toEqual(['pecaRestrita', 'textoPecaRestrita']);
    const pecas = await ler(`/api/documentos/${m.cofre.id}/pecas`, admin);
    expect(vazamentos(pecas, [])).toEqual(['textoPecaRestrita']);
    const historico = await ler(`/api/documentos/${m.cofre.id}/tramitacoes`, titular);
    expect(vazamentos(historico, [])).toEqual(['despachoRestrito']);
    const rascunho = await ler(`/api/documentos/${m.cofre.id}/tramitacoes/despacho`, titular);
    expect(vazamentos(rascunho, [])).toEqual(['rascunhoRestrito']);
    const email = await ler(`/api/interessados/${m.interessado}/Q/email`, titular);
    expect(vazamentos(email, [])).toEqual(['emailInteressado']);
    const configuracoes = await ler('/api/auth', titular);
    expect(configuracoes.statusCode).toBe(200);
    // The caller's own data is theirs to see; the CPF check also finds the printed form.
    expect(
      vazamentos(
        { ...configuracoes, rawPayload: Buffer.from(formatarCpf(MARCADORES.cpfUsuario)), headers: {} } as never,
        [],
      ),
    ).toEqual(['cpfUsuario']);
  });
});
