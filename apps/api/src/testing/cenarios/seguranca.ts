import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { type ResumoSemente, semearDemo } from '../../db/seed/index.ts';
import type { AppTeste } from '../app-teste.ts';
import { pdf } from '../arquivos.ts';
import { adicionarPecas, criarDocumento, criarUnidade, criarUsuario, registrarTramitacao } from '../fabricas.ts';

/**
 * The world the security tests run in: the demo seed plus a "cofre" (a document whose restricted data nobody in the
 * tests may see) and the callers. Every restricted value carries a unique marker that no answer may contain.
 */
export const MARCADORES = {
  pecaRestrita: 'MARCADOR-PECA-RESTRITA-7Q2W9X',
  /** The restricted peça's file name, description and justification (issue 17: free text follows the bytes). */
  textoPecaRestrita: 'MARCADOR-TEXTO-PECA-RESTRITA-4N8B1V',
  despachoRestrito: 'MARCADOR-DESPACHO-RESTRITO-5E8R1T',
  rascunhoRestrito: 'MARCADOR-RASCUNHO-RESTRITO-3K6M0P',
  cpfUsuario: '90817263545',
  emailPessoalUsuario: 'titular.pessoal.k3j9@example.org',
  cpfInteressado: '81726354590',
  emailInteressado: 'interessado.pessoal.x7v2@example.org',
  /** In a document received by the Protocolo Central: its own users may see these, other units never. */
  pecaRestritaProtocolo: 'MARCADOR-PECA-DO-PROTOCOLO-8H4J2L',
  despachoRestritoProtocolo: 'MARCADOR-DESPACHO-AO-PROTOCOLO-6G1F9D',
} as const;

/** The markers the Protocolo Central's own users may legitimately read. */
export const MARCADORES_DO_PROTOCOLO = ['pecaRestritaProtocolo', 'despachoRestritoProtocolo'] as const;

/** The CPF markers also as they would be printed (000.000.000-00). */
export const formatarCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

export interface Mundo {
  resumo: ResumoSemente;
  unidades: { protocolo: number; reitoria: number; prograd: number; outra: number };
  usuarios: { dono: number; titular: number; semPermissao: number; outraUnidade: number };
  tipo: number;
  assunto: number;
  hipotese: number;
  fluxoLivre: number;
  passoEncaminhar: number;
  interessado: number;
  cofre: { id: number; numero: string; codigoVerificacao: string; idAnexoRestrito: number; idAnexoPublico: number };
  arquivoAssinadoTitular: number;
  glossario: number;
  /** Received by the Protocolo Central from the Reitoria with a restricted dispatch, with one restricted peça. */
  doProtocolo: { id: number; idAnexoRestrito: number };
}

/** Demo seed + markers. `dono` (ana, Protocolo Central) owns the fixtures the unit-scoped operations act on. */
export async function montarMundo(t: AppTeste): Promise<Mundo> {
  const db = t.banco.db;
  const resumo = await semearDemo(db, { armazenamento: t.app.armazenamento, nupFormato: 'nup17' });
  const protocolo = resumo.unidades.protocolo;
  const reitoria = resumo.unidades.reitoria;
  const prograd = resumo.unidades.unidadeBruno;
  const outra = (await criarUnidade(db, { sigla: 'SEGOUT', nome: 'Unidade Alheia da Segurança' })).id;
  await db.updateTable('unidade').set({ protocolo: false }).where('id', '=', outra).execute();

  const semPermissao = (await criarUsuario(db, { username: 'seg_sem', lotacoes: [protocolo] })).id;
  const outraUnidade = (await criarUsuario(db, { username: 'seg_outra', lotacoes: [outra] })).id;
  const titular = (await criarUsuario(db, { username: 'seg_titular', nome: 'Titular Reservado', lotacoes: [reitoria] }))
    .id;
  await db
    .updateTable('usuario')
    .set({ cpf: MARCADORES.cpfUsuario, emailPessoal: MARCADORES.emailPessoalUsuario, matriculaSiape: '7654321' })
    .where('id', '=', titular)
    .execute();

  const tipo = resumo.tipo571;
  const assunto = (
    await db
      .selectFrom('assunto')
      .innerJoin('tipoDocumentoAssunto', 'tipoDocumentoAssunto.idAssunto', 'assunto.id')
      .select('assunto.id')
      .where('tipoDocumentoAssunto.idTipoDocumento', '=', tipo)
      .where('assunto.atribuivel', '=', true)
      .where('assunto.ativo', '=', true)
      .orderBy('assunto.id')
      .executeTakeFirstOrThrow()
  ).id;
  const hipotese = (await db.selectFrom('hipoteseLegal').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const livre = await db
    .selectFrom('passo')
    .innerJoin('fluxo', 'fluxo.id', 'passo.idFluxo')
    .select(['fluxo.id as idFluxo', 'passo.id as idPasso'])
    .where('fluxo.idTipoDocumento', '=', tipo)
    .where('fluxo.descricao', '=', 'Tramitação livre')
    .where('passo.tipo', '=', 'ENCAMINHAR')
    .executeTakeFirstOrThrow();

  const interessado = (
    await db
      .insertInto('interessado')
      .values({
        tipo: 'Q',
        nome: 'Requerente Reservado da Segurança',
        codigo: null,
        cpf: MARCADORES.cpfInteressado,
        cnpj: null,
        email: MARCADORES.emailInteressado,
        idPessoa: null,
        idUnidade: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  // The cofre: opened in the Reitoria by the titular, sent with a restricted dispatch to the PROGRAD, not received.
  const idCofre = await criarDocumento(db, {
    idUnidade: reitoria,
    idUsuario: titular,
    idTipoDocumento: tipo,
    situacao: 'ENVIADO',
    idInteressado: interessado,
  });
  await db
    .updateTable('documento')
    .set({ tipoInteressado: 'Q', idAssunto: assunto, dataValidade: sql`now()` })
    .where('id', '=', idCofre)
    .execute();
  const [restrita, publica] = await adicionarPecas(t, { idDocumento: idCofre, idUsuario: titular }, [
    {
      nome: `${MARCADORES.textoPecaRestrita}.pdf`,
      conteudo: pdf({ tamanho: 4096, marca: MARCADORES.pecaRestrita }),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal: hipotese,
    },
    { nome: 'oficio-publico.pdf', conteudo: pdf({ tamanho: 2048, marca: 'publico' }), tipoMime: 'application/pdf' },
  ]);
  await db
    .updateTable('peca')
    .set({ descricao: MARCADORES.textoPecaRestrita, justificativaAlteracao: MARCADORES.textoPecaRestrita })
    .where('id', '=', (restrita as { idPeca: number }).idPeca)
    .execute();
  await registrarTramitacao(db, {
    idDocumento: idCofre,
    idUnidadeOrigem: reitoria,
    idUnidadeDestino: prograd,
    idUsuarioRemetente: titular,
  });
  await db
    .updateTable('tramitacao')
    .set({
      nivelAcesso: 'R',
      idHipoteseLegal: hipotese,
      despacho: MARCADORES.despachoRestrito,
      despachoPreparatorio: `${MARCADORES.despachoRestrito}-preparatorio`,
      idFluxo: livre.idFluxo,
      idPasso: livre.idPasso,
    })
    .where('idDocumento', '=', idCofre)
    .execute();
  await db
    .insertInto('rascunhoDespacho')
    .values({
      idDocumento: idCofre,
      idUnidade: reitoria,
      despacho: MARCADORES.rascunhoRestrito,
      despachoPreparatorio: null,
      idUsuario: titular,
    })
    .execute();
  const cofre = await db
    .selectFrom('documento')
    .select(['numero', 'codigoVerificacao'])
    .where('id', '=', idCofre)
    .executeTakeFirstOrThrow();

  // The titular's signed file, not linked to any document: nobody else may see it.
  const assinado = pdf({ tamanho: 3000, marca: 'assinado-titular' });
  const guardado = await t.app.armazenamento.guardarBuffer(assinado);
  await db
    .insertInto('arquivo')
    .values({ sha256: guardado.sha256, tamanho: guardado.tamanho, tipoMime: 'application/pdf' })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const arquivoAssinadoTitular = (
    await db
      .insertInto('arquivoAssinado')
      .values({
        idUsuario: titular,
        nomeOriginal: 'contrato-do-titular.pdf',
        sha256: guardado.sha256,
        sha256Original: guardado.sha256,
        idTipoAssinatura: null,
        tipoAssinatura: null,
        matrSiape: '7654321',
        idDocumentoVinculado: null,
        idPecaVinculada: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const glossario = (await db.selectFrom('itemGlossario').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  const doProtocolo = await criarDocumento(db, {
    idUnidade: protocolo,
    idUsuario: resumo.usuarios.ana,
    idTipoDocumento: tipo,
    situacao: 'RECEBIDO',
  });
  await db
    .updateTable('documento')
    .set({ idAssunto: assunto, dataValidade: sql`now()` })
    .where('id', '=', doProtocolo)
    .execute();
  await registrarTramitacao(db, {
    idDocumento: doProtocolo,
    idUnidadeOrigem: reitoria,
    idUnidadeDestino: protocolo,
    idUsuarioRemetente: titular,
    recebida: { idUsuario: titular },
  });
  await db
    .updateTable('tramitacao')
    .set({ nivelAcesso: 'R', idHipoteseLegal: hipotese, despacho: MARCADORES.despachoRestritoProtocolo })
    .where('idDocumento', '=', doProtocolo)
    .execute();
  const [restritaProtocolo] = await adicionarPecas(t, { idDocumento: doProtocolo, idUsuario: resumo.usuarios.ana }, [
    {
      nome: 'laudo-reservado.pdf',
      conteudo: pdf({ tamanho: 4096, marca: MARCADORES.pecaRestritaProtocolo }),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal: hipotese,
    },
  ]);

  return {
    resumo,
    doProtocolo: { id: doProtocolo, idAnexoRestrito: (restritaProtocolo as { idAnexo: number }).idAnexo },
    unidades: { protocolo, reitoria, prograd, outra },
    usuarios: { dono: resumo.usuarios.ana, titular, semPermissao, outraUnidade },
    tipo,
    assunto,
    hipotese,
    fluxoLivre: livre.idFluxo,
    passoEncaminhar: livre.idPasso,
    interessado,
    cofre: {
      id: idCofre,
      numero: cofre.numero,
      codigoVerificacao: cofre.codigoVerificacao,
      idAnexoRestrito: (restrita as { idAnexo: number }).idAnexo,
      idAnexoPublico: (publica as { idAnexo: number }).idAnexo,
    },
    arquivoAssinadoTitular,
    glossario,
  };
}

/** A document of the Protocolo Central (received there, or a draft), with one public peça: a throwaway fixture. */
export async function documentoDoProtocolo(
  t: AppTeste,
  m: Mundo,
  opcoes: { situacao?: 'RECEBIDO' | 'EM_CRIACAO' | 'ENVIADO'; comPeca?: boolean } = {},
): Promise<{ id: number; idAnexo: number; idPeca: number }> {
  const db: Banco = t.banco.db;
  const situacao = opcoes.situacao ?? 'RECEBIDO';
  const id = await criarDocumento(db, {
    idUnidade: m.unidades.protocolo,
    idUsuario: m.usuarios.dono,
    idTipoDocumento: m.tipo,
    situacao,
  });
  await db
    .updateTable('documento')
    .set({ idAssunto: m.assunto, ...(situacao === 'EM_CRIACAO' ? {} : { dataValidade: sql`now()` }) })
    .where('id', '=', id)
    .execute();
  if (situacao === 'ENVIADO') {
    await db.updateTable('documento').set({ idUnidadeAtual: m.unidades.reitoria }).where('id', '=', id).execute();
    await registrarTramitacao(db, {
      idDocumento: id,
      idUnidadeOrigem: m.unidades.reitoria,
      idUnidadeDestino: m.unidades.protocolo,
      idUsuarioRemetente: m.usuarios.titular,
    });
  } else if (situacao === 'RECEBIDO') {
    await registrarTramitacao(db, {
      idDocumento: id,
      idUnidadeOrigem: m.unidades.reitoria,
      idUnidadeDestino: m.unidades.protocolo,
      idUsuarioRemetente: m.usuarios.dono,
      recebida: { idUsuario: m.usuarios.dono },
    });
  }
  if (opcoes.comPeca === false) return { id, idAnexo: 0, idPeca: 0 };
  const conteudo = pdf({
    tamanho: 1500,
    marca: `fixture-${id}-${createHash('sha1').update(String(Math.random())).digest('hex')}`,
  });
  const [peca] = await adicionarPecas(t, { idDocumento: id, idUsuario: m.usuarios.dono }, [
    { nome: `peca-${id}.pdf`, conteudo, tipoMime: 'application/pdf' },
  ]);
  return { id, idAnexo: (peca as { idAnexo: number }).idAnexo, idPeca: (peca as { idPeca: number }).idPeca };
}
