import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { MENSAGENS } from '@tramite/shared';
import { expect, it } from 'vitest';
import { comServidorPostgres, PORTAS, usarAmbienteProcessos } from '../testing/ambiente-processos.ts';
import { abrirEnvioLento, type EnvioLento, type RespostaCrua } from '../testing/envio-lento.ts';
import { autuar, entrar, enviarPeca, type ProcessoServidor, pdfUnico } from './processos.ts';

/**
 * Issue 17, item 8, against a real server process: 320 multipart uploads that announce 4 MB, send a few bytes and
 * stall, from three users. Each user holds at most POR_USUARIO of them and the process NO_PROCESSO in all; the rest
 * are refused at once (429, 503), the held ones get 408 after the idle timeout, and meanwhile the process keeps
 * answering light requests and another user's real upload, with its open file descriptors bounded by the caps.
 */

const POR_USUARIO = 4;
const NO_PROCESSO = 10;
const OCIOSO_SEGUNDOS = 6;
/** Descriptors the process may open besides the uploads' (database connections, log pipes, the store). */
const FOLGA_DESCRITORES = 25;

comServidorPostgres('envios lentos contra um processo real (issue 17)', () => {
  let servidor: ProcessoServidor;
  const sessoes: Record<'ana' | 'bruno' | 'admin', string> = { ana: '', bruno: '', admin: '' };
  const documentos: Record<'ana' | 'bruno' | 'admin', number> = { ana: 0, bruno: 0, admin: 0 };

  const ambiente = usarAmbienteProcessos('tramite-envios-lentos-', async (a) => {
    servidor = await a.iniciar({
      porta: PORTAS.enviosLentos,
      demo: true,
      env: {
        ENVIO_MAXIMO_POR_USUARIO: String(POR_USUARIO),
        ENVIO_MAXIMO_SIMULTANEOS: String(NO_PROCESSO),
        ENVIO_OCIOSO_SEGUNDOS: String(OCIOSO_SEGUNDOS),
      },
    });
    const cenario = await a.cenarioDemo();
    for (const usuario of ['ana', 'bruno', 'admin'] as const) {
      sessoes[usuario] = await entrar(servidor.base, usuario);
      documentos[usuario] = await autuar(servidor.base, sessoes[usuario], cenario, `Envios lentos de ${usuario}`);
    }
  });

  const descritores = async () => (await readdir(`/proc/${servidor.processo.pid}/fd`)).length;
  const temporarios = async () =>
    (await readdir(join(ambiente.dataDir, 'arquivos'), { recursive: true }).catch(() => [] as string[])).filter((n) =>
      String(n).includes('.tmp-'),
    );

  it('recusa o excesso (429, 503), encerra os parados (408) e continua atendendo os demais', async () => {
    const base = await descritores();
    const envios: EnvioLento[] = [];
    const respostas: (RespostaCrua | null)[] = [];
    const parado = (usuario: keyof typeof sessoes) => {
      const envio = abrirEnvioLento({
        porta: PORTAS.enviosLentos,
        caminho: `/api/documentos/${documentos[usuario]}/anexos`,
        cookie: sessoes[usuario],
        campos: { tipoCopia: 'N' },
      });
      const indice = envios.push(envio) - 1;
      respostas[indice] = null;
      void envio.resposta.then((r) => {
        respostas[indice] = r;
      });
    };
    const respondidos = () => respostas.filter((r) => r !== null).length;
    const esperarRespondidos = async (quantos: number, ms: number) => {
      const fim = Date.now() + ms;
      while (respondidos() < quantos && Date.now() < fim) await esperar(20);
      return respondidos();
    };

    // A light request every 100 ms for the whole attack, each timed.
    const leves: { status: number; ms: number }[] = [];
    let atacando = true;
    const sondagem = (async () => {
      while (atacando) {
        const inicio = Date.now();
        const status = await fetch(`${servidor.base}/api/mensagens`).then(
          (r) => r.status,
          () => 0,
        );
        leves.push({ status, ms: Date.now() - inicio });
        await esperar(100);
      }
    })();
    let maximoDescritores = base;
    const amostragem = setInterval(() => {
      void descritores().then((n) => {
        maximoDescritores = Math.max(maximoDescritores, n);
      });
    }, 50);

    try {
      // Wave 1: ana and bruno, 150 stalled uploads each. Each holds POR_USUARIO; every other one is a 429 at once.
      const inicio = Date.now();
      for (let i = 0; i < 150; i++) {
        parado('ana');
        parado('bruno');
      }
      expect(await esperarRespondidos(300 - 2 * POR_USUARIO, 10_000)).toBe(300 - 2 * POR_USUARIO);
      expect(Date.now() - inicio).toBeLessThan((OCIOSO_SEGUNDOS - 2) * 1000);
      expect(respostas.filter((r) => r?.status === 429)).toHaveLength(300 - 2 * POR_USUARIO);
      expect(JSON.parse(respostas.find((r) => r !== null)?.corpo ?? '{}').mensagem).toBe(
        MENSAGENS.arquivos.muitosEnviosDoUsuario(POR_USUARIO),
      );

      // Another user's real upload goes through while those are held.
      const normal = await enviarPeca(servidor.base, sessoes.admin, documentos.admin, await pdfUnico());
      expect(normal.status, JSON.stringify(normal.corpo)).toBe(201);

      // Wave 2: admin stalls 20 more: the process's cap is reached (2 more held), the other 18 are 503.
      for (let i = 0; i < 20; i++) parado('admin');
      expect(await esperarRespondidos(320 - NO_PROCESSO, 10_000)).toBe(320 - NO_PROCESSO);
      expect(respostas.filter((r) => r?.status === 503)).toHaveLength(20 - (NO_PROCESSO - 2 * POR_USUARIO));
      expect(Date.now() - inicio).toBeLessThan(OCIOSO_SEGUNDOS * 1000);

      // Only the held uploads keep a socket and a temporary file: the process's descriptors are bounded by the cap.
      await esperar(300);
      expect(await temporarios()).toHaveLength(NO_PROCESSO);
      expect(await descritores()).toBeLessThanOrEqual(base + 2 * NO_PROCESSO + FOLGA_DESCRITORES);

      // The held ones stop sending: after the idle timeout each gets 408, and its temporary file goes.
      expect(await esperarRespondidos(320, (OCIOSO_SEGUNDOS + 5) * 1000)).toBe(320);
      expect(respostas.filter((r) => r?.status === 408)).toHaveLength(NO_PROCESSO);
    } finally {
      atacando = false;
      clearInterval(amostragem);
      await sondagem;
      for (const envio of envios) envio.abortar();
    }

    // Every stalled upload was answered, none reset, and with nothing but the caps' and the timeout's statuses.
    const porStatus = new Map<number | null, number>();
    for (const r of respostas) porStatus.set(r?.status ?? null, (porStatus.get(r?.status ?? null) ?? 0) + 1);
    expect(Object.fromEntries(porStatus)).toEqual({
      408: NO_PROCESSO,
      429: 300 - 2 * POR_USUARIO,
      503: 20 - (NO_PROCESSO - 2 * POR_USUARIO),
    });
    expect(respostas.filter((r) => r?.reiniciada)).toEqual([]);
    expect(leves.length).toBeGreaterThan(10);
    expect(leves.filter((l) => l.status !== 200)).toEqual([]);
    expect(Math.max(...leves.map((l) => l.ms))).toBeLessThan(2000);
    expect(maximoDescritores).toBeLessThan(base + 320 + FOLGA_DESCRITORES);
    expect(await temporarios()).toEqual([]);
    // Every place was given back: ana uploads again at once.
    expect(await descritores()).toBeLessThanOrEqual(base + FOLGA_DESCRITORES);
    const depois = await enviarPeca(servidor.base, sessoes.ana, documentos.ana, await pdfUnico());
    expect(depois.status, JSON.stringify(depois.corpo)).toBe(201);
  }, 60_000);
});
