import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdministracaoTramita,
  ConfiguracaoTramita,
  ConfiguracaoTramitaSalva,
  SincronizacaoTramita,
  TesteConexaoTramita,
} from '@tramite/shared';
import { api } from '../../lib/api';

const CHAVE_ADMINISTRACAO = ['administracao-tramita'] as const;

/** GET administracao/tramita: the configuration, the certificate's public facts and the cached PEN lists. */
const consultaAdministracaoTramita = () =>
  queryOptions({
    queryKey: CHAVE_ADMINISTRACAO,
    queryFn: ({ signal }) => api.get<AdministracaoTramita>('administracao/tramita', { signal }),
  });

export const useAdministracaoTramita = () => useQuery(consultaAdministracaoTramita());

/** Every change answers the screen as it is now: it replaces the cached one. */
function useGuardarResposta() {
  const queryClient = useQueryClient();
  return (resposta: AdministracaoTramita) => {
    queryClient.setQueryData(CHAVE_ADMINISTRACAO, resposta);
  };
}

/** PUT administracao/tramita (an active save also syncs the lists; its failure comes in the answer). */
export function useSalvarConfiguracaoTramita() {
  const guardar = useGuardarResposta();
  return useMutation({
    mutationFn: (dados: ConfiguracaoTramita) => api.put<ConfiguracaoTramitaSalva>('administracao/tramita', dados),
    onSuccess: ({ sincronizacao: _sincronizacao, ...tela }) => guardar(tela),
  });
}

/** PUT administracao/tramita/certificado: multipart, the PKCS#12 with its password or the PEM pair. */
export function useEnviarCertificadoTramita() {
  const guardar = useGuardarResposta();
  return useMutation({
    mutationFn: (formulario: FormData) =>
      api.put<AdministracaoTramita>('administracao/tramita/certificado', formulario),
    onSuccess: guardar,
  });
}

export const useTestarConexaoTramita = () =>
  useMutation({
    mutationFn: () => api.post<TesteConexaoTramita>('administracao/tramita/testar-conexao'),
  });

export function useSincronizarListasTramita() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SincronizacaoTramita>('administracao/tramita/sincronizar'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAVE_ADMINISTRACAO }),
  });
}
