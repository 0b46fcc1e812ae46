/**
 * The "isolamento" section of the bench (issue 17): the p99 of a light request (GET /api/mensagens) alone, and while
 * (a) a decompression-bomb consolidation, (b) five ten-year malote reports and (c) 2,000 stalled uploads run; and
 * the server process's resident memory all along. Loopback only; every loop is bounded in count and time.
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { quantil, sondarDurante } from '../apps/api/src/operations/sonda-leve.ts';
import { gerarPdfBomba } from '../apps/api/src/testing/pdf-bomba.ts';

const XRW = { 'x-requested-with': 'XMLHttpRequest' };
const PAUSA_MS = 10;

export interface ParametrosIsolamento {
  base: string;
  /** The server process, whose resident memory is read from /proc. */
  pid: number;
  /** A user who may add peças to `idDocumento` (the bomb's document). */
  cookiePecas: string;
  idDocumento: number;
  /** A user with RELATORIOS, and the malote's query (all units, ten years). */
  cookieRelatorios: string;
  consultaMalote: string;
  log: (mensagem: string) => void;
}

export interface MedidaIsolamento {
  nome: string;
  p50: number;
  p99: number;
  n: number;
  /** Largest resident memory of the server process during the phase, in MB. */
  memoriaMaximaMb: number;
  detalhe: string;
}

/** Asks GET /api/mensagens one after another while `trabalho` runs (and for at least `minimoMs`). */
async function amostrar<T>(
  p: ParametrosIsolamento,
  nome: string,
  trabalho: () => Promise<T>,
  minimoMs: number,
): Promise<{ medida: Omit<MedidaIsolamento, 'detalhe'>; resultado: T }> {
  const { resultado, tempos, memoriaMaximaMb } = await sondarDurante(p.base, trabalho, {
    pid: p.pid,
    pausaMs: PAUSA_MS,
    minimoMs,
  });
  return {
    resultado,
    medida: { nome, p50: quantil(tempos, 0.5), p99: quantil(tempos, 0.99), n: tempos.length, memoriaMaximaMb },
  };
}

async function consolidarBomba(p: ParametrosIsolamento): Promise<string> {
  const bomba = await gerarPdfBomba();
  const formulario = new FormData();
  formulario.set('tipoCopia', 'N');
  formulario.set('nivelAcesso', 'P');
  formulario.set('arquivo', new Blob([new Uint8Array(bomba)], { type: 'application/pdf' }), 'bomba.pdf');
  const envio = await fetch(`${p.base}/api/documentos/${p.idDocumento}/anexos`, {
    method: 'POST',
    headers: { cookie: p.cookiePecas, ...XRW },
    body: formulario,
  });
  if (envio.status !== 201) return `envio da bomba: HTTP ${envio.status} ${(await envio.text()).slice(0, 200)}`;
  const { idAnexo } = (await envio.json()) as { idAnexo: number };
  const pedido = await fetch(`${p.base}/api/consolidacao/${p.idDocumento}/PDF`, {
    method: 'POST',
    headers: { cookie: p.cookiePecas, ...XRW, 'content-type': 'application/json' },
    body: JSON.stringify([idAnexo]),
  });
  if (pedido.status !== 202) return `consolidação: HTTP ${pedido.status} ${(await pedido.text()).slice(0, 200)}`;
  const { uuid } = (await pedido.json()) as { uuid: string };
  const prazo = performance.now() + 120_000;
  while (performance.now() < prazo) {
    const [estado] = (await (
      await fetch(`${p.base}/api/consolidacao`, {
        method: 'POST',
        headers: { cookie: p.cookiePecas, ...XRW, 'content-type': 'application/json' },
        body: JSON.stringify([uuid]),
      })
    ).json()) as { estado: string; erro: string | null }[];
    if (estado && estado.estado !== 'PENDENTE' && estado.estado !== 'PROCESSANDO') {
      return `consolidação de um PDF de ${(bomba.length / 2 ** 20).toFixed(1)} MiB que infla a 1 GiB: ${estado.estado}${estado.erro ? ` (${estado.erro})` : ''}`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return 'consolidação: ainda em andamento depois de 120 s';
}

async function malotesParalelos(p: ParametrosIsolamento): Promise<string> {
  const respostas = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const t0 = performance.now();
      const r = await fetch(`${p.base}/api/relatorios/malote?${p.consultaMalote}`, {
        headers: { cookie: p.cookieRelatorios },
      });
      const corpo = await r.arrayBuffer();
      return { status: r.status, bytes: corpo.byteLength, ms: performance.now() - t0 };
    }),
  );
  return respostas
    .map(
      (r) =>
        `${r.status}${r.status === 200 ? ` (${(r.bytes / 2 ** 20).toFixed(1)} MiB, ${(r.ms / 1000).toFixed(1)} s)` : ''}`,
    )
    .join(', ');
}

/** Opens `quantidade` uploads that announce 4 MB and send a few bytes, holds them `duracaoMs`, then drops them. */
async function enviosParados(p: ParametrosIsolamento, quantidade: number, duracaoMs: number): Promise<string> {
  const { hostname, port } = new URL(p.base);
  const fronteira = '----tramite-bench-isolamento';
  const inicioCorpo =
    `--${fronteira}\r\ncontent-disposition: form-data; name="tipoCopia"\r\n\r\nN\r\n` +
    `--${fronteira}\r\ncontent-disposition: form-data; name="nivelAcesso"\r\n\r\nP\r\n` +
    `--${fronteira}\r\ncontent-disposition: form-data; name="arquivo"; filename="lento.pdf"\r\n` +
    'content-type: application/pdf\r\n\r\n%PDF-1.4\n';
  const cabecalho = [
    `POST /api/documentos/${p.idDocumento}/anexos HTTP/1.1`,
    `host: ${hostname}:${port}`,
    `cookie: ${p.cookiePecas}`,
    'x-requested-with: XMLHttpRequest',
    `content-type: multipart/form-data; boundary=${fronteira}`,
    `content-length: ${4 * 1024 * 1024}`,
    '',
    '',
  ].join('\r\n');
  const soquetes: Socket[] = [];
  const status = new Map<string, number>();
  for (let i = 0; i < quantidade; i++) {
    const soquete = connect(Number(port), hostname);
    soquete.on('error', () => {});
    soquete.once('data', (dados: Buffer) => {
      const codigo = dados.toString('latin1').match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? '?';
      status.set(codigo, (status.get(codigo) ?? 0) + 1);
    });
    soquete.write(cabecalho + inicioCorpo);
    soquetes.push(soquete);
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 5));
  }
  await new Promise((r) => setTimeout(r, duracaoMs));
  const semResposta = soquetes.filter((s) => !s.destroyed && s.bytesRead === 0).length;
  for (const soquete of soquetes) soquete.destroy();
  const codigos = [...status.entries()].map(([codigo, n]) => `${n}× ${codigo}`).join(', ');
  return `${quantidade} envios parados (4 MB anunciados): ${codigos || 'nenhuma resposta'}; ${semResposta} ainda abertos sem resposta ao fim de ${duracaoMs / 1000} s`;
}

export async function medirIsolamento(p: ParametrosIsolamento): Promise<MedidaIsolamento[]> {
  const medidas: MedidaIsolamento[] = [];
  p.log('isolamento: pedido leve sozinho...');
  const sozinho = await amostrar(p, 'GET /api/mensagens sozinho', async () => '', 5000);
  medidas.push({ ...sozinho.medida, detalhe: 'sem carga' });
  p.log('isolamento: consolidação de uma bomba de descompressão...');
  const bomba = await amostrar(p, 'durante (a) a consolidação de uma bomba', () => consolidarBomba(p), 3000);
  medidas.push({ ...bomba.medida, detalhe: bomba.resultado });
  p.log('isolamento: cinco malotes de dez anos...');
  const malotes = await amostrar(p, 'durante (b) cinco malotes de dez anos', () => malotesParalelos(p), 3000);
  medidas.push({ ...malotes.medida, detalhe: `respostas: ${malotes.resultado}` });
  p.log('isolamento: 2.000 envios parados...');
  const envios = await amostrar(p, 'durante (c) 2.000 envios parados', () => enviosParados(p, 2000, 8000), 3000);
  medidas.push({ ...envios.medida, detalhe: envios.resultado });
  return medidas;
}
