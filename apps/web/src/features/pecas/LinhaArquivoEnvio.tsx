import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Box, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { type HipoteseLegal, MENSAGENS, TAMANHO_MAXIMO_DESCRICAO_PECA } from '@tramite/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { formatarTamanho } from '../../lib/formatacao';
import { CamposAcessoPeca, type ValoresAcesso } from './CamposAcessoPeca';

/** One file of the upload form: its fields and how its sending goes. */
export interface ArquivoEnvio extends ValoresAcesso {
  chave: number;
  arquivo: File;
  descricao: string;
  /** Issue 24: the peça's document type, optional. */
  idTipoDocumento: number | null;
  /** Why the browser already knows the server would refuse it (size, extension). */
  problema: string | null;
  estado: 'pendente' | 'enviando' | 'enviado' | 'falhou';
  progresso: number;
  erro: string | null;
}

export interface CamposEnvio {
  arquivos: ArquivoEnvio[];
}

interface LinhaArquivoEnvioProps {
  indice: number;
  hipoteses: readonly HipoteseLegal[];
  carregandoHipoteses: boolean;
  /** The document types a peça may have (active, not a process). */
  tipos: readonly { id: number; descricao: string }[];
  /** Files are being sent: nothing changes meanwhile. */
  bloqueado: boolean;
  aoRemover: () => void;
}

/** A file of the list: name and size, its fields, then its progress and outcome once it is sent. */
export function LinhaArquivoEnvio({
  indice,
  hipoteses,
  carregandoHipoteses,
  tipos,
  bloqueado,
  aoRemover,
}: LinhaArquivoEnvioProps) {
  const { control } = useFormContext<CamposEnvio>();
  const item = useWatch({ control, name: `arquivos.${indice}` });
  const nome = item.arquivo.name;
  const fixo = bloqueado || item.estado === 'enviando' || item.estado === 'enviado';
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      data-testid="arquivo-envio"
      data-nome={nome}
      aria-label={nome}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{nome}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatarTamanho(item.arquivo.size)}
          </Typography>
        </Box>
        <Tooltip title="Remover da lista">
          <span>
            <IconButton aria-label={`Remover ${nome}`} onClick={aoRemover} disabled={fixo} size="small">
              <CloseOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {item.problema && item.estado === 'pendente' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {item.problema}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <CamposAcessoPeca
          prefixo={`arquivos.${indice}.`}
          hipoteses={hipoteses}
          carregandoHipoteses={carregandoHipoteses}
          desabilitado={fixo}
        />
        <CampoSelecaoControlado
          control={control}
          name={`arquivos.${indice}.idTipoDocumento`}
          rotulo="Tipo da peça (opcional)"
          rotuloVazio="Sem tipo"
          opcoes={tipos.map((tipo) => ({ valor: tipo.id, rotulo: tipo.descricao }))}
          fullWidth
          disabled={fixo}
        />
        <CampoTextoControlado
          control={control}
          name={`arquivos.${indice}.descricao`}
          label="Descrição"
          fullWidth
          disabled={fixo}
          maxLength={TAMANHO_MAXIMO_DESCRICAO_PECA}
        />
      </Stack>
      {item.estado !== 'pendente' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={item.progresso}
            color={item.estado === 'falhou' ? 'error' : item.estado === 'enviado' ? 'success' : 'primary'}
            aria-label={`Envio de ${nome}`}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'right' }} aria-hidden>
            {item.progresso}%
          </Typography>
        </Stack>
      ) : null}
      {item.estado === 'enviado' ? (
        <Typography variant="body2" color="success.main" sx={{ mt: 1 }}>
          {MENSAGENS.arquivos.enviado(nome)}
        </Typography>
      ) : null}
      {item.estado === 'falhou' && item.erro ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="falha-envio">
          {item.erro}
        </Alert>
      ) : null}
    </Paper>
  );
}
