import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on the loopback interface for the OIDC login tests, and a minimal
 * browser that drives its development login, consent and logout pages with plain HTTP calls.
 */

export const URL_PUBLICA = 'http://127.0.0.1:3990';
export const REDIRECT_URI = `${URL_PUBLICA}/api/auth/oidc/callback`;
/** Where the provider sends the browser back after its logout: the login page (OIDC_POST_LOGOUT_REDIRECT_URI). */
export const POS_SAIDA_URI = `${URL_PUBLICA}/api/auth/login`;

/** Accounts the provider knows: the login typed in its form is the account id (and the ID token's sub). */
const CONTAS: Record<string, Record<string, unknown>> = {
  'idp-ana': { preferred_username: 'ana', email: 'ana@ufex.edu.br', email_verified: true, name: 'Ana Paula' },
  'idp-forasteiro': { preferred_username: 'forasteiro', email: 'forasteiro@externo.example', email_verified: true },
  'idp-inativo': { preferred_username: 'inativo', email: 'inativo@ufex.edu.br', email_verified: true },
};

async function escutarNaFaixa(servidor: Server): Promise<number> {
  for (let porta = 4100; porta < 4200; porta++) {
    const ok = await new Promise<boolean>((resolve) => {
      const falhou = () => resolve(false);
      servidor.once('error', falhou);
      servidor.listen(porta, '127.0.0.1', () => {
        servidor.off('error', falhou);
        resolve(true);
      });
    });
    if (ok) return porta;
  }
  throw new Error('nenhuma porta livre entre 4100 e 4199');
}

export interface ProvedorOidc {
  emissor: string;
  /** Authorization requests the provider received (to check PKCE). */
  pedidosAutorizacao: URL[];
  fechar(): Promise<void>;
}

/** Starts the provider on a free port between 4100 and 4199, with the client `tramite` and the accounts above. */
export async function iniciarProvedorOidc(): Promise<ProvedorOidc> {
  const servidorProvedor: Server = createServer();
  const pedidosAutorizacao: URL[] = [];
  const porta = await escutarNaFaixa(servidorProvedor);
  const emissor = `http://127.0.0.1:${porta}`;
  const provedor = new Provider(emissor, {
    clients: [
      {
        client_id: 'tramite',
        client_secret: 'segredo-de-teste',
        redirect_uris: [REDIRECT_URI],
        post_logout_redirect_uris: [POS_SAIDA_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // PKCE required of every client, confidential ones included.
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, id) {
      const conta = CONTAS[id];
      if (!conta) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...conta }) };
    },
  });
  const tratar = provedor.callback();
  servidorProvedor.on('request', (req, res) => {
    if (req.url?.startsWith('/auth?')) pedidosAutorizacao.push(new URL(req.url, emissor));
    tratar(req, res);
  });
  return {
    emissor,
    pedidosAutorizacao,
    async fechar() {
      servidorProvedor.closeAllConnections();
      await new Promise((resolve) => servidorProvedor.close(resolve));
    },
  };
}

/** A minimal browser for the provider: keeps its cookies, follows redirects, fills its login and consent forms. */
export class NavegadorProvedor {
  private cookies = new Map<string, string>();
  /** How many times the provider asked for the login (its session did not already know the user). */
  telasDeLogin = 0;

  private async pedir(url: string, init: RequestInit = {}): Promise<Response> {
    const cabecalhos = new Headers(init.headers);
    if (this.cookies.size) {
      cabecalhos.set('cookie', [...this.cookies].map(([nome, valor]) => `${nome}=${valor}`).join('; '));
    }
    const resposta = await fetch(url, { ...init, headers: cabecalhos, redirect: 'manual' });
    for (const linha of resposta.headers.getSetCookie()) {
      const [par = ''] = linha.split(';');
      const i = par.indexOf('=');
      const nome = par.slice(0, i).trim();
      const valor = par.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(linha) || valor === '') this.cookies.delete(nome);
      else this.cookies.set(nome, valor);
    }
    return resposta;
  }

  /** From the authorization URL to the answer sent back to the Trâmite (the callback URL with code and state). */
  async entrar(urlAutorizacao: string, login: string): Promise<URL> {
    let url = urlAutorizacao;
    let corpo: URLSearchParams | undefined;
    for (let passo = 0; passo < 20; passo++) {
      const resposta = await this.pedir(url, corpo ? { method: 'POST', body: corpo } : {});
      corpo = undefined;
      const destino = resposta.headers.get('location');
      if (resposta.status >= 300 && resposta.status < 400 && destino) {
        const proximo = new URL(destino, url);
        if (proximo.href.startsWith(REDIRECT_URI)) return proximo;
        url = proximo.href;
        continue;
      }
      const html = await resposta.text();
      if (resposta.status !== 200) throw new Error(`provedor respondeu ${resposta.status}: ${html.slice(0, 500)}`);
      const acao = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!acao || !prompt) throw new Error(`página inesperada do provedor: ${html.slice(0, 500)}`);
      corpo = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        this.telasDeLogin++;
        corpo.set('login', login);
        corpo.set('password', 'qualquer');
      }
      url = new URL(acao.replace(/&amp;/g, '&'), url).href;
    }
    throw new Error('redirecionamentos demais no provedor');
  }

  /** Follows the provider's logout address, confirms on its page and answers where it sends the browser back. */
  async sair(urlSaida: string): Promise<URL> {
    const pagina = await this.pedir(urlSaida);
    const html = await pagina.text();
    if (pagina.status !== 200) throw new Error(`provedor respondeu ${pagina.status}: ${html.slice(0, 500)}`);
    const acao = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!acao || !xsrf) throw new Error(`página de saída inesperada: ${html.slice(0, 500)}`);
    const resposta = await this.pedir(new URL(acao, urlSaida).href, {
      method: 'POST',
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    const destino = resposta.headers.get('location');
    if (resposta.status !== 303 || !destino) throw new Error(`saída no provedor respondeu ${resposta.status}`);
    return new URL(destino, urlSaida);
  }

  /** Whether the browser still holds the provider's session cookie. */
  get temSessaoNoProvedor(): boolean {
    return this.cookies.has('_session');
  }
}
