const PARTES_DATA_HORA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A timestamp as the spec shows it (DD/MM/YYYY HH:mm:ss), in Brasília time; '' when absent. */
export function formatarDataHora(valor: Date | string | null): string {
  if (valor === null) return '';
  const partes = Object.fromEntries(PARTES_DATA_HORA.formatToParts(new Date(valor)).map((p) => [p.type, p.value]));
  return `${partes.day}/${partes.month}/${partes.year} ${partes.hour}:${partes.minute}:${partes.second}`;
}
