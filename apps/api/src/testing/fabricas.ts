import { randomUUID } from 'node:crypto';
import type { Permissao } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../db/connection.ts';
import type { ResumoSemente } from '../db/seed/index.ts';
import { gerarHashSenha } from '../platform/senha.ts';
import type { AppTeste } from './app-teste.ts';
import { pdf } from './arquivos.ts';

/**
 * The one home of the tests' data: rows straight in the database (files in the real store), each in the state a
 * test names, so that a test states only what it depends on.
 */

let contador = 0;
const proximo = () => ++contador;

export async function criarUnidade(db: Banco, dados: { sigla?: string; nome?: string; idUnidadePai?: number } = {}) {
  const n = proximo();
  return db
    .insertInto('unidade')
    .values({
      sigla: dados.sigla ?? `UN${n}`,
      nome: dados.nome ?? `Unidade de Teste ${n}`,
      idUnidadePai: dados.idUnidadePai ?? null,
      codigo: 20000 + n,
      protocolo: true,
      email: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function criarUsuario(
  db: Banco,
  dados: {
    username?: string;
    senha?: string;
    nome?: string;
    lotacoes: number[];
    permissoes?: Permissao[];
    email?: string | null;
  },
) {
  const n = proximo();
  const username = dados.username ?? `usuario${n}`;
  const usuario = await db
    .insertInto('usuario')
    .values({
      username,
      nome: dados.nome ?? `Usuário de Teste ${n}`,
      senhaHash: await gerarHashSenha(dados.senha ?? username),
      cpf: null,
      matriculaSiape: null,
      email: dados.email === undefined ? `${username}@ufex.edu.br` : dados.email,
      emailPessoal: null,
      idPessoa: null,
      idUnidadeAtual: dados.lotacoes[0] ?? null,
      oidcSub: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (dados.lotacoes.length) {
    await db
      .insertInto('lotacao')
      .values(dados.lotacoes.map((idUnidade) => ({ idUsuario: usuario.id, idUnidade })))
      .execute();
  }
  if (dados.permissoes?.length) {
    await db
      .insertInto('usuarioPermissao')
      .values(dados.permissoes.map((permissao) => ({ idUsuario: usuario.id, permissao })))
      .execute();
  }
  return usuario;
}

export async function criarTipoDocumento(
  db: Banco,
  descricao = `Tipo de teste ${randomUUID().slice(0, 8)}`,
): Promise<number> {
  const { id } = await db
    .insertInto('tipoDocumento')
    .values({ descricao, urlDocumentacao: null, observacao: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Subjects straight in the database, in order, as [código, descrição, atribuível, ativo]: their ids by código. */
export async function criarAssuntos(
  db: Banco,
  assuntos: readonly (readonly [string, string, boolean, boolean])[],
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [codigo, descricao, atribuivel, ativo] of assuntos) {
    const { id } = await db
      .insertInto('assunto')
      .values({ codigo, descricao, atribuivel, ativo })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[codigo] = id;
  }
  return ids;
}

export async function criarHipotese(db: Banco, descricao = 'Informação pessoal (Art. 31 da Lei nº 12.527/2011)') {
  const { id } = await db
    .insertInto('hipoteseLegal')
    .values({ descricao, baseLegal: 'Lei nº 12.527/2011' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

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
    numero?: string;
    resumoAssunto?: string;
  },
): Promise<number> {
  const numero = dados.numero ?? `99999.${String(900000 + proximo()).padStart(6, '0')}/2025-00`;
  const situacao = dados.situacao ?? 'RECEBIDO';
  const { id } = await db
    .insertInto('documento')
    .values({
      numero,
      numeroDigitos: numero.replace(/\D/g, ''),
      idTipoDocumento: dados.idTipoDocumento,
      resumoAssunto: dados.resumoAssunto ?? 'Documento de teste das peças',
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

/** A document ENVIADO with the given number (as the reports list it): its id and number. */
export async function criarDocumentoNumerado(
  db: Banco,
  numero: string,
  dados: { idUnidade: number; idUsuario: number; idTipoDocumento: number; resumoAssunto: string },
): Promise<{ id: number; numero: string }> {
  return { id: await criarDocumento(db, { ...dados, situacao: 'ENVIADO', numero }), numero };
}

/**
 * A tramitação numbered after the document's last one, sent now (or at `dtDespacho`) and, with `recebida`, received.
 * With `moverDocumento` the document moves as the forwarding feature moves it (situação, unidade atual, data de
 * envio, validade); without it only the row is written, for documents a test has already put in their state.
 * Answers the tramitação's id.
 */
export async function registrarTramitacao(
  db: Banco,
  dados: {
    idDocumento: number;
    idUnidadeOrigem: number;
    idUnidadeDestino: number;
    idUsuarioRemetente: number;
    dtDespacho?: string;
    recebida?: { idUsuario: number; em?: string };
    moverDocumento?: boolean;
  },
): Promise<number> {
  const { proxima } = await db
    .selectFrom('tramitacao')
    .select(sql<number>`coalesce(max(sequencia), 0)::int + 1`.as('proxima'))
    .where('idDocumento', '=', dados.idDocumento)
    .executeTakeFirstOrThrow();
  const dtDespacho = dados.dtDespacho ?? new Date().toISOString();
  const { id } = await db
    .insertInto('tramitacao')
    .values({
      idDocumento: dados.idDocumento,
      sequencia: proxima,
      idFluxo: null,
      idPasso: null,
      idUnidadeOrigem: dados.idUnidadeOrigem,
      idUnidadeDestino: dados.idUnidadeDestino,
      idUsuarioRemetente: dados.idUsuarioRemetente,
      despacho: 'Encaminho para providências.',
      idHipoteseLegal: null,
      despachoPreparatorio: null,
      dtDespacho,
      dtRecebimento: dados.recebida ? (dados.recebida.em ?? dtDespacho) : null,
      idUsuarioRecebedor: dados.recebida?.idUsuario ?? null,
      idTramitacaoPrincipal: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (dados.moverDocumento) {
    await db
      .updateTable('documento')
      .set({
        situacao: dados.recebida ? 'RECEBIDO' : 'ENVIADO',
        estadoProcessamento: 1,
        dataEnvio: dtDespacho,
        dataValidade: sql`coalesce(data_validade, ${dtDespacho}::timestamptz)`,
        idUnidadeAtual: dados.recebida ? dados.idUnidadeDestino : dados.idUnidadeOrigem,
      })
      .where('id', '=', dados.idDocumento)
      .execute();
  }
  return id;
}

type UnidadeDemo = Exclude<keyof ResumoSemente['unidades'], 'inativas'>;

/**
 * A tramitação on the demo seed from unit `de` to `para`, sent and received by `por`; the document's own columns are
 * left as they are. Answers the tramitação's id.
 */
export function tramitacaoRecebidaNaDemo(
  db: Banco,
  resumo: ResumoSemente,
  idDocumento: number,
  rota: { de: UnidadeDemo; para: UnidadeDemo; por: keyof ResumoSemente['usuarios'] },
): Promise<number> {
  return registrarTramitacao(db, {
    idDocumento,
    idUnidadeOrigem: resumo.unidades[rota.de],
    idUnidadeDestino: resumo.unidades[rota.para],
    idUsuarioRemetente: resumo.usuarios[rota.por],
    recebida: { idUsuario: resumo.usuarios[rota.por] },
  });
}

export interface ArquivoPeca {
  nome: string;
  conteudo: Buffer;
  tipoMime: string;
  nivelAcesso?: 'P' | 'R' | 'S';
  idHipoteseLegal?: number;
}

/**
 * Peças appended after the document's current active ones in one transaction, as the upload does (files in the
 * real store, not yet sent). `arquivos` is the files, or how many one-page PDFs of their own. Answers idAnexo, idPeca
 * and sha256 of each, in order.
 */
export async function adicionarPecas(
  t: Pick<AppTeste, 'app' | 'banco'>,
  dados: { idDocumento: number; idUsuario: number },
  arquivos: ArquivoPeca[] | number = 1,
): Promise<{ idAnexo: number; idPeca: number; sha256: string }[]> {
  const lista: ArquivoPeca[] =
    typeof arquivos === 'number'
      ? Array.from({ length: arquivos }, () => {
          const n = proximo();
          return {
            nome: `peca-${n}.pdf`,
            conteudo: pdf({ paginas: 1, marca: `peca ${n}` }),
            tipoMime: 'application/pdf',
          };
        })
      : arquivos;
  const guardados: { sha256: string; tamanho: number }[] = [];
  for (const arquivo of lista) guardados.push(await t.app.armazenamento.guardarBuffer(arquivo.conteudo));
  return t.banco.db.transaction().execute(async (trx) => {
    const { ultimo } = await trx
      .selectFrom('peca')
      .select(sql<number>`coalesce(max(sequencial), 0)::int`.as('ultimo'))
      .where('idDocumento', '=', dados.idDocumento)
      .where('situacaoVinculo', 'is', null)
      .executeTakeFirstOrThrow();
    const criadas = [];
    for (const [i, arquivo] of lista.entries()) {
      const { sha256, tamanho } = guardados[i] as (typeof guardados)[number];
      await trx
        .insertInto('arquivo')
        .values({ sha256, tamanho, tipoMime: arquivo.tipoMime })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      const anexo = await trx
        .insertInto('anexo')
        .values({ sha256, nome: arquivo.nome, idUsuario: dados.idUsuario })
        .returning('id')
        .executeTakeFirstOrThrow();
      const peca = await trx
        .insertInto('peca')
        .values({
          idDocumento: dados.idDocumento,
          idAnexo: anexo.id,
          sequencial: ultimo + i + 1,
          tipoCopia: 'N',
          nivelAcesso: arquivo.nivelAcesso ?? 'P',
          idHipoteseLegal: arquivo.idHipoteseLegal ?? null,
          idUsuario: dados.idUsuario,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      criadas.push({ idAnexo: anexo.id, idPeca: peca.id, sha256 });
    }
    return criadas;
  });
}
