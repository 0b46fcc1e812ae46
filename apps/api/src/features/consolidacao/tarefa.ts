import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MENSAGENS, numeroPeca } from '@tramite/shared';
import { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import type { TratadorTarefa } from '../../platform/fila.ts';
import { ErroTrabalho, type ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import * as pecas from '../pecas/service.ts';
import type { tarefasConsolidacao } from './montagem.ts';
import { ErroPecaConsolidacao } from './paginas-peca.ts';
import * as queries from './queries.ts';
import { type DependenciasConsolidacao, TENTATIVAS_CONSOLIDACAO } from './service.ts';

const payloadSchema = z.object({ uuid: z.uuid() });

/** The audit row of the job's end, which no user wrote: in the transaction that records the final state. */
function auditarFim(trx: Banco, uuid: string, acao: 'CONCLUIR_CONSOLIDACAO' | 'FALHAR_CONSOLIDACAO', depois: object) {
  return registrarAuditoria(trx, { idUsuario: null, acao, entidade: 'consolidacao', idEntidade: uuid, depois });
}

async function finalizarComErro(db: DependenciasConsolidacao['db'], uuid: string, mensagem: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await queries.marcarErro(trx, uuid, mensagem);
    await auditarFim(trx, uuid, 'FALHAR_CONSOLIDACAO', { erro: mensagem });
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
export interface DependenciasTarefaConsolidacao extends DependenciasConsolidacao {
  /** The pool of worker processes where the PDF is built. */
  trabalhadores: ExecutorTarefas<typeof tarefasConsolidacao>;
}

export function tratadorConsolidacao(deps: DependenciasTarefaConsolidacao, opcoes: OpcoesTratador): TratadorTarefa {
  return async (payload, contexto) => {
    const { uuid } = payloadSchema.parse(payload);
    const { db, armazenamento } = deps;
    const consolidacao = await queries.buscarParaMontagem(db, uuid);
    if (!consolidacao || consolidacao.estado === 'CONCLUIDA' || consolidacao.estado === 'ERRO') return;
    await queries.marcarProcessando(db, uuid);

    const ids = consolidacao.idsPecas.map(Number);
    const linhas = await pecas.arquivosDasPecas(db, ids);
    const porId = new Map(linhas.map((linha) => [Number(linha.id), linha]));
    const entradas = ids.flatMap((id) => {
      const linha = porId.get(id);
      if (!linha) return [];
      return [
        {
          sequencial: numeroPeca(linha),
          nome: linha.nome,
          tipoMime: linha.tipoMime,
          tamanho: Number(linha.tamanho),
          sha256: linha.sha256,
          caminho: armazenamento.caminho(linha.sha256),
        },
      ];
    });

    await mkdir(armazenamento.raiz, { recursive: true });
    const temporario = join(armazenamento.raiz, `.tmp-consolidacao-${uuid}-${randomUUID()}`);
    try {
      const resultado = await deps.trabalhadores.executar('consolidacao.montar', {
        destino: temporario,
        capa: {
          instituicao: opcoes.instituicao,
          numero: consolidacao.numero,
          tipo: consolidacao.tipo,
          resumo: consolidacao.resumoAssunto ?? '',
          geradoEm: new Date(),
        },
        pecas: entradas,
      });
      await opcoes.aposMontar?.(uuid);
      const destino = armazenamento.caminho(resultado.sha256);
      await mkdir(dirname(destino), { recursive: true });
      await rename(temporario, destino);
      await db.transaction().execute(async (trx) => {
        await pecas.inserirArquivo(trx, {
          sha256: resultado.sha256,
          tamanho: resultado.tamanho,
          tipoMime: 'application/pdf',
        });
        await queries.marcarConcluida(trx, uuid, resultado);
        const { sha256, paginas, tamanho } = resultado;
        await auditarFim(trx, uuid, 'CONCLUIR_CONSOLIDACAO', { sha256, paginas, tamanho });
      });
    } catch (erro) {
      await rm(temporario, { force: true });
      // A broken peça, or a file past the worker's time or memory limit (a decompression bomb), would fail the
      // same way again: it ends the consolidation at once, with the reason.
      const definitivo =
        erro instanceof ErroPecaConsolidacao ||
        (erro instanceof ErroTrabalho &&
          (erro.nomeOriginal === ErroPecaConsolidacao.name || erro.motivo === 'tempo' || erro.motivo === 'memoria'));
      if (definitivo) {
        await finalizarComErro(db, uuid, (erro as Error).message);
        return;
      }
      if (contexto.tentativa >= TENTATIVAS_CONSOLIDACAO) {
        await finalizarComErro(db, uuid, MENSAGENS.consolidacao.falhaInesperada);
      }
      throw erro;
    }
  };
}
