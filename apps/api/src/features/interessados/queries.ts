import type { CodigoTipoInteressado } from '@tramite/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

export interface FiltroEntidades {
  nome?: string;
  codigo?: string;
  id?: number;
  somenteAtivos: boolean;
  /** Only a logged-in caller may look a company up by its CNPJ (14 digits). */
  logado: boolean;
  /** The code is a full CPF (11 digits) and the caller may match it (logged in, counted against the limit). */
  porCpf: boolean;
  /** At most this many rows. */
  limite: number;
}

/** `%fragment%` for LIKE, with the user's own % and _ taken literally. */
function padraoContem(texto: string): string {
  return `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const somenteDigitos = (texto: string) => texto.replace(/\D/g, '');

/**
 * Accent- and case-insensitive match of every typed word anywhere in the name ('joao almeida' finds 'João Carlos
 * Almeida'; 'pro reitoria' finds 'Pró-Reitoria'), served by the trigram index on lower(sem_acento(nome)).
 */
function nomeContem(coluna: string, texto: string) {
  const palavras = texto.split(/\s+/).filter(Boolean).slice(0, 10);
  const condicoes = palavras.map(
    (palavra) => sql<boolean>`lower(sem_acento(${sql.ref(coluna)})) LIKE lower(sem_acento(${padraoContem(palavra)}))`,
  );
  return sql<boolean>`(${sql.join(condicoes, sql` AND `)})`;
}

const digitosDe = (coluna: string) => sql<string>`regexp_replace(${sql.ref(coluna)}, '[^0-9]', '', 'g')`;

/**
 * The typed code is the entity's own code or, when the caller may match them, the digits of its CPF and (a
 * logged-in caller, 14 digits) of its CNPJ.
 */
function codigoConfere(
  filtro: FiltroEntidades,
  codigo: string,
  colunas: { codigo: string; cpf: string; cnpj?: string },
) {
  const digitos = somenteDigitos(codigo);
  const opcoes = [sql<boolean>`${sql.ref(colunas.codigo)} = ${codigo}`];
  if (filtro.porCpf) opcoes.push(sql<boolean>`${digitosDe(colunas.cpf)} = ${digitos}`);
  if (colunas.cnpj && filtro.logado && digitos.length === 14) {
    opcoes.push(sql<boolean>`${digitosDe(colunas.cnpj)} = ${digitos}`);
  }
  return sql<boolean>`(${sql.join(opcoes, sql` OR `)})`;
}

function limitar<DB, TB extends keyof DB, O>(
  consulta: SelectQueryBuilder<DB, TB, O>,
  colunaNome: string,
  limite: number,
) {
  return consulta.orderBy(sql`${sql.ref(colunaNome)} COLLATE pt_br`).limit(limite);
}

export function listarInteressados(db: Banco, tipo: CodigoTipoInteressado, filtro: FiltroEntidades) {
  let consulta = db
    .selectFrom('interessado')
    .select(['id', 'tipo', 'nome', 'codigo', 'ativo'])
    .where('tipo', '=', tipo);
  if (filtro.id !== undefined) consulta = consulta.where('id', '=', filtro.id);
  if (filtro.nome) consulta = consulta.where(nomeContem('interessado.nome', filtro.nome));
  if (filtro.codigo) {
    const colunas = { codigo: 'interessado.codigo', cpf: 'interessado.cpf', cnpj: 'interessado.cnpj' };
    consulta = consulta.where(codigoConfere(filtro, filtro.codigo, colunas));
  }
  if (filtro.somenteAtivos) consulta = consulta.where('ativo', '=', true);
  return limitar(consulta, 'interessado.nome', filtro.limite).orderBy('id').execute();
}

/** The party's e-mail, or that of its pessoa (SERVIDOR) or unit (UNIDADE); undefined when the party is unknown. */
export function buscarEmailInteressado(db: Banco, id: number, tipo: CodigoTipoInteressado) {
  return db
    .selectFrom('interessado')
    .leftJoin('pessoa', 'pessoa.id', 'interessado.idPessoa')
    .leftJoin('unidade', 'unidade.id', 'interessado.idUnidade')
    .select(sql<string | null>`coalesce(interessado.email, pessoa.email, unidade.email)`.as('email'))
    .where('interessado.id', '=', id)
    .where('interessado.tipo', '=', tipo)
    .executeTakeFirst();
}

/** Responsible SERVIDOR: users; codigo is the SIAPE number (or the full CPF, for a logged-in caller within limits). */
export function listarServidores(db: Banco, filtro: FiltroEntidades) {
  let consulta = db.selectFrom('usuario').select(['id', 'nome', 'matriculaSiape as codigo', 'ativo']);
  if (filtro.id !== undefined) consulta = consulta.where('id', '=', filtro.id);
  if (filtro.nome) consulta = consulta.where(nomeContem('usuario.nome', filtro.nome));
  if (filtro.codigo) {
    consulta = consulta.where(
      codigoConfere(filtro, filtro.codigo, { codigo: 'usuario.matricula_siape', cpf: 'usuario.cpf' }),
    );
  }
  if (filtro.somenteAtivos) consulta = consulta.where('ativo', '=', true);
  return limitar(consulta, 'usuario.nome', filtro.limite).orderBy('id').execute();
}

/** Responsible UNIDADE: units; codigo is the sigla; the name fragment also matches the sigla. */
export function listarUnidades(db: Banco, filtro: FiltroEntidades) {
  let consulta = db.selectFrom('unidade').select(['id', 'nome', 'sigla as codigo', 'ativa as ativo']);
  if (filtro.id !== undefined) consulta = consulta.where('id', '=', filtro.id);
  const nome = filtro.nome;
  if (nome) {
    consulta = consulta.where((eb) => eb.or([nomeContem('unidade.nome', nome), nomeContem('unidade.sigla', nome)]));
  }
  const codigo = filtro.codigo;
  if (codigo) consulta = consulta.where(sql<boolean>`lower(sigla) = lower(${codigo})`);
  if (filtro.somenteAtivos) consulta = consulta.where('ativa', '=', true);
  return limitar(consulta, 'unidade.nome', filtro.limite).orderBy('id').execute();
}

/** Responsible COMISSAO: comissões (a comissão has no code: a code lookup finds none). */
export function listarComissoes(db: Banco, filtro: FiltroEntidades) {
  let consulta = db.selectFrom('comissao').select(['id', 'nome', 'ativa as ativo']);
  if (filtro.id !== undefined) consulta = consulta.where('id', '=', filtro.id);
  if (filtro.nome) consulta = consulta.where(nomeContem('comissao.nome', filtro.nome));
  if (filtro.codigo) consulta = consulta.where(sql<boolean>`false`);
  if (filtro.somenteAtivos) consulta = consulta.where('ativa', '=', true);
  return limitar(consulta, 'comissao.nome', filtro.limite).orderBy('id').execute();
}

/** Users who are members of a comissão: tramitações sent by them are the comissão's. */
export async function listarMembrosComissao(db: Banco, idComissao: number): Promise<number[]> {
  const linhas = await db
    .selectFrom('comissaoMembro')
    .select('idUsuario')
    .where('idComissao', '=', idComissao)
    .orderBy('idUsuario')
    .execute();
  return linhas.map((linha) => linha.idUsuario);
}
