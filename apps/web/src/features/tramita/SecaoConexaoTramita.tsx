import CableOutlined from '@mui/icons-material/CableOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type AdministracaoTramita, MENSAGENS, type SincronizacaoTramita } from '@tramite/shared';
import { Tabela } from '../../components/Tabela';
import { mensagemDoErro } from '../../lib/api';
import { formatarDataHora } from '../../lib/formatacao';
import { useSincronizarListasTramita, useTestarConexaoTramita } from './api';
import { TEXTOS_TRAMITA as T } from './textos';

const LISTAS = ['especies', 'hipoteses', 'repositorios'] as const;
const COLUNAS_RESULTADO = T.colunasListas.map((rotulo) => ({ rotulo }));
const COLUNAS_GUARDADAS = T.colunasGuardadas.map((rotulo) => ({ rotulo }));

/** Testing the connection and syncing the PEN's lists, each with its result (or its Portuguese failure) in place. */
export function SecaoConexaoTramita({ dados }: { dados: AdministracaoTramita }) {
  const testar = useTestarConexaoTramita();
  const sincronizar = useSincronizarListasTramita();
  const pronto = dados.configuracao !== null && dados.certificado !== null;
  const ocupado = testar.isPending || sincronizar.isPending;
  const resultado: SincronizacaoTramita | undefined = sincronizar.data;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
      aria-labelledby="titulo-conexao-tramita"
      component="section"
    >
      <Typography id="titulo-conexao-tramita" component="h2" variant="h6" sx={{ mb: 2 }}>
        {T.secaoConexao}
      </Typography>
      {!pronto ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.precisaCertificado}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<CableOutlined />}
          disabled={!pronto || ocupado}
          onClick={() => {
            sincronizar.reset();
            testar.mutate();
          }}
        >
          {T.testarConexao}
        </Button>
        <Button
          variant="outlined"
          startIcon={<SyncOutlined />}
          disabled={!pronto || ocupado}
          onClick={() => {
            testar.reset();
            sincronizar.mutate();
          }}
        >
          {T.sincronizar}
        </Button>
      </Stack>
      <Box aria-live="polite" data-testid="resultado-conexao-tramita">
        {testar.isPending ? <LinearProgress aria-label={T.testando} sx={{ mb: 2 }} /> : null}
        {sincronizar.isPending ? <LinearProgress aria-label={T.sincronizando} sx={{ mb: 2 }} /> : null}
        {testar.isSuccess ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {MENSAGENS.tramita.conexaoOk(testar.data.repositorios.length)}{' '}
            {testar.data.repositorios.map((r) => r.nome).join('; ')}. {T.duracao(testar.data.duracaoMs)}
          </Alert>
        ) : null}
        {testar.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {mensagemDoErro(testar.error, MENSAGENS.tramita.erroTestar)}
          </Alert>
        ) : null}
        {sincronizar.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {mensagemDoErro(sincronizar.error, MENSAGENS.tramita.erroSincronizar)}
          </Alert>
        ) : null}
        {resultado ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {MENSAGENS.tramita.listasSincronizadas}
          </Alert>
        ) : null}
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="ultima-sincronizacao-tramita">
        {T.ultimaSincronizacao}:{' '}
        {dados.listas.sincronizadaEm ? formatarDataHora(dados.listas.sincronizadaEm) : T.nuncaSincronizada}
      </Typography>
      {resultado ? (
        <Tabela
          legenda="Resultado da sincronização"
          colunas={COLUNAS_RESULTADO}
          data-testid="tabela-sincronizacao-tramita"
        >
          {LISTAS.map((lista) => (
            <TableRow key={lista}>
              <TableCell component="th" scope="row">
                {T.listas[lista]}
              </TableCell>
              <TableCell>{resultado[lista].ativas}</TableCell>
              <TableCell>{resultado[lista].inativas}</TableCell>
              <TableCell>{resultado[lista].novas}</TableCell>
              <TableCell>{resultado[lista].desativadas}</TableCell>
            </TableRow>
          ))}
        </Tabela>
      ) : (
        <Tabela
          legenda="Listas do PEN guardadas no Trâmite"
          colunas={COLUNAS_GUARDADAS}
          data-testid="tabela-listas-tramita"
        >
          {LISTAS.map((lista) => (
            <TableRow key={lista}>
              <TableCell component="th" scope="row">
                {T.listas[lista]}
              </TableCell>
              <TableCell>{dados.listas[lista].ativas}</TableCell>
              <TableCell>{dados.listas[lista].inativas}</TableCell>
            </TableRow>
          ))}
        </Tabela>
      )}
    </Paper>
  );
}
