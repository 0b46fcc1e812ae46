import { type Assunto, type Autuacao, type AutuacaoEntrada, type Documento, MENSAGENS_AUTUACAO } from '@tramite/shared';
import { type FieldErrors, type Resolver, useFormContext } from 'react-hook-form';
import type { resolverSchema } from './validacao-autuacao';

/** The form's own values: empty text is '' while editing, turned into null before validation. */
export interface CamposAutuacao {
  idTipoDocumento: number | null;
  idProcedencia: number | null;
  tipoInteressado: string | null;
  idInteressado: number | null;
  idAssunto: number | null;
  resumoAssunto: string;
  urgente: boolean;
  motivoUrgencia: string;
  numeroDocumentoOrigem: string;
  emissorDocumentoOrigem: string;
  dataDocumentoOrigem: string;
  dataRecebimento: string;
  observacao: string;
  origem: number;
  volumoso: boolean;
}

/** Field order: the first invalid one gives the snackbar its message. */
export const ORDEM_CAMPOS: readonly (keyof CamposAutuacao)[] = [
  'idTipoDocumento',
  'idProcedencia',
  'origem',
  'tipoInteressado',
  'idInteressado',
  'idAssunto',
  'resumoAssunto',
  'urgente',
  'motivoUrgencia',
  'numeroDocumentoOrigem',
  'emissorDocumentoOrigem',
  'dataDocumentoOrigem',
  'dataRecebimento',
  'observacao',
];

export function camposVazios(idProcedencia: number | null): CamposAutuacao {
  return {
    idTipoDocumento: null,
    idProcedencia,
    tipoInteressado: null,
    idInteressado: null,
    idAssunto: null,
    resumoAssunto: '',
    urgente: false,
    motivoUrgencia: '',
    numeroDocumentoOrigem: '',
    emissorDocumentoOrigem: '',
    dataDocumentoOrigem: '',
    dataRecebimento: '',
    observacao: '',
    origem: 4,
    volumoso: false,
  };
}

/** The saved document as form values (editing). */
export function camposDoDocumento(documento: Documento): CamposAutuacao {
  const data = (valor: string | null) => (valor ? valor.slice(0, 10) : '');
  return {
    idTipoDocumento: documento.idTipoDocumento,
    idProcedencia: documento.unidadeProcedencia.id,
    tipoInteressado: documento.tipoInteressado,
    idInteressado: documento.idInteressado,
    idAssunto: documento.idAssunto,
    resumoAssunto: documento.resumoAssunto ?? '',
    urgente: documento.urgente,
    motivoUrgencia: documento.motivoUrgencia ?? '',
    numeroDocumentoOrigem: documento.numeroDocumentoOrigem ?? '',
    emissorDocumentoOrigem: documento.emissorDocumentoOrigem ?? '',
    dataDocumentoOrigem: data(documento.dataDocumentoOrigem),
    dataRecebimento: data(documento.dataRecebimento),
    observacao: documento.observacao ?? '',
    origem: documento.estado['32002'] ?? 4,
    volumoso: documento.estado['32005'] === 2,
  };
}

function paraEntrada(campos: CamposAutuacao): AutuacaoEntrada {
  const texto = (valor: string) => (valor.trim() === '' ? null : valor);
  return {
    ...campos,
    tipoInteressado: campos.tipoInteressado as AutuacaoEntrada['tipoInteressado'],
    motivoUrgencia: campos.urgente ? texto(campos.motivoUrgencia) : null,
    numeroDocumentoOrigem: texto(campos.numeroDocumentoOrigem),
    emissorDocumentoOrigem: texto(campos.emissorDocumentoOrigem),
    dataDocumentoOrigem: texto(campos.dataDocumentoOrigem),
    dataRecebimento: texto(campos.dataRecebimento),
    observacao: texto(campos.observacao),
  };
}

export interface ContextoValidacao {
  /** Subjects of the chosen type, once loaded: the chosen one must be assignable among them. */
  assuntos: Assunto[] | undefined;
}

// zod and the shared schema load at the form's first validation (its first submit), not with the screen (issue 23).
const carregarResolverSchema = async () => (await import('./validacao-autuacao')).resolverSchema;

/**
 * The shared schema with the cross-field rules of spec §5, each issue under the field its path names; then the
 * subject, which must be assignable among those of the chosen type.
 */
export const resolverAutuacao: Resolver<CamposAutuacao, ContextoValidacao, Autuacao> = async (
  valores,
  contexto,
  opcoes,
) => {
  const resolver = await carregarResolverSchema();
  const resultado = await resolver(
    paraEntrada(valores),
    contexto,
    opcoes as unknown as Parameters<typeof resolverSchema>[2],
  );
  const erros: FieldErrors<CamposAutuacao> = { ...(resultado.errors as FieldErrors<CamposAutuacao>) };
  const assuntos = contexto?.assuntos;
  if (!erros.idAssunto && valores.idAssunto !== null && assuntos) {
    const valido = assuntos.some((assunto) => assunto.id === valores.idAssunto && assunto.atribuivel);
    if (!valido) erros.idAssunto = { type: 'validate', message: MENSAGENS_AUTUACAO.assuntoInvalido };
  }
  if (Object.keys(erros).length > 0) return { values: {}, errors: erros };
  return { values: resultado.values as Autuacao, errors: {} };
};

/** The opening form, for its sections (inside `Formulario`). */
export const useFormularioAutuacao = () => useFormContext<CamposAutuacao, ContextoValidacao, Autuacao>();
