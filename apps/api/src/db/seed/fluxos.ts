import type { Insertable } from 'kysely';
import type { DestinoPasso, FluxoTable, PassoTable, PassoUnidadeTable, TipoPasso } from '../schema.ts';
import { idUnidade } from './unidades.ts';
import { TIPO, TIPOS_DOCUMENTO } from './vocabulario.ts';

export interface PassoDemo {
  id: number;
  idFluxo: number;
  ordem: number;
  descricao: string;
  tipo: TipoPasso;
  destino: DestinoPasso;
  /** Units allowed to take the step; empty means any unit holding the document. */
  origens: number[];
  /** Destinations of a LISTADAS step. */
  destinos: number[];
}

export interface FluxoDemo {
  id: number;
  idTipoDocumento: number;
  descricao: string;
  ativo: boolean;
  passos: PassoDemo[];
}

interface DefinicaoPasso {
  descricao: string;
  tipo: TipoPasso;
  destino: DestinoPasso;
  origens?: string[];
  destinos?: string[];
}

export const FLUXO_LIVRE = 'Tramitação livre';

const PASSOS_LIVRES: DefinicaoPasso[] = [
  { descricao: 'Encaminhar', tipo: 'ENCAMINHAR', destino: 'QUALQUER' },
  { descricao: 'Arquivar', tipo: 'ARQUIVAR', destino: 'ARQUIVO' },
  { descricao: 'Desarquivar', tipo: 'DESARQUIVAR', destino: 'QUALQUER' },
  { descricao: 'Concluir', tipo: 'CONCLUIR', destino: 'QUALQUER' },
];

const ESPECIFICOS: { idTipo: number; descricao: string; ativo?: boolean; passos: DefinicaoPasso[] }[] = [
  {
    idTipo: TIPO.solicitacaoDiarias,
    descricao: 'Solicitação de diárias',
    passos: [
      { descricao: 'Encaminhar à chefia', tipo: 'ENCAMINHAR', destino: 'PAI' },
      { descricao: 'Encaminhar à PROAD', tipo: 'ENCAMINHAR', destino: 'LISTADAS', destinos: ['PROAD', 'DCF'] },
      { descricao: 'Devolver ao requerente', tipo: 'DEVOLVER', destino: 'QUALQUER', origens: ['PROAD', 'DCF'] },
      { descricao: 'Concluir concessão', tipo: 'CONCLUIR', destino: 'QUALQUER', origens: ['DCF'] },
    ],
  },
  {
    idTipo: TIPO.processoCompra,
    descricao: 'Aquisição de material e serviços',
    passos: [
      {
        descricao: 'Encaminhar ao Departamento de Licitações e Compras',
        tipo: 'ENCAMINHAR',
        destino: 'LISTADAS',
        destinos: ['DLC'],
      },
      {
        descricao: 'Encaminhar à Procuradoria para parecer',
        tipo: 'ENCAMINHAR',
        destino: 'LISTADAS',
        destinos: ['PF'],
        origens: ['DLC', 'PROAD'],
      },
      {
        descricao: 'Encaminhar à PROAD para autorização',
        tipo: 'ENCAMINHAR',
        destino: 'LISTADAS',
        destinos: ['PROAD'],
        origens: ['DLC', 'PF'],
      },
      {
        descricao: 'Autorizar despesa e encaminhar à contabilidade',
        tipo: 'ENCAMINHAR',
        destino: 'LISTADAS',
        destinos: ['DCF'],
        origens: ['PROAD'],
      },
      {
        descricao: 'Devolver à unidade requisitante',
        tipo: 'DEVOLVER',
        destino: 'QUALQUER',
        origens: ['DLC', 'PROAD'],
      },
    ],
  },
  {
    idTipo: TIPO.processoSeletivo,
    descricao: 'Processo seletivo docente',
    passos: [
      { descricao: 'Encaminhar à direção do centro', tipo: 'ENCAMINHAR', destino: 'PAI' },
      { descricao: 'Encaminhar à PROGEPE', tipo: 'ENCAMINHAR', destino: 'LISTADAS', destinos: ['PROGEPE', 'DAP'] },
      {
        descricao: 'Encaminhar à Procuradoria',
        tipo: 'ENCAMINHAR',
        destino: 'LISTADAS',
        destinos: ['PF'],
        origens: ['PROGEPE'],
      },
      { descricao: 'Homologar resultado', tipo: 'CONCLUIR', destino: 'QUALQUER', origens: ['PROGEPE'] },
    ],
  },
  {
    idTipo: TIPO.requerimento,
    descricao: 'Requerimento acadêmico',
    passos: [
      {
        descricao: 'Encaminhar à coordenação do curso',
        tipo: 'ENCAMINHAR',
        destino: 'LISTADAS',
        destinos: ['CCOMP', 'CECIV', 'CHIS', 'CMED'],
      },
      { descricao: 'Encaminhar à PROGRAD', tipo: 'ENCAMINHAR', destino: 'LISTADAS', destinos: ['PROGRAD', 'DAA'] },
      {
        descricao: 'Devolver ao Protocolo Central',
        tipo: 'DEVOLVER',
        destino: 'LISTADAS',
        destinos: ['PROT'],
        origens: ['PROGRAD', 'DAA'],
      },
    ],
  },
  {
    idTipo: TIPO.processo,
    descricao: 'Férias (fluxo antigo)',
    ativo: false,
    passos: [{ descricao: 'Encaminhar ao DAP', tipo: 'ENCAMINHAR', destino: 'LISTADAS', destinos: ['DAP'] }],
  },
];

function construir(): FluxoDemo[] {
  const fluxos: FluxoDemo[] = [];
  let proximoPasso = 1;
  const adicionar = (idTipoDocumento: number, descricao: string, ativo: boolean, passos: DefinicaoPasso[]) => {
    const id = fluxos.length + 1;
    fluxos.push({
      id,
      idTipoDocumento,
      descricao,
      ativo,
      passos: passos.map((passo, indice) => ({
        id: proximoPasso++,
        idFluxo: id,
        ordem: indice + 1,
        descricao: passo.descricao,
        tipo: passo.tipo,
        destino: passo.destino,
        origens: (passo.origens ?? []).map(idUnidade),
        destinos: (passo.destinos ?? []).map(idUnidade),
      })),
    });
  };
  for (const tipo of TIPOS_DOCUMENTO) adicionar(tipo.id as number, FLUXO_LIVRE, true, PASSOS_LIVRES);
  for (const especifico of ESPECIFICOS) {
    adicionar(especifico.idTipo, especifico.descricao, especifico.ativo ?? true, especifico.passos);
  }
  return fluxos;
}

export const FLUXOS: readonly FluxoDemo[] = construir();

export function fluxoLivre(idTipo: number): FluxoDemo {
  const fluxo = FLUXOS.find((f) => f.idTipoDocumento === idTipo && f.descricao === FLUXO_LIVRE);
  if (!fluxo) throw new Error(`Tipo ${idTipo} sem fluxo livre`);
  return fluxo;
}

export function passoLivre(idTipo: number, tipo: TipoPasso): PassoDemo {
  const passo = fluxoLivre(idTipo).passos.find((p) => p.tipo === tipo);
  if (!passo) throw new Error(`Fluxo livre sem passo ${tipo}`);
  return passo;
}

export function fluxosEspecificos(idTipo: number): FluxoDemo[] {
  return FLUXOS.filter((f) => f.idTipoDocumento === idTipo && f.descricao !== FLUXO_LIVRE && f.ativo);
}

export function linhasFluxos(): Insertable<FluxoTable>[] {
  return FLUXOS.map((f) => ({ id: f.id, idTipoDocumento: f.idTipoDocumento, descricao: f.descricao, ativo: f.ativo }));
}

export function linhasPassos(): Insertable<PassoTable>[] {
  return FLUXOS.flatMap((f) =>
    f.passos.map((p) => ({
      id: p.id,
      idFluxo: p.idFluxo,
      ordem: p.ordem,
      descricao: p.descricao,
      tipo: p.tipo,
      destino: p.destino,
    })),
  );
}

export function linhasPassoOrigens(): Insertable<PassoUnidadeTable>[] {
  return FLUXOS.flatMap((f) => f.passos.flatMap((p) => p.origens.map((idU) => ({ idPasso: p.id, idUnidade: idU }))));
}

export function linhasPassoDestinos(): Insertable<PassoUnidadeTable>[] {
  return FLUXOS.flatMap((f) => f.passos.flatMap((p) => p.destinos.map((idU) => ({ idPasso: p.id, idUnidade: idU }))));
}
