import { erroApiSchema } from '@tramite/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semearDemo } from '../db/seed/index.ts';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import { pdf } from '../testing/arquivos.ts';
import { corpoMultipart } from '../testing/multipart.ts';

/**
 * Issue 12, security: hostile inputs. For every operation of the OpenAPI document, fast-check fills the path, query
 * and body parameters (the fields of its schema) with random and hostile values (1 MiB strings, wrong types,
 * negative and enormous ids, SQL and HTML fragments, impossible dates, path traversal, NUL and control characters,
 * odd unicode) and sends them as the administrator (every permission). Every answer must be a 4xx with the error
 * shape `{ codigo, mensagem, erros }` (a code of the catalogue) or a 2xx (a value legitimately accepted, e.g. a free-text search), never a 5xx, and
 * come within the per-request time limit.
 */

interface Parametro {
  nome: string;
  em: 'path' | 'query';
}
interface Operacao {
  metodo: string;
  caminho: string;
  parametros: Parametro[];
  /** Fields of the JSON body, or null when the body is not an object (an array) or there is none. */
  campos: string[] | null;
  temCorpo: boolean;
  formulario: boolean;
}

const UM_MEBIBYTE = 'A'.repeat(1024 * 1024);
/** Per operation; SEGURANCA_RUNS raises it for a longer hunt. */
const RUNS_POR_OPERACAO = Number(process.env.SEGURANCA_RUNS ?? 12);
const LIMITE_MS = 10_000;

const TEXTOS_HOSTIS = [
  UM_MEBIBYTE,
  '',
  ' ',
  '-1',
  '0',
  '9223372036854775808',
  '-9223372036854775809',
  '1e308',
  '1e309',
  '-1e308',
  'NaN',
  'Infinity',
  '0x7fffffff',
  '1.5',
  '١٢٣',
  "' OR 1=1 --",
  '1; DROP TABLE documento; --',
  "'); SELECT pg_sleep(30); --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '2026-02-30T25:61',
  '99999-12-31',
  '2026-02-28T23:59:60',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\nSet-Cookie: tramite_sessao=x',
  '😀👩‍👩‍👧',
  '\ud800',
  '\u202egnp.exe',
  'ｓｅｌｅｃｔ',
  'null',
  'true',
  '[]',
  '{}',
  'T,U,X,,,',
  '1,2,3,-1,0,1e308',
];

const NUMEROS_HOSTIS = [-1, 0, 2 ** 63, -(2 ** 63), 1e308, -1e308, 1.5, Number.MAX_SAFE_INTEGER + 2, 2 ** 31];

/** Any JSON value, with the hostile ones over-represented. */
const valorJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TEXTOS_HOSTIS) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMEROS_HOSTIS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { a: { b: [] } }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...NUMEROS_HOSTIS, 'x', null), { maxLength: 5 }) },
);

/** A query or path value: always text on the wire. */
const valorTexto: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...TEXTOS_HOSTIS) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMEROS_HOSTIS).map(String) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** The whole body replaced by something that is not the expected object. */
const corpoEstranho = fc.constantFrom<string>(
  'null',
  '[]',
  '"texto"',
  '12',
  '{',
  '{"a":',
  '[1,2,',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
  '\u0000',
);

let t: AppTeste;
let cookie: string;
let operacoes: Operacao[];

beforeAll(async () => {
  t = await criarAppTeste();
  await semearDemo(t.banco.db, { armazenamento: t.app.armazenamento, nupFormato: 'nup17' });
  cookie = await t.entrar('admin');
  const documento = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content: Record<string, { schema: { type?: string; properties?: object } }> };
        }
      >
    >;
  };
  operacoes = Object.entries(documento.paths).flatMap(([caminho, metodos]) =>
    Object.entries(metodos).map(([metodo, op]) => {
      const conteudo = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
      return {
        metodo: metodo.toUpperCase(),
        caminho,
        parametros: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ nome: p.name, em: p.in as 'path' | 'query' })),
        campos: conteudo?.[1].schema.properties ? Object.keys(conteudo[1].schema.properties) : null,
        temCorpo: conteudo !== undefined,
        formulario: conteudo?.[0] === 'application/x-www-form-urlencoded',
      };
    }),
  );
});

afterAll(async () => {
  await t?.fechar();
});

/** Uploads take multipart: hostile form fields and file names, a small real PDF. */
const CAMPOS_MULTIPART: Record<string, string[]> = {
  'POST /api/documentos/{id}/anexos': ['tipoCopia', 'nivelAcesso', 'idHipoteseLegal', 'descricao'],
  'POST /api/arquivos-assinados': ['matrSiape', 'idTipoAssinatura', 'tipoAssinatura'],
};

/** Percent-encoding that also carries a lone surrogate, as the raw (invalid UTF-8) bytes ED A0 80. */
function codificar(valor: string): string {
  try {
    return encodeURIComponent(valor);
  } catch {
    return encodeURIComponent(valor.replace(/[\ud800-\udfff]/g, '\ufffd')).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
}

async function comLimite<T>(promessa: Promise<T>, rotulo: string): Promise<T> {
  let relogio: NodeJS.Timeout | undefined;
  const limite = new Promise<never>((_, rejeitar) => {
    relogio = setTimeout(() => rejeitar(new Error(`sem resposta em ${LIMITE_MS} ms: ${rotulo}`)), LIMITE_MS);
  });
  try {
    return await Promise.race([promessa, limite]);
  } finally {
    clearTimeout(relogio);
  }
}

describe('entradas hostis em todas as operações', () => {
  it('respondem 4xx com { codigo, mensagem, erros } ou 2xx, nunca 5xx nem silêncio', async () => {
    expect(operacoes.length).toBeGreaterThan(60);
    const falhas: string[] = [];
    const statusVistos = new Map<number, number>();
    for (const op of operacoes) {
      const chave = `${op.metodo} ${op.caminho}`;
      // Logging out would end the admin session the rest of the run uses; it takes no input anyway.
      if (chave === 'POST /api/auth/logout') continue;
      const multipart = CAMPOS_MULTIPART[chave];
      const arbitrario = fc.record({
        valores: fc.array(valorTexto, { minLength: op.parametros.length, maxLength: op.parametros.length }),
        corpo: fc.dictionary(fc.constantFrom(...(op.campos?.length ? op.campos : ['x'])), valorJson, {
          maxKeys: 6,
        }),
        arrayCorpo: fc.array(valorJson, { maxLength: 4 }),
        estranho: fc.option(corpoEstranho, { freq: 4 }),
        multipart: fc.array(valorTexto, { minLength: 4, maxLength: 4 }),
        nomeArquivo: valorTexto,
      });
      await fc.assert(
        fc.asyncProperty(arbitrario, async (entrada) => {
          let url = op.caminho;
          const consulta: string[] = [];
          op.parametros.forEach((p, i) => {
            const valor = entrada.valores[i] ?? '';
            if (p.em === 'path') url = url.replace(`{${p.nome}}`, codificar(valor) || '%20');
            else consulta.push(`${p.nome}=${codificar(valor)}`);
          });
          if (consulta.length) url += `?${consulta.join('&')}`;
          const cabecalhos: Record<string, string> = { ...cabecalhosApp(cookie) };
          let payload: string | Buffer | undefined;
          if (multipart) {
            const campos = Object.fromEntries(multipart.map((nome, i) => [nome, entrada.multipart[i] ?? '']));
            const corpo = corpoMultipart(campos, [
              { nome: entrada.nomeArquivo.slice(0, 300), conteudo: pdf({ tamanho: 1024 }), tipo: 'application/pdf' },
            ]);
            payload = corpo.payload;
            cabecalhos['content-type'] = corpo.tipo;
          } else if (op.formulario) {
            payload = new URLSearchParams(
              Object.entries(entrada.corpo).map(([k, v]): [string, string] => [
                k,
                typeof v === 'string' ? v : String(JSON.stringify(v)),
              ]),
            ).toString();
            cabecalhos['content-type'] = 'application/x-www-form-urlencoded';
          } else if (op.temCorpo) {
            payload = entrada.estranho ?? JSON.stringify(op.campos ? entrada.corpo : entrada.arrayCorpo);
            cabecalhos['content-type'] = 'application/json';
          }
          const resposta = await comLimite(
            t.app.inject({ method: op.metodo as 'GET', url, headers: cabecalhos, payload }),
            `${chave} ${url.slice(0, 200)}`,
          );
          statusVistos.set(resposta.statusCode, (statusVistos.get(resposta.statusCode) ?? 0) + 1);
          const descricao = `${chave} ${resposta.statusCode} ${url.slice(0, 160)} ${String(payload ?? '').slice(0, 160)} → ${resposta.body.slice(0, 200)}`;
          if (
            resposta.statusCode >= 500 ||
            resposta.statusCode < 200 ||
            (resposta.statusCode >= 300 && resposta.statusCode < 400 && chave !== 'POST /api/auth/login')
          ) {
            falhas.push(descricao);
            return;
          }
          if (resposta.statusCode >= 400) {
            // The login form answers its own HTML page; everything else is JSON.
            if (chave === 'POST /api/auth/login' && String(resposta.headers['content-type']).includes('text/html'))
              return;
            const corpo = resposta.json() as Record<string, unknown>;
            if (
              !erroApiSchema.safeParse(corpo).success ||
              typeof corpo.mensagem !== 'string' ||
              !corpo.mensagem ||
              Object.keys(corpo).length !== 3
            ) {
              falhas.push(`forma de erro: ${descricao}`);
            }
          }
        }),
        { numRuns: RUNS_POR_OPERACAO, endOnFailure: true },
      );
    }
    expect(falhas).toEqual([]);
    // The run did exercise both refusals and acceptances.
    expect([...statusVistos.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
    expect([...statusVistos.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
  }, 120_000);
});
