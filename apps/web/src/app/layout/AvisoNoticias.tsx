import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { Alert, Box } from '@mui/material';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { MensagemNoticia } from '@tramite/shared';
import { useState } from 'react';
import { api } from '../../lib/api';

const CHAVE_DISPENSADOS = 'tramite.avisos-dispensados';

function assinatura(avisos: readonly MensagemNoticia[]): string {
  return avisos.map((aviso) => `${aviso.id}:${aviso.mensagem}`).join('|');
}

function lerDispensado(): string | null {
  try {
    return sessionStorage.getItem(CHAVE_DISPENSADOS);
  } catch {
    return null;
  }
}

const consultaAvisos = queryOptions({
  queryKey: ['mensagens'],
  queryFn: ({ signal }) => api.get<MensagemNoticia[]>('mensagens', { signal }),
});

/**
 * The notice sits above every screen: the root loader loads it beside the session, before the first render, so that
 * it never pushes the screen down as it arrives (issue 23). Later navigations use the cache; a failure shows none.
 */
export function carregarAvisos(queryClient: QueryClient): Promise<void> {
  if (queryClient.getQueryData(consultaAvisos.queryKey) !== undefined) return Promise.resolve();
  return queryClient.prefetchQuery({ ...consultaAvisos, retry: false });
}

/** The news notice of the global layout (spec §2): the valid messages, dismissible for the browser session. */
export function AvisoNoticias() {
  const { data: avisos = [] } = useQuery(consultaAvisos);
  const [dispensado, setDispensado] = useState(lerDispensado);
  const atual = assinatura(avisos);

  if (avisos.length === 0 || dispensado === atual) return null;

  function dispensar() {
    setDispensado(atual);
    try {
      sessionStorage.setItem(CHAVE_DISPENSADOS, atual);
    } catch {
      // Storage may be unavailable (private mode); the notice then stays hidden only until the next reload.
    }
  }

  return (
    <Box component="section" aria-label="Avisos" data-testid="aviso-noticias" sx={{ mb: 3 }}>
      <Alert
        severity="info"
        icon={<CampaignOutlined />}
        onClose={dispensar}
        slotProps={{ closeButton: { 'aria-label': 'Dispensar aviso', title: 'Dispensar aviso' } }}
        role="note"
      >
        {avisos.length === 1 ? (
          avisos[0]?.mensagem
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {avisos.map((aviso) => (
              <li key={aviso.id}>{aviso.mensagem}</li>
            ))}
          </Box>
        )}
      </Alert>
    </Box>
  );
}
