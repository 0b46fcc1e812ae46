import type { Fluxo } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarDemo, usarSessoes } from '../../testing/contexto-teste.ts';

/**
 * Issue 24 (design §1): "sem configuração nada muda". On the demo, with Tramita GOV.BR not configured, the feature
 * says it is off and the existing calls of the screens (session, postal box, home page, a document, its Tramitar
 * flows and destinations) say nothing of it; with an active configuration, those same calls answer exactly the same
 * bytes (in this step nothing else uses the configuration yet; later steps add the external destination here).
 */

const { t, resumo } = usarDemo();
const sessoes = usarSessoes(t, ['ana', 'bruno']);

/** The word as the feature uses it, not inside "tramitar"/"tramitação". */
const MENCAO_TRAMITA = /tramita(?![a-zà-ú])|gov\.br|órgão externo|orgao externo/i;

const dia = (deslocamento: number) => new Date(Date.now() + deslocamento * 86_400_000).toISOString().slice(0, 10);
/** The postal box as the screen first asks for it: the last months. */
const CAIXA = `/api/caixa-postal?dataInicio=${dia(-180)}&dataFim=${dia(0)}`;

let urlsAna: string[] = [];
const URLS_BRUNO = ['/api/auth', '/api/auth/permissoes', CAIXA, '/api/painel/inicio'];

beforeAll(async () => {
  const documento = resumo.documentoMuitasTramitacoes;
  const fluxos = await t.app.inject({
    method: 'GET',
    url: `/api/documentos/${documento}/fluxos`,
    headers: cabecalhosApp(sessoes.ana),
  });
  expect(fluxos.statusCode).toBe(200);
  const comPasso = fluxos.json<Fluxo[]>().find((fluxo) => fluxo.passos.length > 0);
  if (!comPasso?.passos[0]) throw new Error('o documento da demonstração não tem fluxo com passo para a Ana');
  urlsAna = [
    '/api/auth',
    '/api/auth/permissoes',
    '/api/auth/configuracoes',
    '/api/mensagens',
    CAIXA,
    CAIXA.replace('caixa-postal?', 'caixa-postal/contagens?'),
    '/api/painel/inicio',
    `/api/documentos/${documento}`,
    `/api/documentos/${documento}/fluxos`,
    `/api/documentos/${documento}/fluxos/${comPasso.id}/destinos?idPasso=${comPasso.passos[0].id}`,
    `/api/documentos/${documento}/fluxos/${comPasso.id}/consistencia?idPasso=${comPasso.passos[0].id}`,
  ];
});

async function respostas(): Promise<Record<string, { status: number; corpo: string }>> {
  const lidas: Record<string, { status: number; corpo: string }> = {};
  for (const [quem, urls] of [
    ['ana', urlsAna],
    ['bruno', URLS_BRUNO],
  ] as const) {
    for (const url of urls) {
      const resposta = await t.app.inject({ method: 'GET', url, headers: cabecalhosApp(sessoes[quem]) });
      lidas[`${quem} ${url}`] = { status: resposta.statusCode, corpo: resposta.body };
    }
  }
  return lidas;
}

const estado = async (quem: 'ana' | 'bruno') =>
  (await t.app.inject({ method: 'GET', url: '/api/tramita/estado', headers: cabecalhosApp(sessoes[quem]) })).json();

describe('Tramita GOV.BR sem configuração', () => {
  let semConfiguracao: Awaited<ReturnType<typeof respostas>>;

  it('está desligado para todos, e nenhuma chamada existente o menciona', async () => {
    expect(await t.banco.db.selectFrom('tramitaConfiguracao').selectAll().execute()).toEqual([]);
    expect(await estado('ana')).toEqual({ ativo: false });
    expect(await estado('bruno')).toEqual({ ativo: false });
    semConfiguracao = await respostas();
    for (const [chamada, { status, corpo }] of Object.entries(semConfiguracao)) {
      expect(status, chamada).toBe(200);
      expect(corpo, chamada).not.toMatch(MENCAO_TRAMITA);
    }
  });

  it('ativo, só o estado muda: as mesmas chamadas respondem os mesmos bytes', async () => {
    const db = t.banco.db;
    const agora = new Date();
    await db
      .insertInto('tramitaConfiguracao')
      .values({
        ambiente: 'HOMOLOGACAO',
        urlBase: 'https://homolog.api.processoeletronico.gov.br/interoperabilidade/rest/v3/',
        idRepositorio: 1,
        numeroEstruturaRaiz: 100,
        certificadoImpressao: 'AB:CD',
        certificadoTitular: 'Sistema de teste',
        certificadoEmissor: 'AC de teste',
        certificadoValidoDe: agora,
        certificadoValidoAte: new Date(agora.getTime() + 86_400_000),
        ativo: true,
        idUsuario: resumo.usuarios.admin,
      })
      .execute();
    try {
      expect(await estado('bruno')).toEqual({ ativo: true, ambiente: 'HOMOLOGACAO' });
      expect(await respostas()).toEqual(semConfiguracao);
    } finally {
      await db.deleteFrom('tramitaConfiguracao').execute();
    }
    expect(await estado('ana')).toEqual({ ativo: false });
  });
});
