import type { Fluxo, TipoPasso, TramitarEntrada } from '@tramite/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Banco } from '../../db/connection.ts';
import type { DestinoPasso } from '../../db/schema.ts';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../app-teste.ts';
import { criarUnidade, criarUsuario } from '../fabricas.ts';
import { autuacaoValida, autuar, type Cenario, criarCenario } from './documentos.ts';

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

/** A new draft of the Protocolo Central (Ana's unit), through the API. */
export function rascunho(t: AppTeste, c: Cenario, cookie: string, extra: Parameters<typeof autuacaoValida>[1] = {}) {
  return autuar(t, cookie, autuacaoValida(c, extra));
}

export const USUARIOS_TRAMITACAO = ['ana', 'joao', 'bruno', 'carla', 'duda', 'mariana', 'admin', 'vera'] as const;
export type SessoesTramitacao = Record<(typeof USUARIOS_TRAMITACAO)[number], string>;

export interface AppTramitacao {
  t: AppTeste;
  c: CenarioTramitacao;
  api: ReturnType<typeof chamadas>;
  /** The session cookie of each user of the scenario. */
  s: SessoesTramitacao;
}

/** A fresh app with the forwarding scenario and every user of it logged in: a test file's `beforeAll`. */
export async function abrirTramitacao(ambiente: Record<string, string> = {}): Promise<AppTramitacao> {
  const t = await criarAppTeste(ambiente);
  const c = await criarCenarioTramitacao(t.banco.db);
  const s = Object.fromEntries(USUARIOS_TRAMITACAO.map((nome) => [nome, ''])) as SessoesTramitacao;
  for (const nome of USUARIOS_TRAMITACAO) s[nome] = await t.entrar(nome);
  return { t, c, api: chamadas(t), s };
}

/** The body of the free flow's 'Encaminhar' (Ofício) to `idDestino`. */
export const encaminhar = (c: CenarioTramitacao, idDestino: number, extra: Record<string, unknown> = {}) => ({
  idPasso: c.fluxos.livreOficio.encaminhar,
  idDestino,
  despacho: 'Encaminho para providências.',
  ...extra,
});

/** A draft of the Protocolo Central sent by Ana to PROGRAD through the API and, unless told otherwise, received there by Bruno. */
export async function enviadoAPrograd({ t, c, api, s }: AppTramitacao, receber = true): Promise<number> {
  const id = await rascunho(t, c, s.ana);
  const envio = await api.enviar(s.ana, id, encaminhar(c, c.unidades.outra.id));
  if (envio.statusCode !== 201) throw new Error(`envio falhou: ${envio.statusCode} ${envio.body}`);
  if (receber) {
    const recebimento = await api.receber(s.bruno, id);
    if (recebimento.statusCode !== 200) throw new Error(`recebimento falhou: ${recebimento.statusCode}`);
  }
  return id;
}

/**
 * `abrirTramitacao` as a test file's hooks: the fields are filled in by the `beforeAll` (read them inside the tests),
 * with the calls the forwarding tests share: a new draft of Ana's, the 'Encaminhar' body, a draft sent to PROGRAD.
 */
export function usarTramitacao() {
  const m = {} as AppTramitacao;
  beforeAll(async () => {
    Object.assign(m, await abrirTramitacao());
  });
  afterAll(async () => {
    await m.t?.fechar();
  });
  const db = () => m.t.banco.db;
  return Object.assign(m, {
    db,
    novo: (extra: Parameters<typeof rascunho>[3] = {}) => rascunho(m.t, m.c, m.s.ana, extra),
    encaminhar: (idDestino: number, extra: Record<string, unknown> = {}) => encaminhar(m.c, idDestino, extra),
    /** A draft of the Protocolo Central sent by Ana to PROGRAD and, unless told otherwise, received there by Bruno. */
    naPrograd: (receber = true) => enviadoAPrograd(m, receber),
    /** The document's row as it is now. */
    documento: (id: number) => db().selectFrom('documento').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    /** `filho` joined into `pai`, straight in the database. */
    juntar: (pai: number, filho: number) =>
      db().updateTable('documento').set({ idDocumentoAgregador: pai, situacao: 'E' }).where('id', '=', filho).execute(),
    /** GET documentos/{id}/fluxos as `cookie`'s user (200). */
    fluxosDe: async (cookie: string, id: number) => {
      const resposta = await m.api.get(cookie, `/documentos/${id}/fluxos`);
      expect(resposta.statusCode).toBe(200);
      return resposta.json() as Fluxo[];
    },
  });
}

/** The descriptions of the steps of the flow so described, in order (undefined without that flow). */
export const passosDe = (fluxos: Fluxo[], descricao: string) =>
  fluxos.find((f) => f.descricao === descricao)?.passos.map((p) => p.descricao);
