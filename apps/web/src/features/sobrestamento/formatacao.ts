/** A YYYY-MM-DD date as DD/MM/YYYY (no time zone involved). */
export function formatarDataIso(data: string): string {
  return `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}`;
}
