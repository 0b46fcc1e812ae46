import { LIMITE_BUSCA_ARQUIVOS_ASSINADOS } from '@tramite/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

/** The active signature types (the only ones a signature may take). */
function tiposAtivos(db: Banco) {
  return db.selectFrom('tipoAssinatura').select(['id', 'descricao']).where('ativo', '=', true);
}

export function listarTiposAssinatura(db: Banco) {
  return tiposAtivos(db).orderBy(sql`lower(sem_acento(descricao))`).orderBy('id').execute();
}

export function buscarTipoAtivo(db: Banco, id: number) {
  return tiposAtivos(db).where('id', '=', id).executeTakeFirst();
}

/** The signer's name, SIAPE number and e-mail, written into the signature. */
export function dadosAssinante(db: Banco, idUsuario: number) {
  return db
    .selectFrom('usuario')
    .select(['nome', 'matriculaSiape', 'email'])
    .where('id', '=', idUsuario)
    .executeTakeFirst();
}

/** The signed files with their signer, size and linked document; deleted ones never. */
function consultar(db: Banco) {
  return db
    .selectFrom('arquivoAssinado as aa')
    .innerJoin('usuario as u', 'u.id', 'aa.idUsuario')
    .innerJoin('arquivo as arq', 'arq.sha256', 'aa.sha256')
    .leftJoin('documento as d', 'd.id', 'aa.idDocumentoVinculado')
    .leftJoin('peca as p', 'p.id', 'aa.idPecaVinculada')
    .select([
      'aa.id',
      'aa.idUsuario',
      'u.nome as nomeAssinante',
      'aa.nomeOriginal',
      'aa.sha256',
      'aa.sha256Original',
      'arq.tamanho',
      'aa.idTipoAssinatura',
      'aa.tipoAssinatura',
      'aa.matrSiape',
      'aa.assinadoEm',
      'aa.idDocumentoVinculado',
      'd.numero as numeroDocumentoVinculado',
      'aa.idPecaVinculada',
      'p.idAnexo as idAnexoVinculado',
    ])
    .where('aa.excluidoEm', 'is', null);
}
export type LinhaArquivoAssinado = Awaited<ReturnType<ReturnType<typeof consultar>['execute']>>[number];

export function buscarArquivo(db: Banco, id: number) {
  return consultar(db).where('aa.id', '=', id).executeTakeFirst();
}

export interface FiltrosLista {
  vinculados?: boolean;
  /** A user id, or part of a name. */
  assinante?: { idUsuario: number } | { nome: string };
  periodo?: { inicio: string; fim: string };
  somenteProprios: boolean;
}

export interface Leitor {
  idUsuario: number;
  lotacoes: number[];
  irrestrito: boolean;
}

/** `%` and `_` typed by the user are literal characters in the LIKE pattern. */
const escaparLike = (texto: string) => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET arquivos-assinados/: the newest first, at most LIMITE_BUSCA_ARQUIVOS_ASSINADOS. The caller sees all of their
 * own files and, of the others', those linked to a document the caller may see (a draft only for its creating
 * unit) through an active public peça; with VISUALIZACAO_IRRESTRITA_PECAS, every linked one.
 */
export function listar(db: Banco, leitor: Leitor, filtros: FiltrosLista) {
  const lotacoes = leitor.lotacoes.length > 0 ? leitor.lotacoes : [0];
  let consulta = consultar(db).where((eb) => {
    const documentoVisivel: Expression<SqlBool> = sql<SqlBool>`(d.situacao <> 'EM_CRIACAO'
      OR d.id_unidade_criadora IN (${sql.join(lotacoes)}))`;
    const pecaVisivel: Expression<SqlBool> = leitor.irrestrito
      ? sql<SqlBool>`true`
      : sql<SqlBool>`(p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL)`;
    return eb.or([
      eb('aa.idUsuario', '=', leitor.idUsuario),
      eb.and([eb('aa.idPecaVinculada', 'is not', null), documentoVisivel, pecaVisivel]),
    ]);
  });
  if (filtros.vinculados !== undefined) {
    consulta = consulta.where('aa.idPecaVinculada', filtros.vinculados ? 'is not' : 'is', null);
  }
  if (filtros.somenteProprios) consulta = consulta.where('aa.idUsuario', '=', leitor.idUsuario);
  const assinante = filtros.assinante;
  if (assinante && 'idUsuario' in assinante) consulta = consulta.where('aa.idUsuario', '=', assinante.idUsuario);
  if (assinante && 'nome' in assinante) {
    const padrao = `%${escaparLike(assinante.nome)}%`;
    consulta = consulta.where(sql<SqlBool>`sem_acento(u.nome) ILIKE sem_acento(${padrao})`);
  }
  if (filtros.periodo) {
    const dia = sql`(aa.assinado_em AT TIME ZONE 'America/Sao_Paulo')::date`;
    consulta = consulta.where(
      sql<SqlBool>`${dia} BETWEEN ${filtros.periodo.inicio}::date AND ${filtros.periodo.fim}::date`,
    );
  }
  return consulta
    .orderBy('aa.assinadoEm', 'desc')
    .orderBy('aa.id', 'desc')
    .limit(LIMITE_BUSCA_ARQUIVOS_ASSINADOS)
    .execute();
}

/** Locks a signed file's row for a change (deleting, linking); deleted ones are not found. */
export function bloquearArquivo(db: Banco, id: number) {
  return consultar(db).where('aa.id', '=', id).forUpdate('aa').executeTakeFirst();
}

export function inserirArquivoAssinado(
  db: Banco,
  dados: {
    idUsuario: number;
    nomeOriginal: string;
    sha256: string;
    sha256Original: string;
    idTipoAssinatura: number;
    tipoAssinatura: string;
    matrSiape: string;
    assinadoEm: Date;
  },
) {
  return db
    .insertInto('arquivoAssinado')
    .values({ ...dados, idDocumentoVinculado: null, idPecaVinculada: null, excluidoEm: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function marcarExcluido(db: Banco, id: number) {
  return db
    .updateTable('arquivoAssinado')
    .set({ excluidoEm: sql`now()` })
    .where('id', '=', id)
    .returning('excluidoEm')
    .executeTakeFirstOrThrow();
}

export function vincular(db: Banco, id: number, idDocumento: number, idPeca: number) {
  return db
    .updateTable('arquivoAssinado')
    .set({ idDocumentoVinculado: idDocumento, idPecaVinculada: idPeca })
    .where('id', '=', id)
    .execute();
}

/** Size and type of a stored content (the original or the signed PDF). */
export function buscarConteudo(db: Banco, sha256: string) {
  return db
    .selectFrom('arquivo')
    .select(['tamanho', 'tipoMime'])
    .where('sha256', '=', sha256)
    .executeTakeFirstOrThrow();
}
