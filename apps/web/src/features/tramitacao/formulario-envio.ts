import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Calendario,
  MENSAGENS,
  type NivelAcesso,
  type Passo,
  PRAZO_MAXIMO_DIAS,
  type PrazoEnvio,
  TIPO_DESPACHO_PADRAO,
  TIPOS_PASSO_SEM_PRAZO,
  validarDataPrazo,
  validarRetornoProgramado,
} from '@tramite/shared';
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

/** How the sender gives the destination a deadline: none, a date, or N business days. */
export type ModoPrazo = 'SEM' | 'DATA' | 'DIAS';

/** The deadline of a forwarding as the form holds it (dates as YYYY-MM-DD, '' when empty). */
export interface ValoresPrazo {
  modoPrazo: ModoPrazo;
  dataPrazo: string;
  diasUteisPrazo: string;
  retornoProgramado: string;
}

/** The fields of a forwarding form, of one document or of several. */
export type ValoresEnvio = CamposEscolhaPasso & ValoresDespacho & ValoresPrazo;

/** The deadline fields as a chosen step presets them: its default in business days, or no deadline. */
export function prazoPadraoDoPasso(
  passo: Pick<Passo, 'prazoDiasUteis'> | null,
): Pick<ValoresPrazo, 'modoPrazo' | 'diasUteisPrazo'> {
  return passo?.prazoDiasUteis
    ? { modoPrazo: 'DIAS', diasUteisPrazo: String(passo.prazoDiasUteis) }
    : { modoPrazo: 'SEM', diasUteisPrazo: '' };
}

/** What the deadline rules need: the chosen step, the business-day calendar (null while loading) and today. */
export interface ContextoPrazo {
  passo: Pick<Passo, 'tipo' | 'prazoDiasUteis'> | null;
  calendario: Calendario | null;
  hoje: string;
}

/** The deadline and scheduled return of the request body from the form, or each field's message. */
export function prazoDoFormulario(
  valores: ValoresPrazo,
  { passo, calendario, hoje }: ContextoPrazo,
): { corpo: { prazo?: PrazoEnvio; retornoProgramado?: string }; erros: Partial<Record<keyof ValoresPrazo, string>> } {
  const erros: Partial<Record<keyof ValoresPrazo, string>> = {};
  const corpo: { prazo?: PrazoEnvio; retornoProgramado?: string } = {};
  if (!passo || TIPOS_PASSO_SEM_PRAZO.includes(passo.tipo)) return { corpo, erros };
  let dataPrazo: string | null = null;
  if (valores.modoPrazo === 'SEM') corpo.prazo = null;
  if (valores.modoPrazo === 'DIAS') {
    const dias = Number(valores.diasUteisPrazo);
    if (valores.diasUteisPrazo.trim() === '' || !Number.isInteger(dias) || dias < 1 || dias > PRAZO_MAXIMO_DIAS) {
      erros.diasUteisPrazo = MENSAGENS.prazos.diasUteisInvalidos;
    } else {
      // The step's own default is left to the server, which records it as the step's.
      if (dias !== passo.prazoDiasUteis) corpo.prazo = { diasUteis: dias };
      dataPrazo = calendario?.somarDiasUteis(hoje, dias) ?? null;
    }
  }
  if (valores.modoPrazo === 'DATA') {
    const erro = valores.dataPrazo
      ? validarDataPrazo(valores.dataPrazo, hoje, calendario)
      : MENSAGENS.prazos.informeData;
    if (erro) erros.dataPrazo = erro;
    else {
      corpo.prazo = { data: valores.dataPrazo };
      dataPrazo = valores.dataPrazo;
    }
  }
  if (valores.retornoProgramado) {
    const erro = validarRetornoProgramado(valores.retornoProgramado, dataPrazo, hoje, calendario);
    if (erro) erros.retornoProgramado = erro;
    else corpo.retornoProgramado = valores.retornoProgramado;
  }
  return { corpo, erros };
}

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
    modoPrazo: 'SEM',
    dataPrazo: '',
    diasUteisPrazo: '',
    retornoProgramado: '',
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
  /** The deadline's rules (shared with the server) run on the step and calendar this gives; none without it. */
  contextoPrazo?: (valores: V) => ContextoPrazo,
): Resolver<V, unknown, EnvioValidado<E>> {
  const resolverDoSchema = zodResolver(schema);
  return async (valores, contexto, opcoes): Promise<ResolverResult<V, EnvioValidado<E>>> => {
    const { modoPrazo: _m, dataPrazo: _d, diasUteisPrazo: _n, retornoProgramado: _r, ...semPrazo } = valores;
    const semEscolha = {
      ...semPrazo,
      idPasso: valores.idPasso ?? undefined,
      idDestino: valores.idDestino ?? undefined,
    };
    const resultado = await resolverDoSchema(semEscolha, contexto, opcoes as Parameters<typeof resolverDoSchema>[2]);
    const erros: FieldErrors<ValoresEnvio> = {
      ...(valores.idFluxo === null ? { idFluxo: { type: 'required', message: TEXTOS.informeFluxo } } : {}),
      ...(resultado.errors as FieldErrors<ValoresEnvio>),
    };
    const erroDespacho = regraDespacho(valores);
    if (erroDespacho) erros.despacho ??= { type: 'validate', message: erroDespacho };
    const prazo = contextoPrazo ? prazoDoFormulario(valores, contextoPrazo(valores)) : { corpo: {}, erros: {} };
    for (const [campo, mensagem] of Object.entries(prazo.erros)) {
      erros[campo as keyof ValoresPrazo] = { type: 'validate', message: mensagem };
    }
    if (valores.idFluxo === null || Object.keys(erros).length > 0) {
      return { values: {}, errors: erros as FieldErrors<V> };
    }
    return { values: { idFluxo: valores.idFluxo, envio: { ...(resultado.values as E), ...prazo.corpo } }, errors: {} };
  };
}
