import type { Insertable } from 'kysely';
import type { UnidadeTable } from '../schema.ts';

export const INSTITUICAO = { nome: 'Universidade Federal de Exemplo', sigla: 'UFEX', dominio: 'ufex.edu.br' } as const;

interface DefinicaoUnidade {
  sigla: string;
  nome: string;
  pai: string | null;
  codigo: number;
  ativa?: boolean;
  /** May open documents (and so number them with its code). */
  protocolo?: boolean;
  arquivo?: boolean;
  email?: string | null;
}

/** Parents come before their children; the position in this list (from 1) is the unit's id. */
const DEFINICOES: DefinicaoUnidade[] = [
  { sigla: 'REIT', nome: 'Reitoria', pai: null, codigo: 23500, email: 'reitoria' },
  { sigla: 'GR', nome: 'Gabinete da Reitoria', pai: 'REIT', codigo: 23501, protocolo: true, email: 'gabinete' },
  { sigla: 'PF', nome: 'Procuradoria Federal junto à UFEX', pai: 'REIT', codigo: 23502, email: 'procuradoria' },
  { sigla: 'AUDIN', nome: 'Auditoria Interna', pai: 'REIT', codigo: 23503, email: 'auditoria' },
  { sigla: 'OUV', nome: 'Ouvidoria-Geral', pai: 'REIT', codigo: 23504, email: 'ouvidoria' },
  { sigla: 'PROT', nome: 'Protocolo Central', pai: 'REIT', codigo: 23546, protocolo: true, email: 'protocolo' },
  { sigla: 'ARQ', nome: 'Arquivo Central', pai: 'REIT', codigo: 23547, arquivo: true, email: 'arquivo' },
  {
    sigla: 'PROGRAD',
    nome: 'Pró-Reitoria de Graduação',
    pai: 'REIT',
    codigo: 23510,
    protocolo: true,
    email: 'prograd',
  },
  {
    sigla: 'DAA',
    nome: 'Departamento de Administração Acadêmica',
    pai: 'PROGRAD',
    codigo: 23511,
    protocolo: true,
    email: 'daa',
  },
  {
    sigla: 'PROPESQ',
    nome: 'Pró-Reitoria de Pesquisa e Pós-Graduação',
    pai: 'REIT',
    codigo: 23512,
    protocolo: true,
    email: 'propesq',
  },
  { sigla: 'CPG', nome: 'Coordenadoria de Pós-Graduação', pai: 'PROPESQ', codigo: 23513, email: 'cpg' },
  {
    sigla: 'PROAD',
    nome: 'Pró-Reitoria de Administração',
    pai: 'REIT',
    codigo: 23514,
    protocolo: true,
    email: 'proad',
  },
  {
    sigla: 'DLC',
    nome: 'Departamento de Licitações e Compras',
    pai: 'PROAD',
    codigo: 23515,
    protocolo: true,
    email: 'licitacoes',
  },
  {
    sigla: 'DCF',
    nome: 'Departamento de Contabilidade e Finanças',
    pai: 'PROAD',
    codigo: 23516,
    protocolo: true,
    email: 'dcf',
  },
  { sigla: 'DCC', nome: 'Divisão de Contratos e Convênios', pai: 'PROAD', codigo: 23517, email: 'contratos' },
  { sigla: 'DPAT', nome: 'Divisão de Patrimônio', pai: 'PROAD', codigo: 23518, ativa: false, email: null },
  {
    sigla: 'PROGEPE',
    nome: 'Pró-Reitoria de Gestão de Pessoas',
    pai: 'REIT',
    codigo: 23519,
    protocolo: true,
    email: 'progepe',
  },
  {
    sigla: 'DAP',
    nome: 'Departamento de Administração de Pessoal',
    pai: 'PROGEPE',
    codigo: 23520,
    protocolo: true,
    email: 'dap',
  },
  { sigla: 'DDP', nome: 'Divisão de Desenvolvimento de Pessoas', pai: 'PROGEPE', codigo: 23521, email: 'capacitacao' },
  { sigla: 'PROEX', nome: 'Pró-Reitoria de Extensão', pai: 'REIT', codigo: 23522, protocolo: true, email: 'proex' },
  {
    sigla: 'PROPLAN',
    nome: 'Pró-Reitoria de Planejamento',
    pai: 'REIT',
    codigo: 23523,
    protocolo: true,
    email: 'proplan',
  },
  {
    sigla: 'PRAE',
    nome: 'Pró-Reitoria de Assuntos Estudantis',
    pai: 'REIT',
    codigo: 23524,
    protocolo: true,
    email: 'prae',
  },
  { sigla: 'STI', nome: 'Superintendência de Tecnologia da Informação', pai: 'REIT', codigo: 23525, email: 'sti' },
  { sigla: 'CPD', nome: 'Centro de Processamento de Dados', pai: 'REIT', codigo: 23526, ativa: false, email: null },
  {
    sigla: 'CCET',
    nome: 'Centro de Ciências Exatas e Tecnologia',
    pai: 'REIT',
    codigo: 23530,
    protocolo: true,
    email: 'ccet',
  },
  { sigla: 'DMAT', nome: 'Departamento de Matemática', pai: 'CCET', codigo: 23531, email: 'dmat' },
  { sigla: 'DCOMP', nome: 'Departamento de Computação', pai: 'CCET', codigo: 23532, email: 'dcomp' },
  { sigla: 'DFIS', nome: 'Departamento de Física', pai: 'CCET', codigo: 23533, email: 'dfis' },
  {
    sigla: 'CCOMP',
    nome: 'Coordenação do Curso de Ciência da Computação',
    pai: 'CCET',
    codigo: 23534,
    email: 'ccomp',
  },
  { sigla: 'CECIV', nome: 'Coordenação do Curso de Engenharia Civil', pai: 'CCET', codigo: 23535, email: 'eciv' },
  { sigla: 'CCH', nome: 'Centro de Ciências Humanas', pai: 'REIT', codigo: 23536, protocolo: true, email: 'cch' },
  { sigla: 'DHIS', nome: 'Departamento de História', pai: 'CCH', codigo: 23537, email: 'dhis' },
  { sigla: 'DLET', nome: 'Departamento de Letras', pai: 'CCH', codigo: 23538, email: 'dlet' },
  { sigla: 'CHIS', nome: 'Coordenação do Curso de História', pai: 'CCH', codigo: 23539, email: 'chis' },
  { sigla: 'CCS', nome: 'Centro de Ciências da Saúde', pai: 'REIT', codigo: 23541, protocolo: true, email: 'ccs' },
  { sigla: 'DENF', nome: 'Departamento de Enfermagem', pai: 'CCS', codigo: 23542, email: 'denf' },
  { sigla: 'DMED', nome: 'Departamento de Medicina', pai: 'CCS', codigo: 23543, email: 'dmed' },
  { sigla: 'CMED', nome: 'Coordenação do Curso de Medicina', pai: 'CCS', codigo: 23544, email: 'cmed' },
  { sigla: 'CEAD', nome: 'Centro de Educação a Distância', pai: 'REIT', codigo: 23545, ativa: false, email: null },
  { sigla: 'BC', nome: 'Biblioteca Central', pai: 'REIT', codigo: 23548, email: 'biblioteca' },
];

export interface UnidadeDemo {
  id: number;
  sigla: string;
  nome: string;
  idPai: number | null;
  codigo: number;
  ativa: boolean;
  protocolo: boolean;
  arquivo: boolean;
  email: string | null;
}

export const UNIDADES: readonly UnidadeDemo[] = (() => {
  const ids = new Map<string, number>();
  return DEFINICOES.map((definicao, indice) => {
    const id = indice + 1;
    ids.set(definicao.sigla, id);
    const idPai = definicao.pai === null ? null : (ids.get(definicao.pai) ?? null);
    if (definicao.pai !== null && idPai === null) throw new Error(`Unidade pai ${definicao.pai} fora de ordem`);
    return {
      id,
      sigla: definicao.sigla,
      nome: definicao.nome,
      idPai,
      codigo: definicao.codigo,
      ativa: definicao.ativa ?? true,
      protocolo: definicao.protocolo ?? false,
      arquivo: definicao.arquivo ?? false,
      email: definicao.email ? `${definicao.email}@${INSTITUICAO.dominio}` : null,
    };
  });
})();

const POR_SIGLA = new Map(UNIDADES.map((unidade) => [unidade.sigla, unidade]));
const POR_ID = new Map(UNIDADES.map((unidade) => [unidade.id, unidade]));

export function unidade(sigla: string): UnidadeDemo {
  const encontrada = POR_SIGLA.get(sigla);
  if (!encontrada) throw new Error(`Unidade ${sigla} não existe na semente`);
  return encontrada;
}

export function unidadePorId(id: number): UnidadeDemo {
  const encontrada = POR_ID.get(id);
  if (!encontrada) throw new Error(`Unidade ${id} não existe na semente`);
  return encontrada;
}

export function idUnidade(sigla: string): number {
  return unidade(sigla).id;
}

/** 'do Departamento...', 'da Pró-Reitoria...'. */
export function comPreposicao(nome: string): string {
  const masculino = /^(Departamento|Centro|Gabinete|Arquivo|Protocolo|Ministério|Tribunal|Conselho|Instituto)\b/;
  return `${masculino.test(nome) ? 'do' : 'da'} ${nome}`;
}

export function linhasUnidades(): Insertable<UnidadeTable>[] {
  return UNIDADES.map((u) => ({
    id: u.id,
    sigla: u.sigla,
    nome: u.nome,
    idUnidadePai: u.idPai,
    codigo: u.codigo,
    ativa: u.ativa,
    protocolo: u.protocolo,
    arquivo: u.arquivo,
    email: u.email,
  }));
}
