import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Button, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { compararDescricao, type ItemGlossario, MENSAGENS } from '@tramite/shared';
import { useMemo, useState } from 'react';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { TabelaPaginada } from '../../components/TabelaPaginada';
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
      <AlertaErroCarregar consulta={consulta} mensagem={MENSAGENS.lookups.erroCarregarVocabulario} />
      <TabelaPaginada
        carregando={consulta.isFetching}
        rotuloCarregando="Carregando itens"
        testId="tabela-vocabulario"
        idLegenda="legenda-vocabulario"
        legenda={
          consulta.isSuccess
            ? `${itens.length} ${itens.length === 1 ? 'item' : 'itens'} no vocabulário controlado, em ordem de descrição`
            : 'Itens do vocabulário controlado'
        }
        colunas={['Descrição', 'Tipo de documento', 'Assunto', 'Detalhamento']}
        vazio={consulta.isSuccess && itens.length === 0 ? 'Nenhum item no vocabulário controlado.' : null}
        paginacao={paginacao}
      >
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
              {[
                { acao: 'Editar', Icone: EditOutlined, abrir: setEdicao },
                { acao: 'Excluir', Icone: DeleteOutlined, abrir: setExclusao },
              ].map(({ acao, Icone, abrir }) => (
                <Tooltip key={acao} title={acao}>
                  <IconButton
                    aria-label={`${acao} o item ${item.descricao}`}
                    onClick={() => abrir({ aberto: true, item })}
                  >
                    <Icone />
                  </IconButton>
                </Tooltip>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TabelaPaginada>
      <DialogoItemVocabulario {...edicao} onFechar={() => setEdicao((atual) => ({ ...atual, aberto: false }))} />
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
