import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  type Consolidacao,
  LIMITE_CONSOLIDACOES_EM_ANDAMENTO,
  LIMITE_CONSOLIDACOES_RECENTES,
  MENSAGENS,
} from '@tramite/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { ErroDominio, naoEncontrado, requisicaoInvalida } from '../../platform/erros.ts';
import { enfileirar, type TratadorTarefa } from '../../platform/fila.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as pecas from '../pecas/service.ts';
import { ErroPecaConsolidacao, montarConsolidacao } from './montagem.ts';

export const TAREFA_CONSOLIDAR = 'consolidar-documento';
/** Attempts of the job before the consolidation is marked ERRO (a broken peça ends it at once). */
const TENTATIVAS_CONSOLIDACAO = 3;

export type Chamador = UsuarioAutenticado | null;

export interface DependenciasConsolidacao {
  db: Banco;
  armazenamento: ArmazenamentoArquivos;
}

const iso = (data: Date | string | null) => (data === null ? null : new Date(data).toISOString());

function selecionarConsolidacoes(db: Banco) {
  return db
    .selectFrom('consolidacao as c')
    .innerJoin('documento as d', 'd.id', 'c.idDocumento')
    .leftJoin('arquivo as a', 'a.sha256', 'c.sha256')
    .select([
      'c.uuid',
      'c.idDocumento',
      'd.numero',
      'c.tipo',
      'c.estado',
      'c.idsPecas',
      'c.paginas',
      'a.tamanho',
      'c.erro',
      'c.criadoEm',
      'c.concluidoEm',
    ]);
}

type LinhaConsolidacao = Awaited<ReturnType<ReturnType<typeof selecionarConsolidacoes>['execute']>>[number];

function paraConsolidacao(linha: LinhaConsolidacao): Consolidacao {
  return {
    uuid: linha.uuid,
    idDocumento: Number(linha.idDocumento),
    numero: linha.numero,
    tipo: linha.tipo,
    estado: linha.estado,
    quantidadePecas: linha.idsPecas.length,
    paginas: linha.paginas,
    tamanho: linha.tamanho === null ? null : Number(linha.tamanho),
    erro: linha.erro,
    criadoEm: iso(linha.criadoEm) as string,
    concluidoEm: iso(linha.concluidoEm),
  };
}

/** Unfinished consolidations of this requester: the user's, or the anonymous ones asked from this IP. */
async function contarEmAndamento(db: Banco, chamador: Chamador, ip: string): Promise<number> {
  let consulta = db
    .selectFrom('consolidacao as c')
    .select((eb) => eb.fn.countAll<number>().as('quantidade'))
    .where('c.estado', 'in', ['PENDENTE', 'PROCESSANDO']);
  if (chamador) {
    consulta = consulta.where('c.idUsuario', '=', chamador.id);
  } else {
    // The request's IP is kept only in the audit row written with the consolidation.
    consulta = consulta
      .where('c.idUsuario', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('auditoria as au')
            .select(sql`1`.as('um'))
            .where('au.entidade', '=', 'consolidacao')
            .whereRef('au.idEntidade', '=', sql`c.uuid::text`)
            .where('au.acao', '=', 'consolidacao.solicitar')
            .where('au.ip', '=', ip),
        ),
      );
  }
  const { quantidade } = await consulta.executeTakeFirstOrThrow();
  return Number(quantidade);
}

/**
 * POST consolidacao/{idDocumento}/{tipo}: records the request and its job in one transaction and answers the uuid.
 * The ids are the peças' idAnexo (as GET documentos/{id}/anexos lists them). Ids that are not current peças of this
 * document (unknown, of another document, cancelled, or sigilosas the caller may not list) give 400; peças the caller
 * may list but not open (restricted) are left out, exactly as GET .../binario would refuse them.
 */
export async function solicitar(
  db: Banco,
  chamador: Chamador,
  idDocumento: number,
  ids: readonly number[],
  ip: string,
): Promise<{ uuid: string }> {
  if (ids.length === 0) throw requisicaoInvalida(MENSAGENS.consolidacao.nenhumaPeca);
  // The peças rule itself: 404 for a document the caller may not see, podeVisualizar per peça.
  const atuais = await pecas.listarPecas(db, chamador, idDocumento, { somenteAtivas: true });
  const porAnexo = new Map(atuais.map((peca) => [peca.idAnexo, peca]));
  const desconhecidos = [...new Set(ids)].filter((id) => !porAnexo.has(id));
  if (desconhecidos.length > 0) {
    throw requisicaoInvalida(MENSAGENS.consolidacao.pecasDeOutroDocumento(desconhecidos.join(', ')));
  }
  const pedidos = new Set(ids);
  const escolhidas = atuais.filter((peca) => pedidos.has(peca.idAnexo) && peca.podeVisualizar);
  if (escolhidas.length === 0) throw requisicaoInvalida(MENSAGENS.consolidacao.nenhumaPecaVisivel);
  if ((await contarEmAndamento(db, chamador, ip)) >= LIMITE_CONSOLIDACOES_EM_ANDAMENTO) {
    throw new ErroDominio(429, MENSAGENS.consolidacao.muitasEmAndamento(LIMITE_CONSOLIDACOES_EM_ANDAMENTO));
  }
  const uuid = randomUUID();
  // Sequence order, whatever order the ids came in; the peça rows (idAcessoAnexo) are what the job reads.
  const idsPecas = escolhidas.map((peca) => peca.idAcessoAnexo);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('consolidacao')
      .values({ uuid, idUsuario: chamador?.id ?? null, idDocumento, tipo: 'PDF', idsPecas })
      .execute();
    await enfileirar(trx, TAREFA_CONSOLIDAR, { uuid }, { maxTentativas: TENTATIVAS_CONSOLIDACAO });
    await registrarAuditoria(trx, {
      idUsuario: chamador?.id ?? null,
      acao: 'consolidacao.solicitar',
      entidade: 'consolidacao',
      idEntidade: uuid,
      depois: { idDocumento, tipo: 'PDF', idsPecas, omitidas: atuais.length - escolhidas.length },
      ip,
    });
  });
  return { uuid };
}

/** GET consolidacao: the logged-in user's most recent consolidations; none for an anonymous caller. */
export async function listarRecentes(db: Banco, chamador: Chamador): Promise<Consolidacao[]> {
  if (!chamador) return [];
  const linhas = await selecionarConsolidacoes(db)
    .where('c.idUsuario', '=', chamador.id)
    .orderBy('c.criadoEm', 'desc')
    .orderBy('c.uuid')
    .limit(LIMITE_CONSOLIDACOES_RECENTES)
    .execute();
  return linhas.map(paraConsolidacao);
}

/**
 * POST consolidacao: the state of the given consolidations (the uuids a browser remembered). The uuid is the
 * capability: whoever has it may follow and download that consolidation, logged in or not.
 */
export async function consultar(db: Banco, uuids: readonly string[]): Promise<Consolidacao[]> {
  const validos = [...new Set(uuids.filter((uuid) => z.uuid().safeParse(uuid).success))];
  if (validos.length === 0) return [];
  const linhas = await selecionarConsolidacoes(db)
    .where('c.uuid', 'in', validos)
    .orderBy('c.criadoEm', 'desc')
    .orderBy('c.uuid')
    .execute();
  return linhas.map(paraConsolidacao);
}

export interface PdfConsolidacao {
  numero: string;
  tamanho: number;
  conteudo: Readable;
}

/** GET consolidacao/{uuid}/pdf: the finished PDF. */
export async function abrirPdf(deps: DependenciasConsolidacao, uuid: string): Promise<PdfConsolidacao> {
  const [linha] = await selecionarConsolidacoes(deps.db).select('c.sha256').where('c.uuid', '=', uuid).execute();
  if (!linha) throw naoEncontrado(MENSAGENS.consolidacao.naoEncontrada);
  if (linha.estado !== 'CONCLUIDA' || !linha.sha256 || linha.tamanho === null) {
    throw new ErroDominio(409, MENSAGENS.consolidacao.naoConcluida);
  }
  if (!(await deps.armazenamento.existe(linha.sha256))) {
    throw naoEncontrado(MENSAGENS.consolidacao.arquivoIndisponivel);
  }
  return { numero: linha.numero, tamanho: Number(linha.tamanho), conteudo: deps.armazenamento.ler(linha.sha256) };
}

// ---------------------------------------------------------------------------------------------------------------
// Job

const payloadSchema = z.object({ uuid: z.uuid() });

async function finalizarComErro(db: Banco, uuid: string, mensagem: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('consolidacao')
      .set({ estado: 'ERRO', erro: mensagem, concluidoEm: sql`now()` })
      .where('uuid', '=', uuid)
      .where('estado', 'in', ['PENDENTE', 'PROCESSANDO'])
      .execute();
    await registrarAuditoria(trx, {
      idUsuario: null,
      acao: 'consolidacao.erro',
      entidade: 'consolidacao',
      idEntidade: uuid,
      depois: { erro: mensagem },
    });
  });
}

export interface OpcoesTratador {
  instituicao: string;
  /** Called once the PDF is complete on disk, before it is recorded (tests use it to simulate a crash). */
  aposMontar?: (uuid: string) => Promise<void>;
}

/**
 * The 'consolidar-documento' job. Idempotent: a finished consolidation is left alone; otherwise the PDF is built
 * again from the start into a temporary file of its own (a job retaken after a crash or an expired reservation may
 * overlap a slow first run: neither disturbs the other), put in the content-addressed store under its SHA-256 and
 * recorded with estado CONCLUIDA. A broken peça ends in ERRO with the reason; any other failure is retried by the
 * queue, and the last attempt marks ERRO.
 */
export function tratadorConsolidacao(deps: DependenciasConsolidacao, opcoes: OpcoesTratador): TratadorTarefa {
  return async (payload, contexto) => {
    const { uuid } = payloadSchema.parse(payload);
    const { db, armazenamento } = deps;
    const consolidacao = await db
      .selectFrom('consolidacao as c')
      .innerJoin('documento as d', 'd.id', 'c.idDocumento')
      .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
      .select(['c.estado', 'c.idsPecas', 'd.numero', 'd.resumoAssunto', 't.descricao as tipo'])
      .where('c.uuid', '=', uuid)
      .executeTakeFirst();
    if (!consolidacao || consolidacao.estado === 'CONCLUIDA' || consolidacao.estado === 'ERRO') return;
    await db.updateTable('consolidacao').set({ estado: 'PROCESSANDO' }).where('uuid', '=', uuid).execute();

    const ids = consolidacao.idsPecas.map(Number);
    const linhas = await db
      .selectFrom('peca as p')
      .innerJoin('anexo as an', 'an.id', 'p.idAnexo')
      .innerJoin('arquivo as ar', 'ar.sha256', 'an.sha256')
      .select(['p.id', 'p.sequencial', 'an.nome', 'an.sha256', 'ar.tamanho', 'ar.tipoMime'])
      .where('p.id', 'in', ids.length > 0 ? ids : [0])
      .execute();
    const porId = new Map(linhas.map((linha) => [Number(linha.id), linha]));
    const entradas = ids.flatMap((id) => {
      const linha = porId.get(id);
      if (!linha) return [];
      return [
        {
          sequencial: linha.sequencial,
          nome: linha.nome,
          tipoMime: linha.tipoMime,
          tamanho: Number(linha.tamanho),
          sha256: linha.sha256,
          ler: () => readFile(armazenamento.caminho(linha.sha256)),
        },
      ];
    });

    await mkdir(armazenamento.raiz, { recursive: true });
    const temporario = join(armazenamento.raiz, `.tmp-consolidacao-${uuid}-${randomUUID()}`);
    try {
      const resultado = await montarConsolidacao(
        temporario,
        {
          instituicao: opcoes.instituicao,
          numero: consolidacao.numero,
          tipo: consolidacao.tipo,
          resumo: consolidacao.resumoAssunto ?? '',
          geradoEm: new Date(),
        },
        entradas,
      );
      await opcoes.aposMontar?.(uuid);
      const destino = armazenamento.caminho(resultado.sha256);
      await mkdir(dirname(destino), { recursive: true });
      await rename(temporario, destino);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('arquivo')
          .values({ sha256: resultado.sha256, tamanho: resultado.tamanho, tipoMime: 'application/pdf' })
          .onConflict((oc) => oc.column('sha256').doNothing())
          .execute();
        await trx
          .updateTable('consolidacao')
          .set({
            estado: 'CONCLUIDA',
            sha256: resultado.sha256,
            paginas: resultado.paginas,
            erro: null,
            concluidoEm: sql`now()`,
          })
          .where('uuid', '=', uuid)
          .execute();
        await registrarAuditoria(trx, {
          idUsuario: null,
          acao: 'consolidacao.concluir',
          entidade: 'consolidacao',
          idEntidade: uuid,
          depois: { sha256: resultado.sha256, paginas: resultado.paginas, tamanho: resultado.tamanho },
        });
      });
    } catch (erro) {
      await rm(temporario, { force: true });
      if (erro instanceof ErroPecaConsolidacao) {
        await finalizarComErro(db, uuid, erro.message);
        return;
      }
      if (contexto.tentativa >= TENTATIVAS_CONSOLIDACAO) {
        await finalizarComErro(db, uuid, MENSAGENS.consolidacao.falhaInesperada);
      }
      throw erro;
    }
  };
}
