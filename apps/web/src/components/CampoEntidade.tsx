import { Autocomplete, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Entidade } from '@tramite/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { entradaAutocomplete } from './entrada-autocomplete';
import { useSnackbar } from './feedback/contexto-snackbar';

/** What the field searches by: part of the name, the code, or one id. */
export interface ConsultaEntidade {
  nome?: string;
  codigo?: string;
  id?: number;
}

/** The spec §8 family of messages of one kind of entity (interested party or forwarding responsible). */
export interface MensagensEntidade {
  erroCarregar: string;
  naoEncontrado: string;
  multiplos: string;
  erroEncontrar: string;
}

export interface CampoEntidadeProps {
  id: string;
  rotulo: string;
  /** The entity type; without it the field is disabled (an entity cannot be looked up without its type). */
  tipo: string | null;
  /** Id of the chosen entity; an id coming from elsewhere (a link, a saved document) is looked up by id. */
  valor: number | null;
  aoMudar: (entidade: Entidade | null) => void;
  buscar: (tipo: string, consulta: ConsultaEntidade, signal?: AbortSignal) => Promise<Entidade[]>;
  mensagens: MensagensEntidade;
  /** First part of the query key of the searches, so two kinds of entity never share a cache entry. */
  chaveConsulta: string;
  obrigatorio?: boolean;
  erro?: boolean;
  textoAjuda?: ReactNode;
  testId?: string;
  /**
   * Characters (spaces not counted) typed before a search is sent; below it the list shows a hint instead. The API
   * refuses shorter name searches of interested parties (MINIMO_CARACTERES_NOME_INTERESSADO).
   */
  minimoTermo?: number;
  /** Takes the focus as it mounts (it replaces a light stand-in that had it). */
  focar?: boolean;
}

const MINIMO_TERMO = 2;
const caracteres = (texto: string) => texto.replace(/\s/g, '').length;
const ATRASO_BUSCA_MS = 300;

function rotuloEntidade(entidade: Entidade): string {
  const codigo = entidade.codigo ? ` (${entidade.codigo})` : '';
  return `${entidade.nome}${codigo}${entidade.ativo ? '' : ' — inativo'}`;
}

/**
 * Autocomplete of an interested party or a responsible of the chosen type: typing searches by name (or by code
 * when only digits are typed); choosing an entity, or receiving an id from outside, looks it up by id, which
 * must answer exactly one entity (spec §7, "by-id lookup ... expects exactly one result").
 */
export function CampoEntidade({
  id,
  rotulo,
  tipo,
  valor,
  aoMudar,
  buscar,
  mensagens,
  chaveConsulta,
  obrigatorio,
  erro,
  textoAjuda,
  testId,
  minimoTermo = MINIMO_TERMO,
  focar,
}: CampoEntidadeProps) {
  const snackbar = useSnackbar();
  const [texto, setTexto] = useState('');
  const [termo, setTermo] = useState('');
  const [selecionada, setSelecionada] = useState<Entidade | null>(null);
  const [resolvendo, setResolvendo] = useState(false);
  const ultimaResolucao = useRef(0);

  useEffect(() => {
    const temporizador = setTimeout(() => setTermo(texto.trim()), ATRASO_BUSCA_MS);
    return () => clearTimeout(temporizador);
  }, [texto]);

  // Once an entity is chosen the text is its label: that is not a new search.
  const pesquisando =
    tipo !== null &&
    caracteres(termo) >= minimoTermo &&
    (selecionada === null || termo !== rotuloEntidade(selecionada));
  const consulta = useQuery({
    queryKey: [chaveConsulta, tipo, termo],
    queryFn: ({ signal }) => buscar(tipo ?? '', /^\d+$/.test(termo) ? { codigo: termo } : { nome: termo }, signal),
    enabled: pesquisando,
  });

  useEffect(() => {
    if (consulta.error) snackbar.erro(mensagens.erroCarregar);
  }, [consulta.error, snackbar, mensagens.erroCarregar]);

  async function resolverPorId(idEntidade: number): Promise<Entidade | null> {
    if (tipo === null) return null;
    ultimaResolucao.current += 1;
    const resolucao = ultimaResolucao.current;
    setResolvendo(true);
    try {
      const encontradas = await buscar(tipo, { id: idEntidade });
      if (resolucao !== ultimaResolucao.current) return null;
      if (encontradas.length === 1) return encontradas[0] ?? null;
      snackbar.erro(encontradas.length === 0 ? mensagens.naoEncontrado : mensagens.multiplos);
      return null;
    } catch {
      if (resolucao === ultimaResolucao.current) snackbar.erro(mensagens.erroEncontrar);
      return null;
    } finally {
      if (resolucao === ultimaResolucao.current) setResolvendo(false);
    }
  }

  // An id set from outside (a shared link, the document being edited) is shown by looking the entity up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of id or type starts a lookup.
  useEffect(() => {
    if (valor === null || tipo === null) {
      setSelecionada(null);
      return;
    }
    if (selecionada?.id === valor) return;
    let ativo = true;
    void resolverPorId(valor).then((entidade) => {
      if (!ativo) return;
      setSelecionada(entidade);
      if (!entidade) aoMudar(null);
    });
    return () => {
      ativo = false;
    };
  }, [valor, tipo]);

  const opcoes = consulta.data ?? [];
  const opcoesComSelecionada =
    selecionada && !opcoes.some((opcao) => opcao.id === selecionada.id) ? [selecionada, ...opcoes] : opcoes;

  return (
    <Autocomplete
      id={id}
      options={opcoesComSelecionada}
      value={selecionada}
      inputValue={texto}
      onInputChange={(_evento, novo) => setTexto(novo)}
      onChange={async (_evento, opcao) => {
        if (!opcao) {
          setSelecionada(null);
          aoMudar(null);
          return;
        }
        const entidade = await resolverPorId(opcao.id);
        setSelecionada(entidade);
        aoMudar(entidade);
      }}
      filterOptions={(lista) => lista}
      getOptionLabel={rotuloEntidade}
      getOptionKey={(opcao) => opcao.id}
      isOptionEqualToValue={(opcao, escolhida) => opcao.id === escolhida.id}
      disabled={tipo === null}
      loading={consulta.isFetching || resolvendo}
      loadingText="Buscando…"
      noOptionsText={
        caracteres(texto) < minimoTermo
          ? `Digite ao menos ${minimoTermo} letras do nome, ou o código`
          : 'Nenhum resultado encontrado'
      }
      data-testid={testId}
      renderInput={entradaAutocomplete(
        { rotulo, obrigatorio, erro, textoAjuda, focar },
        consulta.isFetching || resolvendo ? <CircularProgress color="inherit" size={18} aria-label="Buscando" /> : null,
      )}
    />
  );
}
