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
import { conflito, naoEncontrado, requisicaoInvalida } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { type Chamador, visivelPara } from '../documentos/service.ts';
import { bloquearConteudo, inserirArquivo } from '../pecas/queries.ts';
import { gerarCapa } from './capa.ts';
import { gerarComprovante } from './comprovante.ts';
import type { ContextoPdf } from './layout-pdf.ts';
import * as queries from './queries.ts';

export interface DependenciasPdf {
  db: Banco;
  config: Pick<Config, 'instituicao' | 'urlPublica'>;
  armazenamento: ArmazenamentoArquivos;
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
  const dados = await queries.buscarDadosDocumento(db, idDocumento);
  if (!dados || !visivelPara(dados, chamador)) throw naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
  return dados;
}

/** GET documentos/{id}/capa: only for types with geraCapa (409 otherwise, as the screen only offers it then). */
export async function obterCapa(deps: DependenciasPdf, chamador: Chamador, idDocumento: number): Promise<ArquivoPdf> {
  const dados = await dadosVisiveis(deps.db, idDocumento, chamador);
  if (!dados.geraCapa) throw conflito(MENSAGENS.verificacao.tipoSemCapa);
  return { nome: nomeArquivo('capa', dados.numero), conteudo: await gerarCapa(dados, contexto(deps.config)) };
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
    conteudo: await gerarComprovante(dados, contexto(deps.config)),
  };
}

const emailSchema = z.email().max(TAMANHO_MAXIMO_EMAIL);

/** The recipient as typed, trimmed; 400 with the field when it is not one e-mail address. */
export function validarDestinatario(destinatario: string | undefined): string {
  const email = (destinatario ?? '').trim();
  if (!emailSchema.safeParse(email).success) {
    const mensagem = MENSAGENS.verificacao.destinatarioInvalido;
    throw requisicaoInvalida(mensagem, [{ campo: 'destinatario', mensagem }]);
  }
  return email;
}

/**
 * GET documentos/{id}/comprovante/email: the receipt is made, kept in the file store and attached to a message
 * queued (with its audit row) in one transaction; the queue delivers it, with retries.
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
  const [pdf, remetente] = await Promise.all([
    gerarComprovante(dados, contexto(deps.config)),
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
  const linha = codigo ? await queries.buscarPorCodigo(db, codigo) : undefined;
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
