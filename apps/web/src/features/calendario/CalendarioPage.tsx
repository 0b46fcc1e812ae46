import AddOutlined from '@mui/icons-material/AddOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Alert, Button, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import {
  ANO_MAXIMO_CALENDARIO,
  ANO_MINIMO_CALENDARIO,
  type DiaNaoUtilAdministracao,
  MENSAGENS,
  ROTULOS_ORIGEM_DIA_NAO_UTIL,
  ROTULOS_TIPO_DIA_NAO_UTIL,
} from '@tramite/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { TabelaPaginada } from '../../components/TabelaPaginada';
import { mensagemComDetalhe } from '../../lib/api';
import { hojeNoNavegador } from '../../lib/calendario';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { usePaginacaoLocal } from '../../lib/use-paginacao-local';
import { useDiasDoAno, useExcluirDiaNaoUtil } from './api';
import { DialogoDiaNaoUtil } from './DialogoDiaNaoUtil';
import { dataComDiaDaSemana, TEXTOS_CALENDARIO as T } from './textos';

const TAMANHOS = [25, 50, 100];
const COLUNAS = ['Data', 'Descrição', 'Tipo', 'Origem'] as const;

/** The year of `?ano=`, or the current one when absent or out of range. */
function anoDaUrl(parametros: URLSearchParams): number {
  const ano = Number(parametros.get('ano'));
  return Number.isInteger(ano) && ano >= ANO_MINIMO_CALENDARIO && ano <= ANO_MAXIMO_CALENDARIO
    ? ano
    : Number(hojeNoNavegador().slice(0, 4));
}

/**
 * Administração › Calendário: a year's days without work. National ones are computed and shown read-only; the
 * institution's (local holidays, recesso, pontos facultativos) are added and deleted here.
 */
export function CalendarioPage() {
  const [parametros, setParametros] = useSearchParams();
  const ano = anoDaUrl(parametros);
  const irParaAno = (novo: number) => setParametros({ ano: String(novo) });

  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const consulta = useDiasDoAno(ano);
  const excluir = useExcluirDiaNaoUtil();
  useErroConsulta(consulta.error, (erro) => mensagemComDetalhe(MENSAGENS.calendario.erroCarregar, erro));
  const dias = consulta.data ?? [];
  const { visiveis, paginacao } = usePaginacaoLocal(dias, TAMANHOS, TAMANHOS[0] as number);
  const institucionais = dias.filter((dia) => dia.origem === 'INSTITUICAO').length;

  const [inclusaoAberta, setInclusaoAberta] = useState(false);
  const [exclusao, setExclusao] = useState<{ aberto: boolean; dia: DiaNaoUtilAdministracao | null }>({
    aberto: false,
    dia: null,
  });

  const confirmarExclusao = async () => {
    const dia = exclusao.dia;
    setExclusao((atual) => ({ ...atual, aberto: false }));
    if (!dia) return;
    try {
      await executar(T.excluindo, () => excluir.mutateAsync(dia.data));
      snackbar.sucesso(MENSAGENS.calendario.excluido);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.calendario.erroExcluir, erro));
    }
  };

  return (
    <Pagina
      titulo={T.titulo}
      descricao={T.descricao}
      acoes={
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setInclusaoAberta(true)}
          data-testid="botao-incluir-dia"
        >
          {T.incluir}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {T.avisoPrazos}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Tooltip title={T.anoAnterior}>
          <span>
            <IconButton
              aria-label={T.anoAnterior}
              onClick={() => irParaAno(ano - 1)}
              disabled={ano <= ANO_MINIMO_CALENDARIO}
            >
              <ChevronLeft />
            </IconButton>
          </span>
        </Tooltip>
        <Typography component="h2" variant="h5" aria-live="polite" data-testid="ano-calendario">
          {ano}
        </Typography>
        <Tooltip title={T.proximoAno}>
          <span>
            <IconButton
              aria-label={T.proximoAno}
              onClick={() => irParaAno(ano + 1)}
              disabled={ano >= ANO_MAXIMO_CALENDARIO}
            >
              <ChevronRight />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <AlertaErroCarregar consulta={consulta} mensagem={MENSAGENS.calendario.erroCarregar} />
      <TabelaPaginada
        carregando={consulta.isFetching}
        rotuloCarregando={T.carregando}
        testId="tabela-calendario"
        legenda={
          consulta.isSuccess
            ? `${dias.length} ${dias.length === 1 ? 'dia não útil' : 'dias não úteis'} em ${ano} além dos fins de semana (${institucionais} da instituição), em ordem de data`
            : `Dias não úteis de ${ano}`
        }
        colunas={COLUNAS}
        vazio={consulta.isSuccess && dias.length === 0 ? 'Nenhum dia não útil neste ano.' : null}
        paginacao={paginacao}
      >
        {visiveis.map((dia) => (
          <TableRow key={`${dia.data}-${dia.origem}`} hover data-testid="linha-dia-nao-util">
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {dataComDiaDaSemana(dia.data)}
            </TableCell>
            <TableCell>{dia.descricao}</TableCell>
            <TableCell>{ROTULOS_TIPO_DIA_NAO_UTIL[dia.tipo]}</TableCell>
            <TableCell>
              {ROTULOS_ORIGEM_DIA_NAO_UTIL[dia.origem]}
              {dia.incluidoPor ? (
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  por {dia.incluidoPor}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell align="right">
              {dia.origem === 'INSTITUICAO' ? (
                <Tooltip title="Excluir">
                  <IconButton
                    aria-label={`Excluir o dia não útil ${dataComDiaDaSemana(dia.data)}: ${dia.descricao}`}
                    onClick={() => setExclusao({ aberto: true, dia })}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              ) : (
                <Typography variant="body2" color="text.secondary" component="span">
                  {T.nacionalSomenteLeitura}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TabelaPaginada>
      <DialogoDiaNaoUtil
        aberto={inclusaoAberta}
        dataInicial=""
        onFechar={() => setInclusaoAberta(false)}
        onIncluido={(data) => {
          const anoIncluido = Number(data.slice(0, 4));
          if (anoIncluido !== ano) irParaAno(anoIncluido);
        }}
      />
      <DialogoConfirmacao
        aberto={exclusao.aberto}
        titulo={T.tituloExclusao}
        rotuloConfirmar="Excluir"
        aoCancelar={() => setExclusao((atual) => ({ ...atual, aberto: false }))}
        aoConfirmar={confirmarExclusao}
      >
        {exclusao.dia
          ? `Deseja excluir “${exclusao.dia.descricao}” (${dataComDiaDaSemana(exclusao.dia.data)}) dos dias não úteis? ${T.avisoPrazos}`
          : ''}
      </DialogoConfirmacao>
    </Pagina>
  );
}
