import { describe, expect, it } from 'vitest';
import { descreverEvento, type EventoDocumento, linhaDoTempo } from './eventos-documento.ts';

const evento = (mudanca: Partial<EventoDocumento>): EventoDocumento => ({
  tipo: 'CIENCIA',
  em: '2026-03-10T12:00:00.000Z',
  usuario: 'Ana',
  unidade: null,
  texto: null,
  textoOculto: false,
  anterior: null,
  novo: null,
  levantarEm: null,
  sequencia: null,
  automatico: false,
  ...mudanca,
});

describe('descreverEvento', () => {
  it.each([
    [{ tipo: 'CIENCIA', texto: 'Li' }, 'Ciência registrada — Observação: Li'],
    [{ tipo: 'CIENCIA' }, 'Ciência registrada'],
    [{ tipo: 'CIENCIA', textoOculto: true }, 'Ciência registrada — Observação: (restrito)'],
    [
      { tipo: 'PRAZO_ALTERADO', anterior: '2026-03-02', novo: '2026-03-09', texto: 'Pedido' },
      'Prazo alterado: de 02/03/2026 para 09/03/2026 — Motivo: Pedido',
    ],
    [{ tipo: 'RETORNO_ALTERADO', novo: '2026-04-01' }, 'Retorno programado alterado: de sem data para 01/04/2026'],
    [
      { tipo: 'SOBRESTAMENTO', levantarEm: '2026-05-01', texto: 'Aguarda' },
      'Documento sobrestado até 01/05/2026 — Motivo: Aguarda',
    ],
    [{ tipo: 'LEVANTAMENTO', texto: 'Pronto' }, 'Sobrestamento levantado — Motivo: Pronto'],
    [{ tipo: 'LEVANTAMENTO', automatico: true }, 'Sobrestamento levantado automaticamente na data prevista'],
    [{ tipo: 'ENVIO_CANCELADO', sequencia: 3, texto: 'Engano' }, 'Envio 3 cancelado — Motivo: Engano'],
  ] as const)('%o', (mudanca, texto) => {
    expect(descreverEvento(evento(mudanca))).toBe(texto);
  });
});

describe('linhaDoTempo', () => {
  it('junta tramitações e eventos por data; no mesmo instante a tramitação vem antes', () => {
    const t1 = { dtDespacho: '2026-03-01T10:00:00.000Z', id: 1 };
    const t2 = { dtDespacho: '2026-03-05T10:00:00.000Z', id: 2 };
    const e1 = evento({ em: '2026-03-03T10:00:00.000Z' });
    const e2 = evento({ em: '2026-03-05T10:00:00.000Z', tipo: 'ENVIO_CANCELADO' });
    const e0 = evento({ em: '2026-02-28T10:00:00.000Z' });
    const itens = linhaDoTempo([t1, t2], [e0, e1, e2]);
    expect(itens.map((i) => (i.tipo === 'TRAMITACAO' ? `t${i.tramitacao.id}` : i.evento.tipo))).toEqual([
      'CIENCIA',
      't1',
      'CIENCIA',
      't2',
      'ENVIO_CANCELADO',
    ]);
  });
});
