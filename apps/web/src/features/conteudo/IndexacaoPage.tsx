import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { MENSAGENS } from '@tramite/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe } from '../../lib/api';
import { formatarDataHora } from '../../lib/formatacao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { buscarDocumentoPorNumero } from '../documentos/api';
import { useAndamentoIndexacao, useReindexar } from './api-indexacao';

const T = {
  titulo: 'Indexação do conteúdo das peças',
  descricao:
    'O texto das peças (camada de texto dos PDFs e reconhecimento de texto das digitalizações) é lido em segundo plano para a busca por conteúdo.',
  reindexarTudo: 'Reindexar tudo',
  reindexarDocumento: 'Reindexar um documento',
  campoDocumento: 'Número ou id do documento',
  pedindo: 'Pedindo nova indexação',
  documentoNaoEncontrado: 'Nenhum documento encontrado com este número ou id',
  documentoAmbiguo: 'Mais de um documento corresponde a este número: informe o número completo',
  informeDocumento: 'Informe o número ou o id do documento',
};

/** An id is a short number; anything longer or with punctuation is a document number (NUP). */
const pareceId = (texto: string) => /^\d{1,9}$/.test(texto);

function CartaoContagem({ rotulo, valor, testId }: { rotulo: string; valor: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h4" component="p" data-testid={testId}>
          {valor}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {rotulo}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * Administração › Indexação: how far the reading of the peças' text has gone (files by state, pages per minute),
 * the unreadable files (where they are and why, never their names) and the requests to read again.
 */
export function IndexacaoPage() {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const consulta = useAndamentoIndexacao();
  const reindexar = useReindexar();
  useErroConsulta(consulta.error, (erro) => mensagemComDetalhe(MENSAGENS.conteudo.erroCarregarIndexacao, erro));
  const [confirmarTudo, setConfirmarTudo] = useState(false);
  const [documento, setDocumento] = useState('');
  const [erroDocumento, setErroDocumento] = useState<string | null>(null);
  const idRotuloProgresso = useId();

  const andamento = consulta.data;
  const arquivos = andamento?.arquivos;
  const total = arquivos ? arquivos.concluidos + arquivos.naFila + arquivos.emLeitura + arquivos.ilegiveis : 0;
  const terminados = arquivos ? arquivos.concluidos + arquivos.ilegiveis : 0;
  const percentual = total === 0 ? 100 : Math.floor((terminados / total) * 100);

  const pedir = async (pedido: { idDocumento?: number }) => {
    try {
      const { arquivos: quantidade } = await executar(T.pedindo, () => reindexar.mutateAsync(pedido));
      snackbar.sucesso(MENSAGENS.conteudo.reindexacaoPedida(quantidade));
      return true;
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(MENSAGENS.conteudo.erroReindexar, erro));
      return false;
    }
  };

  const reindexarDocumento = async (evento: FormEvent<HTMLFormElement>) => {
    evento.preventDefault();
    const texto = documento.trim();
    if (!/\d/.test(texto)) {
      setErroDocumento(T.informeDocumento);
      return;
    }
    setErroDocumento(null);
    let idDocumento: number;
    if (pareceId(texto)) {
      idDocumento = Number(texto);
    } else {
      try {
        const pagina = await buscarDocumentoPorNumero(texto);
        const [unico] = pagina.itens;
        if (!unico) return setErroDocumento(T.documentoNaoEncontrado);
        if (pagina.total > 1) return setErroDocumento(T.documentoAmbiguo);
        idDocumento = unico.idDocumento;
      } catch (erro) {
        snackbar.erro(mensagemComDetalhe(MENSAGENS.conteudo.erroReindexar, erro));
        return;
      }
    }
    if (await pedir({ idDocumento })) setDocumento('');
  };

  return (
    <Pagina
      titulo={T.titulo}
      descricao={T.descricao}
      acoes={
        <Button
          variant="contained"
          startIcon={<ReplayOutlined />}
          onClick={() => setConfirmarTudo(true)}
          data-testid="botao-reindexar-tudo"
        >
          {T.reindexarTudo}
        </Button>
      }
    >
      <AlertaErroCarregar consulta={consulta} mensagem={MENSAGENS.conteudo.erroCarregarIndexacao} />
      {arquivos && andamento ? (
        <Box component="section" aria-labelledby={idRotuloProgresso} sx={{ mb: 3 }}>
          <Typography id={idRotuloProgresso} component="h2" variant="h6" sx={{ mb: 1 }}>
            Andamento
          </Typography>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            {(
              [
                ['Concluídos', arquivos.concluidos, 'contagem-concluidos'],
                ['Na fila', arquivos.naFila, 'contagem-na-fila'],
                ['Em leitura', arquivos.emLeitura, 'contagem-em-leitura'],
                ['Ilegíveis', arquivos.ilegiveis, 'contagem-ilegiveis'],
              ] as const
            ).map(([rotulo, valor, testId]) => (
              <Grid key={testId} size={{ xs: 6, md: 'grow' }}>
                <CartaoContagem rotulo={rotulo} valor={String(valor)} testId={testId} />
              </Grid>
            ))}
            <Grid size={{ xs: 12, md: 'grow' }}>
              <CartaoContagem
                rotulo="Páginas por minuto (últimos 10 minutos)"
                valor={andamento.paginasPorMinuto.toLocaleString('pt-BR')}
                testId="paginas-por-minuto"
              />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={percentual}
              aria-label="Arquivos lidos"
              aria-valuetext={`${terminados} de ${total} arquivos lidos (${percentual}%)`}
              sx={{ flex: 1, height: 8, borderRadius: 1 }}
              data-testid="progresso-indexacao"
            />
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {terminados} de {total} arquivos
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {andamento.paginas.lidas} páginas lidas ({andamento.paginas.porOcr} por reconhecimento de texto),{' '}
            {andamento.paginas.comFalha} com falha. Atualizado em {formatarDataHora(andamento.atualizadoEm)}
            {arquivos.naFila + arquivos.emLeitura > 0 ? '; a tela se atualiza a cada 10 segundos.' : '.'}
          </Typography>
        </Box>
      ) : consulta.isPending ? (
        <LinearProgress aria-label="Carregando o andamento da indexação" sx={{ mb: 3 }} />
      ) : null}

      <Box component="form" onSubmit={reindexarDocumento} noValidate sx={{ mb: 3 }} aria-label={T.reindexarDocumento}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {T.reindexarDocumento}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={T.campoDocumento}
            value={documento}
            onChange={(evento) => setDocumento(evento.target.value)}
            error={erroDocumento !== null}
            helperText={erroDocumento ?? 'O número (NUP) completo, com ou sem pontuação, ou o id'}
            slotProps={{
              htmlInput: { maxLength: 40, autoComplete: 'off', 'data-testid': 'campo-reindexar-documento' },
            }}
            sx={{ minWidth: 300 }}
          />
          <Button type="submit" variant="outlined" sx={{ mt: { sm: 1 } }} data-testid="botao-reindexar-documento">
            Reindexar
          </Button>
        </Stack>
      </Box>

      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Arquivos ilegíveis
      </Typography>
      {andamento && andamento.ilegiveis.length === 0 ? (
        <Alert severity="success">Nenhum arquivo ilegível.</Alert>
      ) : andamento ? (
        <TableContainer>
          <Table size="small" data-testid="tabela-ilegiveis">
            <caption>Os últimos arquivos cujo texto não pôde ser lido, do mais recente ao mais antigo</caption>
            <TableHead>
              <TableRow>
                <TableCell>Documento</TableCell>
                <TableCell>Peça</TableCell>
                <TableCell>Motivo</TableCell>
                <TableCell>Quando</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {andamento.ilegiveis.map((item, indice) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity of their own (no file name).
                <TableRow key={indice} data-testid="linha-ilegivel">
                  <TableCell component="th" scope="row">
                    {item.idDocumento !== null && item.numeroDocumento ? (
                      <Link component={RouterLink} to={`/documentos/${item.idDocumento}`}>
                        {item.numeroDocumento}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>{item.sequencial ?? '—'}</TableCell>
                  <TableCell>{item.motivo}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatarDataHora(item.em)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}

      <DialogoConfirmacao
        aberto={confirmarTudo}
        titulo={T.reindexarTudo}
        rotuloConfirmar={T.reindexarTudo}
        aoCancelar={() => setConfirmarTudo(false)}
        aoConfirmar={async () => {
          await pedir({});
          setConfirmarTudo(false);
        }}
      >
        {MENSAGENS.conteudo.confirmarReindexarTudo}
      </DialogoConfirmacao>
    </Pagina>
  );
}
