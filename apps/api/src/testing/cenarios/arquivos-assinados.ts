import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ArquivoAssinado } from '@tramite/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../app-teste.ts';
import { pdf } from '../arquivos.ts';
import { conferirNadaGuardado as conferirGuardado, type EstadoGuardado, estadoGuardado } from '../estado.ts';
import { criarDocumento, criarTipoDocumento, criarUnidade, criarUsuario } from '../fabricas.ts';
import { type ArquivoEnvio, corpoMultipart } from '../multipart.ts';

const executar = promisify(execFile);
export const sha = (conteudo: Buffer) => createHash('sha256').update(conteudo).digest('hex');

/**
 * The signed files tests' world, for one test file: registers its `beforeAll`/`afterAll` and answers the calls; the
 * fields (`t`, the sessions, `ids`) are filled in by the `beforeAll`, so read them inside the tests. Ana (Protocolo
 * Central, SIAPE 1234567) and Bruno (PROGRAD, 7654321) may sign; Carla (PROGRAD) has no SIAPE.
 */
export function usarArquivosAssinados() {
  const a = {
    t: undefined as unknown as AppTeste,
    /** Where pdfsig reads the files from. */
    pasta: '',
    ana: '',
    bruno: '',
    carla: '',
    ids: {} as {
      ana: number;
      bruno: number;
      protocolo: number;
      outra: number;
      tipo: number;
      tipoInativo: number;
      recebido: number;
      recebido2: number;
      arquivado: number;
      outraUnidade: number;
    },
  };

  const campos = (extra: Record<string, string> = {}) => ({
    idTipoAssinatura: String(a.ids.tipo),
    matrSiape: '1234567',
    ...extra,
  });

  function assinar(cookie: string | undefined, valores: Record<string, string>, arquivos: ArquivoEnvio[]) {
    const { payload, tipo } = corpoMultipart(valores, arquivos);
    return a.t.app.inject({
      method: 'POST',
      url: '/api/arquivos-assinados',
      headers: { ...cabecalhosApp(cookie), 'content-type': tipo },
      payload,
    });
  }

  /** Signs a real one-page PDF named (and written with) `nome`; answers its row. */
  async function assinarUm(nome: string, cookie = a.ana, valores = campos()): Promise<ArquivoAssinado> {
    const conteudo = pdf({ paginas: 1, marca: nome });
    const resposta = await assinar(cookie, valores, [{ nome, conteudo, tipo: 'application/pdf' }]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    return (resposta.json() as ArquivoAssinado[])[0] as ArquivoAssinado;
  }

  const listar = (cookie: string | undefined, query: Record<string, string> = {}) =>
    a.t.app.inject({ method: 'GET', url: '/api/arquivos-assinados', query, headers: cabecalhosApp(cookie) });

  async function idsListados(cookie: string, query: Record<string, string> = {}): Promise<number[]> {
    const resposta = await listar(cookie, query);
    expect(resposta.statusCode, resposta.body).toBe(200);
    return (resposta.json() as ArquivoAssinado[]).map((arquivo) => arquivo.idArquivoAssinado);
  }

  const baixar = (cookie: string | undefined, id: number, tipoArquivo?: string) =>
    a.t.app.inject({
      method: 'GET',
      url: `/api/arquivos-assinados/${id}`,
      query: tipoArquivo ? { tipoArquivo } : {},
      headers: cabecalhosApp(cookie),
    });

  const excluir = (cookie: string | undefined, id: number) =>
    a.t.app.inject({ method: 'DELETE', url: `/api/arquivos-assinados/${id}`, headers: cabecalhosApp(cookie) });

  const vincular = (cookie: string | undefined, id: number, idDocumento: number) =>
    a.t.app.inject({
      method: 'POST',
      url: `/api/arquivos-assinados/${id}/vincular-documento/${idDocumento}`,
      headers: cabecalhosApp(cookie),
    });

  /** What poppler's pdfsig says of a PDF. */
  async function pdfsig(conteudo: Buffer): Promise<string> {
    const caminho = join(a.pasta, `${sha(conteudo)}.pdf`);
    await writeFile(caminho, conteudo);
    try {
      return (await executar('/usr/bin/pdfsig', [caminho])).stdout;
    } catch (erro) {
      return String((erro as { stdout?: string }).stdout ?? '');
    }
  }

  /** Rows and stored files: a refused signing leaves both as they were, and no temporary file. */
  const estado = () => estadoGuardado(a.t);
  const conferirNadaGuardado = (antes: EstadoGuardado) => conferirGuardado(a.t, antes);

  const auditorias = (acao: string, idEntidade: number) =>
    a.t.banco.db
      .selectFrom('auditoria')
      .selectAll()
      .where('acao', '=', acao)
      .where('idEntidade', '=', String(idEntidade) as never)
      .execute();

  beforeAll(async () => {
    a.t = await criarAppTeste();
    a.pasta = await mkdtemp(join(tmpdir(), 'tramite-assinados-'));
    const db = a.t.banco.db;
    const protocolo = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
    const outra = await criarUnidade(db, { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' });
    const usuarioAna = await criarUsuario(db, { username: 'ana', nome: 'Ana Souza', lotacoes: [protocolo.id] });
    const usuarioBruno = await criarUsuario(db, {
      username: 'bruno',
      nome: 'Bruno Conceição',
      lotacoes: [outra.id],
    });
    await criarUsuario(db, { username: 'carla', nome: 'Carla Sem Matrícula', lotacoes: [outra.id] });
    await db.updateTable('usuario').set({ matriculaSiape: '1234567' }).where('id', '=', usuarioAna.id).execute();
    await db.updateTable('usuario').set({ matriculaSiape: '7654321' }).where('id', '=', usuarioBruno.id).execute();
    const tipo = await db
      .insertInto('tipoAssinatura')
      .values({ descricao: 'Assinatura digital institucional (PAdES)' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tipoInativo = await db
      .insertInto('tipoAssinatura')
      .values({ descricao: 'Assinatura digitalizada (imagem)', ativo: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tipoDocumento = await criarTipoDocumento(db);
    const base = { idUnidade: protocolo.id, idUsuario: usuarioAna.id, idTipoDocumento: tipoDocumento };
    a.ids = {
      ana: usuarioAna.id,
      bruno: usuarioBruno.id,
      protocolo: protocolo.id,
      outra: outra.id,
      tipo: tipo.id,
      tipoInativo: tipoInativo.id,
      recebido: await criarDocumento(db, base),
      recebido2: await criarDocumento(db, base),
      arquivado: await criarDocumento(db, { ...base, estadoProcessamento: 2 }),
      outraUnidade: await criarDocumento(db, { ...base, idUnidade: outra.id }),
    };
    a.ana = await a.t.entrar('ana');
    a.bruno = await a.t.entrar('bruno');
    a.carla = await a.t.entrar('carla');
  });

  afterAll(async () => {
    await a.t?.fechar();
    if (a.pasta) await rm(a.pasta, { recursive: true, force: true });
  });

  return Object.assign(a, {
    campos,
    assinar,
    assinarUm,
    listar,
    idsListados,
    baixar,
    excluir,
    vincular,
    pdfsig,
    estado,
    conferirNadaGuardado,
    auditorias,
  });
}
