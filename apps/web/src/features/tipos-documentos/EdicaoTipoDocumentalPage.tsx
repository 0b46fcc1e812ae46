import EditOutlined from '@mui/icons-material/EditOutlined';
import { Button, Chip, TableCell, TableRow } from '@mui/material';
import { compararDescricao, MENSAGENS, type TipoDocumento } from '@tramite/shared';
import { useDeferredValue, useMemo, useState } from 'react';
import { CampoPesquisaLista } from '../../components/CampoPesquisaLista';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { Pagina } from '../../components/Pagina';
import { TabelaPaginada } from '../../components/TabelaPaginada';
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

const COLUNAS = [
  'Descrição',
  'Situação',
  'Gera capa',
  'Notifica interessado',
  'Integrado',
  'Processo na anexação',
] as const;

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
      <AlertaErroCarregar consulta={consulta} mensagem={MENSAGENS.lookups.erroCarregarTiposDocumentais} />
      <CampoPesquisaLista
        id="filtro-tipos-documentais"
        rotulo="Filtrar tipos documentais"
        valor={filtro}
        aoMudar={(valor) => {
          setFiltro(valor);
          voltarAoInicio();
        }}
      />
      <TabelaPaginada
        carregando={consulta.isFetching}
        rotuloCarregando="Carregando tipos documentais"
        testId="tabela-tipos-documentais"
        legenda={
          consulta.isSuccess
            ? `${tipos.length} ${tipos.length === 1 ? 'tipo documental' : 'tipos documentais'}, em ordem de descrição`
            : 'Tipos documentais'
        }
        colunas={COLUNAS}
        vazio={consulta.isSuccess && tipos.length === 0 ? 'Nenhum tipo documental encontrado.' : null}
        paginacao={paginacao}
      >
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
      </TabelaPaginada>
      <DialogoPropriedadesTipo {...edicao} onFechar={() => setEdicao((atual) => ({ ...atual, aberto: false }))} />
    </Pagina>
  );
}
