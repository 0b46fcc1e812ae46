import type { Banco } from '../../db/connection.ts';

/** Everything the cover and the receipt print about one document, and what decides who may get them. */
export function buscarDadosDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .leftJoin('assunto as a', 'a.id', 'd.idAssunto')
    .leftJoin('interessado as i', 'i.id', 'd.idInteressado')
    .innerJoin('unidade as up', 'up.id', 'd.idUnidadeProcedencia')
    .innerJoin('unidade as uc', 'uc.id', 'd.idUnidadeCriadora')
    .innerJoin('unidade as ua', 'ua.id', 'd.idUnidadeAtual')
    .innerJoin('usuario as u', 'u.id', 'd.idUsuarioCriador')
    .select([
      'd.id',
      'd.numero',
      'd.codigoVerificacao',
      'd.situacao',
      'd.estadoProcessamento',
      'd.estadoOrigem',
      'd.estadoTamanho',
      'd.estadoVisibilidadeCaixa',
      'd.resumoAssunto',
      'd.urgente',
      'd.motivoUrgencia',
      'd.numeroDocumentoOrigem',
      'd.emissorDocumentoOrigem',
      'd.dataDocumentoOrigem',
      'd.dataRecebimento',
      'd.dataCriacao',
      'd.dataValidade',
      'd.idUnidadeCriadora',
      't.descricao as tipoDescricao',
      't.geraCapa',
      'a.codigo as assuntoCodigo',
      'a.descricao as assuntoDescricao',
      'i.nome as interessadoNome',
      'i.tipo as interessadoTipo',
      'up.sigla as procedenciaSigla',
      'up.nome as procedenciaNome',
      'uc.sigla as criadoraSigla',
      'uc.nome as criadoraNome',
      'ua.sigla as atualSigla',
      'ua.nome as atualNome',
      'u.nome as criadorNome',
    ])
    .where('d.id', '=', idDocumento)
    .executeTakeFirst();
}
export type DadosDocumentoPdf = NonNullable<Awaited<ReturnType<typeof buscarDadosDocumento>>>;

/** The public data behind a verification code (unique index of migration 0007). */
export function buscarPorCodigo(db: Banco, codigo: string) {
  return db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .leftJoin('assunto as a', 'a.id', 'd.idAssunto')
    .innerJoin('unidade as up', 'up.id', 'd.idUnidadeProcedencia')
    .innerJoin('unidade as ua', 'ua.id', 'd.idUnidadeAtual')
    .select([
      'd.id',
      'd.numero',
      'd.codigoVerificacao',
      'd.situacao',
      'd.estadoProcessamento',
      'd.estadoOrigem',
      'd.estadoTamanho',
      'd.estadoVisibilidadeCaixa',
      'd.resumoAssunto',
      'd.dataCriacao',
      'd.dataValidade',
      't.descricao as tipoDescricao',
      'a.codigo as assuntoCodigo',
      'a.descricao as assuntoDescricao',
      'up.sigla as procedenciaSigla',
      'up.nome as procedenciaNome',
      'ua.sigla as atualSigla',
      'ua.nome as atualNome',
    ])
    .where('d.codigoVerificacao', '=', codigo)
    .executeTakeFirst();
}

export async function nomeUsuario(db: Banco, idUsuario: number): Promise<string> {
  const linha = await db.selectFrom('usuario').select('nome').where('id', '=', idUsuario).executeTakeFirstOrThrow();
  return linha.nome;
}
