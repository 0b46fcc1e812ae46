import type { AutuacaoEntrada } from '@tramite/shared';
import { beforeAll } from 'vitest';
import type { Banco } from '../../db/connection.ts';
import { type AppTeste, cabecalhosApp } from '../app-teste.ts';
import { criarUnidade, criarUsuario, registrarTramitacao } from '../fabricas.ts';

/**
 * A small institution for the documents tests: two protocol units, one that may not open documents, an inactive
 * one; types and subjects in every state the opening rules look at; interested parties with personal data.
 */
export async function criarCenario(db: Banco) {
  const protocolo = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  const outra = await criarUnidade(db, { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' });
  const departamento = await criarUnidade(db, { sigla: 'DHIS', nome: 'Departamento de História' });
  await db.updateTable('unidade').set({ protocolo: false }).where('id', '=', departamento.id).execute();
  const inativa = await criarUnidade(db, { sigla: 'DPAT', nome: 'Divisão de Patrimônio' });
  await db.updateTable('unidade').set({ ativa: false }).where('id', '=', inativa.id).execute();

  const ana = await criarUsuario(db, { username: 'ana', nome: 'Ana Paula', lotacoes: [protocolo.id] });
  const joao = await criarUsuario(db, { username: 'joao', nome: 'João Carlos', lotacoes: [protocolo.id] });
  const bruno = await criarUsuario(db, { username: 'bruno', nome: 'Bruno Henrique', lotacoes: [outra.id] });
  const carla = await criarUsuario(db, { username: 'carla', nome: 'Carla Menezes', lotacoes: [departamento.id] });
  // Belongs to the Protocolo Central too, but acts for PROGRAD.
  const duda = await criarUsuario(db, { username: 'duda', nome: 'Eduarda', lotacoes: [outra.id, protocolo.id] });

  const tipo = (descricao: string, ativo = true) =>
    db
      .insertInto('tipoDocumento')
      .values({ descricao, ativo, urlDocumentacao: null, observacao: null })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const oficio = await tipo('Ofício');
  const memorando = await tipo('Memorando');
  const tipoInativo = await tipo('Telegrama', false);
  await db.updateTable('tipoDocumento').set({ geraCapa: false }).where('id', '=', memorando).execute();

  const assunto = (codigo: string, descricao: string, atribuivel = true, ativo = true) =>
    db
      .insertInto('assunto')
      .values({ codigo, descricao, atribuivel, ativo })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const ferias = await assunto('023.1', 'Férias');
  const pessoal = await assunto('020', 'Pessoal', false);
  const antigo = await assunto('099', 'Assunto extinto', true, false);
  const compras = await assunto('033', 'Compras');
  await db
    .insertInto('tipoDocumentoAssunto')
    .values([
      { idTipoDocumento: oficio, idAssunto: ferias },
      { idTipoDocumento: oficio, idAssunto: pessoal },
      { idTipoDocumento: oficio, idAssunto: antigo },
      { idTipoDocumento: memorando, idAssunto: ferias },
      { idTipoDocumento: memorando, idAssunto: compras },
      { idTipoDocumento: tipoInativo, idAssunto: ferias },
    ])
    .execute();

  const interessado = (tipo: 'A' | 'S' | 'O', nome: string, cpf: string | null, email: string | null) =>
    db
      .insertInto('interessado')
      .values({ tipo, nome, codigo: null, cpf, cnpj: null, email, idPessoa: null, idUnidade: null })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const aluna = await interessado('A', 'Mariana Aluna', '529.982.247-25', 'mariana.aluna@exemplo.com');
  const servidor = await interessado('S', 'Pedro Servidor', '111.444.777-35', 'pedro.servidor@exemplo.com');
  const empresa = await interessado('O', 'Empresa Exemplo Ltda', null, 'contato@empresa.example');

  return {
    unidades: { protocolo, outra, departamento, inativa },
    usuarios: { ana, joao, bruno, carla, duda },
    tipos: { oficio, memorando, tipoInativo },
    assuntos: { ferias, pessoal, antigo, compras },
    interessados: { aluna, servidor, empresa },
  };
}
export type Cenario = Awaited<ReturnType<typeof criarCenario>>;

/** `criarCenario` in a test file's `beforeAll` on the app of `usarAppTeste`: the answer is filled in by the hook. */
export function usarCenario(t: AppTeste): Cenario {
  const c = {} as Cenario;
  beforeAll(async () => {
    Object.assign(c, await criarCenario(t.banco.db));
  });
  return c;
}

/** The unit each sender of the scenario works in: Ana the Protocolo Central, Bruno PROGRAD. */
const UNIDADE_DE = { ana: 'protocolo', bruno: 'outra' } as const;

/**
 * A document sent straight in the database from `de`'s unit to `para`'s, moved as the forwarding feature moves it
 * and, with `recebida`, received there by `para`. Answers the tramitação's id.
 */
export function tramitarEntre(
  db: Banco,
  c: Cenario,
  idDocumento: number,
  rota: { de: keyof typeof UNIDADE_DE; para: keyof typeof UNIDADE_DE; recebida: boolean; dtDespacho?: string },
) {
  return registrarTramitacao(db, {
    idDocumento,
    idUnidadeOrigem: c.unidades[UNIDADE_DE[rota.de]].id,
    idUnidadeDestino: c.unidades[UNIDADE_DE[rota.para]].id,
    idUsuarioRemetente: c.usuarios[rota.de].id,
    dtDespacho: rota.dtDespacho,
    recebida: rota.recebida ? { idUsuario: c.usuarios[rota.para].id } : undefined,
    moverDocumento: true,
  });
}

/** The audit rows of one action on a document. */
export function auditoriaDocumento(db: Banco, idDocumento: number, acao: string) {
  return db
    .selectFrom('auditoria')
    .selectAll()
    .where('entidade', '=', 'documento')
    .where('idEntidade', '=', String(idDocumento))
    .where('acao', '=', acao)
    .execute();
}

export function autuacaoValida(c: Cenario, extra: Partial<AutuacaoEntrada> = {}): AutuacaoEntrada {
  return {
    idTipoDocumento: c.tipos.oficio,
    idProcedencia: c.unidades.protocolo.id,
    tipoInteressado: 'A',
    idInteressado: c.interessados.aluna,
    idAssunto: c.assuntos.ferias,
    resumoAssunto: 'Solicitação de férias da servidora',
    ...extra,
  };
}

/** Opens a document through the API as the given session and answers its id. */
export async function autuar(t: AppTeste, cookie: string, corpo: AutuacaoEntrada): Promise<number> {
  const resposta = await t.app.inject({
    method: 'POST',
    url: '/api/documentos',
    headers: cabecalhosApp(cookie),
    payload: corpo,
  });
  if (resposta.statusCode !== 201) throw new Error(`autuação falhou: ${resposta.statusCode} ${resposta.body}`);
  return resposta.json().idDocumento;
}

/**
 * The first document (by id) that has been sent (not migrated) with a subject, and every field its PDFs print, read
 * here with its own joins (not the production read the PDFs use, so a wrong join there fails the tests). On the
 * demo seed, a document whose PDFs print every field. The filters narrow it down.
 */
export async function documentoEnviado(
  db: Banco,
  filtro: { geraCapa?: boolean; situacao?: 'RECEBIDO'; comInteressado?: boolean } = {},
) {
  let consulta = db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as td', 'td.id', 'd.idTipoDocumento')
    .innerJoin('assunto as a', 'a.id', 'd.idAssunto')
    .leftJoin('interessado as i', 'i.id', 'd.idInteressado')
    .innerJoin('unidade as up', 'up.id', 'd.idUnidadeProcedencia')
    .innerJoin('unidade as ua', 'ua.id', 'd.idUnidadeAtual')
    .innerJoin('unidade as uc', 'uc.id', 'd.idUnidadeCriadora')
    .innerJoin('usuario as u', 'u.id', 'd.idUsuarioCriador')
    .select([
      'd.id',
      'd.numero',
      'd.codigoVerificacao',
      'd.resumoAssunto',
      'd.dataCriacao',
      'd.dataValidade',
      'td.descricao as tipoDescricao',
      'a.codigo as assuntoCodigo',
      'a.descricao as assuntoDescricao',
      'i.nome as interessadoNome',
      'i.tipo as interessadoTipo',
      'up.nome as procedenciaNome',
      'up.sigla as procedenciaSigla',
      'ua.sigla as atualSigla',
      'uc.nome as criadoraNome',
      'u.nome as criadorNome',
    ])
    .where('d.situacao', '!=', 'EM_CRIACAO')
    .where('d.dataValidade', 'is not', null)
    .where('d.estadoOrigem', '!=', 3);
  if (filtro.geraCapa !== undefined) consulta = consulta.where('td.geraCapa', '=', filtro.geraCapa);
  if (filtro.situacao) consulta = consulta.where('d.situacao', '=', filtro.situacao);
  if (filtro.comInteressado) consulta = consulta.where('d.idInteressado', 'is not', null);
  return consulta.orderBy('d.id').executeTakeFirstOrThrow();
}
