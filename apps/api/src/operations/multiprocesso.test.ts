import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { abrirBanco, type ConexaoAberta } from '../db/connection.ts';
import { enfileirarEmail } from '../platform/email.ts';
import { comServidorPostgres, PORTAS, usarAmbienteProcessos } from '../testing/ambiente-processos.ts';
import {
  autuar,
  entrar,
  enviarJson,
  enviarPeca,
  obter,
  type ProcessoServidor,
  pdfUnico,
  receber,
  tramitar,
} from './processos.ts';

/**
 * Issue 12, Reliability: two real API processes (apps/api/src/server.ts) on one PostgreSQL database and one shared
 * DATA_DIR. Sessions, the row lock of a receipt and the job queue must work across processes.
 */
comServidorPostgres('dois processos da API no mesmo PostgreSQL', () => {
  let a: ProcessoServidor;
  let b: ProcessoServidor;
  let conexao: ConexaoAberta;
  const ambiente = usarAmbienteProcessos('tramite-multiprocesso-', async (amb) => {
    const env = { FILA_INTERVALO_MS: '100' };
    // The first process migrates and seeds; the second finds the database ready.
    a = await amb.iniciar({ porta: PORTAS.multiprocesso[0], demo: true, env });
    b = await amb.iniciar({ porta: PORTAS.multiprocesso[1], demo: false, env });
    conexao = await abrirBanco({ tipo: 'postgres', url: amb.banco.url });
    amb.aoEncerrar(() => conexao.fechar());
  });

  it('uma sessão aberta num processo vale no outro, e sair num encerra nos dois', async () => {
    expect(a.processo.pid).not.toBe(b.processo.pid);
    const cookie = await entrar(a.base, 'ana');
    const noOutro = await obter(b.base, '/auth', cookie);
    expect(noOutro.status).toBe(200);
    expect((noOutro.corpo as { username: string }).username).toBe('ana');

    const saida = await enviarJson(b.base, '/auth/logout', undefined, cookie);
    expect(saida.status).toBeLessThan(400);
    expect((await obter(a.base, '/auth', cookie)).status).toBe(401);
    expect((await obter(b.base, '/auth', cookie)).status).toBe(401);
  }, 60_000);

  it('100 recebimentos simultâneos do mesmo documento, divididos entre os dois processos: um só vence', async () => {
    const ana = await entrar(a.base, 'ana');
    const cenario = await ambiente.cenarioDemo();
    const idDocumento = await autuar(a.base, ana, cenario, 'Recebimento concorrente');
    expect((await enviarPeca(b.base, ana, idDocumento, await pdfUnico())).status).toBe(201);
    expect((await tramitar(b.base, ana, cenario, idDocumento, cenario.prograd)).status).toBe(201);

    const sessoes = [await entrar(a.base, 'bruno'), await entrar(b.base, 'bruno')];
    const respostas = await Promise.all(
      Array.from({ length: 100 }, (_, i) => receber(i % 2 ? b.base : a.base, sessoes[i % 2] as string, idDocumento)),
    );
    const porStatus = new Map<number, number>();
    for (const r of respostas) porStatus.set(r.status, (porStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(porStatus)).toEqual({ 200: 1, 409: 99 });
    for (const r of respostas.filter((x) => x.status === 409)) {
      expect(r.corpo).toEqual({ codigo: 'CONFLITO', mensagem: 'Este documento já foi recebido', erros: [] });
    }

    const { db } = conexao;
    const tramitacoes = await db
      .selectFrom('tramitacao')
      .select(['dtRecebimento', 'idUnidadeDestino'])
      .where('idDocumento', '=', idDocumento)
      .execute();
    expect(tramitacoes).toHaveLength(1);
    expect(tramitacoes[0]?.dtRecebimento).not.toBeNull();
    const documento = await db
      .selectFrom('documento')
      .select(['situacao', 'idUnidadeAtual'])
      .where('id', '=', idDocumento)
      .executeTakeFirstOrThrow();
    expect(documento).toEqual({ situacao: 'RECEBIDO', idUnidadeAtual: cenario.prograd });
    const auditorias = await db
      .selectFrom('auditoria')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('acao', '=', 'RECEBER_DOCUMENTO')
      .where('entidade', '=', 'documento')
      .where('idEntidade', '=', String(idDocumento))
      .executeTakeFirstOrThrow();
    expect(Number(auditorias.n)).toBe(1);
  }, 120_000);

  it('tarefas em segundo plano rodam uma vez cada, com as filas dos dois processos ligadas', async () => {
    const marca = `multiprocesso-${Date.now()}`;
    const { db } = conexao;
    const ids: number[] = [];
    // Five commits of ten, while both workers are polling every 100 ms.
    for (let lote = 0; lote < 5; lote++) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 10; i++) {
          const n = lote * 10 + i;
          ids.push(
            await enfileirarEmail(trx, {
              para: `destino${n}@example.com`,
              assunto: `${marca} #${n}`,
              texto: `mensagem ${n}`,
            }),
          );
        }
      });
      await new Promise((r) => setTimeout(r, 50));
    }

    const prazo = Date.now() + 60_000;
    for (;;) {
      const pendentes = await db
        .selectFrom('emailSaida')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .where('enviadoEm', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(pendentes.n) === 0) break;
      if (Date.now() > prazo) throw new Error(`${pendentes.n} e-mails não foram entregues em 60 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // A job finished by one worker must not be run again by the other: wait a few polling rounds more.
    await new Promise((r) => setTimeout(r, 1000));

    const pasta = join(ambiente.dataDir, 'outbox');
    const assuntos: string[] = [];
    for (const nome of (await readdir(pasta)).filter((n) => n.endsWith('.eml'))) {
      const conteudo = await readFile(join(pasta, nome), 'utf8');
      const assunto = /^Subject: (.*)$/m.exec(conteudo)?.[1];
      if (assunto?.startsWith(marca)) assuntos.push(assunto);
    }
    expect(assuntos).toHaveLength(50);
    expect(new Set(assuntos).size).toBe(50);

    const jobs = await db
      .selectFrom('job')
      .innerJoin('emailSaida', 'emailSaida.idJob', 'job.id')
      .select(['job.estado', 'job.tentativas'])
      .where('emailSaida.id', 'in', ids)
      .execute();
    expect(jobs).toHaveLength(50);
    expect(jobs.every((j) => j.estado === 'CONCLUIDO' && j.tentativas === 1)).toBe(true);
  }, 120_000);
});
