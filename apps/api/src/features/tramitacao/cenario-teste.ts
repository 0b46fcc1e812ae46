import { createHash } from 'node:crypto';
import type { TipoPasso, TramitarEntrada } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import type { DestinoPasso } from '../../db/schema.ts';
import { type AppTeste, cabecalhosApp } from '../../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { autuacaoValida, autuar, type Cenario, criarCenario } from '../documentos/cenario-teste.ts';

/**
 * The documents scenario plus what forwarding needs: a unit tree (REIT > PROT, REIT > PROGRAD > DHIS), an archive
 * unit, an administrator with REENCAMINHAMENTO, a reader with VISUALIZACAO_IRRESTRITA_PECAS, legal hypotheses and
 * flows: each type's 'Tramitação livre' and a specific flow of Ofício with listed, parent and restricted steps.
 */
export async function criarCenarioTramitacao(db: Banco) {
  const c = await criarCenario(db);
  const reitoria = await criarUnidade(db, { sigla: 'REIT', nome: 'Reitoria' });
  const arquivo = await criarUnidade(db, { sigla: 'ARQ', nome: 'Arquivo Central', idUnidadePai: reitoria.id });
  await db.updateTable('unidade').set({ arquivo: true }).where('id', '=', arquivo.id).execute();
  await db
    .updateTable('unidade')
    .set({ idUnidadePai: reitoria.id })
    .where('id', 'in', [c.unidades.protocolo.id, c.unidades.outra.id])
    .execute();
  await db
    .updateTable('unidade')
    .set({ idUnidadePai: c.unidades.outra.id })
    .where('id', '=', c.unidades.departamento.id)
    .execute();

  const mariana = await criarUsuario(db, { username: 'mariana', nome: 'Mariana Arquivista', lotacoes: [arquivo.id] });
  const admin = await criarUsuario(db, {
    username: 'admin',
    nome: 'Administrador',
    lotacoes: [reitoria.id],
    permissoes: ['REENCAMINHAMENTO'],
  });
  const vera = await criarUsuario(db, {
    username: 'vera',
    nome: 'Vera Auditora',
    lotacoes: [arquivo.id],
    permissoes: ['VISUALIZACAO_IRRESTRITA_PECAS'],
  });

  const hipotese = (descricao: string, ativa: boolean) =>
    db
      .insertInto('hipoteseLegal')
      .values({ descricao, baseLegal: 'Lei nº 12.527/2011', ativa })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const informacaoPessoal = await hipotese('Informação pessoal', true);
  const hipoteseInativa = await hipotese('Hipótese revogada', false);

  const fluxo = async (idTipoDocumento: number | null, descricao: string, ativo = true) =>
    (
      await db
        .insertInto('fluxo')
        .values({ idTipoDocumento, descricao, ativo })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const passo = async (
    idFluxo: number,
    ordem: number,
    descricao: string,
    tipo: TipoPasso,
    destino: DestinoPasso,
    extra: { origens?: number[]; destinos?: number[] } = {},
  ) => {
    const { id } = await db
      .insertInto('passo')
      .values({ idFluxo, ordem, descricao, tipo, destino })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (extra.origens?.length) {
      await db
        .insertInto('passoUnidadeOrigem')
        .values(extra.origens.map((idUnidade) => ({ idPasso: id, idUnidade })))
        .execute();
    }
    if (extra.destinos?.length) {
      await db
        .insertInto('passoDestino')
        .values(extra.destinos.map((idUnidade) => ({ idPasso: id, idUnidade })))
        .execute();
    }
    return id;
  };
  const livre = async (idTipo: number) => {
    const id = await fluxo(idTipo, 'Tramitação livre');
    return {
      id,
      encaminhar: await passo(id, 1, 'Encaminhar', 'ENCAMINHAR', 'QUALQUER'),
      devolver: await passo(id, 2, 'Devolver', 'DEVOLVER', 'QUALQUER'),
      arquivar: await passo(id, 3, 'Arquivar', 'ARQUIVAR', 'ARQUIVO'),
      desarquivar: await passo(id, 4, 'Desarquivar', 'DESARQUIVAR', 'QUALQUER'),
      concluir: await passo(id, 5, 'Concluir', 'CONCLUIR', 'QUALQUER'),
    };
  };
  const livreOficio = await livre(c.tipos.oficio);
  const livreMemorando = await livre(c.tipos.memorando);
  const ferias = await fluxo(c.tipos.oficio, 'Análise de férias');
  const especifico = {
    id: ferias,
    chefia: await passo(ferias, 1, 'Encaminhar à chefia', 'ENCAMINHAR', 'PAI'),
    protocolo: await passo(ferias, 2, 'Encaminhar ao Protocolo', 'ENCAMINHAR', 'LISTADAS', {
      destinos: [c.unidades.protocolo.id, c.unidades.inativa.id],
    }),
    parecer: await passo(ferias, 3, 'Parecer da PROGRAD', 'ENCAMINHAR', 'QUALQUER', {
      origens: [c.unidades.outra.id],
    }),
  };
  const antigo = await fluxo(c.tipos.oficio, 'Fluxo antigo', false);
  const passoAntigo = await passo(antigo, 1, 'Encaminhar', 'ENCAMINHAR', 'QUALQUER');

  return {
    ...c,
    unidades: { ...c.unidades, reitoria, arquivo },
    usuarios: { ...c.usuarios, mariana, admin, vera },
    hipoteses: { informacaoPessoal, inativa: hipoteseInativa },
    fluxos: { livreOficio, livreMemorando, especifico, antigo: { id: antigo, passo: passoAntigo } },
  };
}
export type CenarioTramitacao = Awaited<ReturnType<typeof criarCenarioTramitacao>>;

export { autuacaoValida, autuar, type Cenario };

/** Chamadas da API usadas pelos testes de tramitação. */
export function chamadas(t: AppTeste) {
  return {
    enviar: (cookie: string | undefined, id: number, corpo: TramitarEntrada) =>
      t.app.inject({
        method: 'POST',
        url: `/api/documentos/${id}/tramitacoes`,
        headers: cabecalhosApp(cookie),
        payload: corpo,
      }),
    receber: (cookie: string | undefined, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/documentos/${id}/receber`, headers: cabecalhosApp(cookie) }),
    get: (cookie: string | undefined, url: string) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers: cookie ? { cookie } : {} }),
  };
}

let arquivos = 0;

/** A peça added to the document as the peças feature would (numbered after the last active one, not yet sent). */
export async function adicionarPeca(db: Banco, idDocumento: number, idUsuario: number): Promise<number> {
  arquivos += 1;
  const sha256 = createHash('sha256').update(`peça de teste ${arquivos} ${Date.now()}`).digest('hex');
  await db.insertInto('arquivo').values({ sha256, tamanho: 10, tipoMime: 'application/pdf' }).execute();
  const anexo = await db
    .insertInto('anexo')
    .values({ sha256, nome: `peca-${arquivos}.pdf`, idUsuario })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { total } = await db
    .selectFrom('peca')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('idDocumento', '=', idDocumento)
    .where('situacaoVinculo', 'is', null)
    .executeTakeFirstOrThrow();
  const peca = await db
    .insertInto('peca')
    .values({
      idDocumento,
      idAnexo: anexo.id,
      sequencial: Number(total) + 1,
      descricao: null,
      tipoCopia: 'N',
      nivelAcesso: 'P',
      idHipoteseLegal: null,
      sequenciaTramitacao: null,
      idPasso: null,
      situacaoTramitacao: null,
      situacaoVinculo: null,
      justificativaAlteracao: null,
      justificativaCancelamento: null,
      idDocumentoPecaDesmembramento: null,
      idUsuario,
      idUsuarioCancelamento: null,
      canceladoEm: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return peca.id;
}

/** A new draft of the Protocolo Central (Ana's unit), through the API. */
export function rascunho(t: AppTeste, c: Cenario, cookie: string, extra: Parameters<typeof autuacaoValida>[1] = {}) {
  return autuar(t, cookie, autuacaoValida(c, extra));
}
