import type { Banco } from '../../db/connection.ts';
import { enfileirarEmail } from '../../platform/email.ts';
import * as queries from './queries.ts';

/**
 * E-mail follow of favourites (spec §2 "Favourites"): when a followed document is sent, received, joined or gets a
 * new peça, each follower gets one e-mail, queued in the transaction of the change (no change, no e-mail; delivery
 * and retries are the e-mail queue's). The services that perform those events call `notificarAcompanhantes`.
 */

export type EventoAcompanhamento =
  /** A sending (also in bulk and in re-forwarding) recorded as this tramitação. */
  | { tipo: 'TRAMITACAO'; idTramitacao: number }
  /** The receipt of this tramitação (also in the unit's name, which leaves the document in situação T). */
  | { tipo: 'RECEBIMENTO'; idTramitacao: number }
  /** idDocumento is the parent; this child was attached (ANEXACAO) or appended (APENSACAO) to it. */
  | { tipo: 'JUNTADA'; idDocumentoJuntado: number; tipoAgregacao: 'ANEXACAO' | 'APENSACAO' }
  | { tipo: 'NOVA_PECA'; idPeca: number }
  /**
   * The recall of this (not yet received) sending by its origin unit. The reason is told only to the followers
   * `motivoVisivelPara` answers, those who may see the sending's despacho.
   */
  | {
      tipo: 'CANCELAMENTO_ENVIO';
      idTramitacao: number;
      motivo: string;
      motivoVisivelPara: (idsUsuarios: number[]) => Promise<ReadonlySet<number>>;
    };

export interface NotificacaoAcompanhamento {
  idDocumento: number;
  evento: EventoAcompanhamento;
  /** Who did it: never told of their own action. */
  idUsuarioAutor: number;
  /** The product's public address (config.urlPublica), for the links. */
  urlPublica: string;
  /** Users already told of it by another e-mail of the same change (a recall tells the destination's users). */
  exceto?: readonly number[];
}

const formatoData = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});
const quando = (data: Date | string | null | undefined) => formatoData.format(data ? new Date(data) : new Date());

interface Fato {
  /** The sentence that says what happened, the same for every follower. */
  frase: string;
  /** The subject for a follower of this document. */
  assunto: (idDocumento: number) => string;
}

/** What happened, in Portuguese; undefined when the rows it speaks of are gone (nothing to tell). */
async function descreverFato(
  trx: Banco,
  documento: { id: number; numero: string; situacao: string },
  evento: EventoAcompanhamento,
  autor: string,
): Promise<{ fato: Fato; idsDocumentos: number[] } | undefined> {
  const numero = documento.numero;
  switch (evento.tipo) {
    case 'TRAMITACAO': {
      const t = await queries.lerTramitacaoAcompanhada(trx, evento.idTramitacao);
      if (!t) return undefined;
      const verbo = t.reencaminhamento ? 'reencaminhado' : 'enviado';
      const passo = t.passo ? ` (passo: ${t.passo})` : '';
      return {
        idsDocumentos: [documento.id],
        fato: {
          frase: `Documento ${numero} ${verbo} pela unidade ${t.origemSigla} à unidade ${t.destinoSigla} (${t.destinoNome})${passo} por ${autor} em ${quando(t.dtDespacho)}.`,
          assunto: () => `Documento ${numero} ${verbo} à unidade ${t.destinoSigla}`,
        },
      };
    }
    case 'RECEBIMENTO': {
      const t = await queries.lerTramitacaoAcompanhada(trx, evento.idTramitacao);
      if (!t) return undefined;
      const emNome = documento.situacao === 'T' ? 'em nome da unidade' : 'pela unidade';
      return {
        idsDocumentos: [documento.id],
        fato: {
          frase: `Documento ${numero} recebido ${emNome} ${t.destinoSigla} por ${autor} em ${quando(t.dtRecebimento)}.`,
          assunto: () => `Documento ${numero} recebido ${emNome} ${t.destinoSigla}`,
        },
      };
    }
    case 'JUNTADA': {
      const filho = await queries.lerDocumentoAcompanhado(trx, evento.idDocumentoJuntado);
      if (!filho) return undefined;
      const verbo = evento.tipoAgregacao === 'ANEXACAO' ? 'anexado' : 'apensado';
      const modo = evento.tipoAgregacao === 'ANEXACAO' ? 'anexação' : 'apensação';
      return {
        idsDocumentos: [documento.id, filho.id],
        fato: {
          frase: `Documento ${filho.numero} ${verbo} ao documento ${numero} por ${autor} em ${quando(null)}.`,
          assunto: (id) =>
            id === documento.id
              ? `Documento ${numero} recebeu o documento ${filho.numero} por ${modo}`
              : `Documento ${filho.numero} ${verbo} ao documento ${numero}`,
        },
      };
    }
    case 'CANCELAMENTO_ENVIO': {
      const t = await queries.lerTramitacaoAcompanhada(trx, evento.idTramitacao);
      if (!t) return undefined;
      return {
        idsDocumentos: [documento.id],
        fato: {
          frase: `O envio do documento ${numero} pela unidade ${t.origemSigla} à unidade ${t.destinoSigla} (${t.destinoNome}), feito em ${quando(t.dtDespacho)}, foi cancelado por ${autor} em ${quando(null)}; o documento voltou à unidade ${t.origemSigla}.`,
          assunto: () => `Documento ${numero}: envio à unidade ${t.destinoSigla} cancelado`,
        },
      };
    }
    case 'NOVA_PECA': {
      const peca = await queries.lerPecaAcompanhada(trx, evento.idPeca);
      if (!peca) return undefined;
      // The peça's name and description are left out: a restricted peça's metadata is not for every follower.
      return {
        idsDocumentos: [documento.id],
        fato: {
          frase: `Nova peça (nº ${peca.sequencial}) incluída no documento ${numero} por ${autor} em ${quando(peca.criadoEm)}.`,
          assunto: () => `Documento ${numero}: nova peça incluída`,
        },
      };
    }
  }
}

/**
 * Queues one e-mail per follower of the document (for a join: of the parent or of the child, once per person) and
 * answers how many. Call it with the transaction that performs the change.
 */
export async function notificarAcompanhantes(trx: Banco, notificacao: NotificacaoAcompanhamento): Promise<number> {
  const documento = await queries.lerDocumentoAcompanhado(trx, notificacao.idDocumento);
  if (!documento) return 0;
  const autor = await queries.lerNomeUsuario(trx, notificacao.idUsuarioAutor);
  const descrito = await descreverFato(trx, documento, notificacao.evento, autor?.nome ?? 'usuário do sistema');
  if (!descrito) return 0;
  const { fato, idsDocumentos } = descrito;
  const acompanhantes = (await queries.listarAcompanhantes(trx, idsDocumentos, notificacao.idUsuarioAutor)).filter(
    (linha) => !notificacao.exceto?.includes(linha.idUsuario),
  );
  if (acompanhantes.length === 0) return 0;

  // One e-mail per person: who follows both documents of a join hears of it as a follower of the parent.
  const porUsuario = new Map<number, (typeof acompanhantes)[number]>();
  for (const linha of acompanhantes) {
    const atual = porUsuario.get(linha.idUsuario);
    if (!atual || Number(linha.idDocumento) === documento.id) porUsuario.set(linha.idUsuario, linha);
  }

  const urlPublica = notificacao.urlPublica.replace(/\/$/, '');
  const evento = notificacao.evento;
  const veemMotivo =
    evento.tipo === 'CANCELAMENTO_ENVIO' ? await evento.motivoVisivelPara([...porUsuario.keys()]) : new Set<number>();
  const numeros = new Map<number, string>([[documento.id, documento.numero]]);
  for (const linha of porUsuario.values()) {
    const idSeguido = Number(linha.idDocumento);
    if (!numeros.has(idSeguido))
      numeros.set(idSeguido, (await queries.lerDocumentoAcompanhado(trx, idSeguido))?.numero ?? '');
    await enfileirarEmail(trx, {
      para: (linha.email as string).trim(),
      assunto: fato.assunto(idSeguido),
      texto: [
        `Prezado(a) ${linha.nome},`,
        '',
        fato.frase,
        ...(evento.tipo === 'CANCELAMENTO_ENVIO' && veemMotivo.has(linha.idUsuario)
          ? [`Motivo: ${evento.motivo}`]
          : []),
        '',
        `Acompanhe o documento ${numeros.get(idSeguido)} em ${urlPublica}/documentos/${idSeguido}`,
        '',
        'Você recebe esta mensagem porque acompanha este documento por e-mail nos seus favoritos.',
        `Para deixar de recebê-la, desligue o acompanhamento em ${urlPublica}/documentos-favoritos`,
        '',
        'Esta é uma mensagem automática do Trâmite; não é preciso respondê-la.',
      ].join('\n'),
    });
  }
  return porUsuario.size;
}
