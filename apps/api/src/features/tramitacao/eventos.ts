import { type EventoDocumento, MENSAGENS, podeVerDespacho } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import type { Chamador } from '../documentos/service.ts';
import * as queries from './queries-eventos.ts';
import { exigirDocumento } from './service.ts';

// GET documentos/{id}/eventos: what happened to a document besides its tramitações, and the despacho's rule for
// the free text of every such event (also used by the ciências list).

type Movimento = queries.MovimentoDoDocumento;

const leitorDe = (chamador: Chamador) =>
  chamador
    ? { irrestrito: chamador.permissoes.includes('VISUALIZACAO_IRRESTRITA_PECAS'), lotacoes: chamador.lotacoes }
    : null;

const ms = (data: Date | string) => new Date(data).getTime();

/** The movement in force at `em`: the last one sent by then and not recalled by then (undefined: none yet). */
export function movimentoEm(movimentos: readonly Movimento[], em: Date | string): Movimento | undefined {
  let vigente: Movimento | undefined;
  for (const m of movimentos) {
    if (ms(m.dtDespacho) > ms(em)) break;
    if (m.dtCancelamento === null || ms(m.dtCancelamento) > ms(em)) vigente = m;
  }
  return vigente;
}

/**
 * Whether the caller reads an event's free text: never when anonymous; else when they could see the despacho of
 * the movement concerned (none: a document never sent is seen only by its own unit).
 */
export function textoVisivel(movimento: Movimento | undefined, chamador: Chamador): boolean {
  if (!chamador) return false;
  return movimento === undefined || podeVerDespacho(movimento, leitorDe(chamador));
}

/** The movements of a document, for `movimentoEm` and `textoVisivel`. */
export const listarMovimentos = queries.listarMovimentosDoDocumento;

const unidade = (l: { idUnidade: number; siglaUnidade: string; nomeUnidade: string }) => ({
  id: l.idUnidade,
  sigla: l.siglaUnidade,
  nome: l.nomeUnidade,
});

const iso = (data: Date | string) => new Date(data).toISOString();

function comTexto(texto: string | null, visivel: boolean) {
  return { texto: visivel ? texto : null, textoOculto: !visivel && texto !== null };
}

const VAZIO = { anterior: null, novo: null, levantarEm: null, sequencia: null, automatico: false };

/** GET documentos/{id}/eventos (public, with the document's visibility): every event, by time. */
export async function listarEventos(db: Banco, chamador: Chamador, idDocumento: number): Promise<EventoDocumento[]> {
  await exigirDocumento(db, idDocumento, chamador);
  const [movimentos, prazos, ciencias, sobrestamentos, cancelados, recebidosExternos] = await Promise.all([
    queries.listarMovimentosDoDocumento(db, idDocumento),
    queries.listarAlteracoesPrazo(db, idDocumento),
    queries.listarCienciasDoDocumento(db, idDocumento),
    queries.listarSobrestamentosDoDocumento(db, idDocumento),
    queries.listarEnviosCancelados(db, idDocumento),
    queries.listarRecebimentosExternos(db, idDocumento),
  ]);
  const porId = new Map(movimentos.map((m) => [m.id, m]));
  const noMomento = (em: Date) => textoVisivel(movimentoEm(movimentos, em), chamador);
  const eventos: EventoDocumento[] = [];
  for (const p of prazos) {
    eventos.push({
      ...VAZIO,
      tipo: p.tipo === 'PRAZO' ? 'PRAZO_ALTERADO' : 'RETORNO_ALTERADO',
      em: iso(p.em),
      usuario: p.usuario,
      unidade: unidade(p),
      ...comTexto(p.motivo, textoVisivel(porId.get(p.idTramitacao), chamador)),
      anterior: p.anterior,
      novo: p.novo,
      sequencia: p.sequencia,
    });
  }
  for (const c of ciencias) {
    const propria = chamador?.id === c.idUsuario;
    eventos.push({
      ...VAZIO,
      tipo: 'CIENCIA',
      em: iso(c.em),
      usuario: c.usuario,
      unidade: unidade(c),
      ...comTexto(c.observacao, propria || noMomento(c.em)),
    });
  }
  for (const s of sobrestamentos) {
    eventos.push({
      ...VAZIO,
      tipo: 'SOBRESTAMENTO',
      em: iso(s.em),
      usuario: s.usuario,
      unidade: unidade(s),
      ...comTexto(s.motivo, noMomento(s.em)),
      levantarEm: s.levantarEm,
    });
    if (s.levantadoEm !== null) {
      const automatico = s.idUsuarioLevantamento === null;
      eventos.push({
        ...VAZIO,
        tipo: 'LEVANTAMENTO',
        em: iso(s.levantadoEm),
        usuario: s.usuarioLevantamento,
        unidade: automatico ? null : unidade(s),
        ...comTexto(s.motivoLevantamento, noMomento(s.levantadoEm)),
        automatico,
      });
    }
  }
  for (const t of cancelados) {
    if (t.dtCancelamento === null) continue;
    eventos.push({
      ...VAZIO,
      tipo: 'ENVIO_CANCELADO',
      em: iso(t.dtCancelamento),
      usuario: t.usuario,
      unidade: unidade(t),
      ...comTexto(t.motivoCancelamento, textoVisivel(porId.get(t.id), chamador)),
      sequencia: t.sequencia,
    });
  }
  for (const r of recebidosExternos) {
    if (r.registradoEm === null) continue;
    // The origin and the NRE are what the tramitação's own public despacho says: no restricted text.
    eventos.push({
      ...VAZIO,
      tipo: 'TRAMITE_EXTERNO_RECEBIDO',
      em: iso(r.registradoEm),
      usuario: null,
      unidade: unidade(r),
      texto: MENSAGENS.tramita.recebimento.eventoRecebido(r.origem ?? '?', r.nre ?? '?'),
      textoOculto: false,
      automatico: true,
    });
  }
  // Stable: events of the same instant keep the order above.
  return eventos.sort((a, b) => ms(a.em) - ms(b.em));
}
