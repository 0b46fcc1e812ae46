import type { Insertable } from 'kysely';
import type {
  AgregacaoTable,
  AnexoTable,
  DesarquivamentoTable,
  DocumentoTable,
  PecaTable,
  SequenciaNupTable,
  TramitacaoTable,
} from '../schema.ts';
import type { DocumentoPlano, MovimentoPlano } from './documentos.ts';
import type { PecaPlano } from './pecas.ts';
import type { RelogioExpediente } from './relogio.ts';

/**
 * Ids of movements, peças and joins follow time, as if the rows had been written as things happened; movements'
 * after `ultimoMovimento` (a later batch of rows).
 */
export function numerarRegistros(
  documentos: readonly DocumentoPlano[],
  pecas: readonly PecaPlano[],
  ultimoMovimento = 0,
): void {
  const movimentos = documentos.flatMap((d) => d.movimentos.map((m) => ({ d, m })));
  movimentos.sort((x, y) => x.m.tDespacho - y.m.tDespacho || x.d.id - y.d.id || x.m.sequencia - y.m.sequencia);
  movimentos.forEach(({ m }, indice) => {
    m.id = ultimoMovimento + indice + 1;
  });
  const ordenadas = [...pecas].sort(
    (x, y) => x.t - y.t || x.documento.id - y.documento.id || x.sequencial - y.sequencial,
  );
  ordenadas.forEach((peca, indice) => {
    peca.id = indice + 1;
  });
}

export function linhasDocumentos(
  documentos: readonly DocumentoPlano[],
  relogio: RelogioExpediente,
): Insertable<DocumentoTable>[] {
  return documentos.map((d) => {
    const primeiro = d.movimentos[0];
    const ultimo = d.movimentos[d.movimentos.length - 1];
    return {
      id: d.id,
      numero: d.numero,
      numeroDigitos: d.numeroDigitos,
      idTipoDocumento: d.idTipo,
      idAssunto: d.idAssunto,
      resumoAssunto: d.resumo,
      observacao: d.observacao,
      urgente: d.urgente,
      motivoUrgencia: d.motivoUrgencia,
      tipoInteressado: d.interessado.tipo,
      idInteressado: d.interessado.id,
      idUnidadeProcedencia: d.unidadeCriadora,
      idUnidadeCriadora: d.unidadeCriadora,
      idUnidadeAtual: d.unidadeAtual,
      idUsuarioCriador: d.criador.id,
      situacao: d.situacao,
      estadoProcessamento: d.estadoProcessamento,
      estadoOrigem: d.estadoOrigem,
      estadoTamanho: d.estadoTamanho,
      estadoVisibilidadeCaixa: d.visibilidadeCaixa,
      // Joined to its parent afterwards (see `ligacoesDocumentos`): the parent may come later in the insert.
      idDocumentoOrigem: null,
      numeroDocumentoOrigem: d.origem?.numero ?? null,
      emissorDocumentoOrigem: d.origem?.emissor ?? null,
      dataDocumentoOrigem: d.origem?.data ?? null,
      dataRecebimento: d.origem?.recebimento ?? null,
      dataCriacao: relogio.paraData(d.tCriacao),
      // Validated when the opening was submitted, i.e. with its first sending.
      dataValidade: primeiro ? relogio.paraData(primeiro.tDespacho) : null,
      dataEnvio: ultimo ? relogio.paraData(ultimo.tDespacho) : null,
      dataUltimaAlteracao: relogio.paraData(d.tUltimaAlteracao),
      idDocumentoAgregador: null,
    };
  });
}

/** Self references (origin document, parent of a join), set once every document exists. */
export function ligacoesDocumentos(
  documentos: readonly DocumentoPlano[],
): { id: number; idDocumentoOrigem: number | null; idDocumentoAgregador: number | null }[] {
  return documentos
    .map((d) => ({
      id: d.id,
      idDocumentoOrigem: d.origem?.documento?.id ?? null,
      idDocumentoAgregador: d.juntada && !d.juntada.desjuntada ? d.juntada.agregador.id : null,
    }))
    .filter((l) => l.idDocumentoOrigem !== null || l.idDocumentoAgregador !== null);
}

export function linhasTramitacoes(
  documentos: readonly DocumentoPlano[],
  relogio: RelogioExpediente,
): Insertable<TramitacaoTable>[] {
  const linhas = documentos.flatMap((d) =>
    d.movimentos.map(
      (m: MovimentoPlano): Insertable<TramitacaoTable> => ({
        id: m.id,
        idDocumento: d.id,
        sequencia: m.sequencia,
        idFluxo: m.passo.idFluxo,
        idPasso: m.passo.id,
        idUnidadeOrigem: m.origem,
        idUnidadeDestino: m.destino,
        idUsuarioRemetente: m.remetente,
        despacho: m.despacho,
        tipoDespacho: 'I',
        nivelAcesso: m.nivelAcesso,
        idHipoteseLegal: m.idHipoteseLegal,
        despachoPreparatorio: m.despachoPreparatorio,
        dtDespacho: relogio.paraData(m.tDespacho),
        dtRecebimento: m.tRecebimento === null ? null : relogio.paraData(m.tRecebimento),
        idUsuarioRecebedor: m.recebedor,
        reencaminhamento: m.reencaminhamento,
        idTramitacaoPrincipal: null,
      }),
    ),
  );
  return linhas.sort((x, y) => (x.id as number) - (y.id as number));
}

export function linhasAgregacoes(
  documentos: readonly DocumentoPlano[],
  relogio: RelogioExpediente,
): Insertable<AgregacaoTable>[] {
  const juntadas = documentos
    .filter((d) => d.juntada !== null)
    .map((d) => ({ d, j: d.juntada as NonNullable<DocumentoPlano['juntada']> }))
    .sort((x, y) => x.j.t - y.j.t || x.d.id - y.d.id);
  return juntadas.map(({ d, j }, indice) => ({
    id: indice + 1,
    idDocumentoAgregador: j.agregador.id,
    idDocumento: d.id,
    tipoAgregacao: j.tipo,
    situacaoAnterior: 'RECEBIDO',
    idUsuarioJuntada: j.usuario,
    juntadoEm: relogio.paraData(j.t),
    idUsuarioDesjuntada: j.desjuntada?.usuario ?? null,
    desjuntadoEm: j.desjuntada ? relogio.paraData(j.desjuntada.t) : null,
  }));
}

export function linhasDesarquivamentos(
  documentos: readonly DocumentoPlano[],
  relogio: RelogioExpediente,
): Insertable<DesarquivamentoTable>[] {
  const todos = documentos
    .flatMap((d) => d.desarquivamentos.map((x) => ({ d, x })))
    .sort((p, q) => p.x.movimento.tDespacho - q.x.movimento.tDespacho || p.d.id - q.d.id);
  return todos.map(({ d, x }, indice) => ({
    id: indice + 1,
    idDocumento: d.id,
    idUnidade: x.movimento.origem,
    idUsuario: x.usuario,
    idTramitacao: x.movimento.id,
    motivo: x.motivo,
    em: relogio.paraData(x.movimento.tDespacho),
  }));
}

export function linhasAnexosEPecas(
  pecas: readonly PecaPlano[],
  relogio: RelogioExpediente,
  sha256: (peca: PecaPlano) => string,
): { anexos: Insertable<AnexoTable>[]; pecas: Insertable<PecaTable>[] } {
  const ordenadas = [...pecas].sort((x, y) => x.id - y.id);
  return {
    anexos: ordenadas.map((p) => ({
      id: p.id,
      sha256: sha256(p),
      nome: p.nome,
      idUsuario: p.usuario,
      criadoEm: relogio.paraData(p.t),
    })),
    pecas: ordenadas.map((p) => ({
      id: p.id,
      idDocumento: p.documento.id,
      idAnexo: p.id,
      sequencial: p.sequencial,
      descricao: p.descricao,
      tipoCopia: p.tipoCopia,
      nivelAcesso: p.nivelAcesso,
      idHipoteseLegal: p.idHipoteseLegal,
      sequenciaTramitacao: p.etapa,
      idPasso: p.passo?.id ?? null,
      situacaoTramitacao: p.enviada ? 'T' : null,
      situacaoVinculo: p.cancelamento?.vinculo ?? null,
      justificativaAlteracao: null,
      justificativaCancelamento: p.cancelamento?.justificativa ?? null,
      idDocumentoPecaDesmembramento: p.cancelamento?.destino?.id ?? null,
      idUsuario: p.usuario,
      criadoEm: relogio.paraData(p.t),
      idUsuarioCancelamento: p.cancelamento?.usuario ?? null,
      canceladoEm: p.cancelamento ? relogio.paraData(p.cancelamento.t) : null,
    })),
  };
}

export function linhasSequenciasNup(
  ultimos: ReadonlyMap<string, { codigoUnidade: number; ano: number; ultimo: number }>,
): Insertable<SequenciaNupTable>[] {
  return [...ultimos.values()].sort((x, y) => x.codigoUnidade - y.codigoUnidade || x.ano - y.ano);
}
