import { PERMISSOES, type Permissao } from '@tramite/shared';
import type { Insertable } from 'kysely';
import type { LotacaoTable, PessoaTable, UsuarioPermissaoTable, UsuarioTable } from '../schema.ts';
import { Aleatorio } from './aleatorio.ts';
import { gerarCpf, semAcento } from './identificadores.ts';
import { INSTITUICAO, idUnidade } from './unidades.ts';

interface DefinicaoUsuario {
  username: string;
  nome: string;
  /** Sigla of each unit; the first is the current unit unless `atual` says otherwise. */
  lotacoes: string[];
  atual?: string;
  permissoes?: readonly Permissao[];
  ativo?: boolean;
  email?: string;
  emailPessoal?: string;
  notificacoes?: boolean;
}

/** The Protocolo Central's staff run the remittance (malote) and unarchived-documents reports of their office. */
const PROTOCOLO: readonly Permissao[] = ['RELATORIOS'];

/**
 * Position in this list (from 1) is both the user's id and its pessoa's id. The password is the username. The admin
 * holds every permission, ADMINISTRACAO_USUARIOS among them (Administração › Usuários); jose is inactive.
 */
const DEFINICOES: DefinicaoUsuario[] = [
  {
    username: 'admin',
    nome: 'Administrador do Sistema',
    lotacoes: ['PROT', 'REIT', 'PROGRAD'],
    permissoes: PERMISSOES,
    email: `admin@${INSTITUICAO.dominio}`,
  },
  {
    username: 'ana',
    nome: 'Ana Paula Ferreira',
    lotacoes: ['PROT'],
    permissoes: PROTOCOLO,
    emailPessoal: 'anapaula.ferreira@example.com',
    notificacoes: true,
  },
  { username: 'bruno', nome: 'Bruno Henrique Souza', lotacoes: ['PROGRAD'] },
  {
    username: 'carla',
    nome: 'Carla Menezes Lima',
    lotacoes: ['DHIS'],
    emailPessoal: 'carla.menezes@example.com',
    notificacoes: true,
  },
  { username: 'joao', nome: 'João Carlos Almeida', lotacoes: ['PROT'], permissoes: PROTOCOLO },
  { username: 'mariana', nome: 'Mariana Costa Ribeiro', lotacoes: ['ARQ'], notificacoes: true },
  { username: 'roberto', nome: 'Roberto Nascimento Alves', lotacoes: ['PROAD', 'DCC'] },
  { username: 'fernanda', nome: 'Fernanda Oliveira Santos', lotacoes: ['DLC'] },
  { username: 'luciana', nome: 'Luciana Barbosa Rocha', lotacoes: ['PROGEPE', 'DDP'], permissoes: ['RELATORIOS'] },
  { username: 'paulo', nome: 'Paulo Sérgio Cardoso', lotacoes: ['DAP'] },
  { username: 'patricia', nome: 'Patrícia Gomes Teixeira', lotacoes: ['GR', 'REIT'], permissoes: ['RELATORIOS'] },
  { username: 'ricardo', nome: 'Ricardo Araújo Pereira', lotacoes: ['PF'] },
  { username: 'juliana', nome: 'Juliana Martins Correia', lotacoes: ['PROPESQ', 'CPG'] },
  { username: 'marcos', nome: 'Marcos Vinícius Lopes', lotacoes: ['DCF'] },
  { username: 'renata', nome: 'Renata Cavalcanti Dias', lotacoes: ['CCET'] },
  { username: 'thiago', nome: 'Thiago Rodrigues Moreira', lotacoes: ['DCOMP'] },
  { username: 'camila', nome: 'Camila Fernandes Pinto', lotacoes: ['CCOMP'] },
  { username: 'eduardo', nome: 'Eduardo Monteiro Freitas', lotacoes: ['CCS', 'CMED'] },
  { username: 'sandra', nome: 'Sandra Regina Castro', lotacoes: ['PROEX', 'PRAE'] },
  { username: 'antonio', nome: 'Antônio Carlos Ramos', lotacoes: ['DAA'] },
  { username: 'helena', nome: 'Helena Duarte Vieira', lotacoes: ['AUDIN', 'OUV'] },
  { username: 'gustavo', nome: 'Gustavo Henrique Batista', lotacoes: ['PROPLAN', 'STI'] },
  { username: 'rafael', nome: 'Rafael Augusto Moura', lotacoes: ['DMAT', 'DFIS'] },
  { username: 'beatriz', nome: 'Beatriz Campos Nogueira', lotacoes: ['CECIV'] },
  { username: 'vanessa', nome: 'Vanessa Cristina Prado', lotacoes: ['CCH', 'CHIS'] },
  { username: 'leonardo', nome: 'Leonardo Azevedo Reis', lotacoes: ['DLET'] },
  { username: 'aline', nome: 'Aline Souza Macedo', lotacoes: ['DENF', 'DMED'] },
  { username: 'francisco', nome: 'Francisco das Chagas Lima', lotacoes: ['BC'] },
  { username: 'jose', nome: 'José Ribamar Sousa', lotacoes: ['CPD', 'DPAT'], ativo: false },
];

/** Servidores who are interested parties but never log in. */
const PESSOAS_SEM_USUARIO = [
  'Marcelo Tavares Bezerra',
  'Cláudia Regina Fontes',
  'Sérgio Luiz Barreto',
  'Márcia Helena Quintela',
];

export interface UsuarioDemo {
  id: number;
  idPessoa: number;
  username: string;
  nome: string;
  cpf: string;
  matriculaSiape: string;
  email: string;
  emailPessoal: string | null;
  ativo: boolean;
  lotacoes: number[];
  idUnidadeAtual: number;
  permissoes: readonly string[];
  notificacoes: boolean;
}

export interface PessoaDemo {
  id: number;
  nome: string;
  cpf: string;
  email: string | null;
  matriculaSiape: string;
  idUsuario: number | null;
}

function emailInstitucional(nome: string): string {
  const partes = semAcento(nome).toLowerCase().split(' ');
  return `${partes[0]}.${partes[partes.length - 1]}@${INSTITUICAO.dominio}`;
}

function construir(): { usuarios: UsuarioDemo[]; pessoas: PessoaDemo[] } {
  const aleatorio = new Aleatorio(0x5e1);
  const cpfs = new Set<string>();
  const siapes = new Set<string>();
  const novoCpf = () => {
    let cpf = gerarCpf(aleatorio);
    while (cpfs.has(cpf)) cpf = gerarCpf(aleatorio);
    cpfs.add(cpf);
    return cpf;
  };
  const novaSiape = () => {
    let siape = String(aleatorio.inteiro(1_000_000, 3_999_999));
    while (siapes.has(siape)) siape = String(aleatorio.inteiro(1_000_000, 3_999_999));
    siapes.add(siape);
    return siape;
  };
  const usuarios = DEFINICOES.map((definicao, indice): UsuarioDemo => {
    const lotacoes = definicao.lotacoes.map(idUnidade);
    return {
      id: indice + 1,
      idPessoa: indice + 1,
      username: definicao.username,
      nome: definicao.nome,
      cpf: novoCpf(),
      matriculaSiape: novaSiape(),
      email: definicao.email ?? emailInstitucional(definicao.nome),
      emailPessoal: definicao.emailPessoal ?? null,
      ativo: definicao.ativo ?? true,
      lotacoes,
      idUnidadeAtual: definicao.atual ? idUnidade(definicao.atual) : (lotacoes[0] as number),
      permissoes: definicao.permissoes ?? [],
      notificacoes: definicao.notificacoes ?? false,
    };
  });
  const pessoas: PessoaDemo[] = usuarios.map((u) => ({
    id: u.idPessoa,
    nome: u.nome,
    cpf: u.cpf,
    email: u.email,
    matriculaSiape: u.matriculaSiape,
    idUsuario: u.id,
  }));
  for (const nome of PESSOAS_SEM_USUARIO) {
    pessoas.push({
      id: pessoas.length + 1,
      nome,
      cpf: novoCpf(),
      email: emailInstitucional(nome),
      matriculaSiape: novaSiape(),
      idUsuario: null,
    });
  }
  return { usuarios, pessoas };
}

const CONSTRUIDO = construir();
export const USUARIOS: readonly UsuarioDemo[] = CONSTRUIDO.usuarios;
export const PESSOAS: readonly PessoaDemo[] = CONSTRUIDO.pessoas;

const POR_USERNAME = new Map(USUARIOS.map((u) => [u.username, u]));

export function usuario(username: string): UsuarioDemo {
  const encontrado = POR_USERNAME.get(username);
  if (!encontrado) throw new Error(`Usuário ${username} não existe na semente`);
  return encontrado;
}

/** Active users of each unit, in list order: who sends and receives there. */
export function usuariosDaUnidade(idUnidadeLotacao: number): UsuarioDemo[] {
  return USUARIOS.filter((u) => u.ativo && u.lotacoes.includes(idUnidadeLotacao));
}

export function linhasPessoas(): Insertable<PessoaTable>[] {
  return PESSOAS.map((p) => ({ id: p.id, nome: p.nome, cpf: p.cpf, email: p.email }));
}

export function linhasUsuarios(hashes: ReadonlyMap<string, string>, criadoEm: Date): Insertable<UsuarioTable>[] {
  return USUARIOS.map((u) => ({
    id: u.id,
    username: u.username,
    nome: u.nome,
    senhaHash: hashes.get(u.username) ?? null,
    cpf: u.cpf,
    matriculaSiape: u.matriculaSiape,
    email: u.email,
    emailPessoal: u.emailPessoal,
    idPessoa: u.idPessoa,
    ativo: u.ativo,
    idUnidadeAtual: u.idUnidadeAtual,
    notificacoesPorEmail: u.notificacoes,
    oidcSub: null,
    criadoEm,
  }));
}

export function linhasLotacoes(): Insertable<LotacaoTable>[] {
  return USUARIOS.flatMap((u) =>
    u.lotacoes.map((idUnidadeLotada) => ({ idUsuario: u.id, idUnidade: idUnidadeLotada })),
  );
}

export function linhasPermissoes(): Insertable<UsuarioPermissaoTable>[] {
  return USUARIOS.flatMap((u) => u.permissoes.map((permissao) => ({ idUsuario: u.id, permissao })));
}
