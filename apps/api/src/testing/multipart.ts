import { randomUUID } from 'node:crypto';
import { type AppTeste, cabecalhosApp } from './app-teste.ts';

/** Uploads as a browser makes them: multipart bodies, and the peças upload built on them. */

export interface ArquivoEnvio {
  nome: string;
  conteudo: Buffer;
  tipo?: string;
  campo?: string;
}

/** A multipart/form-data body as a browser sends it: fields first, then the files. */
export function corpoMultipart(campos: Record<string, string>, arquivos: ArquivoEnvio[]) {
  const fronteira = `----tramite${randomUUID().replaceAll('-', '')}`;
  const partes: Buffer[] = [];
  for (const [nome, valor] of Object.entries(campos)) {
    partes.push(Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="${nome}"\r\n\r\n${valor}\r\n`));
  }
  for (const arquivo of arquivos) {
    partes.push(
      Buffer.from(
        `--${fronteira}\r\nContent-Disposition: form-data; name="${arquivo.campo ?? 'arquivo'}"; filename="${arquivo.nome}"\r\n` +
          `Content-Type: ${arquivo.tipo ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      arquivo.conteudo,
      Buffer.from('\r\n'),
    );
  }
  partes.push(Buffer.from(`--${fronteira}--\r\n`));
  return { payload: Buffer.concat(partes), tipo: `multipart/form-data; boundary=${fronteira}` };
}

/** POST documentos/{id}/anexos as the given session. */
export function enviarPecas(
  t: AppTeste,
  cookie: string | undefined,
  idDocumento: number,
  campos: Record<string, string>,
  arquivos: ArquivoEnvio[],
) {
  const { payload, tipo } = corpoMultipart(campos, arquivos);
  return t.app.inject({
    method: 'POST',
    url: `/api/documentos/${idDocumento}/anexos`,
    headers: { ...cabecalhosApp(cookie), 'content-type': tipo },
    payload,
  });
}
