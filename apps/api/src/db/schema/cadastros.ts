import type { CodigoTipoInteressado } from '@tramite/shared';
import type { Generated } from 'kysely';
import type { Default } from './colunas.ts';

// The registers behind a document: types, subjects, flows and steps, legal hypotheses, committees, interested parties.

export interface TipoDocumentoTable {
  id: Generated<number>;
  descricao: string;
  ativo: Default<boolean>;
  processo: Default<boolean>;
  geraCapa: Default<boolean>;
  notificaInteressadoTramitacao: Default<boolean>;
  integrado: Default<boolean>;
  urlDocumentacao: string | null;
  consideradoProcessoNaAnexacao: Default<boolean>;
  observacao: string | null;
}

export interface AssuntoTable {
  id: Generated<number>;
  codigo: string;
  descricao: string;
  atribuivel: Default<boolean>;
  ativo: Default<boolean>;
}

export interface TipoDocumentoAssuntoTable {
  idTipoDocumento: number;
  idAssunto: number;
}

export interface FluxoTable {
  id: Generated<number>;
  idTipoDocumento: number | null;
  descricao: string;
  ativo: Default<boolean>;
}

export type TipoPasso = 'ENCAMINHAR' | 'DEVOLVER' | 'ARQUIVAR' | 'DESARQUIVAR' | 'CONCLUIR';
export type DestinoPasso = 'LISTADAS' | 'PAI' | 'QUALQUER' | 'ARQUIVO';

export interface PassoTable {
  id: Generated<number>;
  idFluxo: number;
  ordem: number;
  descricao: string;
  tipo: TipoPasso;
  destino: Default<DestinoPasso>;
  /** The step's default deadline in business days (migration 0022). */
  prazoDiasUteis: number | null;
}

export interface PassoUnidadeTable {
  idPasso: number;
  idUnidade: number;
}

export interface HipoteseLegalTable {
  id: Generated<number>;
  descricao: string;
  baseLegal: string;
  ativa: Default<boolean>;
}

export interface ComissaoTable {
  id: Generated<number>;
  nome: string;
  idUnidade: number | null;
  ativa: Default<boolean>;
}

/** Members of a comissão (migration 0003): a comissão as the responsible for tramitações sent by its members. */
export interface ComissaoMembroTable {
  idComissao: number;
  idUsuario: number;
}

export interface InteressadoTable {
  id: Generated<number>;
  tipo: CodigoTipoInteressado;
  nome: string;
  codigo: string | null;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  ativo: Default<boolean>;
  idPessoa: number | null;
  idUnidade: number | null;
}
