import {
  Alert,
  Box,
  Link,
  MenuItem,
  Paper,
  Stack,
  Tab,
  TableCell,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  ABAS_CONTROLE_PRAZOS,
  type AbaControlePrazos,
  type ItemControlePrazos,
  MENSAGENS,
  rotuloOrigemPrazo,
} from '@tramite/shared';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Pagina } from '../../components/Pagina';
import { Paginacao } from '../../components/Paginacao';
import { regiaoRolavel } from '../../components/regiao-rolavel';
import { SeloPrazo } from '../../components/SeloPrazo';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { mensagemComDetalhe } from '../../lib/api';
import { TAMANHO_PAGINA_BUSCA_PADRAO, TAMANHOS_PAGINA_BUSCA } from '../../lib/estado-url';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useControlePrazos } from './api-controle-prazos';
import { ROTULOS_SITUACAO_PRAZO } from './filtros-caixa';

const ABAS: Record<AbaControlePrazos, { rotulo: string; coluna: string; vazio: string; descricao: string }> = {
  'na-unidade': {
    rotulo: 'Na minha unidade',
    coluna: 'Prazo',
    vazio: MENSAGENS.prazos.nenhumNaUnidade,
    descricao: 'Documentos na caixa postal da sua unidade (aguardando recebimento ou recebidos) que têm prazo.',
  },
  aguardados: {
    rotulo: 'Aguardados de outras unidades',
    coluna: 'Prazo',
    vazio: MENSAGENS.prazos.nenhumAguardado,
    descricao: 'Documentos que a sua unidade enviou e estão, com prazo, em outra unidade.',
  },
  retornos: {
    rotulo: 'Retornos programados',
    coluna: 'Retorno programado',
    vazio: MENSAGENS.prazos.nenhumRetorno,
    descricao: 'Documentos que devem voltar à sua unidade e ainda não voltaram.',
  },
};

const SITUACOES = ['VENCIDO', 'VENCE_HOJE', 'NO_PRAZO'] as const;
type SituacaoFiltro = (typeof SITUACOES)[number];

const abaDe = (texto: string | null): AbaControlePrazos =>
  ABAS_CONTROLE_PRAZOS.find((aba) => aba === texto) ?? 'na-unidade';
const situacaoDe = (texto: string | null): SituacaoFiltro | undefined =>
  SITUACOES.find((situacao) => situacao === texto);
const inteiro = (texto: string | null, padrao: number) => {
  const numero = Number(texto);
  return Number.isInteger(numero) && numero > 0 ? numero : padrao;
};

function ondeEsta(item: ItemControlePrazos): string {
  if (!item.ondeEsta) return '—';
  return item.pendenteRecebimento
    ? `${item.ondeEsta.sigla} (aguardando recebimento)`
    : `${item.ondeEsta.sigla} (recebido)`;
}

function definidoPor(item: ItemControlePrazos): string {
  if (!item.definidoPor) return '—';
  const quem = rotuloOrigemPrazo(item.definidoPor.origemPrazo, item.definidoPor.usuario) ?? item.definidoPor.usuario;
  return `${quem} (${item.definidoPor.unidade})`;
}

/**
 * Issue 20, "Controle de prazos" (login): the deadlines of the user's current unit in three tabs, each by date
 * (earliest first), filtered by state and paginated; the tab, the filter and the page are in the URL.
 */
export function ControlePrazosPage() {
  const [parametros, setParametros] = useSearchParams();
  const aba = abaDe(parametros.get('aba'));
  const situacaoPrazo = situacaoDe(parametros.get('situacaoPrazo'));
  const pagina = inteiro(parametros.get('pagina'), 1);
  const tamanhoPagina = Math.min(inteiro(parametros.get('tamanhoPagina'), TAMANHO_PAGINA_BUSCA_PADRAO), 100);
  const resultado = useControlePrazos({ aba, situacaoPrazo, pagina, tamanhoPagina });
  useErroConsulta(resultado.error, (erro) => mensagemComDetalhe(MENSAGENS.prazos.erroCarregarControle, erro));

  function irPara(mudancas: Record<string, string | number | undefined>) {
    const proximos = new URLSearchParams(parametros);
    for (const [chave, valor] of Object.entries(mudancas)) {
      if (valor === undefined || valor === '') proximos.delete(chave);
      else proximos.set(chave, String(valor));
    }
    setParametros(proximos);
  }

  const configuracao = ABAS[aba];
  const colunas: ColunaTabela[] = [
    { rotulo: 'Número', papel: 'titulo' },
    { rotulo: 'Tipo', larguraMinima: 200, larga: true },
    { rotulo: 'Onde está' },
    { rotulo: configuracao.coluna },
    { rotulo: 'Situação' },
    { rotulo: 'Definido por' },
  ];
  const dados = resultado.data;

  return (
    <Pagina
      titulo="Controle de prazos"
      descricao="Prazos e retornos programados da sua unidade atual, do mais próximo ao mais distante."
    >
      <Paper variant="outlined" component="section" aria-labelledby="titulo-aba-prazos">
        <Tabs
          value={aba}
          onChange={(_, valor: AbaControlePrazos) => irPara({ aba: valor, pagina: undefined })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Abas do controle de prazos"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {ABAS_CONTROLE_PRAZOS.map((valor) => (
            <Tab
              key={valor}
              value={valor}
              label={ABAS[valor].rotulo}
              id={`aba-prazos-${valor}`}
              aria-controls="painel-prazos"
              data-testid={`aba-${valor}`}
            />
          ))}
        </Tabs>
        <Box id="painel-prazos" role="tabpanel" aria-labelledby={`aba-prazos-${aba}`} sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
          >
            <Box>
              <Typography id="titulo-aba-prazos" component="h2" variant="h6">
                {configuracao.rotulo}
              </Typography>
              <Typography color="text.secondary" variant="body2">
                {configuracao.descricao}
              </Typography>
              <Typography role="status" data-testid="total-prazos" color="text.secondary">
                {dados === undefined
                  ? ''
                  : dados.total === 1
                    ? '1 documento'
                    : `${dados.total.toLocaleString('pt-BR')} documentos`}
              </Typography>
            </Box>
            <TextField
              select
              id="prazos-situacao"
              label="Situação"
              value={situacaoPrazo ?? ''}
              onChange={(evento) => irPara({ situacaoPrazo: evento.target.value, pagina: undefined })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">Todas</MenuItem>
              {SITUACOES.map((situacao) => (
                <MenuItem key={situacao} value={situacao}>
                  {ROTULOS_SITUACAO_PRAZO[situacao]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {resultado.error ? (
            <Alert severity="error" role="status">
              {mensagemComDetalhe(MENSAGENS.prazos.erroCarregarControle, resultado.error)}
            </Alert>
          ) : null}
          {dados && dados.itens.length === 0 ? (
            <Alert severity="info" data-testid="prazos-vazio">
              {configuracao.vazio}
            </Alert>
          ) : null}
          {dados && dados.itens.length > 0 ? (
            <>
              <Tabela
                aria-labelledby="titulo-aba-prazos"
                data-testid="tabela-prazos"
                colunas={colunas}
                cartoesAbaixoDe="md"
                propsContainer={regiaoRolavel({ 'aria-labelledby': 'titulo-aba-prazos' }, resultado.isPlaceholderData)}
              >
                {dados.itens.map((item) => (
                  <TableRow
                    key={`${item.idDocumento}-${item.idTramitacao}`}
                    data-testid="item-prazos"
                    data-numero={item.numero}
                  >
                    <TableCell>
                      <Link component={RouterLink} to={`/documentos/${item.idDocumento}`} sx={{ whiteSpace: 'nowrap' }}>
                        {item.numero}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {item.tipo}
                      {item.resumoAssunto ? (
                        <Typography variant="body2" color="text.secondary">
                          {item.resumoAssunto}
                        </Typography>
                      ) : null}
                      {item.estado['2001'] === 5 ? (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          Sobrestado
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{ondeEsta(item)}</TableCell>
                    <TableCell data-testid="data-prazos" data-data={item.data}>
                      <SeloPrazo prazo={item.data} />
                    </TableCell>
                    <TableCell>{ROTULOS_SITUACAO_PRAZO[item.situacaoPrazo]}</TableCell>
                    <TableCell>{definidoPor(item)}</TableCell>
                  </TableRow>
                ))}
              </Tabela>
              <Paginacao
                total={dados.total}
                pagina={pagina}
                tamanhoPagina={tamanhoPagina}
                opcoesTamanho={TAMANHOS_PAGINA_BUSCA}
                aoMudar={(novaPagina, novoTamanho) => irPara({ pagina: novaPagina, tamanhoPagina: novoTamanho })}
              />
            </>
          ) : null}
        </Box>
      </Paper>
    </Pagina>
  );
}
