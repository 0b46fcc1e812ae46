import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { compararDescricao, MENSAGENS, type TipoDocumento } from '@tramite/shared';
import { useDeferredValue, useMemo, useState } from 'react';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { usePaginacaoLocal } from '../../lib/use-paginacao-local';
import { useTodosTiposDocumento } from './api';
import { DialogoPropriedadesTipo } from './DialogoPropriedadesTipo';

const ITENS_POR_PAGINA = [10, 25, 50];

/** Lower case without accents: 'oficio' finds 'Ofício'. */
const normalizar = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const simNao = (valor: boolean) => (valor ? 'Sim' : 'Não');

export function EdicaoTipoDocumentalPage() {
  const consulta = useTodosTiposDocumento();
  useErroConsulta(consulta.error, (erro) => mensagemComDetalhe(MENSAGENS.lookups.erroCarregarTiposDocumentais, erro));

  const [filtro, setFiltro] = useState('');
  const filtroAdiado = useDeferredValue(filtro);
  const tipos = useMemo(() => {
    const termo = normalizar(filtroAdiado.trim());
    return [...(consulta.data ?? [])]
      .filter((tipo) => termo === '' || normalizar(tipo.descricao).includes(termo))
      .sort(compararDescricao);
  }, [consulta.data, filtroAdiado]);

  const { visiveis, voltarAoInicio, paginacao } = usePaginacaoLocal(
    tipos,
    ITENS_POR_PAGINA,
    ITENS_POR_PAGINA[1] as number,
  );

  const [edicao, setEdicao] = useState<{ aberto: boolean; tipo: TipoDocumento | null }>({ aberto: false, tipo: null });

  return (
    <Pagina
      titulo="Edição de tipo documental"
      descricao="Todos os tipos documentais, ativos e inativos. Altere as propriedades de um tipo pelo botão Editar."
    >
      {consulta.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => consulta.refetch()}>
              Tentar novamente
            </Button>
          }
        >
          {MENSAGENS.lookups.erroCarregarTiposDocumentais}
        </Alert>
      ) : null}
      <TextField
        id="filtro-tipos-documentais"
        label="Filtrar tipos documentais"
        type="search"
        value={filtro}
        onChange={(evento) => {
          setFiltro(evento.target.value);
          voltarAoInicio();
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      <Paper variant="outlined">
        {consulta.isFetching ? (
          <LinearProgress aria-label="Carregando tipos documentais" />
        ) : (
          <Box sx={{ height: 4 }} />
        )}
        <TableContainer>
          <Table size="small" data-testid="tabela-tipos-documentais">
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>
              {consulta.isSuccess
                ? `${tipos.length} ${tipos.length === 1 ? 'tipo documental' : 'tipos documentais'}, em ordem de descrição`
                : 'Tipos documentais'}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Descrição</TableCell>
                <TableCell scope="col">Situação</TableCell>
                <TableCell scope="col">Gera capa</TableCell>
                <TableCell scope="col">Notifica interessado</TableCell>
                <TableCell scope="col">Integrado</TableCell>
                <TableCell scope="col">Processo na anexação</TableCell>
                <TableCell scope="col" align="right">
                  Ações
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visiveis.map((tipo) => (
                <TableRow key={tipo.id} hover data-testid="tipo-documental" data-id={tipo.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {tipo.descricao}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={tipo.ativo ? 'Ativo' : 'Inativo'}
                      color={tipo.ativo ? 'success' : 'default'}
                      variant={tipo.ativo ? 'filled' : 'outlined'}
                      data-testid="situacao-tipo"
                    />
                  </TableCell>
                  <TableCell data-testid="gera-capa">{simNao(tipo.geraCapa)}</TableCell>
                  <TableCell>{simNao(tipo.notificaInteressadoTramitacao)}</TableCell>
                  <TableCell>{simNao(tipo.integrado)}</TableCell>
                  <TableCell>{simNao(tipo.consideradoProcessoNaAnexacao)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      startIcon={<EditOutlined />}
                      aria-label={`Editar propriedades de ${tipo.descricao}`}
                      onClick={() => setEdicao({ aberto: true, tipo })}
                    >
                      Editar
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {consulta.isSuccess && tipos.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>Nenhum tipo documental encontrado.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination component="div" {...paginacao} />
      </Paper>
      <DialogoPropriedadesTipo
        aberto={edicao.aberto}
        tipo={edicao.tipo}
        onFechar={() => setEdicao((atual) => ({ ...atual, aberto: false }))}
      />
    </Pagina>
  );
}
