import {
  MENSAGENS_ARQUIVOS,
  MENSAGENS_CANCELAMENTO_ENVIO,
  MENSAGENS_CONTEUDO,
  MENSAGENS_JUNTADA,
  MENSAGENS_SOBRESTAMENTO,
  MENSAGENS_TRAMITACAO,
} from './mensagens-documento.ts';
import { MENSAGENS_AUTUACAO, MENSAGENS_DOCUMENTO } from './mensagens-iniciais.ts';
import { CONTEUDO_MAXIMO, CONTEUDO_MINIMO } from './regras-busca.ts';
import { ESTADO } from './regras-leves.ts';

/**
 * The rules the document's page shares with the server, without zod (issue 23): who may forward, join, suspend,
 * recall or change the peças of a document, the words of a deadline's origin, the tags' rules and the content
 * search's words. The page imports only these and the
 * messages of mensagens-documento.ts; the modules that own each rule (tramitacao, juntada, sobrestamento,
 * cancelamento-envio, documentos, regras-pecas, prazos) re-export it, so `@tramite/shared` keeps every name.
 */

/** estado 2001 of a suspended document (DOMAIN reserves 5). */
export const ESTADO_SOBRESTADO = 5;

/** Situations in which the unit holds a document it has received (T: received by re-forwarding). */
export const SITUACOES_RECEBIDO = ['RECEBIDO', 'T'] as const;

/**
 * Why the unit may not forward the document now (null: it may). The unit must hold it and have received it
 * (RECEBIDO, or T when an administrator received it in the unit's name), or it is a draft of that unit; a document
 * joined to another only moves with its parent, and a suspended one (sobrestado) not at all until it is lifted.
 */
export const IMPEDIMENTOS_TRAMITACAO = {
  JUNTADO: MENSAGENS_TRAMITACAO.documentoJuntado,
  CANCELADO: MENSAGENS_TRAMITACAO.documentoCancelado,
  OUTRA_UNIDADE: MENSAGENS_TRAMITACAO.naoRecebidoPelaUnidade,
  NAO_RECEBIDO: MENSAGENS_TRAMITACAO.receberAntes,
  JA_TRAMITADO: MENSAGENS_TRAMITACAO.jaTramitado,
  SOBRESTADO: MENSAGENS_SOBRESTAMENTO.documentoSobrestado,
} as const;
export type ImpedimentoTramitacao = keyof typeof IMPEDIMENTOS_TRAMITACAO;

export function impedimentoTramitacao(
  documento: {
    situacao: string;
    idUnidadeAtual: number;
    idUnidadeCriadora: number;
    estadoProcessamento: number;
    idDocumentoAgregador: number | null;
  },
  idUnidade: number,
  /** Destination of the last tramitação while it is not received, else null. */
  idDestinoPendente: number | null,
): ImpedimentoTramitacao | null {
  if (documento.idDocumentoAgregador !== null) return 'JUNTADO';
  if (documento.estadoProcessamento === 4) return 'CANCELADO';
  switch (documento.situacao) {
    case 'EM_CRIACAO':
      return documento.idUnidadeCriadora === idUnidade ? null : 'OUTRA_UNIDADE';
    case 'RECEBIDO':
    case 'T':
      if (documento.idUnidadeAtual !== idUnidade) return 'OUTRA_UNIDADE';
      return documento.estadoProcessamento === ESTADO_SOBRESTADO ? 'SOBRESTADO' : null;
    case 'ENVIADO':
      if (idDestinoPendente === idUnidade) return 'NAO_RECEBIDO';
      return documento.idUnidadeAtual === idUnidade ? 'JA_TRAMITADO' : 'OUTRA_UNIDADE';
    default:
      return 'CANCELADO';
  }
}

/**
 * Why the unit `idUnidade` may not join documents into this one, or null when it may (the same rule on the server and
 * on the document's page): the unit must hold it, received and in progress (a suspended one says so), and it must not
 * be joined into another.
 * `semPermissao` tells the server to answer 403 (another unit holds it) rather than 409.
 */
export function motivoSemJuntada(
  agregador: {
    idUnidadeAtual: number;
    situacao: string;
    estadoProcessamento: number | null | undefined;
    idDocumentoAgregador: number | null;
  },
  idUnidade: number | null,
): { mensagem: string; semPermissao: boolean } | null {
  const mensagem = MENSAGENS_JUNTADA.agregadorIndisponivel;
  if (idUnidade === null || agregador.idUnidadeAtual !== idUnidade) return { mensagem, semPermissao: true };
  const recebido = (SITUACOES_RECEBIDO as readonly string[]).includes(agregador.situacao);
  if (recebido && agregador.estadoProcessamento === ESTADO_SOBRESTADO && agregador.idDocumentoAgregador === null) {
    return { mensagem: MENSAGENS_SOBRESTAMENTO.documentoSobrestado, semPermissao: false };
  }
  if (!recebido || agregador.estadoProcessamento !== 1 || agregador.idDocumentoAgregador !== null) {
    return { mensagem, semPermissao: false };
  }
  return null;
}

/** What the suspension rules read of the document. */
export interface DocumentoSobrestavel {
  situacao: string;
  idUnidadeAtual: number;
  estadoProcessamento: number;
  idDocumentoAgregador: number | null;
  processo: boolean;
}

export interface RecusaSobrestamento {
  mensagem: string;
  /** 403 (another unit's business) rather than 409. */
  semPermissao: boolean;
}

/** The unit holds the document and has received it (RECEBIDO, or T when received by re-forwarding: SITUACOES_RECEBIDO). */
function detem(documento: DocumentoSobrestavel, idUnidade: number | null): boolean {
  return (
    idUnidade !== null &&
    documento.idUnidadeAtual === idUnidade &&
    documento.idDocumentoAgregador === null &&
    (documento.situacao === 'RECEBIDO' || documento.situacao === 'T')
  );
}

/** Why the unit may not suspend the document now (null: it may): server (403/409) and document page alike. */
export function impedimentoSobrestamento(
  documento: DocumentoSobrestavel,
  idUnidade: number | null,
): RecusaSobrestamento | null {
  if (!detem(documento, idUnidade)) {
    return { mensagem: MENSAGENS_SOBRESTAMENTO.apenasUnidadeDetentora, semPermissao: true };
  }
  if (documento.estadoProcessamento === ESTADO_SOBRESTADO) {
    return { mensagem: MENSAGENS_SOBRESTAMENTO.jaSobrestado, semPermissao: false };
  }
  if (!documento.processo) return { mensagem: MENSAGENS_SOBRESTAMENTO.apenasProcessos, semPermissao: false };
  if (documento.estadoProcessamento !== 1) {
    return { mensagem: MENSAGENS_SOBRESTAMENTO.apenasEmAndamento, semPermissao: false };
  }
  return null;
}

/** Why the unit may not lift the suspension by hand now (null: it may). */
export function impedimentoLevantamento(
  documento: DocumentoSobrestavel,
  sobrestado: boolean,
  idUnidade: number | null,
): RecusaSobrestamento | null {
  // Who may act comes first, as in every other refusal: a unit that does not hold it hears only that.
  if (!detem(documento, idUnidade)) {
    return { mensagem: MENSAGENS_SOBRESTAMENTO.apenasUnidadeDetentora, semPermissao: true };
  }
  if (!sobrestado) return { mensagem: MENSAGENS_SOBRESTAMENTO.naoSobrestado, semPermissao: false };
  return null;
}

/** Why the sending cannot be recalled: the message, and whether it is a refusal of the caller (403) or a state (409). */
export const IMPEDIMENTOS_CANCELAMENTO_ENVIO = {
  JUNTADO: MENSAGENS_CANCELAMENTO_ENVIO.documentoJuntado,
  NADA_A_CANCELAR: MENSAGENS_CANCELAMENTO_ENVIO.nadaACancelar,
  OUTRA_UNIDADE: MENSAGENS_CANCELAMENTO_ENVIO.somenteOrigem,
  JA_RECEBIDO: MENSAGENS_CANCELAMENTO_ENVIO.jaRecebido,
} as const;
export type ImpedimentoCancelamentoEnvio = keyof typeof IMPEDIMENTOS_CANCELAMENTO_ENVIO;

/**
 * Whether the caller's unit may recall the document's sending now (null: it may). Only the document's last
 * tramitação can be recalled, and only by its origin unit while it is neither received nor already cancelled; a
 * document joined to another moves (and is recalled) only with its parent.
 */
export function impedimentoCancelamentoEnvio(
  documento: { idDocumentoAgregador: number | null },
  /** The document's last tramitação (highest sequencia), cancelled or not; undefined when it was never sent. */
  ultima: { idUnidadeOrigem: number; dtRecebimento: unknown; dtCancelamento: unknown } | null | undefined,
  idUnidade: number | null,
): ImpedimentoCancelamentoEnvio | null {
  if (documento.idDocumentoAgregador !== null) return 'JUNTADO';
  if (!ultima || ultima.dtCancelamento !== null) return 'NADA_A_CANCELAR';
  if (idUnidade === null || ultima.idUnidadeOrigem !== idUnidade) return 'OUTRA_UNIDADE';
  if (ultima.dtRecebimento !== null) return 'JA_RECEBIDO';
  return null;
}

/** Spec §4: editable means EM_CRIACAO or estado 2001 = 6, and of digitised or native-digital origin (32002 = 3 or 4). */
export function motivoNaoEditavel(documento: { situacao: string; estado: Record<string, number> }): string | null {
  const emCriacao = documento.situacao === 'EM_CRIACAO' || documento.estado[ESTADO.processamento] === 6;
  if (!emCriacao) return MENSAGENS_AUTUACAO.apenasEmCriacao;
  const origem = documento.estado[ESTADO.origem];
  if (origem !== 3 && origem !== 4) return MENSAGENS_AUTUACAO.apenasNatoDigitais;
  return null;
}

const ESTADOS_ENCERRADOS = new Set([2, 3, 4]);

/**
 * DOMAIN.md: only the unit holding the document changes its peças, once it received it (RECEBIDO), or while
 * EM_CRIACAO in the unit creating it; archived, concluded or cancelled documents are closed. Answers the reason
 * it may not, or null.
 */
export function motivoSemAlteracaoPecas(
  documento: {
    situacao: string;
    idUnidadeAtual: number;
    idUnidadeCriadora?: number;
    estadoProcessamento?: number;
  },
  idUnidadeUsuario: number | null,
): string | null {
  if (idUnidadeUsuario === null || documento.idUnidadeAtual !== idUnidadeUsuario) {
    return MENSAGENS_ARQUIVOS.apenasUnidadeAtual;
  }
  const emCriacaoNaUnidade =
    documento.situacao === 'EM_CRIACAO' &&
    (documento.idUnidadeCriadora === undefined || documento.idUnidadeCriadora === idUnidadeUsuario);
  if (documento.situacao !== 'RECEBIDO' && !emCriacaoNaUnidade) return MENSAGENS_ARQUIVOS.documentoNaoRecebido;
  if (documento.estadoProcessamento !== undefined && ESTADOS_ENCERRADOS.has(documento.estadoProcessamento)) {
    return MENSAGENS_ARQUIVOS.documentoEncerrado;
  }
  return null;
}

export const ORIGENS_PRAZO = ['PASSO', 'REMETENTE'] as const;
export type OrigemPrazo = (typeof ORIGENS_PRAZO)[number];

/** Who set a deadline, in words: the step's default or the sender. */
export function rotuloOrigemPrazo(origem: OrigemPrazo | null, remetente: string): string | null {
  if (origem === 'PASSO') return 'padrão do passo';
  if (origem === 'REMETENTE') return remetente;
  return null;
}

/**
 * The words of "Buscar no conteúdo das peças" on the document's page, checked as buscaConteudoDocumentoSchema checks
 * them on the server: trimmed, then the message when too short or too long.
 */
export function textoBuscaConteudo(valor: string): { texto: string; erro: null } | { texto: null; erro: string } {
  const texto = valor.trim();
  if (texto.length < CONTEUDO_MINIMO) return { texto: null, erro: MENSAGENS_CONTEUDO.textoCurto };
  if (texto.length > CONTEUDO_MAXIMO) return { texto: null, erro: MENSAGENS_CONTEUDO.textoLongo };
  return { texto, erro: null };
}

export const MARCADOR_TAMANHO_MAXIMO = 60;
export const MARCADORES_MAXIMOS = 20;

/** Splits 'a, b,,a' into ['a', 'b']: trimmed, empty pieces dropped, repeated tags (ignoring case) kept once. */
export function separarMarcadores(stringTags: string): string[] {
  const vistos = new Set<string>();
  const marcadores: string[] = [];
  for (const pedaco of stringTags.split(',')) {
    const marcador = pedaco.trim();
    const chave = marcador.toLocaleLowerCase('pt-BR');
    if (marcador === '' || vistos.has(chave)) continue;
    vistos.add(chave);
    marcadores.push(marcador);
  }
  return marcadores;
}

/** The tag rules; answers the first broken rule's message or null. */
export function validarMarcadores(stringTags: string): string | null {
  const marcadores = separarMarcadores(stringTags);
  if (marcadores.some((m) => [...m].length > MARCADOR_TAMANHO_MAXIMO)) return MENSAGENS_DOCUMENTO.marcadorLongo;
  if (marcadores.length > MARCADORES_MAXIMOS) return MENSAGENS_DOCUMENTO.marcadoresDemais;
  return null;
}
