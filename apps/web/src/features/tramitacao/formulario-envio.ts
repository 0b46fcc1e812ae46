import { zodResolver } from '@hookform/resolvers/zod';
import { type NivelAcesso, TIPO_DESPACHO_PADRAO } from '@tramite/shared';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import type { CamposEscolhaPasso } from '../../lib/use-escolha-passo';
import { TEXTOS } from './textos';

/** The dispatch of a forwarding as the form holds it (spec §3 'Forwarding parameters'). */
export interface ValoresDespacho {
  despacho: string;
  tipoDespacho: string;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  despachoPreparatorio: string;
}

/** The fields of a forwarding form, of one document or of several. */
export type ValoresEnvio = CamposEscolhaPasso & ValoresDespacho;

/** Nothing chosen yet, and the dispatch of spec §4 and §9: nível de acesso P, tipo de despacho I. */
export function valoresEnvioPadrao(despacho: Partial<ValoresDespacho> = {}): ValoresEnvio {
  return {
    idFluxo: null,
    idPasso: null,
    idDestino: null,
    despacho: '',
    tipoDespacho: TIPO_DESPACHO_PADRAO,
    nivelAcesso: 'P',
    idHipoteseLegal: null,
    despachoPreparatorio: '',
    ...despacho,
  };
}

/** What a valid forwarding form hands to its submit handler: the flow (for the consistency check) and the body. */
export interface EnvioValidado<E> {
  idFluxo: number;
  envio: E;
}

/**
 * The resolver of a forwarding form, built from the shared schema of its request (tramitarSchema,
 * tramitarLoteSchema). Messages in the order the screen shows them: "Informe o fluxo" first, then the schema's in
 * its own order, then `regraDespacho` under the despacho when it has none yet. A step or destination not chosen
 * goes to the schema as absent, as the API would receive it: the schema then names it alone, without judging the
 * access level yet.
 */
export function resolverEnvio<V extends ValoresEnvio, E>(
  schema: z.ZodType<E, FieldValues>,
  regraDespacho: (valores: V) => string | null = () => null,
): Resolver<V, unknown, EnvioValidado<E>> {
  const resolverDoSchema = zodResolver(schema);
  return async (valores, contexto, opcoes): Promise<ResolverResult<V, EnvioValidado<E>>> => {
    const semEscolha = { ...valores, idPasso: valores.idPasso ?? undefined, idDestino: valores.idDestino ?? undefined };
    const resultado = await resolverDoSchema(semEscolha, contexto, opcoes as Parameters<typeof resolverDoSchema>[2]);
    const erros: FieldErrors<ValoresEnvio> = {
      ...(valores.idFluxo === null ? { idFluxo: { type: 'required', message: TEXTOS.informeFluxo } } : {}),
      ...(resultado.errors as FieldErrors<ValoresEnvio>),
    };
    const erroDespacho = regraDespacho(valores);
    if (erroDespacho) erros.despacho ??= { type: 'validate', message: erroDespacho };
    if (valores.idFluxo === null || Object.keys(erros).length > 0) {
      return { values: {}, errors: erros as FieldErrors<V> };
    }
    return { values: { idFluxo: valores.idFluxo, envio: resultado.values as E }, errors: {} };
  };
}
