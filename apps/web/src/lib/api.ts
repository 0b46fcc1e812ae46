import {
  CABECALHO_CSRF,
  CODIGOS_ERRO,
  type CodigoErro,
  type ErroApi,
  MENSAGENS_GERAL,
  VALOR_CABECALHO_CSRF,
} from '@tramite/shared';

/** Prefix of every API path; the SPA and the API share the origin. */
const PREFIXO_API = '/api/';

/**
 * An API failure: HTTP status (0 when the server could not be reached), and the server's code and message when it
 * sent them. Callers branch on `codigo`, never on the message's text.
 */
export class ErroHttp extends Error {
  readonly status: number;
  /** The `mensagem` of the error body, when the server answered with the documented shape. */
  readonly mensagemServidor: string | undefined;
  readonly erros: ErroApi['erros'];
  /** The `codigo` of the error body, when it is one this build knows (CODIGOS_ERRO). */
  readonly codigo: CodigoErro | undefined;

  constructor(
    status: number,
    mensagem: string,
    mensagemServidor?: string,
    erros: ErroApi['erros'] = [],
    codigo?: CodigoErro,
  ) {
    super(mensagem);
    this.name = 'ErroHttp';
    this.status = status;
    this.mensagemServidor = mensagemServidor;
    this.erros = erros;
    this.codigo = codigo;
  }
}

export type ParametrosConsulta = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number)[]
>;

export interface OpcoesRequisicao {
  /** Query string; null, undefined and '' are left out, arrays repeat the key. */
  params?: ParametrosConsulta;
  /** JSON-serialisable value or FormData (multipart). */
  corpo?: unknown;
  signal?: AbortSignal;
}

function montarUrl(caminho: string, params?: ParametrosConsulta): string {
  const relativo = caminho.replace(/^\/+/, '').replace(/^api\//, '');
  const busca = new URLSearchParams();
  for (const [chave, valor] of Object.entries(params ?? {})) {
    if (valor === undefined || valor === null || valor === '') continue;
    if (Array.isArray(valor)) {
      for (const item of valor) busca.append(chave, String(item));
    } else {
      busca.append(chave, String(valor));
    }
  }
  const texto = busca.toString();
  return `${PREFIXO_API}${relativo}${texto ? `?${texto}` : ''}`;
}

const ehCodigoErro = (valor: unknown): valor is CodigoErro =>
  typeof valor === 'string' && Object.hasOwn(CODIGOS_ERRO, valor);

/** The parts of an error body that follow the documented shape (`erroApiSchema`); anything else is dropped. */
export function lerErroApi(corpo: unknown): Partial<ErroApi> {
  if (typeof corpo !== 'object' || corpo === null) return {};
  const { codigo, mensagem, erros } = corpo as Record<string, unknown>;
  return {
    codigo: ehCodigoErro(codigo) ? codigo : undefined,
    mensagem: typeof mensagem === 'string' && mensagem.length > 0 ? mensagem : undefined,
    erros: Array.isArray(erros)
      ? erros.filter(
          (erro): erro is ErroApi['erros'][number] =>
            typeof erro === 'object' && erro !== null && typeof (erro as { mensagem?: unknown }).mensagem === 'string',
        )
      : [],
  };
}

async function requisitar(metodo: string, caminho: string, opcoes: OpcoesRequisicao = {}): Promise<Response> {
  const cabecalhos = new Headers({ [CABECALHO_CSRF]: VALOR_CABECALHO_CSRF, accept: 'application/json' });
  let corpo: BodyInit | undefined;
  if (opcoes.corpo instanceof FormData) {
    corpo = opcoes.corpo;
  } else if (opcoes.corpo !== undefined) {
    cabecalhos.set('content-type', 'application/json');
    corpo = JSON.stringify(opcoes.corpo);
  }
  let resposta: Response;
  try {
    resposta = await fetch(montarUrl(caminho, opcoes.params), {
      method: metodo,
      headers: cabecalhos,
      body: corpo,
      credentials: 'same-origin',
      signal: opcoes.signal,
    });
  } catch (erro) {
    if (erro instanceof DOMException && erro.name === 'AbortError') throw erro;
    throw new ErroHttp(0, MENSAGENS_GERAL.semComunicacao);
  }
  if (!resposta.ok) {
    const texto = await resposta.text().catch(() => '');
    let corpoErro: unknown;
    try {
      corpoErro = texto ? JSON.parse(texto) : undefined;
    } catch {
      corpoErro = undefined;
    }
    const { codigo, mensagem, erros } = lerErroApi(corpoErro);
    throw new ErroHttp(
      resposta.status,
      mensagem ?? `Erro ${resposta.status}${resposta.statusText ? ` (${resposta.statusText})` : ''}`,
      mensagem,
      erros,
      codigo,
    );
  }
  return resposta;
}

async function lerJson<T>(resposta: Response): Promise<T> {
  if (resposta.status === 204) return undefined as T;
  const texto = await resposta.text();
  return (texto ? JSON.parse(texto) : undefined) as T;
}

/**
 * The one HTTP client of the web app: same-origin cookies, the anti-CSRF header, JSON in and out.
 * It only throws `ErroHttp`; showing messages and redirecting are the caller's business.
 */
export const api = {
  get: async <T>(caminho: string, opcoes?: Omit<OpcoesRequisicao, 'corpo'>) =>
    lerJson<T>(await requisitar('GET', caminho, opcoes)),
  post: async <T = void>(caminho: string, corpo?: unknown, opcoes?: Omit<OpcoesRequisicao, 'corpo'>) =>
    lerJson<T>(await requisitar('POST', caminho, { ...opcoes, corpo })),
  put: async <T = void>(caminho: string, corpo?: unknown, opcoes?: Omit<OpcoesRequisicao, 'corpo'>) =>
    lerJson<T>(await requisitar('PUT', caminho, { ...opcoes, corpo })),
  patch: async <T = void>(caminho: string, corpo?: unknown, opcoes?: Omit<OpcoesRequisicao, 'corpo'>) =>
    lerJson<T>(await requisitar('PATCH', caminho, { ...opcoes, corpo })),
  delete: async <T = void>(caminho: string, opcoes?: OpcoesRequisicao) =>
    lerJson<T>(await requisitar('DELETE', caminho, opcoes)),
  /** Binary answers (PDF, files) with the file name from Content-Disposition when present. */
  binario: async (caminho: string, opcoes?: OpcoesRequisicao & { metodo?: string }) => {
    const resposta = await requisitar(opcoes?.metodo ?? 'GET', caminho, opcoes);
    const disposicao = resposta.headers.get('content-disposition') ?? '';
    // filename* (percent-encoded UTF-8) when the server sent it; otherwise the plain quoted filename, taken as it is.
    const estendido = /filename\*=UTF-8''([^;]+)/i.exec(disposicao)?.[1];
    const simples = /filename="((?:[^"\\]|\\.)*)"/i.exec(disposicao)?.[1]?.replace(/\\(.)/g, '$1');
    return { blob: await resposta.blob(), nomeArquivo: estendido ? decodeURIComponent(estendido) : simples };
  },
};

/** The server's message when it sent one, otherwise the given default (spec §8: "the server message when present"). */
export function mensagemDoErro(erro: unknown, padrao: string): string {
  return erro instanceof ErroHttp && erro.mensagemServidor ? erro.mensagemServidor : padrao;
}

/** A default message followed by the server's message, when there is one. */
export function mensagemComDetalhe(padrao: string, erro: unknown): string {
  return erro instanceof ErroHttp && erro.mensagemServidor ? `${padrao}: ${erro.mensagemServidor}` : padrao;
}
