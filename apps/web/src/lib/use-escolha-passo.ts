import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Destino, Fluxo, Passo } from '@tramite/shared';
import { useEffect } from 'react';
import { type Control, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { mensagemComDetalhe } from './api';
import { useErroConsulta } from './use-erro-consulta';

/** The flow, step and destination of a forwarding, as a form holds them (named as the API names the last two). */
export interface CamposEscolhaPasso {
  idFluxo: number | null;
  idPasso: number | null;
  idDestino: number | null;
}

export type CampoEscolhaPasso = keyof CamposEscolhaPasso;

/** In the order they are chosen: each one depends on the one before. */
const CAMPOS: readonly CampoEscolhaPasso[] = ['idFluxo', 'idPasso', 'idDestino'];

const TEXTOS = {
  erroFluxos: 'Não foi possível carregar os fluxos do documento',
  erroDestinos: 'Não foi possível carregar os destinos do passo',
} as const;

/** The step `idPasso` of the flow `idFluxo`, among the steps the flows permit now; null when not chosen (or gone). */
export function passoEscolhido(
  fluxos: readonly Fluxo[] | undefined,
  { idFluxo, idPasso }: Pick<CamposEscolhaPasso, 'idFluxo' | 'idPasso'>,
): Passo | null {
  return fluxos?.find((fluxo) => fluxo.id === idFluxo)?.passos.find((passo) => passo.id === idPasso) ?? null;
}

/** A flow's only permitted step, which comes chosen with it; null when it has none or several. */
function passoUnico(fluxos: readonly Fluxo[] | undefined, idFluxo: number | null): number | null {
  const passos = fluxos?.find((fluxo) => fluxo.id === idFluxo)?.passos ?? [];
  return passos.length === 1 ? (passos[0]?.id ?? null) : null;
}

interface OpcoesEscolhaPasso<K extends QueryKey> {
  /** The document's flows (GET .../fluxos), each with the steps its unit may take now; the screen may read them too. */
  fluxos: UseQueryResult<Fluxo[]>;
  /** The query of the destinations a step allows (disabled while the flow or the step is missing). */
  destinos: (idFluxo: number | null, idPasso: number | null) => UseQueryOptions<Destino[], Error, Destino[], K>;
  /**
   * Runs when the user changes a field (or the single flow comes chosen), with that field and the ones chosen after
   * it: a screen clears their messages there.
   */
  aoMudar?: (campos: readonly CampoEscolhaPasso[]) => void;
}

/** What `useEscolhaPasso` gives its view (`CamposPassoFluxo`, `CampoDestino`) and its screen. */
export interface EscolhaPasso {
  control: Control<CamposEscolhaPasso>;
  fluxos: readonly Fluxo[];
  carregandoFluxos: boolean;
  /** The flows came and none has a step the unit may take now. */
  semPassos: boolean;
  fluxo: Fluxo | null;
  /** The chosen step's id (the destination waits for it) and the step itself, while its flow still offers it. */
  idPasso: number | null;
  passo: Passo | null;
  destinos: readonly Destino[];
  carregandoDestinos: boolean;
  destino: Destino | null;
  /** For the fields' `aoMudar`, after the field took the new value. */
  aoMudarFluxo: (idFluxo: number | null) => void;
  aoMudarPasso: () => void;
  aoMudarDestino: () => void;
}

/**
 * The choice of flow, step and destination of a forwarding (spec §4 "Forwarding flow"), kept in the fields idFluxo,
 * idPasso and idDestino of the screen's form. Choices that leave a single option make it for the user: the only
 * flow with permitted steps when the flows arrive, a flow's only step when the flow is chosen, a step's only
 * destination when its destinations arrive. A destination the new step does not allow is dropped. Failures to load
 * the flows or the destinations show in the snackbar.
 */
export function useEscolhaPasso<
  T extends CamposEscolhaPasso & FieldValues,
  C,
  R extends FieldValues,
  K extends QueryKey,
>(
  formulario: UseFormReturn<T, C, R>,
  { fluxos, destinos: consultaDestinos, aoMudar }: OpcoesEscolhaPasso<K>,
): EscolhaPasso {
  // Every form that holds the choice names its fields the same: this view of the form sees only those.
  const { control, getValues, setValue } = formulario as unknown as UseFormReturn<CamposEscolhaPasso>;
  const [idFluxo, idPasso, idDestino] = useWatch({ control, name: ['idFluxo', 'idPasso', 'idDestino'] });
  const destinos = useQuery(consultaDestinos(idFluxo, idPasso));
  useErroConsulta(fluxos.error, (erro) => mensagemComDetalhe(TEXTOS.erroFluxos, erro));
  useErroConsulta(destinos.error, (erro) => mensagemComDetalhe(TEXTOS.erroDestinos, erro));

  function aoMudarFluxo(novo: number | null) {
    setValue('idPasso', passoUnico(fluxos.data, novo));
    aoMudar?.(CAMPOS);
  }

  // When a single flow has permitted steps it comes chosen (and its step too, when it is the only one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of flows makes a new choice.
  useEffect(() => {
    const disponiveis = (fluxos.data ?? []).filter((fluxo) => fluxo.passos.length > 0);
    const unico = disponiveis.length === 1 ? disponiveis[0] : undefined;
    if (getValues('idFluxo') !== null || !unico) return;
    setValue('idFluxo', unico.id);
    aoMudarFluxo(unico.id);
  }, [fluxos.data]);

  // A destination that the new step does not allow is dropped; a step with a single destination gets it chosen.
  useEffect(() => {
    const lista = destinos.data;
    if (!lista) return;
    const atual = getValues('idDestino');
    if (atual !== null && lista.some((destino) => destino.id === atual)) return;
    const novo = lista.length === 1 ? (lista[0]?.id ?? null) : null;
    if (novo !== atual) setValue('idDestino', novo);
  }, [destinos.data, getValues, setValue]);

  const listaFluxos = fluxos.data ?? [];
  const listaDestinos = destinos.data ?? [];
  return {
    control,
    fluxos: listaFluxos,
    carregandoFluxos: fluxos.isLoading,
    semPassos: fluxos.isSuccess && listaFluxos.every((fluxo) => fluxo.passos.length === 0),
    fluxo: listaFluxos.find((fluxo) => fluxo.id === idFluxo) ?? null,
    idPasso,
    passo: passoEscolhido(listaFluxos, { idFluxo, idPasso }),
    destinos: listaDestinos,
    carregandoDestinos: destinos.isFetching,
    destino: listaDestinos.find((destino) => destino.id === idDestino) ?? null,
    aoMudarFluxo,
    aoMudarPasso: () => aoMudar?.(CAMPOS.slice(1)),
    aoMudarDestino: () => aoMudar?.(CAMPOS.slice(2)),
  };
}
