import { z } from 'zod';
import { MENSAGENS_TRAMITA } from './mensagens.ts';

// Issue 24: Tramita GOV.BR, the federal barramento of electronic processes (docs/tramita-govbr-protocolo.md).
// This module holds what the product says about a trâmite; the wire format lives in tramita-protocolo.ts.

/** The barramento's `situacaoAtual` of a trâmite (protocol notes §4). */
export const SITUACOES_TRAMITE = {
  AGUARDANDO_COMPONENTES: 1,
  COMPONENTES_NO_BARRAMENTO: 2,
  METADADOS_RECEBIDOS_DESTINATARIO: 3,
  COMPONENTES_RECEBIDOS_DESTINATARIO: 4,
  RECIBO_NO_BARRAMENTO: 5,
  CONCLUIDO: 6,
  CANCELADO: 7,
  RECUSADO: 8,
  RECUSA_COM_CIENCIA: 9,
  CANCELADO_AUTOMATICAMENTE: 10,
} as const;
export type SituacaoTramite = (typeof SITUACOES_TRAMITE)[keyof typeof SITUACOES_TRAMITE];

export const ROTULOS_SITUACAO_TRAMITE: Record<SituacaoTramite, string> = {
  1: 'Aguardando o envio dos arquivos digitais',
  2: 'Arquivos digitais recebidos pelo Tramita GOV.BR',
  3: 'Metadados recebidos pelo destinatário',
  4: 'Arquivos digitais recebidos pelo destinatário',
  5: 'Recibo de conclusão recebido pelo Tramita GOV.BR',
  6: 'Trâmite concluído',
  7: 'Trâmite cancelado',
  8: 'Recusado pelo destinatário, aguardando ciência do remetente',
  9: 'Recusado pelo destinatário',
  10: 'Cancelado automaticamente pelo Tramita GOV.BR',
};

/** The three ways a trâmite ends: concluded (6), cancelled (7, 10), refused and acknowledged (9). */
export const SITUACOES_FINAIS: readonly SituacaoTramite[] = [6, 7, 9, 10];
/** The sender may cancel while the receiver has not sent its receipt; the barramento cancels these by itself. */
export const SITUACOES_CANCELAVEIS: readonly SituacaoTramite[] = [1, 2, 3, 4];
/**
 * The receiver refuses after asking for the metadata. The reference client's comment also names 2, but the receiver
 * cannot see the trâmite before 3 (protocol notes §4, not confirmed against the server).
 */
export const SITUACOES_RECUSAVEIS: readonly SituacaoTramite[] = [3, 4];
/** Calendar days a trâmite may stay in 1–4 before the barramento cancels it (state 10); the PEN team may change it. */
export const PRAZO_CANCELAMENTO_AUTOMATICO_DIAS = 8;

export function ehSituacaoTramite(valor: number): valor is SituacaoTramite {
  return Object.hasOwn(ROTULOS_SITUACAO_TRAMITE, valor);
}

export const situacaoFinal = (situacao: number) => ehSituacaoTramite(situacao) && SITUACOES_FINAIS.includes(situacao);
export const situacaoCancelavel = (situacao: number) =>
  ehSituacaoTramite(situacao) && SITUACOES_CANCELAVEIS.includes(situacao);

/** The label of a state; newer barramento versions add states, which are shown, never a failure. */
export function rotuloSituacaoTramite(situacao: number): string {
  return ehSituacaoTramite(situacao) ? ROTULOS_SITUACAO_TRAMITE[situacao] : `Situação desconhecida (${situacao})`;
}

/** The refusal reasons the barramento enumerates (protocol notes §8.4). */
export const MOTIVOS_RECUSA = ['01', '02', '03', '04', '99'] as const;
export type MotivoRecusa = (typeof MOTIVOS_RECUSA)[number];

export const ROTULOS_MOTIVO_RECUSA: Record<MotivoRecusa, string> = {
  '01': 'Formato de componente digital não suportado',
  '02': 'Componente digital corrompido',
  '03': 'Falta de componentes digitais',
  '04': 'Espécie documental não mapeada no destinatário',
  '99': 'Outro',
};

export function rotuloMotivoRecusa(motivo: string): string {
  return Object.hasOwn(ROTULOS_MOTIVO_RECUSA, motivo)
    ? ROTULOS_MOTIVO_RECUSA[motivo as MotivoRecusa]
    : `Motivo desconhecido (${motivo})`;
}

/**
 * The reference client cuts a refusal's justification at 1000 characters, but older modules failed past 500
 * (protocol notes §8.4): 500 is what every peer reads.
 */
export const TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA = 500;

// Step 5 (docs/tramita-govbr-desenho.md §2.2): the pre-send check. Its pure rules are in regras-tramita.ts.

/** Each ERRO of the pre-send check (one per row of the design's table); any of them blocks the sending. */
export const CODIGOS_ERRO_VERIFICACAO_TRAMITA = [
  'NAO_CONFIGURADO',
  'CERTIFICADO_VENCIDO',
  'IMPEDIDO',
  'TRAMITE_EM_ANDAMENTO',
  'UNIDADE_NAO_MAPEADA',
  'DESTINO_INAPTO',
  'SEM_PECAS',
  'SEM_INTERESSADO',
  'SEM_DESCRICAO',
  'PECA_EM_ENVIO',
  'ORDEM_ALTERADA',
  'ESPECIE_NAO_MAPEADA',
  'ESPECIE_INATIVA',
  'HIPOTESE_NAO_MAPEADA',
  'HIPOTESE_INATIVA',
  'SIGILOSO_NAO_HOMOLOGADO',
  'TAMANHO_EXCEDIDO',
  'EXTENSAO_RECUSADA',
] as const;
export type CodigoErroVerificacaoTramita = (typeof CODIGOS_ERRO_VERIFICACAO_TRAMITA)[number];

/** Each ALERTA of the pre-send check: shown for the user to confirm, never blocking. */
export const CODIGOS_ALERTA_VERIFICACAO_TRAMITA = [
  'FORMATO_NAO_PADRAO',
  'ARQUIVO_REPETIDO',
  'RECUSA_ANTERIOR',
] as const;
export type CodigoAlertaVerificacaoTramita = (typeof CODIGOS_ALERTA_VERIFICACAO_TRAMITA)[number];

const itemVerificacao = <C extends readonly [string, ...string[]]>(codigos: C) =>
  z.object({
    codigo: z.enum(codigos),
    mensagem: z.string(),
    /** The peça the item is about (its number as shown), absent for the process or several peças. */
    sequencial: z.number().int().optional(),
  });

/**
 * GET documentos/{id}/tramita/verificacao (and the 422 of the sending): the shape of .../consistencia, with a code
 * per item so the screen can group by peça and offer the fix there.
 */
export const verificacaoTramitaSchema = z.object({
  ERRO: z.array(itemVerificacao(CODIGOS_ERRO_VERIFICACAO_TRAMITA)),
  ALERTA: z.array(itemVerificacao(CODIGOS_ALERTA_VERIFICACAO_TRAMITA)),
});
export type VerificacaoTramita = z.infer<typeof verificacaoTramitaSchema>;
export type ItemErroVerificacaoTramita = VerificacaoTramita['ERRO'][number];
export type ItemAlertaVerificacaoTramita = VerificacaoTramita['ALERTA'][number];

const MEBIBYTE = 1024 * 1024;
/**
 * The size of one part of a component sent or fetched in parts: the reference client's default and bounds, in MiB
 * (its worked example, 120 MiB in parts 0-52428800…, counts 50 "MB" as 50 × 2^20 bytes).
 */
export const BLOCO_TRANSFERENCIA = { padraoMb: 50, minimoMb: 1, maximoMb: 200, bytesPorMb: MEBIBYTE } as const;

// Step 3 (docs/tramita-govbr-desenho.md §1): the configuration, kept by holders of ADMINISTRACAO_TRAMITA.

/** Homologation and production have distinct addresses and certificates (protocol notes §1–2). */
export const AMBIENTES_TRAMITA = ['HOMOLOGACAO', 'PRODUCAO'] as const;
export type AmbienteTramita = (typeof AMBIENTES_TRAMITA)[number];

export const ROTULOS_AMBIENTE_TRAMITA: Record<AmbienteTramita, string> = {
  HOMOLOGACAO: 'homologação',
  PRODUCAO: 'produção',
};

/** The REST v3 bases the notes found (§1); the address is configuration, never a constant, these only suggest it. */
export const URL_PADRAO_TRAMITA: Record<AmbienteTramita, string> = {
  HOMOLOGACAO: 'https://homolog.api.processoeletronico.gov.br/interoperabilidade/rest/v3/',
  PRODUCAO: 'https://api.processoeletronico.gov.br/interoperabilidade/rest/v3/',
};

/** Bounds of the configuration's fields; the database checks the same. */
export const LIMITES_CONFIGURACAO_TRAMITA = {
  urlMaxima: 500,
  blocoMb: { minimo: BLOCO_TRANSFERENCIA.minimoMb, maximo: BLOCO_TRANSFERENCIA.maximoMb },
  /** The barramento publishes no limit; the largest a destination was seen to take is 20 MB (design §3). */
  tamanhoMaximoComponenteMb: { minimo: 1, maximo: 2048, padrao: 100 },
  intervaloConsultaSegundos: { minimo: 10, maximo: 3600, padrao: 60 },
  /** A PEN number or id kept in an int4 column. */
  identificadorMaximo: 2_147_483_647,
  /** A certificate file (PKCS#12 or PEM) holds a chain of a few certificates and one key: a few KB. */
  certificadoBytes: 64 * 1024,
  senhaMaxima: 1024,
} as const;

const L = LIMITES_CONFIGURACAO_TRAMITA;

/** An absolute https:// address with a host and no credentials. */
export function urlTramitaValida(texto: string): boolean {
  if (!URL.canParse(texto)) return false;
  const url = new URL(texto);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** An empty form field or null → null; digits → their number; anything else is left for the schema to refuse. */
const vazioParaNulo = (valor: unknown) =>
  valor === '' || valor === null || valor === undefined
    ? null
    : typeof valor === 'string' && /^\s*\d+\s*$/.test(valor)
      ? Number(valor)
      : valor;

const identificadorOpcional = z.preprocess(
  vazioParaNulo,
  z
    .number({ error: MENSAGENS_TRAMITA.identificadorInvalido })
    .int(MENSAGENS_TRAMITA.identificadorInvalido)
    .positive(MENSAGENS_TRAMITA.identificadorInvalido)
    .max(L.identificadorMaximo, MENSAGENS_TRAMITA.identificadorInvalido)
    .nullable(),
);

const inteiroNaFaixa = (rotulo: string, { minimo, maximo }: { minimo: number; maximo: number }) => {
  const mensagem = MENSAGENS_TRAMITA.numeroFaixa(rotulo, minimo, maximo);
  return z.preprocess(
    (valor) => (typeof valor === 'string' && /^\s*\d+\s*$/.test(valor) ? Number(valor) : valor),
    z.number({ error: mensagem }).int(mensagem).min(minimo, mensagem).max(maximo, mensagem),
  );
};

/**
 * Body of PUT administracao/tramita, and the screen's form. Activating needs the institution's repository and
 * structure (here) and a certificate of the environment (checked by the server).
 */
export const configuracaoTramitaSchema = z
  .object({
    ambiente: z.enum(AMBIENTES_TRAMITA, { error: MENSAGENS_TRAMITA.ambienteInvalido }),
    urlBase: z
      .string({ error: MENSAGENS_TRAMITA.urlObrigatoria })
      .trim()
      .min(1, MENSAGENS_TRAMITA.urlObrigatoria)
      .max(L.urlMaxima, MENSAGENS_TRAMITA.urlLonga(L.urlMaxima))
      .refine(urlTramitaValida, MENSAGENS_TRAMITA.urlHttps),
    idRepositorio: identificadorOpcional,
    numeroEstruturaRaiz: identificadorOpcional,
    ativo: z.boolean(),
    blocoMb: inteiroNaFaixa('O bloco de transferência (MB)', L.blocoMb),
    tamanhoMaximoComponenteMb: inteiroNaFaixa('O tamanho máximo de arquivo (MB)', L.tamanhoMaximoComponenteMb),
    intervaloConsultaSegundos: inteiroNaFaixa('O intervalo de consulta (segundos)', L.intervaloConsultaSegundos),
    idUnidadeTramita: identificadorOpcional,
    idTipoDocumentoRecebido: identificadorOpcional,
    codigoEspeciePadraoEnvio: identificadorOpcional,
    idTipoPecaPadraoRecebimento: identificadorOpcional,
  })
  .superRefine((valor, contexto) => {
    if (!valor.ativo) return;
    if (valor.idRepositorio === null) {
      contexto.addIssue({ code: 'custom', path: ['idRepositorio'], message: MENSAGENS_TRAMITA.repositorioObrigatorio });
    }
    if (valor.numeroEstruturaRaiz === null) {
      contexto.addIssue({
        code: 'custom',
        path: ['numeroEstruturaRaiz'],
        message: MENSAGENS_TRAMITA.estruturaRaizObrigatoria,
      });
    }
  });
export type ConfiguracaoTramita = z.output<typeof configuracaoTramitaSchema>;
export type ConfiguracaoTramitaFormulario = z.input<typeof configuracaoTramitaSchema>;

/** GET tramita/estado, for every signed-in user: whether the feature exists, and nothing secret. */
export const estadoTramitaSchema = z.object({
  ativo: z.boolean(),
  ambiente: z.enum(AMBIENTES_TRAMITA).optional(),
});
export type EstadoTramita = z.infer<typeof estadoTramitaSchema>;

/** What may be shown of the system certificate: never the certificate itself, its key or its password. */
export const certificadoTramitaSchema = z.object({
  titular: z.string(),
  emissor: z.string(),
  validoDe: z.string(),
  validoAte: z.string(),
  /** SHA-256 of the certificate (DER), as "AB:CD:…". */
  impressao: z.string(),
});
export type CertificadoTramitaResumo = z.infer<typeof certificadoTramitaSchema>;

const contagemListaSchema = z.object({ ativas: z.number().int(), inativas: z.number().int() });

/** GET administracao/tramita: the saved configuration (null before the first save) and the cached lists. */
export const administracaoTramitaSchema = z.object({
  configuracao: z
    .object({
      ambiente: z.enum(AMBIENTES_TRAMITA),
      urlBase: z.string(),
      idRepositorio: z.number().int().nullable(),
      numeroEstruturaRaiz: z.number().int().nullable(),
      ativo: z.boolean(),
      blocoMb: z.number().int(),
      tamanhoMaximoComponenteMb: z.number().int(),
      intervaloConsultaSegundos: z.number().int(),
      idUnidadeTramita: z.number().int().nullable(),
      idTipoDocumentoRecebido: z.number().int().nullable(),
      codigoEspeciePadraoEnvio: z.number().int().nullable(),
      idTipoPecaPadraoRecebimento: z.number().int().nullable(),
      atualizadoEm: z.string(),
      atualizadoPor: z.string(),
    })
    .nullable(),
  /** The certificate of the configured environment. */
  certificado: certificadoTramitaSchema.nullable(),
  listas: z.object({
    especies: contagemListaSchema,
    hipoteses: contagemListaSchema,
    repositorios: contagemListaSchema,
    /** The last successful sync. */
    sincronizadaEm: z.string().nullable(),
  }),
  /** The cached repositories and species, for the screen's lists. */
  repositorios: z.array(z.object({ id: z.number().int(), nome: z.string(), ativo: z.boolean() })),
  especies: z.array(z.object({ codigo: z.number().int(), nome: z.string(), ativa: z.boolean() })),
  /** The active document types, for the types given to what is received (processes and peças). */
  tiposDocumento: z.array(z.object({ id: z.number().int(), descricao: z.string(), processo: z.boolean() })),
});
export type AdministracaoTramita = z.infer<typeof administracaoTramitaSchema>;

const resumoListaSchema = z.object({
  ativas: z.number().int(),
  inativas: z.number().int(),
  /** Not in the cache before this sync. */
  novas: z.number().int(),
  /** Active before, gone from the PEN (or inactive there) now. */
  desativadas: z.number().int(),
});
export type ResumoListaTramita = z.infer<typeof resumoListaSchema>;

/** POST administracao/tramita/sincronizar. */
export const sincronizacaoTramitaSchema = z.object({
  sincronizadaEm: z.string(),
  especies: resumoListaSchema,
  hipoteses: resumoListaSchema,
  repositorios: resumoListaSchema,
});
export type SincronizacaoTramita = z.infer<typeof sincronizacaoTramitaSchema>;

/** PUT administracao/tramita: the screen as it is now, and how the sync that an active save runs went. */
export const configuracaoTramitaSalvaSchema = administracaoTramitaSchema.extend({
  sincronizacao: z
    .object({
      resultado: sincronizacaoTramitaSchema.nullable(),
      /** The sync failed (the configuration was saved): why, in Portuguese. */
      erro: z.string().nullable(),
    })
    .nullable(),
});
export type ConfiguracaoTramitaSalva = z.infer<typeof configuracaoTramitaSalvaSchema>;

/** POST administracao/tramita/testar-conexao: the barramento answered the healthcheck and listed its repositories. */
export const testeConexaoTramitaSchema = z.object({
  repositorios: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  duracaoMs: z.number().int(),
});
export type TesteConexaoTramita = z.infer<typeof testeConexaoTramitaSchema>;

// Step 4 (docs/tramita-govbr-desenho.md §1, 0028, and §2.1): the mappings, kept by holders of ADMINISTRACAO_TRAMITA.

/** Bounds of the mappings' fields; the database checks the same. */
export const LIMITES_MAPEAMENTOS_TRAMITA = {
  /** A structure search's page (the barramento's `quantidadeDeRegistros`). */
  estruturasPorPagina: 20,
  textoBuscaMaximo: 100,
  paginaMaxima: 1000,
  extensoesMaximas: 50,
  extensaoMaxima: 10,
  observacaoMaxima: 500,
} as const;

const LM = LIMITES_MAPEAMENTOS_TRAMITA;

const identificadorObrigatorio = z.preprocess(
  (valor) => (typeof valor === 'string' && /^\s*\d+\s*$/.test(valor) ? Number(valor) : valor),
  z
    .number({ error: MENSAGENS_TRAMITA.identificadorInvalido })
    .int(MENSAGENS_TRAMITA.identificadorInvalido)
    .positive(MENSAGENS_TRAMITA.identificadorInvalido)
    .max(L.identificadorMaximo, MENSAGENS_TRAMITA.identificadorInvalido),
);

/** GET tramita/estruturas: a page of the barramento's search of structures able to receive. */
export const consultaEstruturasTramitaSchema = z.object({
  repositorio: identificadorObrigatorio,
  /** A name or acronym (parts of it); a number finds that structure directly. */
  texto: z
    .string()
    .trim()
    .min(1, MENSAGENS_TRAMITA.buscaEstruturaVazia)
    .max(LM.textoBuscaMaximo, MENSAGENS_TRAMITA.buscaEstruturaLonga(LM.textoBuscaMaximo)),
  pagina: z.coerce.number().int().min(1).max(LM.paginaMaxima).default(1),
});
export type ConsultaEstruturasTramita = z.output<typeof consultaEstruturasTramitaSchema>;

/** GET documentos/{id}/tramita/verificacao: the destination chosen in Tramitar (repository and structure). */
export const consultaVerificacaoTramitaSchema = z.object({
  repositorio: identificadorObrigatorio,
  estrutura: z.coerce
    .number({ error: MENSAGENS_TRAMITA.identificadorInvalido })
    .int(MENSAGENS_TRAMITA.identificadorInvalido)
    .positive(MENSAGENS_TRAMITA.identificadorInvalido)
    .max(Number.MAX_SAFE_INTEGER, MENSAGENS_TRAMITA.identificadorInvalido),
});
export type ConsultaVerificacaoTramita = z.output<typeof consultaVerificacaoTramitaSchema>;

/**
 * GET tramita/envio: what Tramitar needs to offer "Órgão externo (Tramita GOV.BR)" — whether the caller's unit is
 * mapped to send, the institution's repository (preselected) and the active cached repositories to choose from.
 */
export const opcoesEnvioTramitaSchema = z.object({
  envia: z.boolean(),
  idRepositorio: z.number().int().nullable(),
  repositorios: z.array(z.object({ id: z.number().int(), nome: z.string() })),
});
export type OpcoesEnvioTramita = z.infer<typeof opcoesEnvioTramitaSchema>;

export const estruturaTramitaSchema = z.object({
  numero: z.number().int(),
  nome: z.string(),
  sigla: z.string().nullable(),
  /** The acronyms (or names) of the levels above, nearest first, joined by " / ". */
  hierarquia: z.string().nullable(),
});
export type EstruturaTramita = z.infer<typeof estruturaTramitaSchema>;

export const paginaEstruturasTramitaSchema = z.object({
  itens: z.array(estruturaTramitaSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  porPagina: z.number().int(),
});
export type PaginaEstruturasTramita = z.infer<typeof paginaEstruturasTramitaSchema>;

const campoUnidadeTramita = {
  numeroEstrutura: identificadorObrigatorio,
  envia: z.boolean(),
  recebe: z.boolean(),
};
const algumSentido = {
  path: ['envia'],
  message: MENSAGENS_TRAMITA.unidadeSemSentido,
};

/** PUT administracao/tramita/unidades/{idUnidade}: the structure of the institution's repository, and which way. */
export const mapeamentoUnidadeTramitaSchema = z
  .object(campoUnidadeTramita)
  .refine((valor) => valor.envia || valor.recebe, algumSentido);
export type MapeamentoUnidadeTramita = z.output<typeof mapeamentoUnidadeTramitaSchema>;

/** PUT administracao/tramita/especies-envio/{idTipoDocumento}. */
export const mapeamentoEspecieEnvioSchema = z.object({ codigoEspecie: identificadorObrigatorio });
/** PUT administracao/tramita/especies-recebimento/{codigoEspecie}. */
export const mapeamentoEspecieRecebimentoSchema = z.object({ idTipoDocumento: identificadorObrigatorio });
/** PUT administracao/tramita/hipoteses-envio/{idHipoteseLegal}. */
export const mapeamentoHipoteseEnvioSchema = z.object({ identificacaoPen: identificadorObrigatorio });
/** PUT administracao/tramita/hipoteses-recebimento/{identificacaoPen}. */
export const mapeamentoHipoteseRecebimentoSchema = z.object({ idHipoteseLegal: identificadorObrigatorio });

// The screen's forms: the body and the key the path takes.

export const formularioUnidadeTramitaSchema = z
  .object({ idUnidade: identificadorObrigatorio, ...campoUnidadeTramita })
  .refine((valor) => valor.envia || valor.recebe, algumSentido);
export type FormularioUnidadeTramita = z.input<typeof formularioUnidadeTramitaSchema>;
/** Both ways of species and of hypotheses: the key of the path (`origem`) and the mapped value (`destino`). */
export const formularioParTramitaSchema = z.object({
  origem: identificadorObrigatorio,
  destino: identificadorObrigatorio,
});
export type FormularioParTramita = z.input<typeof formularioParTramitaSchema>;

/** An extension as a destination refuses it: letters and digits, without the dot, in lower case. */
const extensaoSchema = z
  .string()
  .trim()
  .transform((valor) => valor.replace(/^\./, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9]{1,10}$/, MENSAGENS_TRAMITA.extensaoInvalida)
      .max(LM.extensaoMaxima, MENSAGENS_TRAMITA.extensaoInvalida),
  );

/**
 * POST administracao/tramita/limites and PUT …/limites/{id}: what a destination (a whole repository, or one of its
 * structures) is known to refuse. At least a size or an extension.
 */
export const limiteDestinoTramitaSchema = z
  .object({
    idRepositorio: identificadorObrigatorio,
    numeroEstrutura: z.preprocess(
      (valor) => (valor === '' || valor === undefined ? null : valor),
      identificadorObrigatorio.nullable(),
    ),
    tamanhoMaximoMb: z.preprocess(
      (valor) =>
        valor === '' || valor === undefined || valor === null
          ? null
          : typeof valor === 'string' && /^\s*\d+\s*$/.test(valor)
            ? Number(valor)
            : valor,
      z
        .number({ error: MENSAGENS_TRAMITA.numeroFaixa('O tamanho máximo (MB)', 1, 2048) })
        .int(MENSAGENS_TRAMITA.numeroFaixa('O tamanho máximo (MB)', 1, 2048))
        .min(1, MENSAGENS_TRAMITA.numeroFaixa('O tamanho máximo (MB)', 1, 2048))
        .max(2048, MENSAGENS_TRAMITA.numeroFaixa('O tamanho máximo (MB)', 1, 2048))
        .nullable(),
    ),
    /** A list, or the text of a form field: separated by commas, semicolons or spaces. */
    extensoesRecusadas: z.preprocess(
      (valor) => (typeof valor === 'string' ? valor.split(/[\s,;]+/).filter(Boolean) : (valor ?? [])),
      z
        .array(extensaoSchema)
        .max(LM.extensoesMaximas, MENSAGENS_TRAMITA.extensoesDemais(LM.extensoesMaximas))
        .transform((lista) => [...new Set(lista)].sort()),
    ),
    observacao: z.preprocess(
      (valor) => (typeof valor === 'string' && valor.trim() === '' ? null : valor),
      z
        .string()
        .trim()
        .max(LM.observacaoMaxima, MENSAGENS_TRAMITA.observacaoLonga(LM.observacaoMaxima))
        .nullable()
        .default(null),
    ),
  })
  .refine((valor) => valor.tamanhoMaximoMb !== null || valor.extensoesRecusadas.length > 0, {
    path: ['tamanhoMaximoMb'],
    message: MENSAGENS_TRAMITA.limiteVazio,
  });
export type LimiteDestinoTramita = z.output<typeof limiteDestinoTramitaSchema>;
export type LimiteDestinoTramitaFormulario = z.input<typeof limiteDestinoTramitaSchema>;

/** GET administracao/tramita/mapeamentos: every mapping, and the lists the screen chooses from. */
export const mapeamentosTramitaSchema = z.object({
  /** The institution's repository (the units' structures are searched there); null before it is configured. */
  idRepositorio: z.number().int().nullable(),
  unidades: z.array(
    z.object({
      idUnidade: z.number().int(),
      siglaUnidade: z.string(),
      nomeUnidade: z.string(),
      numeroEstrutura: z.number().int(),
      nome: z.string(),
      sigla: z.string().nullable(),
      hierarquia: z.string().nullable(),
      envia: z.boolean(),
      recebe: z.boolean(),
    }),
  ),
  especiesEnvio: z.array(
    z.object({
      idTipoDocumento: z.number().int(),
      tipoDocumento: z.string(),
      codigoEspecie: z.number().int(),
      especie: z.string(),
      especieAtiva: z.boolean(),
    }),
  ),
  especiesRecebimento: z.array(
    z.object({
      codigoEspecie: z.number().int(),
      especie: z.string(),
      especieAtiva: z.boolean(),
      idTipoDocumento: z.number().int(),
      tipoDocumento: z.string(),
    }),
  ),
  hipotesesEnvio: z.array(
    z.object({
      idHipoteseLegal: z.number().int(),
      hipoteseLegal: z.string(),
      identificacaoPen: z.number().int(),
      hipotesePen: z.string(),
      hipotesePenAtiva: z.boolean(),
    }),
  ),
  hipotesesRecebimento: z.array(
    z.object({
      identificacaoPen: z.number().int(),
      hipotesePen: z.string(),
      hipotesePenAtiva: z.boolean(),
      idHipoteseLegal: z.number().int(),
      hipoteseLegal: z.string(),
    }),
  ),
  limites: z.array(
    z.object({
      id: z.number().int(),
      idRepositorio: z.number().int(),
      repositorio: z.string(),
      numeroEstrutura: z.number().int().nullable(),
      nomeEstrutura: z.string().nullable(),
      tamanhoMaximoMb: z.number().int().nullable(),
      extensoesRecusadas: z.array(z.string()),
      observacao: z.string().nullable(),
    }),
  ),
  /** The choices: the document types that are not processes, the active legal hypotheses, the PEN's lists. */
  tiposDocumento: z.array(z.object({ id: z.number().int(), descricao: z.string() })),
  hipotesesLegais: z.array(z.object({ id: z.number().int(), descricao: z.string() })),
  especies: z.array(z.object({ codigo: z.number().int(), nome: z.string(), ativa: z.boolean() })),
  hipotesesPen: z.array(z.object({ identificacao: z.number().int(), nome: z.string(), ativa: z.boolean() })),
  repositorios: z.array(z.object({ id: z.number().int(), nome: z.string(), ativo: z.boolean() })),
});
export type MapeamentosTramita = z.infer<typeof mapeamentosTramitaSchema>;
