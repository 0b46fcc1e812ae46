import {
  formatarCodigoVerificacao,
  MENSAGENS,
  montarEstado,
  normalizarCodigoVerificacao,
  rotuloTipoDocumento,
  TAMANHO_MAXIMO_EMAIL,
  type VerificacaoDocumento,
} from '@tramite/shared';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { enfileirarEmail } from '../../platform/email.ts';
import { campoInvalido, conflito, ErroLimiteTaxa, naoEncontrado } from '../../platform/erros.ts';
import { exigirLimites, type RegraLimite } from '../../platform/limite-taxa.ts';
import type { ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import {
  buscarDadosDocumentoPdf,
  buscarPorCodigoVerificacao,
  type Chamador,
  type DadosDocumentoPdf,
  visivelPara,
} from '../documentos/service.ts';
import { bloquearConteudo, inserirArquivo } from '../pecas/service.ts';
import { gerarCapa } from './capa.ts';
import { gerarComprovante } from './comprovante.ts';
import type { ContextoPdf } from './layout-pdf.ts';
import * as queries from './queries.ts';

export interface DependenciasPdf {
  db: Banco;
  config: Pick<Config, 'instituicao' | 'urlPublica'>;
  armazenamento: ArmazenamentoArquivos;
  /** The pool of worker processes where the PDFs are drawn. */
  trabalhadores: ExecutorTarefas<typeof tarefasDocumentosPdf>;
}

/** The cover and the receipt, drawn in a worker process of the pool (pdfkit and the QR code never on the loop). */
export const tarefasDocumentosPdf = {
  'documentos-pdf.capa': (entrada: { dados: DadosDocumentoPdf; contexto: ContextoPdf }) =>
    gerarCapa(entrada.dados, entrada.contexto),
  'documentos-pdf.comprovante': (entrada: { dados: DadosDocumentoPdf; contexto: ContextoPdf }) =>
    gerarComprovante(entrada.dados, entrada.contexto),
};

async function desenhar(
  deps: DependenciasPdf,
  tarefa: keyof typeof tarefasDocumentosPdf,
  dados: DadosDocumentoPdf,
): Promise<Buffer> {
  const pdf = await deps.trabalhadores.executar(tarefa, { dados, contexto: contexto(deps.config) });
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

export interface ArquivoPdf {
  nome: string;
  conteudo: Buffer;
}

const contexto = (config: DependenciasPdf['config']): ContextoPdf => ({
  instituicao: config.instituicao,
  urlPublica: config.urlPublica,
});

/** 'capa', '23069.000123/2026-11' → 'capa-23069.000123-2026-11.pdf' */
const nomeArquivo = (prefixo: string, numero: string) => `${prefixo}-${numero.replace(/[^0-9A-Za-z.-]+/g, '-')}.pdf`;

/**
 * The PDFs follow the document screen: whoever may see the document (anyone, and drafts only the users of the unit
 * creating them) may get them; an unknown or hidden document is the same 404.
 */
async function dadosVisiveis(db: Banco, idDocumento: number, chamador: Chamador) {
  const dados = await buscarDadosDocumentoPdf(db, idDocumento);
  if (!dados || !visivelPara(dados, chamador)) throw naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
  return dados;
}

/** GET documentos/{id}/capa: only for types with geraCapa (409 otherwise, as the screen only offers it then). */
export async function obterCapa(deps: DependenciasPdf, chamador: Chamador, idDocumento: number): Promise<ArquivoPdf> {
  const dados = await dadosVisiveis(deps.db, idDocumento, chamador);
  if (!dados.geraCapa) throw conflito(MENSAGENS.verificacao.tipoSemCapa);
  return { nome: nomeArquivo('capa', dados.numero), conteudo: await desenhar(deps, 'documentos-pdf.capa', dados) };
}

/** GET documentos/{id}/comprovante: the protocol receipt, for every document type. */
export async function obterComprovante(
  deps: DependenciasPdf,
  chamador: Chamador,
  idDocumento: number,
): Promise<ArquivoPdf> {
  const dados = await dadosVisiveis(deps.db, idDocumento, chamador);
  return {
    nome: nomeArquivo('comprovante', dados.numero),
    conteudo: await desenhar(deps, 'documentos-pdf.comprovante', dados),
  };
}

const emailSchema = z.email().max(TAMANHO_MAXIMO_EMAIL);

/** The recipient as typed, trimmed; 400 with the field when it is not one e-mail address. */
export function validarDestinatario(destinatario: string | undefined): string {
  const email = (destinatario ?? '').trim();
  if (!emailSchema.safeParse(email).success) {
    throw campoInvalido(MENSAGENS.verificacao.destinatarioInvalido, 'destinatario');
  }
  return email;
}

/**
 * Receipt e-mails carry a PDF and a text partly chosen by the caller to any address (issue 17): each user sends at
 * most 10 an hour, and each address receives at most 3 an hour whoever asks, so the server is neither a mail cannon
 * nor a way to flood one mailbox.
 */
export const LIMITES_COMPROVANTE_EMAIL = {
  porUsuario: { nome: 'comprovante-email-usuario', maximo: 10, janelaSegundos: 3600 },
  porDestinatario: { nome: 'comprovante-email-destinatario', maximo: 3, janelaSegundos: 3600 },
} satisfies Record<string, RegraLimite>;

/** Counts the sending against both limits; a refusal is audited (who, document, recipient, ip) and answered 429. */
async function exigirLimitesComprovante(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  para: string,
  ip: string,
): Promise<void> {
  const { porUsuario, porDestinatario } = LIMITES_COMPROVANTE_EMAIL;
  try {
    await exigirLimites(
      db,
      [
        { regra: porUsuario, sujeito: String(usuario.id) },
        // Mailbox names are case-insensitive in practice: Maria@X and maria@x are one destination.
        { regra: porDestinatario, sujeito: para.toLowerCase() },
      ],
      MENSAGENS.verificacao.limiteComprovanteEmail(porUsuario.maximo, porDestinatario.maximo),
    );
  } catch (erro) {
    if (erro instanceof ErroLimiteTaxa) {
      await registrarAuditoria(db, {
        idUsuario: usuario.id,
        acao: 'ENVIAR_COMPROVANTE_EMAIL_RECUSADO',
        entidade: 'documento',
        idEntidade: idDocumento,
        depois: { destinatario: para, motivo: 'LIMITE_TAXA', tentarEmSegundos: erro.tentarEmSegundos },
        ip,
      });
    }
    throw erro;
  }
}

/**
 * GET documentos/{id}/comprovante/email: within the limits above, the receipt is made, kept in the file store and
 * attached to a message queued (with its audit row) in one transaction; the queue delivers it, with retries.
 */
export async function enviarComprovantePorEmail(
  deps: DependenciasPdf,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  destinatario: string | undefined,
  ip: string,
): Promise<{ destinatario: string }> {
  const para = validarDestinatario(destinatario);
  const dados = await dadosVisiveis(deps.db, idDocumento, usuario);
  await exigirLimitesComprovante(deps.db, usuario, idDocumento, para, ip);
  const [pdf, remetente] = await Promise.all([
    desenhar(deps, 'documentos-pdf.comprovante', dados),
    queries.nomeUsuario(deps.db, usuario.id),
  ]);
  const { sha256 } = await deps.armazenamento.guardarBuffer(pdf);
  const nome = nomeArquivo('comprovante', dados.numero);
  const { instituicao } = deps.config;
  await deps.db.transaction().execute(async (trx) => {
    // The attachment gets its arquivo row: the orphan-file sweep keeps only contents some row points to.
    await bloquearConteudo(trx, sha256);
    await inserirArquivo(trx, { sha256, tamanho: pdf.length, tipoMime: 'application/pdf' });
    const idEmail = await enfileirarEmail(trx, {
      para,
      assunto: `Comprovante de protocolo do documento ${dados.numero}`,
      texto: [
        'Prezado(a),',
        '',
        `Segue anexo o comprovante de protocolo do documento ${dados.numero}, enviado a pedido de ${remetente}.`,
        '',
        `A autenticidade do comprovante pode ser conferida em ${deps.config.urlPublica}/verificacao com o código ` +
          `${formatarCodigoVerificacao(dados.codigoVerificacao)}.`,
        '',
        `${instituicao.nome} (${instituicao.sigla}) — mensagem automática do Trâmite; não é preciso respondê-la.`,
      ].join('\n'),
      anexos: [{ nome, tipoMime: 'application/pdf', sha256 }],
    });
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'ENVIAR_COMPROVANTE_EMAIL',
      entidade: 'documento',
      idEntidade: idDocumento,
      depois: { destinatario: para, idEmail, anexo: { nome, sha256 } },
      ip,
    });
  });
  return { destinatario: para };
}

/**
 * GET verificacao/{codigo} (public): the public data of the document with that code. A code that is malformed or
 * belongs to no document gets the same 404, which names no document.
 */
export async function verificarCodigo(db: Banco, texto: string): Promise<VerificacaoDocumento> {
  const codigo = normalizarCodigoVerificacao(texto);
  const linha = codigo ? await buscarPorCodigoVerificacao(db, codigo) : undefined;
  if (!linha) throw naoEncontrado(MENSAGENS.verificacao.codigoNaoEncontrado);
  // A draft is confirmed, but its subject is not public yet (as on the document screen).
  const publico = linha.situacao !== 'EM_CRIACAO';
  const estado = montarEstado(linha);
  return {
    codigoVerificacao: formatarCodigoVerificacao(linha.codigoVerificacao),
    idDocumento: publico ? linha.id : null,
    numero: linha.numero,
    tipo: rotuloTipoDocumento(linha.tipoDescricao, estado),
    assunto:
      publico && linha.assuntoCodigo !== null && linha.assuntoDescricao !== null
        ? { codigo: linha.assuntoCodigo, descricao: linha.assuntoDescricao }
        : null,
    resumoAssunto: publico ? linha.resumoAssunto : null,
    dataAutuacao: new Date(linha.dataCriacao).toISOString(),
    dataPrimeiroEnvio: linha.dataValidade === null ? null : new Date(linha.dataValidade).toISOString(),
    unidadeOrigem: { sigla: linha.procedenciaSigla, nome: linha.procedenciaNome },
    unidadeAtual: { sigla: linha.atualSigla, nome: linha.atualNome },
    situacao: linha.situacao,
    estado,
  };
}
