const DIA_MS = 86_400_000;
/** America/Sao_Paulo has had no daylight saving time since 2019: a fixed UTC-3 offset is exact for recent dates. */
const FUSO_MS = 3 * 3_600_000;
/** Office hours: 08:00 to 18:00, Monday to Friday. */
export const MINUTOS_DIA_UTIL = 600;
const INICIO_EXPEDIENTE_MIN = 8 * 60;
const SEMANAS_ANTES = 160;

/**
 * A clock that counts only office minutes, so that generated movements fall on working days and hours. Minute 0 is
 * a Monday about three years before `agora`; `agoraMin` is `agora` itself (or the end of the last office period).
 */
export class RelogioExpediente {
  private readonly diaReferencia: number;
  readonly agoraMin: number;

  constructor(readonly agora: Date) {
    const diaLocal = Math.floor((agora.getTime() - FUSO_MS) / DIA_MS);
    // Day 0 (1970-01-01) was a Thursday: (dia + 3) % 7 is 0 on Mondays.
    this.diaReferencia = diaLocal - ((diaLocal + 3) % 7) - 7 * SEMANAS_ANTES;
    // Outside office hours `agora` falls on a boundary that also means the next opening: step back one second.
    const minutos = this.paraMinutos(agora);
    this.agoraMin = this.paraData(minutos).getTime() > agora.getTime() ? minutos - 1 / 60 : minutos;
  }

  paraMinutos(data: Date): number {
    const local = data.getTime() - FUSO_MS;
    const diaAbsoluto = Math.floor(local / DIA_MS);
    const minutoDoDia = (local - diaAbsoluto * DIA_MS) / 60_000;
    const dia = diaAbsoluto - this.diaReferencia;
    const semana = Math.floor(dia / 7);
    const diaDaSemana = dia - semana * 7;
    if (diaDaSemana >= 5) return (semana * 5 + 5) * MINUTOS_DIA_UTIL;
    const dentro = Math.min(Math.max(minutoDoDia - INICIO_EXPEDIENTE_MIN, 0), MINUTOS_DIA_UTIL);
    return (semana * 5 + diaDaSemana) * MINUTOS_DIA_UTIL + dentro;
  }

  paraData(minutos: number): Date {
    const diaUtil = Math.floor(minutos / MINUTOS_DIA_UTIL);
    const resto = minutos - diaUtil * MINUTOS_DIA_UTIL;
    const semana = Math.floor(diaUtil / 5);
    const dia = this.diaReferencia + semana * 7 + (diaUtil - semana * 5);
    const segundos = Math.floor((INICIO_EXPEDIENTE_MIN + resto) * 60);
    return new Date(dia * DIA_MS + segundos * 1000 + FUSO_MS);
  }
}

/** Calendar year in São Paulo. */
export function anoLocal(data: Date): number {
  return new Date(data.getTime() - FUSO_MS).getUTCFullYear();
}

/** 'YYYY-MM-DD' in São Paulo. */
export function dataLocal(data: Date): string {
  return new Date(data.getTime() - FUSO_MS).toISOString().slice(0, 10);
}

export function somarDias(data: Date, dias: number): Date {
  return new Date(data.getTime() + dias * DIA_MS);
}
