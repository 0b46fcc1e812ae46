import { Box, Chip, Link, TableCell, TableRow, Typography } from '@mui/material';
import { MENSAGENS, type OcorrenciaConteudo as Ocorrencia } from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { CabecalhoOrdenavel } from '../../components/CabecalhoOrdenavel';
import { OCULTO_VISUALMENTE } from '../../components/oculto-visualmente';
import { SecaoResultados } from '../../components/SecaoResultados';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { TrechoDestacado } from '../../components/TrechoDestacado';
import { formatarData } from '../../lib/formatacao';
import { rotuloSituacao } from '../../lib/rotulos-documento';
import { urlArquivo } from '../pecas/api';
import type { PaginaDocumentos } from './api';
import { type EstadoBusca, type Ordenacao, TAMANHOS_PAGINA } from './filtros-url';
import { TEXTOS } from './textos';

interface ResultadosBuscaProps {
  resultado: PaginaDocumentos;
  estado: EstadoBusca;
  /** True while a new page or order is on its way (the previous rows stay visible). */
  atualizando: boolean;
  aoPaginar: (pagina: number, tamanhoPagina: number) => void;
  aoOrdenar: (ordenacao: Ordenacao, direcao: 'asc' | 'desc') => void;
}

const COLUNAS_ORDENAVEIS: { campo: Ordenacao; rotulo: string; direcaoInicial: 'asc' | 'desc' }[] = [
  { campo: 'numero', rotulo: 'Número', direcaoInicial: 'asc' },
  { campo: 'tipo', rotulo: 'Tipo', direcaoInicial: 'asc' },
  { campo: 'dataCriacao', rotulo: 'Criação', direcaoInicial: 'desc' },
  { campo: 'dataEnvio', rotulo: 'Tramitação', direcaoInicial: 'desc' },
];

function coluna(campo: Ordenacao) {
  const encontrada = COLUNAS_ORDENAVEIS.find((item) => item.campo === campo);
  if (!encontrada) throw new Error(`Coluna sem ordenação: ${campo}`);
  return encontrada;
}

/**
 * Where the words of "Conteúdo das peças" were found in a document (the best page of a peça the user may see), the
 * excerpt, and a link that opens the peça's file at that page (browsers' PDF viewers follow #page=N).
 */
function OcorrenciaConteudo({ idDocumento, ocorrencia }: { idDocumento: number; ocorrencia: Ocorrencia }) {
  const { sequencial, nomePeca, pagina, idAnexo } = ocorrencia;
  return (
    <Box data-testid="ocorrencia-busca" sx={{ mt: 1, pl: 1, borderLeft: 3, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Encontrado na peça {sequencial} — {nomePeca}, página {pagina}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="trecho-busca">
        <TrechoDestacado trecho={ocorrencia.trecho} />
      </Typography>
      <Link
        href={`${urlArquivo({ idDocumento, idAnexo })}#page=${pagina}`}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
      >
        Abrir a peça na página {pagina}
        <Box component="span" sx={OCULTO_VISUALMENTE}>
          {` (peça ${sequencial}, abre em nova aba)`}
        </Box>
      </Link>
    </Box>
  );
}

/** One page of the search results, sorted and paginated on the server; each number links to the document. */
export function ResultadosBusca({ resultado, estado, atualizando, aoPaginar, aoOrdenar }: ResultadosBuscaProps) {
  const total = resultado.total.toLocaleString('pt-BR');

  function ordenavel(campo: Ordenacao, extra: Omit<ColunaTabela, 'rotulo' | 'cabecalho'> = {}): ColunaTabela {
    const { rotulo, direcaoInicial } = coluna(campo);
    return {
      rotulo,
      ...extra,
      cabecalho: (
        <CabecalhoOrdenavel
          rotulo={rotulo}
          ativa={estado.ordenacao === campo}
          direcao={estado.direcao}
          direcaoInicial={direcaoInicial}
          aoOrdenar={(direcao) => aoOrdenar(campo, direcao)}
        />
      ),
    };
  }

  const colunas: ColunaTabela[] = [
    ordenavel('numero', { papel: 'titulo' }),
    ordenavel('tipo'),
    { rotulo: 'Assunto', larguraMinima: 180, larga: true },
    { rotulo: 'Interessado' },
    { rotulo: 'Unidades' },
    ordenavel('dataCriacao', { semQuebra: true }),
    ordenavel('dataEnvio', { semQuebra: true }),
  ];

  return (
    <SecaoResultados
      idTitulo="titulo-resultados"
      titulo="Resultados"
      total={
        resultado.totalLimitado
          ? MENSAGENS.conteudo.totalLimitado(total)
          : resultado.total === 1
            ? '1 documento encontrado'
            : `${total} documentos encontrados`
      }
      testIdTotal="total-resultados"
      vazio={resultado.itens.length === 0 ? { mensagem: TEXTOS.nenhumDocumento, testId: 'nenhum-resultado' } : null}
      atualizando={atualizando}
      paginacao={{
        total: resultado.total,
        pagina: estado.pagina,
        tamanhoPagina: estado.tamanhoPagina,
        opcoesTamanho: TAMANHOS_PAGINA,
        aoMudar: aoPaginar,
      }}
    >
      <Tabela
        colunas={colunas}
        cartoesAbaixoDe="lg"
        rotuloCabecalhoCartoes="Ordenar por:"
        aria-labelledby="titulo-resultados"
        data-testid="tabela-resultados"
      >
        {resultado.itens.map((documento) => (
          <TableRow key={documento.idDocumento} hover>
            <TableCell>
              <Link component={RouterLink} to={`/documentos/${documento.idDocumento}`}>
                {documento.numero}
              </Link>
              {documento.urgente ? (
                <Box>
                  <Chip label="Urgente" color="error" size="small" variant="outlined" sx={{ mt: 0.5 }} />
                </Box>
              ) : null}
            </TableCell>
            <TableCell>
              {documento.tipo}
              <Typography variant="body2" color="text.secondary" data-testid="situacao">
                {rotuloSituacao(documento.situacao, documento.estado)}
              </Typography>
            </TableCell>
            <TableCell>
              {documento.resumoAssunto}
              {documento.assunto ? (
                <Typography variant="body2" color="text.secondary">
                  {documento.assunto}
                </Typography>
              ) : null}
              {documento.ocorrencia ? (
                <OcorrenciaConteudo idDocumento={documento.idDocumento} ocorrencia={documento.ocorrencia} />
              ) : null}
            </TableCell>
            <TableCell>{documento.interessado}</TableCell>
            <TableCell>
              <Box component="span" sx={{ display: 'block' }}>
                Procedência: {documento.unidadeProcedencia}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                Atual: {documento.unidadeAtual}
              </Box>
            </TableCell>
            <TableCell>{formatarData(documento.dataCriacao)}</TableCell>
            <TableCell>{formatarData(documento.dataEnvio)}</TableCell>
          </TableRow>
        ))}
      </Tabela>
    </SecaoResultados>
  );
}
