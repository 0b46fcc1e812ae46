/**
 * The rule of a period filter of two dates: both or neither, the start not after the end. The broken rule's message
 * (`incompleto` or `invertido`), or null; blank counts as absent.
 */
export function problemaPeriodo(
  inicio: string | null | undefined,
  fim: string | null | undefined,
  mensagens: { incompleto: string; invertido: string },
): string | null {
  const de = inicio?.trim() ?? '';
  const ate = fim?.trim() ?? '';
  if ((de === '') !== (ate === '')) return mensagens.incompleto;
  if (de !== '' && ate !== '' && de > ate) return mensagens.invertido;
  return null;
}
