import {
  type Favorito,
  type filtrosFavoritosSchema,
  type MarcadoresFavorito,
  MENSAGENS,
  montarEstado,
  type PaginaFavoritos,
  rotuloTipoDocumento,
  separarMarcadores,
  tagsParaTela,
  validarFiltrosFavoritos,
  validarMarcadores,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { type AcaoAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, exigirValido, naoEncontrado } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries.ts';

/** The e-mail follow, told by the services that send, receive, join or add a peça, in their own transaction. */
export { notificarAcompanhantes } from './acompanhamento.ts';

type MudancaAuditada = { antes?: unknown; depois: unknown };

/**
 * A change to the caller's favourite of a document they may see, in one transaction. `auditar` writes the audit row;
 * the changes are idempotent and call it only when something really changed.
 */
function alterarFavorito<T>(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  ip: string,
  alterar: (trx: Banco, auditar: (acao: AcaoAuditoria, mudanca: MudancaAuditada) => Promise<void>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await documentos.exigirDocumentoVisivel(trx, idDocumento, usuario);
    return alterar(trx, (acao, mudanca) =>
      registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao,
        entidade: 'documento',
        idEntidade: idDocumento,
        ...mudanca,
        ip,
      }),
    );
  });
}

/** POST documentos-favoritos/{id}: idempotent; only a real change is audited. */
export function favoritar(db: Banco, usuario: UsuarioAutenticado, idDocumento: number, ip: string): Promise<Favorito> {
  return alterarFavorito(db, usuario, idDocumento, ip, async (trx, auditar) => {
    const { criado, acompanhadoPorEmail } = await queries.adicionarFavorito(trx, usuario.id, idDocumento);
    if (criado) await auditar('ADICIONAR_FAVORITO', { depois: { favorito: true, acompanhadoPorEmail } });
    return { idDocumento, favorito: true, acompanhadoPorEmail };
  });
}

/** DELETE documentos-favoritos/{id}: idempotent; removing a favourite that is not there changes nothing. */
export function desfavoritar(db: Banco, usuario: UsuarioAutenticado, idDocumento: number, ip: string): Promise<void> {
  return alterarFavorito(db, usuario, idDocumento, ip, async (trx, auditar) => {
    const removido = await queries.removerFavorito(trx, usuario.id, idDocumento);
    if (removido) {
      await auditar('REMOVER_FAVORITO', {
        antes: { favorito: true, acompanhadoPorEmail: removido.acompanhadoPorEmail },
        depois: { favorito: false },
      });
    }
  });
}

const naoFavorito = () => naoEncontrado(MENSAGENS.favoritos.naoFavorito);

/** Which field a broken list rule refers to, for the answer's `erros`. */
function campoDoErro(mensagem: string): string {
  if (mensagem === MENSAGENS.busca.resumoCurto) return 'resumoDocumento';
  return mensagem === MENSAGENS.favoritos.dataAlteracaoIncompleta
    ? 'dataFimUltimaAlteracao'
    : 'dataInicioUltimaAlteracao';
}

/**
 * GET documentos-favoritos: the caller's favourites, the most recently changed first, one page at a time. The last
 * movement is not fetched for documents still EM_CRIACAO (spec §4).
 */
export async function listarFavoritos(
  db: Banco,
  usuario: UsuarioAutenticado,
  filtros: z.infer<typeof filtrosFavoritosSchema>,
): Promise<PaginaFavoritos> {
  const erro = validarFiltrosFavoritos(filtros);
  if (erro) throw campoInvalido(erro, campoDoErro(erro));
  const { dataInicioUltimaAlteracao: inicio, dataFimUltimaAlteracao: fim } = filtros;
  const { itens, total } = await queries.listarFavoritos(db, {
    idUsuario: usuario.id,
    lotacoes: usuario.lotacoes,
    periodo: inicio && fim ? { inicio, fim } : undefined,
    resumo: filtros.resumoDocumento || undefined,
    idTipoDocumento: filtros.idTipoDocumento,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  });
  const ids = itens.map((item) => Number(item.id));
  const tramitados = itens.filter((item) => item.situacao !== 'EM_CRIACAO').map((item) => Number(item.id));
  const [marcadores, ultimas] = await Promise.all([
    queries.marcadoresDosDocumentos(db, usuario.id, ids),
    queries.ultimasTramitacoes(db, tramitados),
  ]);
  const ultimaPorDocumento = new Map(ultimas.map((t) => [Number(t.idDocumento), t]));
  return {
    itens: itens.map((item) => {
      const id = Number(item.id);
      const tags = marcadores.get(id) ?? [];
      const ultima = item.situacao === 'EM_CRIACAO' ? undefined : ultimaPorDocumento.get(id);
      return {
        idDocumento: id,
        numero: item.numero,
        idTipoDocumento: item.idTipoDocumento,
        tipoDocumento: rotuloTipoDocumento(item.tipoDescricao, montarEstado(item)),
        resumoAssunto: item.resumoAssunto,
        situacao: item.situacao,
        tagsFavorito: tags,
        tagsFavoritoTela: tagsParaTela(tags),
        acompanhadoPorEmail: item.acompanhadoPorEmail,
        dataUltimaAlteracao: new Date(item.dataUltimaAlteracao).toISOString(),
        favoritadoEm: new Date(item.favoritadoEm).toISOString(),
        ultimaTramitacao: ultima ? documentos.resumoTramitacao(ultima) : null,
      };
    }),
    total,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  };
}

/** PATCH documentos-favoritos/{id}: turns the e-mail follow on or off; 404 when the document is not a favourite. */
export function alterarAcompanhamento(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  acompanhadoPorEmail: boolean,
  ip: string,
): Promise<Favorito> {
  return alterarFavorito(db, usuario, idDocumento, ip, async (trx, auditar) => {
    const antes = await queries.buscarFavorito(trx, usuario.id, idDocumento);
    if (!antes) throw naoFavorito();
    if (antes.acompanhadoPorEmail !== acompanhadoPorEmail) {
      await queries.alterarAcompanhamento(trx, usuario.id, idDocumento, acompanhadoPorEmail);
      await auditar('ALTERAR_ACOMPANHAMENTO_FAVORITO', {
        antes: { acompanhadoPorEmail: antes.acompanhadoPorEmail },
        depois: { acompanhadoPorEmail },
      });
    }
    return { idDocumento, favorito: true, acompanhadoPorEmail };
  });
}

/**
 * PATCH documentos-favoritos/{id}/tags: replaces the caller's tags on a favourite. The tags are the user's marcadores
 * of the document (the store of POST documentos/{id}/tags, through its service: same normalisation and audit).
 */
export async function salvarMarcadores(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  tags: string[],
  ip: string,
): Promise<MarcadoresFavorito> {
  // Tags never hold commas in the store: a piece with commas is several tags, as in the detail's text field.
  const stringTags = separarMarcadores(tags.join(',')).join(',');
  exigirValido(validarMarcadores(stringTags), 'tags');
  await documentos.exigirDocumentoVisivel(db, idDocumento, usuario);
  if (!(await queries.buscarFavorito(db, usuario.id, idDocumento))) throw naoFavorito();
  const salvos = await documentos.salvarMarcadores(db, usuario, idDocumento, stringTags, ip);
  return { idDocumento, tagsFavorito: salvos, tagsFavoritoTela: tagsParaTela(salvos) };
}
