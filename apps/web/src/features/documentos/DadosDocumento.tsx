import { Link } from '@mui/material';
import { type Documento, rotuloTipoInteressado, TIPOS_INTERESSADO } from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { ItemDados as Item, ListaDados } from '../../components/ListaDados';
import { formatarData, formatarDataHora } from '../../lib/formatacao';
import { juntadaDoDocumento, rotuloProcessamento, rotuloSituacaoDocumento } from '../../lib/rotulos-documento';
import { rotuloOrigem } from './textos';

/** The interested type arrives as the letter code (A, F, …) or its name; both become the spec §3 label. */
function rotuloTipo(tipo: string): string {
  const nome = Object.entries(TIPOS_INTERESSADO).find(([, codigo]) => codigo === tipo)?.[0] ?? tipo;
  return rotuloTipoInteressado(nome);
}

function unidade(valor: { sigla: string; nome: string } | null): string {
  return valor ? `${valor.sigla} — ${valor.nome}` : '';
}

/** The document's data (spec §2 "Document detail", §3): a description list, empty items left out. */
export function DadosDocumento({ documento }: { documento: Documento }) {
  const processamento = rotuloProcessamento(documento.estado);
  const origem = rotuloOrigem(documento.estado);
  const volumoso = documento.estado['32005'] === 2;
  const tramitacao = documento.ultimaTramitacao;
  const situacao = rotuloSituacaoDocumento(documento);
  const juntada = juntadaDoDocumento(documento);
  const temOrigem =
    documento.numeroDocumentoOrigem ||
    documento.emissorDocumentoOrigem ||
    documento.dataDocumentoOrigem ||
    documento.dataRecebimento;

  return (
    <ListaDados>
      <Item rotulo="Tipo" testId="tipo-documento">
        {documento.tipo}
      </Item>
      <Item rotulo="Situação" testId="situacao-documento">
        {juntada ? (
          <>
            {`${juntada.rotulo} ao documento `}
            <Link
              component={RouterLink}
              to={`/documentos/${juntada.agregador.idDocumento}`}
              data-testid="documento-agregador"
            >
              {juntada.agregador.numero}
            </Link>
          </>
        ) : (
          situacao
        )}
        {processamento && processamento !== situacao ? ` · ${processamento}` : ''}
      </Item>
      <Item rotulo="Origem">
        {origem ? `${origem}${volumoso ? ' · volumoso (arquivos de até 50 MiB)' : ''}` : null}
      </Item>
      <Item rotulo="Assunto">
        {documento.assunto ? `${documento.assunto.codigo} — ${documento.assunto.descricao}` : null}
      </Item>
      <Item rotulo="Resumo do assunto" testId="resumo-assunto">
        {documento.resumoAssunto}
      </Item>
      <Item rotulo="Interessado" testId="interessado">
        {documento.interessado ? `${documento.interessado.nome} (${rotuloTipo(documento.interessado.tipo)})` : null}
      </Item>
      <Item rotulo="Unidade de procedência">{unidade(documento.unidadeProcedencia)}</Item>
      <Item rotulo="Unidade atual" testId="unidade-atual-documento">
        {unidade(documento.unidadeAtual)}
      </Item>
      {documento.situacao === 'ENVIADO' ? <Item rotulo="Destino">{unidade(documento.destino)}</Item> : null}
      <Item rotulo="Criado em">{formatarDataHora(documento.dataCriacao)}</Item>
      <Item rotulo="Última tramitação em">{formatarDataHora(documento.dataEnvio)}</Item>
      <Item rotulo="Prazo" testId="prazo">
        {documento.prazo === null ? null : documento.prazo === 1 ? '1 dia' : `${documento.prazo} dias`}
      </Item>
      <Item rotulo="Válido desde">{formatarDataHora(documento.dataValidade)}</Item>
      <Item rotulo="Urgente" testId="urgencia">
        {documento.urgente ? `Sim${documento.motivoUrgencia ? ` — ${documento.motivoUrgencia}` : ''}` : 'Não'}
      </Item>
      {temOrigem ? (
        <Item rotulo="Documento de origem">
          {[
            documento.numeroDocumentoOrigem,
            documento.emissorDocumentoOrigem ? `emitido por ${documento.emissorDocumentoOrigem}` : null,
            documento.dataDocumentoOrigem ? `em ${formatarData(documento.dataDocumentoOrigem)}` : null,
            documento.dataRecebimento ? `recebido em ${formatarData(documento.dataRecebimento)}` : null,
          ]
            .filter(Boolean)
            .join(', ')}
        </Item>
      ) : null}
      <Item rotulo="Observação">{documento.observacao}</Item>
      {tramitacao ? (
        <Item rotulo="Última movimentação" testId="ultima-tramitacao">
          {`${tramitacao.unidadeOrigem.sigla} → ${tramitacao.unidadeDestino.sigla}`}
          {tramitacao.passo ? ` (${tramitacao.passo})` : ''}
          {`, enviado em ${formatarDataHora(tramitacao.dtDespacho)}`}
          {tramitacao.dtRecebimento
            ? `, recebido em ${formatarDataHora(tramitacao.dtRecebimento)}`
            : ', aguardando recebimento'}
        </Item>
      ) : null}
    </ListaDados>
  );
}
