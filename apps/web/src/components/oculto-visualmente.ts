/** Styles for text read by screen readers and not shown (a module of its own, so the light shell can use it). */
export const OCULTO_VISUALMENTE = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;
