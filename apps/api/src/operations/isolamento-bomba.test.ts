import { type Consolidacao, MENSAGENS } from '@tramite/shared';
import pg from 'pg';
import { expect, it } from 'vitest';
import { comServidorPostgres, PORTAS, usarAmbienteProcessos } from '../testing/ambiente-processos.ts';
import { gerarPdfBomba } from '../testing/pdf-bomba.ts';
import {
  autuar,
  type CenarioDemo,
  entrar,
  enviarJson,
  enviarPeca,
  type ProcessoServidor,
  tramitar,
} from './processos.ts';
import { quantil, sondarDurante } from './sonda-leve.ts';

/**
 * Issue 17, item 5, with real processes: a decompression bomb consolidated anonymously and sent to be signed while
 * a light request is asked over and over. The server answers it promptly all along, its own memory stays small
 * (the bomb is read in a worker process, killed at its cap) and both jobs fail with the clear message.
 */
const AMBIENTE = { TRABALHADORES_MEMORIA_MB: '256', FILA_INTERVALO_MS: '200' };

comServidorPostgres('bomba de descompressão contra um servidor real', () => {
  let servidor: ProcessoServidor;
  let cenario: CenarioDemo;
  const ambiente = usarAmbienteProcessos('tramite-bomba-', async (a) => {
    servidor = await a.iniciar({ porta: PORTAS.isolamentoBomba, demo: true, env: AMBIENTE });
    cenario = await a.cenarioDemo();
  });

  it('um pedido leve continua rápido e a memória do servidor fica pequena enquanto a bomba é processada', async () => {
    const bomba = await gerarPdfBomba();
    const { base } = servidor;
    const ana = await entrar(base, 'ana');
    const idDocumento = await autuar(base, ana, cenario, 'Documento com um PDF bomba');
    const enviada = await enviarPeca(base, ana, idDocumento, bomba);
    expect(enviada.status, JSON.stringify(enviada.corpo)).toBe(201);
    expect((await tramitar(base, ana, cenario, idDocumento, cenario.prograd)).status).toBe(201);
    const { idAnexo } = enviada.corpo as { idAnexo: number };

    const cliente = new pg.Client({ connectionString: ambiente.banco.url });
    await cliente.connect();
    const { matricula_siape: siape } = (
      await cliente.query(`SELECT matricula_siape FROM usuario WHERE username = 'ana'`)
    ).rows[0];
    const { id: idTipoAssinatura } = (await cliente.query('SELECT id FROM tipo_assinatura ORDER BY id LIMIT 1'))
      .rows[0];
    await cliente.end();

    const {
      resultado: consolidacao,
      tempos,
      memoriaMaximaMb,
    } = await sondarDurante(
      base,
      async () => {
        const pedido = await enviarJson(base, `/consolidacao/${idDocumento}/PDF`, [idAnexo]);
        expect(pedido.status).toBe(202);
        const { uuid } = pedido.corpo as { uuid: string };
        const formulario = new FormData();
        formulario.set('idTipoAssinatura', String(idTipoAssinatura));
        formulario.set('matrSiape', String(siape));
        formulario.set('arquivo', new Blob([new Uint8Array(bomba)], { type: 'application/pdf' }), 'bomba.pdf');
        const assinatura = await fetch(`${base}/api/arquivos-assinados`, {
          method: 'POST',
          headers: { 'x-requested-with': 'XMLHttpRequest', cookie: ana },
          body: formulario,
        });
        expect(assinatura.status).toBe(422);
        expect(await assinatura.json()).toMatchObject({ mensagem: MENSAGENS.trabalho.memoriaEsgotada });
        const prazo = Date.now() + 60_000;
        for (;;) {
          const [estado] = (await enviarJson(base, '/consolidacao', [uuid])).corpo as Consolidacao[];
          const emAndamento = estado?.estado === 'PENDENTE' || estado?.estado === 'PROCESSANDO';
          if (!emAndamento || Date.now() > prazo) return estado;
          await new Promise((r) => setTimeout(r, 200));
        }
      },
      { pid: servidor.processo.pid as number },
    );

    expect(consolidacao).toMatchObject({ estado: 'ERRO', erro: MENSAGENS.trabalho.memoriaEsgotada });
    // Read on the event loop, the bomb stalled every request for 10 to 25 s. The bounds leave room for a busy CI
    // machine; the bench's "isolamento" section measures the latency itself.
    const mediana = quantil(tempos, 0.5);
    const maior = quantil(tempos, 1);
    expect(tempos.length).toBeGreaterThan(20);
    expect(mediana, `mediana de GET /api/mensagens: ${mediana.toFixed(0)} ms`).toBeLessThan(500);
    expect(maior, `maior espera de GET /api/mensagens: ${maior.toFixed(0)} ms`).toBeLessThan(4000);
    expect(memoriaMaximaMb, `memória do servidor: ${memoriaMaximaMb.toFixed(0)} MB`).toBeLessThan(600);
  }, 180_000);
});
