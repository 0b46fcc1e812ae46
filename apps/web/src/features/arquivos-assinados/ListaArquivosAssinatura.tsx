import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { formatarTamanho } from '../../lib/formatacao';

export interface ItemAssinatura {
  chave: number;
  arquivo: File;
  estado: 'pendente' | 'assinando' | 'assinado' | 'falhou';
  progresso: number;
  mensagem: string | null;
}

interface ListaArquivosAssinaturaProps {
  itens: readonly ItemAssinatura[];
  assinando: boolean;
  aoRemover: (chave: number) => void;
}

/** The PDFs chosen for signing, each with its progress while it is sent and then its outcome. */
export function ListaArquivosAssinatura({ itens, assinando, aoRemover }: ListaArquivosAssinaturaProps) {
  if (itens.length === 0) return null;
  return (
    <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, mb: 2 }} aria-label="Arquivos escolhidos">
      {itens.map((item) => (
        <Paper
          key={item.chave}
          component="li"
          variant="outlined"
          sx={{ p: 1.5, listStyle: 'none' }}
          data-testid="arquivo-assinatura"
          data-nome={item.arquivo.name}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {item.arquivo.name}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({formatarTamanho(item.arquivo.size)})
              </Typography>
            </Typography>
            <Tooltip title="Remover da lista">
              <span>
                <IconButton
                  aria-label={`Remover ${item.arquivo.name}`}
                  size="small"
                  disabled={assinando || item.estado === 'assinando'}
                  onClick={() => aoRemover(item.chave)}
                >
                  <CloseOutlined fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
          {item.estado === 'assinando' ? (
            <LinearProgress
              variant="determinate"
              value={item.progresso}
              aria-label={`Envio de ${item.arquivo.name}`}
              sx={{ mt: 1 }}
            />
          ) : null}
          {item.mensagem ? (
            <Alert
              severity={item.estado === 'falhou' ? 'error' : 'success'}
              sx={{ mt: 1 }}
              data-testid={item.estado === 'falhou' ? 'falha-assinatura' : 'sucesso-assinatura'}
            >
              {item.mensagem}
            </Alert>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
