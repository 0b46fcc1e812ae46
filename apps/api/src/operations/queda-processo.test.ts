import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { comServidorPostgres, PORTAS, usarAmbienteProcessos } from '../testing/ambiente-processos.ts';
import { executarCarga, novasEstatisticas } from './carga.ts';
import { conferirIntegridade } from './integridade.ts';
import type { CenarioDemo, ProcessoServidor } from './processos.ts';

/**
 * Issue 12, Reliability: kill -9 the server in the middle of uploads, sends and consolidations under load. After a
 * restart the database has no half-made tramitação, every stored file has its row and every row its file, and
 * every unfinished job (the consolidation the dead process had reserved included) runs to the end.
 */
/**
 * Short reservations, so the restarted process takes the dead one's jobs again within the test, and a short grace
 * for the sweep of files the dead process put in the store without committing their rows.
 */
const AMBIENTE = { FILA_RESERVA_SEGUNDOS: '3', FILA_INTERVALO_MS: '200', ARQUIVOS_ORFAOS_CARENCIA_SEGUNDOS: '1' };

comServidorPostgres('queda do processo da API (kill -9) sob carga', () => {
  let servidor: ProcessoServidor | null = null;
  let cenario: CenarioDemo;
  let cliente: pg.Client;

  const ambiente = usarAmbienteProcessos('tramite-queda-', async (a) => {
    servidor = await a.iniciar({ porta: PORTAS.quedaProcesso, demo: true, env: AMBIENTE });
    cenario = await a.cenarioDemo();
    cliente = new pg.Client({ connectionString: a.banco.url });
    await cliente.connect();
    a.aoEncerrar(() => cliente.end());
  });

  const contar = async (consulta: string) => Number((await cliente.query(consulta)).rows[0].n);

  it('depois do reinício nada fica pela metade e as tarefas interrompidas terminam', async () => {
    const primeiroDocumento = (await contar('SELECT coalesce(max(id), 0) + 1 AS n FROM documento')) as number;
    const estatisticas = novasEstatisticas();
    let parar = false;
    const carga = executarCarga({
      servidores: [(servidor as ProcessoServidor).base],
      cenario,
      conexoes: 8,
      fracaoEscrita: 0.7,
      parar: () => parar,
      estatisticas,
    });

    // Let the load run, then wait for the moment a consolidation is being made by the process, and kill it then.
    await new Promise((r) => setTimeout(r, 4000));
    const prazo = Date.now() + 30_000;
    let reservadaPeloMorto = 0;
    while (Date.now() < prazo) {
      reservadaPeloMorto = await contar(
        `SELECT count(*) AS n FROM job WHERE tipo = 'consolidar-documento' AND estado = 'EXECUTANDO'`,
      );
      if (reservadaPeloMorto > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await (servidor as ProcessoServidor).matar();
    parar = true;
    await carga;
    expect(estatisticas.erros5xx, estatisticas.exemplos5xx.join('\n')).toBe(0);
    const feitas = estatisticas.porOperacao;
    expect(feitas.tramitar?.[201] ?? 0).toBeGreaterThan(0);
    expect(feitas['enviar-peca']?.[201] ?? 0).toBeGreaterThan(0);
    expect(feitas.consolidar?.[202] ?? 0).toBeGreaterThan(0);
    expect(reservadaPeloMorto, 'nenhuma consolidação estava em execução na queda').toBeGreaterThan(0);
    const inacabadas = await contar(`SELECT count(*) AS n FROM job WHERE estado IN ('PENDENTE', 'EXECUTANDO')`);

    servidor = await ambiente.iniciar({ porta: PORTAS.quedaProcesso, demo: false, env: AMBIENTE });

    const fim = Date.now() + 60_000;
    let restantes = inacabadas;
    while (Date.now() < fim) {
      restantes = await contar(
        `SELECT count(*) AS n FROM job WHERE estado IN ('PENDENTE', 'EXECUTANDO')
            OR (tipo = 'consolidar-documento' AND estado <> 'CONCLUIDO')`,
      );
      if (restantes === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(restantes, `de ${inacabadas} tarefas inacabadas na queda`).toBe(0);
    expect(await contar(`SELECT count(*) AS n FROM consolidacao WHERE estado <> 'CONCLUIDA'`)).toBe(0);
    expect(await contar(`SELECT count(*) AS n FROM job WHERE estado = 'FALHOU'`)).toBe(0);

    // The restarted process sweeps the store when it starts.
    const conferir = () =>
      conferirIntegridade(ambiente.banco.url, join(ambiente.dataDir, 'arquivos'), {
        idDocumentoMinimo: primeiroDocumento,
      });
    let integridade = await conferir();
    for (let i = 0; i < 40 && (integridade.problemas.length > 0 || integridade.temporarios > 0); i++) {
      await new Promise((r) => setTimeout(r, 250));
      integridade = await conferir();
    }
    expect(integridade.problemas).toEqual([]);
    expect(integridade.temporarios).toBe(0);
    expect(integridade.documentos).toBeGreaterThan(0);

    // The restarted server works: the same load runs again without errors.
    const depois = novasEstatisticas();
    const ate = Date.now() + 3000;
    await executarCarga({
      servidores: [servidor.base],
      cenario,
      conexoes: 4,
      fracaoEscrita: 0.5,
      parar: () => Date.now() > ate,
      estatisticas: depois,
    });
    expect(depois.erros5xx + depois.semResposta, depois.exemplos5xx.join('\n')).toBe(0);
    expect(depois.total).toBeGreaterThan(0);
  }, 180_000);
});
