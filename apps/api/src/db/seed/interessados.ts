import type { Insertable, Selectable } from 'kysely';
import type { CodigoTipoInteressado, ComissaoTable, InteressadoTable } from '../schema.ts';
import { Aleatorio } from './aleatorio.ts';
import { gerarCnpj, gerarCpf, semAcento } from './identificadores.ts';
import { idUnidade, unidade } from './unidades.ts';
import { PESSOAS, usuario } from './usuarios.ts';

/** A demo interessado as the table holds it (the id included). */
export type InteressadoDemo = Selectable<InteressadoTable>;

const ALUNOS: [string, string, boolean?][] = [
  ['Lucas Gabriel Martins', '2021003456'],
  ['Mariana Lopes Siqueira', '2022011872'],
  ['Pedro Henrique Cavalcante', '2020008914'],
  ['Larissa Vitória Andrade', '2023004521'],
  ['Gabriel Souza Nascimento', '2022007733'],
  ['Isabela Rocha Figueiredo', '2021010298'],
  ['Matheus Oliveira Brandão', '2019006150', false],
  ['Letícia Carvalho Guimarães', '2023012047'],
  ['Rafaela Pires Damasceno', '2024001389'],
  ['Vinícius Araújo Tenório', '2020013675'],
];

const FORNECEDORES: [string, boolean?][] = [
  ['Papelaria Central do Nordeste Ltda.'],
  ['Vigilância Forte Segurança Patrimonial Ltda.'],
  ['Limpa Bem Serviços de Conservação Eireli'],
  ['Construtora Alicerce Engenharia S.A.'],
  ['InfoTech Soluções em Informática Ltda.'],
  ['Elevadores São Jorge Manutenção Ltda.'],
  ['Química Analítica Reagentes Ltda.'],
  ['Móveis Escolares Exemplo Ltda.', false],
];

const CURSOS: [string, string][] = [
  ['Ciência da Computação', '1101'],
  ['Engenharia Civil', '1102'],
  ['Matemática', '1103'],
  ['História', '2201'],
  ['Letras — Língua Portuguesa', '2202'],
  ['Medicina', '3301'],
  ['Enfermagem', '3302'],
];

const ENTIDADES: [string, string | null][] = [
  ['Prefeitura Municipal de Exemplópolis', 'gabinete@exemplopolis.example'],
  ['Ministério da Educação', null],
  ['Coordenação de Aperfeiçoamento de Pessoal de Nível Superior (CAPES)', null],
  ['Conselho Nacional de Desenvolvimento Científico e Tecnológico (CNPq)', null],
  ['Tribunal de Contas da União', null],
  ['Ministério Público Federal', 'prm-exemplopolis@mpf.example'],
  ['Fundação de Amparo à Pesquisa do Estado (FAPEX)', 'protocolo@fapex.example'],
  ['Secretaria Estadual de Saúde', 'protocolo@saude.estado.example'],
];

/** Servidores interested in documents: pessoas of users (by username) and pessoas without a user (by name). */
const SERVIDORES: string[] = [
  'carla',
  'bruno',
  'ana',
  'paulo',
  'juliana',
  'marcos',
  'renata',
  'thiago',
  'camila',
  'eduardo',
  'rafael',
  'leonardo',
  'jose',
  'Marcelo Tavares Bezerra',
  'Cláudia Regina Fontes',
  'Sérgio Luiz Barreto',
  'Márcia Helena Quintela',
];

const UNIDADES_INTERESSADAS = [
  'PROGRAD',
  'PROAD',
  'PROGEPE',
  'PROEX',
  'PROPESQ',
  'DLC',
  'DMAT',
  'DCOMP',
  'DHIS',
  'CCET',
];

const CONTRIBUINTES: string[] = [
  'Raimundo Nonato Ferreira',
  'Francisca das Graças Oliveira',
  'Josué Batista de Almeida',
  'Terezinha de Jesus Moura',
  'Gilberto Castro Leal',
];

const REQUERENTES_EXTERNOS: [string, boolean?][] = [
  ['Antônia Maria dos Santos'],
  ['Carlos Eduardo Bittencourt'],
  ['Débora Fontenele Queiroz'],
  ['Wellington Sá Barros'],
  ['Yasmin Albuquerque Rêgo', false],
];

function construir(): InteressadoDemo[] {
  const aleatorio = new Aleatorio(0x1a7e);
  const lista: InteressadoDemo[] = [];
  const adicionar = (dados: Omit<InteressadoDemo, 'id'>) => lista.push({ id: lista.length + 1, ...dados });
  const vazio = { codigo: null, cpf: null, cnpj: null, email: null, ativo: true, idPessoa: null, idUnidade: null };
  const emailPessoal = (nome: string) => {
    const partes = semAcento(nome).toLowerCase().split(' ');
    return `${partes[0]}.${partes[partes.length - 1]}@example.com`;
  };

  for (const [nome, matricula, ativo] of ALUNOS) {
    adicionar({
      ...vazio,
      tipo: 'A',
      nome,
      codigo: matricula,
      cpf: gerarCpf(aleatorio),
      email: `${matricula}@aluno.ufex.edu.br`,
      ativo: ativo ?? true,
    });
  }
  for (const [nome, ativo] of FORNECEDORES) {
    const dominio = semAcento(nome.split(' ')[0] as string).toLowerCase();
    adicionar({
      ...vazio,
      tipo: 'F',
      nome,
      cnpj: gerarCnpj(aleatorio),
      email: aleatorio.chance(0.7) ? `contato@${dominio}.example` : null,
      ativo: ativo ?? true,
    });
  }
  for (const [nome, codigo] of CURSOS) adicionar({ ...vazio, tipo: 'K', nome, codigo });
  for (const [nome, email] of ENTIDADES) {
    adicionar({ ...vazio, tipo: 'O', nome, cnpj: aleatorio.chance(0.6) ? gerarCnpj(aleatorio) : null, email });
  }
  for (const chave of SERVIDORES) {
    const pessoa = /\s/.test(chave)
      ? PESSOAS.find((p) => p.nome === chave)
      : PESSOAS.find((p) => p.id === usuario(chave).idPessoa);
    if (!pessoa) throw new Error(`Pessoa ${chave} não existe na semente`);
    adicionar({
      ...vazio,
      tipo: 'S',
      nome: pessoa.nome,
      codigo: pessoa.matriculaSiape,
      cpf: pessoa.cpf,
      email: pessoa.email,
      idPessoa: pessoa.id,
      ativo: chave !== 'jose',
    });
  }
  for (const sigla of UNIDADES_INTERESSADAS) {
    const u = unidade(sigla);
    adicionar({ ...vazio, tipo: 'U', nome: u.nome, codigo: String(u.codigo), email: u.email, idUnidade: u.id });
  }
  for (const nome of CONTRIBUINTES) {
    adicionar({
      ...vazio,
      tipo: 'C',
      nome,
      cpf: gerarCpf(aleatorio),
      email: aleatorio.chance(0.5) ? emailPessoal(nome) : null,
    });
  }
  for (const [nome, ativo] of REQUERENTES_EXTERNOS) {
    adicionar({ ...vazio, tipo: 'Q', nome, cpf: gerarCpf(aleatorio), email: emailPessoal(nome), ativo: ativo ?? true });
  }
  return lista;
}

export const INTERESSADOS: readonly InteressadoDemo[] = construir();

export function interessadosDoTipo(tipo: CodigoTipoInteressado, incluirInativos = false): InteressadoDemo[] {
  return INTERESSADOS.filter((i) => i.tipo === tipo && (incluirInativos || i.ativo));
}

export function interessadoDaPessoa(idPessoa: number): InteressadoDemo {
  const encontrado = INTERESSADOS.find((i) => i.tipo === 'S' && i.idPessoa === idPessoa);
  if (!encontrado) throw new Error(`Pessoa ${idPessoa} não é interessada na semente`);
  return encontrado;
}

export function linhasInteressados(): Insertable<InteressadoTable>[] {
  return INTERESSADOS.map((i) => ({ ...i }));
}

export function linhasComissoes(): Insertable<ComissaoTable>[] {
  return [
    { id: 1, nome: 'Comissão Permanente de Licitação', idUnidade: idUnidade('DLC') },
    { id: 2, nome: 'Comissão de Processo Administrativo Disciplinar', idUnidade: idUnidade('PROGEPE') },
    { id: 3, nome: 'Comissão Própria de Avaliação (CPA)', idUnidade: idUnidade('PROPLAN') },
    { id: 4, nome: 'Comissão Organizadora do Concurso Docente', idUnidade: idUnidade('CCET') },
    { id: 5, nome: 'Comissão de Ética', idUnidade: idUnidade('REIT') },
    { id: 6, nome: 'Comissão de Avaliação de Documentos (antiga)', idUnidade: idUnidade('ARQ'), ativa: false },
  ];
}
