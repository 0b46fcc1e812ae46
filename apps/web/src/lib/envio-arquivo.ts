import { CABECALHO_CSRF, type ErroApi, MENSAGENS_GERAL, VALOR_CABECALHO_CSRF } from '@tramite/shared';
import { ErroHttp, lerErroApi } from './api';

export interface ProgressoEnvio {
  /** Bytes of the request body sent so far. */
  enviados: number;
  total: number;
  /** 0..100, whole numbers. */
  percentual: number;
}

export interface OpcoesEnvioArquivo {
  aoProgredir?: (progresso: ProgressoEnvio) => void;
  signal?: AbortSignal;
}

function lerErro(texto: string): Partial<ErroApi> {
  try {
    return lerErroApi(JSON.parse(texto));
  } catch {
    return {};
  }
}

/**
 * Sends a multipart form to the API with XMLHttpRequest, the one browser API that reports upload progress.
 * Same contract as lib/api: session cookie, the anti-CSRF header, JSON answer, `ErroHttp` on failure (status 0 when
 * the server could not be reached), an AbortError when `signal` aborts.
 */
export function enviarArquivo<T>(caminho: string, formulario: FormData, opcoes: OpcoesEnvioArquivo = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${caminho.replace(/^\/+/, '').replace(/^api\//, '')}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CABECALHO_CSRF, VALOR_CABECALHO_CSRF);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';

    xhr.upload.onprogress = (evento) => {
      if (!evento.lengthComputable || !opcoes.aoProgredir) return;
      opcoes.aoProgredir({
        enviados: evento.loaded,
        total: evento.total,
        percentual: evento.total > 0 ? Math.min(100, Math.floor((evento.loaded / evento.total) * 100)) : 0,
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ErroHttp(xhr.status, MENSAGENS_GERAL.erroInterno));
        }
        return;
      }
      const { codigo, mensagem, erros } = lerErro(xhr.responseText);
      reject(new ErroHttp(xhr.status, mensagem ?? `Erro ${xhr.status}`, mensagem, erros ?? [], codigo));
    };
    xhr.onerror = () => reject(new ErroHttp(0, MENSAGENS_GERAL.semComunicacao));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));

    if (opcoes.signal?.aborted) {
      reject(new DOMException('Envio cancelado', 'AbortError'));
      return;
    }
    opcoes.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formulario);
  });
}

/** Why a file was not sent (or not signed): the server's message, or else the error's own. */
export function motivoFalhaEnvio(erro: unknown): string {
  if (erro instanceof ErroHttp) return erro.mensagemServidor ?? erro.message;
  return erro instanceof Error ? erro.message : MENSAGENS_GERAL.erroInterno;
}
