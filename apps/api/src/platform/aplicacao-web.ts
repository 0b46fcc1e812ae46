import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { META_SESSAO, SESSAO_DA_PAGINA } from '@tramite/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { acrescentarVary } from './autenticacao.ts';
import { type Codificacao, codificacaoAceita } from './compressao.ts';
import { buscarUsuarioDaSessao, COOKIE_SESSAO } from './sessao.ts';

/** Paths whose pages show interested parties' names: kept out of search engines unless the institution says so. */
const PAGINAS_PUBLICAS_COM_NOMES = ['/documentos', '/busca', '/verificacao', '/consolidacao'];

/** The body of /robots.txt: the API is always out; the public pages too, unless ROBOTS_PAGINAS_PUBLICAS=permitir. */
function textoRobots(paginasPublicas: Config['robotsPaginasPublicas']): string {
  const fechadas = [...(paginasPublicas === 'bloquear' ? PAGINAS_PUBLICAS_COM_NOMES : []), '/api'];
  return ['User-agent: *', ...fechadas.map((caminho) => `Disallow: ${caminho}`), ''].join('\n');
}

export function registrarRobots(app: FastifyInstance, paginasPublicas: Config['robotsPaginasPublicas']): void {
  const texto = textoRobots(paginasPublicas);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(texto),
  );
}

/**
 * Security headers that only a page (a document) obeys: a script, style sheet or font ignores them. The built assets
 * go without them (issue 23: ~0.6 KB on each of the 15–40 files of a first screen, on a slow network); they keep
 * nosniff, Cross-Origin-Resource-Policy and HSTS, which do apply to them. No asset is loaded as a worker (whose
 * script's CSP would apply).
 */
const CABECALHOS_SO_DE_PAGINA = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

type EstadoSessao = keyof typeof SESSAO_DA_PAGINA | 'desconhecida';
type Variantes = Record<Codificacao | 'identidade', Buffer>;

/**
 * Serves the built SPA: the built files as they are (their .br or .gz twin when the browser accepts it, made by the
 * build), and index.html at every other non-API path (history fallback), with the institution's name and whether
 * the request carries a live session written in.
 */
export async function registrarAplicacaoWeb(
  app: FastifyInstance,
  webDist: string | null,
  instituicao: Config['instituicao'],
): Promise<void> {
  const indice = webDist ? join(webDist, 'index.html') : null;
  if (!webDist || !indice || !existsSync(indice)) return;
  // The institution's name is a server setting: written into the page so the web app needs no rebuild for it.
  const modelo = readFileSync(indice, 'utf8')
    .replace(/(<meta name="tramite:instituicao" content=")[^"]*(")/, `$1${escaparAtributo(instituicao.nome)}$2`)
    .replace(/(<meta name="tramite:instituicao-sigla" content=")[^"]*(")/, `$1${escaparAtributo(instituicao.sigla)}$2`);
  // Only three pages exist, so each is compressed once, at the best ratio, instead of on every request.
  const paginas: Record<EstadoSessao, Variantes> = {
    ativa: variantes(escreverSessao(modelo, SESSAO_DA_PAGINA.ativa)),
    ausente: variantes(escreverSessao(modelo, SESSAO_DA_PAGINA.ausente)),
    desconhecida: variantes(modelo),
  };
  // Built assets carry a content hash in their names: cache them for good; the rest (favicon...) for an hour.
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // A built file's name changes with its content and it is cached for a year as immutable: never revalidated nor
    // fetched in ranges, so ETag, Last-Modified and Accept-Ranges only cost bytes on each of the first screen's thirty
    // files (issue 23). The few others (favicon) are small enough to fetch again after their hour.
    etag: false,
    lastModified: false,
    acceptRanges: false,
    preCompressed: true,
    // The twins are reached through their original's path; index.html and robots.txt have their own routes.
    globIgnore: ['**/*.br', '**/*.gz', 'index.html', 'robots.txt'],
    setHeaders: (res, caminho) => {
      const imutavel = caminho.startsWith(join(webDist, 'assets'));
      res.setHeader('cache-control', imutavel ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      res.setHeader('vary', 'Accept-Encoding');
      // The plugin hands over the raw response (its type shows only part of it), where helmet wrote its headers.
      if (imutavel) for (const nome of CABECALHOS_SO_DE_PAGINA) (res as unknown as ServerResponse).removeHeader(nome);
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.callNotFound();
    }
    const pagina = paginas[await estadoSessao(app, request)];
    const codificacao = codificacaoAceita(request);
    // The page depends on the cookie: no shared cache may give one person's to another, and no cache may reuse it.
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    acrescentarVary(reply, 'Cookie');
    acrescentarVary(reply, 'Accept-Encoding');
    if (codificacao) reply.header('content-encoding', codificacao);
    return reply.send(pagina[codificacao ?? 'identidade']);
  });
}

/**
 * Whether the page goes to someone with a live session, checked as the API's authentication does. When the database
 * cannot tell, the page says nothing and the web app asks the API, as it would without the hint.
 */
async function estadoSessao(app: FastifyInstance, request: FastifyRequest): Promise<EstadoSessao> {
  const token = request.cookies[COOKIE_SESSAO];
  if (!token) return 'ausente';
  try {
    return (await buscarUsuarioDaSessao(app.db, token, app.config.sessao)) ? 'ativa' : 'ausente';
  } catch (erro) {
    request.log.warn({ err: erro }, 'sessão não verificada ao servir a página');
    return 'desconhecida';
  }
}

function escreverSessao(pagina: string, estado: string): string {
  const meta = new RegExp(`(<meta name="${META_SESSAO}" content=")[^"]*(")`);
  return pagina.replace(meta, `$1${estado}$2`);
}

function variantes(pagina: string): Variantes {
  const identidade = Buffer.from(pagina);
  return {
    identidade,
    br: brotliCompressSync(identidade, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identidade, { level: constants.Z_BEST_COMPRESSION }),
  };
}

function escaparAtributo(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
