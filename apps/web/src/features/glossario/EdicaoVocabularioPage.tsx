import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { compararDescricao, type ItemGlossario, MENSAGENS } from '@tramite/shared';
import { useMemo, useState } from 'react';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { usePaginacaoLocal } from '../../lib/use-paginacao-local';
import { useExcluirItemVocabulario, useItensVocabulario } from './api';
import { DialogoItemVocabulario } from './DialogoItemVocabulario';

const ITENS_POR_PAGINA = [10, 25, 50];

export function EdicaoVocabularioPage() {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const consulta = useItensVocabulario();
  const excluir = useExcluirItemVocabulario();
  useErroConsulta(consulta.error, (erro) => mensagemComDetalhe(MENSAGENS.lookups.erroCarregarVocabulario, erro));

  const itens = useMemo(() => [...(consulta.data ?? [])].sort(compararDescricao), [consulta.data]);
  const { visiveis, paginacao } = usePaginacaoLocal(itens, ITENS_POR_PAGINA, ITENS_POR_PAGINA[0] as number);

  const [edicao, setEdicao] = useState<{ aberto: boolean; item: ItemGlossario | null }>({ aberto: false, item: null });
  const [exclusao, setExclusao] = useState<{ aberto: boolean; item: ItemGlossario | null }>({
    aberto: false,
    item: null,
  });

  const confirmarExclusao = async () => {
    const item = exclusao.item;
    setExclusao((atual) => ({ ...atual, aberto: false }));
    if (!item) return;
    try {
      await executar('Excluindo item do vocabulário controlado', () => excluir.mutateAsync(item.idItemGlossario));
      snackbar.sucesso(MENSAGENS.lookups.itemExcluido);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.lookups.erroExcluirVocabulario, erro));
    }
  };

  return (
    <Pagina
      titulo="Edição de vocabulário controlado"
      descricao="Orientações por tipo de documento e assunto, mostradas a quem autua documentos."
      acoes={
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEdicao({ aberto: true, item: null })}
          data-testid="botao-novo-item"
        >
          Novo item
        </Button>
      }
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
          {MENSAGENS.lookups.erroCarregarVocabulario}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        {consulta.isFetching ? <LinearProgress aria-label="Carregando itens" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" data-testid="tabela-vocabulario">
            <caption id="legenda-vocabulario" style={{ captionSide: 'top', textAlign: 'left' }}>
              {consulta.isSuccess
                ? `${itens.length} ${itens.length === 1 ? 'item' : 'itens'} no vocabulário controlado, em ordem de descrição`
                : 'Itens do vocabulário controlado'}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Descrição</TableCell>
                <TableCell scope="col">Tipo de documento</TableCell>
                <TableCell scope="col">Assunto</TableCell>
                <TableCell scope="col">Detalhamento</TableCell>
                <TableCell scope="col" align="right">
                  Ações
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visiveis.map((item) => (
                <TableRow key={item.idItemGlossario} hover data-testid="item-vocabulario">
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {item.descricao}
                  </TableCell>
                  <TableCell>{item.tipoDocumento}</TableCell>
                  <TableCell>
                    {item.codigoAssunto} — {item.descricaoAssunto}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      }}
                    >
                      {item.detalhamento}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Editar">
                      <IconButton
                        aria-label={`Editar o item ${item.descricao}`}
                        onClick={() => setEdicao({ aberto: true, item })}
                      >
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Excluir">
                      <IconButton
                        aria-label={`Excluir o item ${item.descricao}`}
                        onClick={() => setExclusao({ aberto: true, item })}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {consulta.isSuccess && itens.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>Nenhum item no vocabulário controlado.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination component="div" {...paginacao} />
      </Paper>
      <DialogoItemVocabulario
        aberto={edicao.aberto}
        item={edicao.item}
        onFechar={() => setEdicao((atual) => ({ ...atual, aberto: false }))}
      />
      <DialogoConfirmacao
        aberto={exclusao.aberto}
        titulo="Excluir item do vocabulário controlado"
        rotuloConfirmar="Excluir"
        aoCancelar={() => setExclusao((atual) => ({ ...atual, aberto: false }))}
        aoConfirmar={confirmarExclusao}
      >
        Deseja excluir o item “{exclusao.item?.descricao ?? ''}”? Esta ação não pode ser desfeita.
      </DialogoConfirmacao>
    </Pagina>
  );
}
