import { descreverTamanho, extensaoDoNome } from './arquivos.ts';
import { dataHoraCiencia } from './ciencia.ts';
import { MENSAGENS_TRAMITA_VERIFICACAO as M } from './mensagens.ts';
import { exigeHipoteseLegal, type NivelAcesso, type SituacaoVinculo } from './pecas.ts';
import { IMPEDIMENTOS_TRAMITACAO, type ImpedimentoTramitacao } from './regras-documento.ts';
import {
  BLOCO_TRANSFERENCIA,
  type ItemAlertaVerificacaoTramita,
  type ItemErroVerificacaoTramita,
  type LimiteDestinoTramita,
  rotuloMotivoRecusa,
  rotuloSituacaoTramite,
  type VerificacaoTramita,
} from './tramita.ts';

/**
 * Issue 24, step 5: the pure rules of the Tramita GOV.BR pre-send check (docs/tramita-govbr-desenho.md §2.2 and the
 * decisions of §0). The server reads the document, its peças, the configuration, the mappings and the destination
 * into a SituacaoVerificacaoTramita and calls avaliarVerificacaoTramita: for GET .../tramita/verificacao, and again
 * inside the sending's transaction (the screen is never the only barrier). No database, no network, no clock.
 */

// ---------------------------------------------------------------------------------------------------------------
// Formats

/**
 * The MIME types of the PEN's model (protocol notes §10.4): a component of any other type goes as "outro", with the
 * real one in dadosComplementaresDoTipoDeArquivo. Read in the reference client's list (S6 `arrPenMimeTypes`, the
 * version that has application/pdf; older versions lacked it), not in the server's schema: [inferido].
 */
export const MIME_TYPES_PEN = [
  'application/pdf',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.formula',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/xml',
  'text/rtf',
  'text/html',
  'text/plain',
  'text/csv',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/tiff',
  'image/bmp',
  'audio/mp4',
  'audio/midi',
  'audio/ogg',
  'audio/vnd.wave',
  'video/avi',
  'video/mpeg',
  'video/mp4',
  'video/ogg',
  'video/webm',
] as const;

/** The bare media type: lower case, without parameters ("text/plain; charset=utf-8" → "text/plain"). */
function mimeSemParametros(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a file of this media type goes with its own MIME type, not as "outro". */
export function formatoPadraoPen(mime: string): boolean {
  return (MIME_TYPES_PEN as readonly string[]).includes(mimeSemParametros(mime));
}

// ---------------------------------------------------------------------------------------------------------------
// The situation the server reads

/** A PEN species as cached in tramita_especie: `ativa` false when it left the PEN's list. */
export interface EspecieTramita {
  codigo: number;
  nome: string;
  ativa: boolean;
}

/** One peça of the document, in the order it goes to the PEN (decision 4: creation order, cancelled ones included). */
export interface PecaVerificacaoTramita {
  /** The number shown for an active peça; ignored for a cancelled one, which is shown without a number. */
  sequencial: number;
  /** The file's name; its extension (extensaoDoNome) is checked against the destination's refused ones. */
  nome: string;
  /** M or D: cancelled. It still goes to the PEN as `retirado`, with a fixed HTML component (decision 4). */
  situacaoVinculo: SituacaoVinculo | null;
  nivelAcesso: NivelAcesso;
  /** The Trâmite legal hypothesis (R and S) and the PEN one it is mapped to (tramita_hipotese_envio), if any. */
  hipotese: {
    descricao: string;
    pen: { identificacao: number; nome: string; ativa: boolean } | null;
  } | null;
  /** The species the peça came with, when it was received from the PEN (decision 1, a). */
  especieOriginal: EspecieTramita | null;
  /** peca.id_tipo_documento (migration 0031) and the species it is mapped to, if any (decision 1, b). */
  tipoDocumento: { descricao: string; especie: EspecieTramita | null } | null;
  /** Bytes. */
  tamanho: number;
  mimeType: string;
  /** Hex SHA-256 of the stored file. */
  sha256: string;
  /** The peça's `ordem` in the PEN's metadata when the process was received from the PEN; null otherwise. */
  ordemOriginal: number | null;
}

/** A row of tramita_limite_destino: what the administrator knows of a destination (the barramento publishes none). */
/** What the rules read of a destination's limits (tramita.ts; numeroEstrutura null: the whole repository). */
export type LimiteVerificado = Pick<LimiteDestinoTramita, 'numeroEstrutura' | 'tamanhoMaximoMb' | 'extensoesRecusadas'>;

/** A refusal by the same destination seen before, with the species and formats of what it refused. */
export interface RecusaAnteriorTramita {
  data: Date;
  motivo: string;
  justificativa: string;
  especies: readonly number[];
  mimeTypes: readonly string[];
}

export interface SituacaoVerificacaoTramita {
  /** The server's now, for the certificate's validity. */
  agora: Date;
  /** Absent or inactive: nothing else is looked at. Active implies a certificate (the table's CHECK). */
  configuracao:
    | { ativa: false }
    | {
        ativa: true;
        certificadoValidoAte: Date;
        /** The global limit, used for destinations whose own limit is unknown. */
        tamanhoMaximoComponenteMb: number;
        /** codigo_especie_padrao_envio and its cached species (decision 1, c). */
        especiePadrao: EspecieTramita | null;
      };
  /** Why the caller's unit may not forward the document at all (the internal rule), or null. */
  impedimento: ImpedimentoTramitacao | null;
  /** The document's latest tramite_externo, or null; 0 is recorded locally and not yet started. */
  tramiteExterno: { situacao: number } | null;
  /** The caller's unit and its structure (tramita_unidade_estrutura), if mapped. */
  unidade: { sigla: string; estrutura: { numero: number; envia: boolean } | null };
  /** The chosen structure as the barramento describes it. */
  destino: { numeroEstrutura: number; nome: string; ativo: boolean; aptoParaReceberTramites: boolean };
  /** What becomes the process's `descricao` (the subject's summary). */
  descricao: string | null;
  quantidadeInteressados: number;
  pecas: readonly PecaVerificacaoTramita[];
  /** Uploads of files to this document still running (envio_em_andamento), with the file's name when known. */
  enviosEmAndamento: readonly { nome: string | null }[];
  /** The process was received from the PEN with this many documents (their `ordem` is 1..n); null otherwise. */
  recebidoDoPen: { quantidadeDocumentos: number } | null;
  /** The rows of tramita_limite_destino of the destination's repository (other structures' rows are ignored). */
  limitesDestino: readonly LimiteVerificado[];
  /** Refusals by this destination (structure), most recent first. */
  recusasAnteriores: readonly RecusaAnteriorTramita[];
}

// ---------------------------------------------------------------------------------------------------------------
// Rules

/** The local trâmite states that hold the process: recorded (0), 1–5 on the barramento, and refused without ciência. */
export const SITUACOES_TRAMITE_VIVO: readonly number[] = [0, 1, 2, 3, 4, 5, 8];

/** The certificate must outlive the sending: TLS fails with an expired one. */
const MARGEM_CERTIFICADO_MS = 24 * 60 * 60 * 1000;

export type OrigemEspecie = 'ORIGINAL' | 'TIPO' | 'PADRAO';

/**
 * Decision 1: the species of a peça is the one it came with from the PEN, else the mapping of its document type,
 * else the configuration's default for peças without a type; null when none applies (an ERRO). An original species
 * that left the PEN's list gives way to the other two (nobody can change it, a type can be chosen), and is answered
 * only when there is nothing else; an inactive mapping does not fall through to the default (it is answered, so that
 * the check asks for the mapping to be fixed instead of sending the peça as something else).
 */
export function especieDaPeca(
  peca: Pick<PecaVerificacaoTramita, 'especieOriginal' | 'tipoDocumento'>,
  especiePadrao: EspecieTramita | null,
): { especie: EspecieTramita; origem: OrigemEspecie } | null {
  const original = peca.especieOriginal;
  if (original?.ativa) return { especie: original, origem: 'ORIGINAL' };
  const doTipo = peca.tipoDocumento?.especie ?? null;
  if (doTipo) return { especie: doTipo, origem: 'TIPO' };
  if (especiePadrao) return { especie: especiePadrao, origem: 'PADRAO' };
  if (original) return { especie: original, origem: 'ORIGINAL' };
  return null;
}

function normalizarExtensao(extensao: string): string {
  return extensao.trim().replace(/^\.+/, '').toLowerCase();
}

/**
 * What the administrator recorded for a destination: the structure's own row decides the size, the repository's
 * row (numeroEstrutura null) applies when the structure has none; refused extensions add up from both. null size:
 * unknown, the global limit applies.
 */
export function limiteDoDestino(
  limites: readonly LimiteVerificado[],
  numeroEstrutura: number,
): { tamanhoMaximoMb: number | null; extensoesRecusadas: ReadonlySet<string> } {
  const daEstrutura = limites.filter((l) => l.numeroEstrutura === numeroEstrutura);
  const doRepositorio = limites.filter((l) => l.numeroEstrutura === null);
  const tamanho = (linhas: readonly LimiteVerificado[]) =>
    linhas.find((l) => l.tamanhoMaximoMb !== null)?.tamanhoMaximoMb ?? null;
  const extensoesRecusadas = new Set(
    [...daEstrutura, ...doRepositorio].flatMap((l) => l.extensoesRecusadas.map(normalizarExtensao)),
  );
  return { tamanhoMaximoMb: tamanho(daEstrutura) ?? tamanho(doRepositorio), extensoesRecusadas };
}

/** The received peças must still be the first ones, in their original order, none removed ([S4]: no reordering). */
function ordemAlterada(situacao: SituacaoVerificacaoTramita): boolean {
  const recebido = situacao.recebidoDoPen;
  if (recebido === null) return false;
  let recebidas = 0;
  for (const [indice, peca] of situacao.pecas.entries()) {
    if (peca.ordemOriginal === null) continue;
    if (peca.ordemOriginal !== indice + 1) return true;
    recebidas += 1;
  }
  return recebidas !== recebido.quantidadeDocumentos;
}

/**
 * The pre-send check of a document for a destination (design §2.2): ERRO blocks the sending, ALERTA asks to confirm.
 * ERRO: the process's items first, in the order of the design's table, then each peça's, in the peças' order.
 * ALERTA: repeated files (several peças, no sequencial), then each peça's format, then earlier refusals.
 * Without an active configuration nothing else is looked at.
 */
export function avaliarVerificacaoTramita(s: SituacaoVerificacaoTramita): VerificacaoTramita {
  const ERRO: ItemErroVerificacaoTramita[] = [];
  const ALERTA: ItemAlertaVerificacaoTramita[] = [];
  const configuracao = s.configuracao;
  if (!configuracao.ativa) return { ERRO: [{ codigo: 'NAO_CONFIGURADO', mensagem: M.naoConfigurado }], ALERTA };

  const validoAte = configuracao.certificadoValidoAte;
  if (validoAte.getTime() <= s.agora.getTime()) {
    ERRO.push({ codigo: 'CERTIFICADO_VENCIDO', mensagem: M.certificadoVencido(dataHoraCiencia(validoAte)) });
  } else if (validoAte.getTime() < s.agora.getTime() + MARGEM_CERTIFICADO_MS) {
    ERRO.push({ codigo: 'CERTIFICADO_VENCIDO', mensagem: M.certificadoVencendo(dataHoraCiencia(validoAte)) });
  }
  if (s.impedimento !== null) {
    ERRO.push({ codigo: 'IMPEDIDO', mensagem: IMPEDIMENTOS_TRAMITACAO[s.impedimento] });
  }
  if (s.tramiteExterno !== null && SITUACOES_TRAMITE_VIVO.includes(s.tramiteExterno.situacao)) {
    const situacao = s.tramiteExterno.situacao;
    const rotulo = situacao === 0 ? M.tramiteEmPreparacao : rotuloSituacaoTramite(situacao);
    ERRO.push({ codigo: 'TRAMITE_EM_ANDAMENTO', mensagem: M.tramiteEmAndamento(rotulo) });
  }
  if (s.unidade.estrutura === null) {
    ERRO.push({ codigo: 'UNIDADE_NAO_MAPEADA', mensagem: M.unidadeNaoMapeada(s.unidade.sigla) });
  } else if (!s.unidade.estrutura.envia) {
    ERRO.push({ codigo: 'UNIDADE_NAO_MAPEADA', mensagem: M.unidadeNaoEnvia(s.unidade.sigla) });
  }
  if (!s.destino.ativo || !s.destino.aptoParaReceberTramites) {
    ERRO.push({ codigo: 'DESTINO_INAPTO', mensagem: M.destinoInapto(s.destino.nome) });
  }
  const ativas = s.pecas.filter((p) => p.situacaoVinculo === null);
  if (ativas.length === 0) ERRO.push({ codigo: 'SEM_PECAS', mensagem: M.semPecas });
  if (s.quantidadeInteressados === 0) ERRO.push({ codigo: 'SEM_INTERESSADO', mensagem: M.semInteressado });
  if ((s.descricao ?? '').trim() === '') ERRO.push({ codigo: 'SEM_DESCRICAO', mensagem: M.semDescricao });
  for (const envio of s.enviosEmAndamento) {
    ERRO.push({ codigo: 'PECA_EM_ENVIO', mensagem: M.pecaEmEnvio(envio.nome) });
  }
  if (ordemAlterada(s)) ERRO.push({ codigo: 'ORDEM_ALTERADA', mensagem: M.ordemAlterada });

  const repetidos = new Map<string, number[]>();
  for (const peca of ativas) repetidos.set(peca.sha256, [...(repetidos.get(peca.sha256) ?? []), peca.sequencial]);
  for (const numeros of repetidos.values()) {
    if (numeros.length < 2) continue;
    // The peças go in creation order; the message names them by number.
    ALERTA.push({ codigo: 'ARQUIVO_REPETIDO', mensagem: M.arquivoRepetido(numeros.sort((a, b) => a - b)) });
  }

  const limite = limiteDoDestino(s.limitesDestino, s.destino.numeroEstrutura);
  const limiteMb = limite.tamanhoMaximoMb ?? configuracao.tamanhoMaximoComponenteMb;
  const limiteBytes = limiteMb * BLOCO_TRANSFERENCIA.bytesPorMb;
  const especiesEnviadas = new Set<number>();

  for (const peca of s.pecas) {
    const ativa = peca.situacaoVinculo === null;
    const n = ativa ? peca.sequencial : null;
    const daPeca = ativa ? { sequencial: peca.sequencial } : {};
    const especie = especieDaPeca(peca, configuracao.especiePadrao);
    if (especie === null) {
      ERRO.push({ codigo: 'ESPECIE_NAO_MAPEADA', mensagem: M.especieNaoMapeada(n, peca.nome), ...daPeca });
    } else if (!especie.especie.ativa) {
      const nome = especie.especie.nome;
      const mensagem =
        especie.origem === 'TIPO'
          ? M.especieInativaDoTipo(nome, n, peca.nome, peca.tipoDocumento?.descricao ?? '')
          : especie.origem === 'PADRAO'
            ? M.especieInativaPadrao(nome, n, peca.nome)
            : M.especieInativaOriginal(nome, n, peca.nome);
      ERRO.push({ codigo: 'ESPECIE_INATIVA', mensagem, ...daPeca });
    } else {
      especiesEnviadas.add(especie.especie.codigo);
    }
    // A cancelled peça's file does not leave: only its species matters.
    if (!ativa) continue;
    const sequencial = peca.sequencial;

    if (exigeHipoteseLegal(peca.nivelAcesso)) {
      if (peca.hipotese === null) {
        ERRO.push({ codigo: 'HIPOTESE_NAO_MAPEADA', mensagem: M.semHipotese(sequencial), sequencial });
      } else if (peca.hipotese.pen === null) {
        const mensagem = M.hipoteseNaoMapeada(peca.hipotese.descricao, sequencial);
        ERRO.push({ codigo: 'HIPOTESE_NAO_MAPEADA', mensagem, sequencial });
      } else if (!peca.hipotese.pen.ativa) {
        const mensagem = M.hipoteseInativa(peca.hipotese.pen.nome, peca.hipotese.descricao, sequencial);
        ERRO.push({ codigo: 'HIPOTESE_INATIVA', mensagem, sequencial });
      }
    }
    if (peca.nivelAcesso === 'S') {
      ERRO.push({ codigo: 'SIGILOSO_NAO_HOMOLOGADO', mensagem: M.sigilosoNaoHomologado(sequencial), sequencial });
    }
    if (peca.tamanho > limiteBytes) {
      const tamanho = descreverTamanho(peca.tamanho);
      const limiteTexto = descreverTamanho(limiteBytes);
      const mensagem =
        limite.tamanhoMaximoMb === null
          ? M.tamanhoExcedidoGlobal(sequencial, peca.nome, tamanho, limiteTexto)
          : M.tamanhoExcedido(sequencial, peca.nome, tamanho, limiteTexto, s.destino.nome);
      ERRO.push({ codigo: 'TAMANHO_EXCEDIDO', mensagem, sequencial });
    }
    const extensao = extensaoDoNome(peca.nome);
    if (extensao !== null && limite.extensoesRecusadas.has(extensao)) {
      const mensagem = M.extensaoRecusada(extensao, sequencial, s.destino.nome);
      ERRO.push({ codigo: 'EXTENSAO_RECUSADA', mensagem, sequencial });
    }
    if (!formatoPadraoPen(peca.mimeType)) {
      const mensagem = M.formatoNaoPadrao(sequencial, mimeSemParametros(peca.mimeType) || '?');
      ALERTA.push({ codigo: 'FORMATO_NAO_PADRAO', mensagem, sequencial });
    }
  }

  const mimesEnviados = new Set(ativas.map((p) => mimeSemParametros(p.mimeType)));
  for (const recusa of s.recusasAnteriores) {
    const parecida =
      recusa.especies.some((codigo) => especiesEnviadas.has(codigo)) ||
      recusa.mimeTypes.some((mime) => mimesEnviados.has(mimeSemParametros(mime)));
    if (!parecida) continue;
    const mensagem = M.recusaAnterior(
      s.destino.nome,
      dataHoraCiencia(recusa.data),
      rotuloMotivoRecusa(recusa.motivo),
      recusa.justificativa,
    );
    ALERTA.push({ codigo: 'RECUSA_ANTERIOR', mensagem });
  }

  return { ERRO, ALERTA };
}
