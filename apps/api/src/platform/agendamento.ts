/**
 * Runs `passada` now and then every `intervaloMs` (never two passes at once); each end is told to `aoTerminar`.
 * Answers a function that stops it, waiting for a pass under way. The timers do not keep the process alive.
 */
export function agendarPeriodicamente<T>(
  passada: () => Promise<T>,
  intervaloMs: number,
  aoTerminar: (erro: unknown, resultado?: T) => void,
): () => Promise<void> {
  let ativo = true;
  let emCurso: Promise<void> | null = null;
  const rodar = () => {
    if (!ativo || emCurso) return;
    emCurso = passada()
      .then(
        (resultado) => aoTerminar(null, resultado),
        (erro: unknown) => aoTerminar(erro),
      )
      .finally(() => {
        emCurso = null;
      });
  };
  const inicio = setTimeout(rodar, 0);
  const temporizador = setInterval(rodar, intervaloMs);
  inicio.unref();
  temporizador.unref();
  return async () => {
    ativo = false;
    clearTimeout(inicio);
    clearInterval(temporizador);
    await emCurso;
  };
}
