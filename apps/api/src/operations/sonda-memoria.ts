/**
 * Loaded with `node --expose-gc --import ./apps/api/src/operations/sonda-memoria.ts` by the soak (scripts/soak.ts):
 * asked over the IPC channel, runs a full garbage collection and answers with process.memoryUsage(). The live heap
 * after a full collection is what a leak raises; RSS also moves with the collector's schedule and the allocator.
 */
interface PedidoMemoria {
  tipo: 'soak:memoria';
  id: number;
}

const coletar = (globalThis as { gc?: () => void }).gc;

if (process.send && coletar) {
  process.on('message', (mensagem: PedidoMemoria) => {
    if (mensagem?.tipo !== 'soak:memoria') return;
    coletar();
    const uso = process.memoryUsage();
    process.send?.({
      tipo: 'soak:memoria',
      id: mensagem.id,
      heapUsed: uso.heapUsed,
      external: uso.external,
      rss: uso.rss,
    });
  });
  // The channel must not keep a server that was told to stop alive.
  process.channel?.unref();
}
