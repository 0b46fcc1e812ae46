import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdministracaoTramita,
  ConfiguracaoTramita,
  ConfiguracaoTramitaSalva,
  EstadoTramita,
  MapeamentosTramita,
  OpcoesEnvioTramita,
  PaginaEstruturasTramita,
  SincronizacaoTramita,
  TesteConexaoTramita,
} from '@tramite/shared';
import { lazy } from 'react';
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

// Step 4: the mappings. Every change answers the mappings as they are now: it replaces the cached ones.

const CHAVE_MAPEAMENTOS = ['administracao-tramita', 'mapeamentos'] as const;

export const useMapeamentosTramita = (habilitado: boolean) =>
  useQuery({
    queryKey: CHAVE_MAPEAMENTOS,
    queryFn: ({ signal }) => api.get<MapeamentosTramita>('administracao/tramita/mapeamentos', { signal }),
    enabled: habilitado,
  });

/** A change of a mapping: the method and path (under administracao/tramita/) and, for PUT and POST, the body. */
export interface AlteracaoMapeamento {
  metodo: 'PUT' | 'POST' | 'DELETE';
  caminho: string;
  corpo?: unknown;
}

export function useAlterarMapeamentoTramita() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ metodo, caminho, corpo }: AlteracaoMapeamento) => {
      const url = `administracao/tramita/${caminho}`;
      if (metodo === 'DELETE') return api.delete<MapeamentosTramita>(url);
      return metodo === 'PUT' ? api.put<MapeamentosTramita>(url, corpo) : api.post<MapeamentosTramita>(url, corpo);
    },
    onSuccess: (resposta) => queryClient.setQueryData(CHAVE_MAPEAMENTOS, resposta),
  });
}

/** GET tramita/estruturas: a page of the barramento's structures able to receive (searched only when asked). */
export const useEstruturasTramita = (consulta: { repositorio: number; texto: string; pagina: number } | null) =>
  useQuery({
    queryKey: ['tramita-estruturas', consulta],
    queryFn: ({ signal }) =>
      api.get<PaginaEstruturasTramita>('tramita/estruturas', {
        params: consulta ?? undefined,
        signal,
      }),
    enabled: consulta !== null,
    staleTime: 60_000,
  });

// Issue 24, step 5: what Tramitar asks to know whether to offer "Órgão externo (Tramita GOV.BR)". Small on purpose:
// the rest (the search, the pre-send check) loads with the option (VerificacaoEnvioTramita, React.lazy).

/** GET tramita/estado: { ativo: false } without an active configuration (then nothing of the feature shows). */
export const useEstadoTramita = () =>
  useQuery({
    queryKey: ['tramita-estado'],
    queryFn: ({ signal }) => api.get<EstadoTramita>('tramita/estado', { signal }),
    staleTime: 5 * 60_000,
  });

/** GET tramita/envio, only once the feature is active: whether the user's unit sends, and the repositories. */
export const useOpcoesEnvioTramita = (ativo: boolean) =>
  useQuery({
    queryKey: ['tramita-envio'],
    queryFn: ({ signal }) => api.get<OpcoesEnvioTramita>('tramita/envio', { signal }),
    enabled: ativo,
    staleTime: 5 * 60_000,
  });

/** Tramitar's external destination: repository, structure search and the pre-send check (loaded when offered). */
export const VerificacaoEnvioTramita = lazy(async () => ({
  default: (await import('./VerificacaoEnvioTramita')).VerificacaoEnvioTramita,
}));
