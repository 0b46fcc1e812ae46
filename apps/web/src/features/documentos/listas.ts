/** A list a form offers, as a query gives it, and whether it is still loading. */
export interface Lista<T> {
  data: T[] | undefined;
  isLoading: boolean;
}

/** The options of an entity list (none while they load) and its loading state, for SelecaoPorId. */
export const opcoesDa = <T>(lista: Lista<T>) => ({ opcoes: lista.data ?? [], carregando: lista.isLoading });
