import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { gerarPng } from '../../db/seed/arquivos-demo.ts';
import { type AppTeste, cabecalhosApp } from '../../testing/app-teste.ts';

/** Test support for the peças tests: multipart bodies, small real files, documents in a given state. */

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

/** A PDF header followed by filler up to `tamanho` bytes: file-type recognises it by its first bytes. */
export function pdf(tamanho = 2048, marca = 'x'): Buffer {
  const cabecalho = Buffer.from(`%PDF-1.4\n%${marca}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n`);
  const conteudo = Buffer.alloc(Math.max(tamanho, cabecalho.length), 0x20);
  cabecalho.copy(conteudo);
  return conteudo;
}

export function png(): Buffer {
  return gerarPng(16, 16, (x, y) => [x * 16, y * 16, 128]);
}

/** A Windows executable's header (MZ ... PE). */
export function executavel(): Buffer {
  const conteudo = Buffer.alloc(1024, 0);
  conteudo.write('MZ', 0, 'ascii');
  conteudo.writeUInt32LE(0x80, 0x3c);
  conteudo.write('PE\0\0', 0x80, 'binary');
  return conteudo;
}

/** Every file under the store, relative paths, sorted (temporary files included). */
export async function arquivosNoArmazenamento(raiz: string): Promise<string[]> {
  const entradas = await readdir(raiz, { recursive: true, withFileTypes: true }).catch(() => []);
  return entradas
    .filter((e) => e.isFile())
    .map((e) => relative(raiz, join(e.parentPath, e.name)))
    .sort();
}

export async function contarLinhas(db: Banco): Promise<{ arquivo: number; anexo: number; peca: number }> {
  const { rows } = await sql<{ arquivo: number; anexo: number; peca: number }>`
    SELECT (SELECT count(*)::int FROM arquivo) AS arquivo, (SELECT count(*)::int FROM anexo) AS anexo,
      (SELECT count(*)::int FROM peca) AS peca`.execute(db);
  return rows[0] as { arquivo: number; anexo: number; peca: number };
}

/** POST documentos/{id}/anexos as the given session. */
export function enviar(
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

let numero = 0;

/** A document straight in the database, in the state a test needs. */
export async function criarDocumento(
  db: Banco,
  dados: {
    idUnidade: number;
    idUsuario: number;
    idTipoDocumento: number;
    situacao?: 'EM_CRIACAO' | 'ENVIADO' | 'RECEBIDO' | 'E';
    estadoProcessamento?: number;
    estadoTamanho?: 1 | 2;
    idInteressado?: number | null;
    idUnidadeCriadora?: number;
  },
): Promise<number> {
  numero += 1;
  const sequencia = String(900000 + numero).padStart(6, '0');
  const situacao = dados.situacao ?? 'RECEBIDO';
  const { id } = await db
    .insertInto('documento')
    .values({
      numero: `99999.${sequencia}/2025-00`,
      numeroDigitos: `99999${sequencia}202500`,
      idTipoDocumento: dados.idTipoDocumento,
      resumoAssunto: 'Documento de teste das peças',
      idUnidadeProcedencia: dados.idUnidade,
      idUnidadeCriadora: dados.idUnidadeCriadora ?? dados.idUnidade,
      idUnidadeAtual: dados.idUnidade,
      idUsuarioCriador: dados.idUsuario,
      situacao,
      estadoProcessamento: dados.estadoProcessamento ?? (situacao === 'EM_CRIACAO' ? 6 : 1),
      estadoTamanho: dados.estadoTamanho ?? 1,
      idInteressado: dados.idInteressado ?? null,
      tipoInteressado: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A tramitação already received (or only sent) between two units. */
export async function registrarTramitacao(
  db: Banco,
  dados: { idDocumento: number; deUnidade: number; paraUnidade: number; idUsuario: number; recebida?: boolean },
): Promise<void> {
  const { proxima } = await db
    .selectFrom('tramitacao')
    .select(sql<number>`coalesce(max(sequencia), 0)::int + 1`.as('proxima'))
    .where('idDocumento', '=', dados.idDocumento)
    .executeTakeFirstOrThrow();
  const recebida = dados.recebida ?? true;
  await db
    .insertInto('tramitacao')
    .values({
      idDocumento: dados.idDocumento,
      sequencia: proxima,
      idUnidadeOrigem: dados.deUnidade,
      idUnidadeDestino: dados.paraUnidade,
      idUsuarioRemetente: dados.idUsuario,
      dtRecebimento: recebida ? sql`now()` : null,
      idUsuarioRecebedor: recebida ? dados.idUsuario : null,
    })
    .execute();
}

export async function criarTipoDocumento(db: Banco): Promise<number> {
  const { id } = await db
    .insertInto('tipoDocumento')
    .values({ descricao: `Tipo de teste ${randomUUID().slice(0, 8)}`, urlDocumentacao: null, observacao: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function criarHipotese(db: Banco, descricao = 'Informação pessoal (Art. 31 da Lei nº 12.527/2011)') {
  const { id } = await db
    .insertInto('hipoteseLegal')
    .values({ descricao, baseLegal: 'Lei nº 12.527/2011' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The active peças of a document in order: [id, sequencial]. */
export async function sequencia(db: Banco, idDocumento: number): Promise<[number, number][]> {
  const linhas = await db
    .selectFrom('peca')
    .select(['id', 'sequencial'])
    .where('idDocumento', '=', idDocumento)
    .where('situacaoVinculo', 'is', null)
    .orderBy('sequencial')
    .orderBy('id')
    .execute();
  return linhas.map((l) => [l.id, l.sequencial]);
}
