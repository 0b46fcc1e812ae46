import {
  type Ciencia,
  MENSAGENS,
  mensagemCienciaJaRegistrada,
  type PaginaCiencias,
  type ResultadoCienciaLote,
} from '@tramite/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { conflito, ErroDominio, naoEncontrado } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { listarMovimentos, movimentoEm, textoVisivel } from '../tramitacao/eventos.ts';
import * as queries from './queries.ts';

const erroDocumento = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);

type Movimentos = Awaited<ReturnType<typeof listarMovimentos>>;

/** A ciência as the caller reads it: its own note always, others' by the despacho rule of the movement then. */
function paraCiencia(linha: queries.LinhaCiencia, movimentos: Movimentos, usuario: UsuarioAutenticado): Ciencia {
  const visivel = linha.idUsuario === usuario.id || textoVisivel(movimentoEm(movimentos, linha.em), usuario);
  return {
    id: Number(linha.id),
    idDocumento: Number(linha.idDocumento),
    usuario: { id: linha.idUsuario, nome: linha.nomeUsuario },
    unidade: { id: linha.idUnidade, sigla: linha.siglaUnidade, nome: linha.nomeUnidade },
    em: new Date(linha.em).toISOString(),
    observacao: visivel ? linha.observacao : null,
    observacaoOculta: !visivel && linha.observacao !== null,
  };
}

/** One ciência inside the caller's transaction: 404 when the document is not visible, 409 when already recorded. */
async function registrarNaTransacao(
  trx: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  observacao: string | null,
  ip: string,
): Promise<{ numero: string }> {
  const documento = await queries.lerDocumento(trx, idDocumento);
  if (!documento || !documentos.visivelPara(documento, usuario)) throw erroDocumento();
  const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
  const inserida = await queries.inserirCiencia(trx, { idDocumento, idUsuario: usuario.id, idUnidade, observacao });
  if (!inserida) {
    const anterior = await queries.buscarCiencia(trx, idDocumento, usuario.id);
    throw conflito(anterior ? mensagemCienciaJaRegistrada(anterior.em) : MENSAGENS.geral.conflito);
  }
  await registrarAuditoria(trx, {
    idUsuario: usuario.id,
    acao: 'REGISTRAR_CIENCIA',
    entidade: 'documento',
    idEntidade: idDocumento,
    depois: { idCiencia: Number(inserida.id), idUnidade, observacao },
    ip,
  });
  return { numero: documento.numero };
}

/** POST documentos/{id}/ciencia: the caller records that they have read the document. */
export async function registrarCiencia(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  observacao: string | null,
  ip: string,
): Promise<Ciencia> {
  await db.transaction().execute((trx) => registrarNaTransacao(trx, usuario, idDocumento, observacao, ip));
  const [linha, movimentos] = await Promise.all([
    queries.buscarCiencia(db, idDocumento, usuario.id),
    listarMovimentos(db, idDocumento),
  ]);
  if (!linha) throw erroDocumento();
  return paraCiencia(linha, movimentos, usuario);
}

/** POST ciencias/lote: each document in its own transaction with the single rules; the outcome per document. */
export async function registrarCienciasEmLote(
  db: Banco,
  usuario: UsuarioAutenticado,
  idsDocumentos: number[],
  observacao: string | null,
  ip: string,
  log: FastifyBaseLogger,
): Promise<ResultadoCienciaLote[]> {
  const resultados: ResultadoCienciaLote[] = [];
  for (const idDocumento of new Set(idsDocumentos)) {
    try {
      const { numero } = await db
        .transaction()
        .execute((trx) => registrarNaTransacao(trx, usuario, idDocumento, observacao, ip));
      resultados.push({ idDocumento, numero, registrada: true, erro: null });
    } catch (erro) {
      if (!(erro instanceof ErroDominio)) log.error({ err: erro, idDocumento }, 'falha ao registrar ciência do lote');
      const documento = await queries.lerDocumento(db, idDocumento);
      const visivel = documento !== undefined && documentos.visivelPara(documento, usuario);
      resultados.push({
        idDocumento,
        numero: visivel ? documento.numero : null,
        registrada: false,
        erro: erro instanceof ErroDominio ? erro.message : MENSAGENS.geral.erroInterno,
      });
    }
  }
  return resultados;
}

/** GET documentos/{id}/ciencias: who has taken ciência, most recent first (paginated), and the caller's own. */
export async function listarCiencias(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  pagina: { pagina: number; tamanhoPagina: number },
): Promise<PaginaCiencias> {
  await documentos.exigirDocumentoVisivel(db, idDocumento, usuario);
  const [linhas, total, minha, movimentos] = await Promise.all([
    queries.listarCiencias(db, idDocumento, pagina),
    queries.contarCiencias(db, idDocumento),
    queries.buscarCiencia(db, idDocumento, usuario.id),
    listarMovimentos(db, idDocumento),
  ]);
  return {
    itens: linhas.map((l) => paraCiencia(l, movimentos, usuario)),
    total,
    pagina: pagina.pagina,
    tamanhoPagina: pagina.tamanhoPagina,
    minha: minha ? paraCiencia(minha, movimentos, usuario) : null,
  };
}
