import type { Fluxo } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';

const { t } = usarDemo({ PUBLIC_URL: 'https://protocolo.ufex.edu.br' });
let cookie: string;

beforeAll(async () => {
  cookie = await t.entrar('ana');
});

/** A document PROT holds, received, with an interested party that has an e-mail. */
async function documentoComInteressado(excluir: number[] = []) {
  return t.banco.db
    .selectFrom('documento as d')
    .innerJoin('unidade as u', 'u.id', 'd.idUnidadeAtual')
    .innerJoin('interessado as i', 'i.id', 'd.idInteressado')
    .select(['d.id', 'd.numero', 'd.idTipoDocumento', 'i.email', 'i.nome'])
    .where('u.sigla', '=', 'PROT')
    .where('d.situacao', '=', 'RECEBIDO')
    .where('d.idDocumentoAgregador', 'is', null)
    .where('d.idAssunto', 'is not', null)
    .where('d.estadoProcessamento', '=', 1)
    .where('i.email', 'is not', null)
    .where('d.id', 'not in', excluir.length ? excluir : [0])
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
}

async function encaminhar(idDocumento: number) {
  const fluxos: Fluxo[] = (
    await t.app.inject({ method: 'GET', url: `/api/documentos/${idDocumento}/fluxos`, headers: { cookie } })
  ).json();
  const passo = fluxos
    .flatMap((f) => f.passos.map((p) => ({ ...p, idFluxo: f.id })))
    .find((p) => p.tipo === 'ENCAMINHAR');
  if (!passo) throw new Error('nenhum passo ENCAMINHAR disponível');
  const fluxo = { id: passo.idFluxo };
  const destinos = (
    await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${idDocumento}/fluxos/${fluxo.id}/destinos?idPasso=${passo.id}`,
      headers: { cookie },
    })
  ).json();
  const resposta = await t.app.inject({
    method: 'POST',
    url: `/api/documentos/${idDocumento}/tramitacoes`,
    headers: cabecalhosApp(cookie),
    payload: { idPasso: passo.id, idDestino: destinos[0].id, despacho: 'Encaminho para análise.' },
  });
  expect(resposta.statusCode).toBe(201);
  return destinos[0] as { sigla: string; nome: string };
}

const emailsPara = (para: string) =>
  t.banco.db.selectFrom('emailSaida').selectAll().where('para', '=', para).orderBy('id').execute();

describe('tipos que notificam o interessado a cada tramitação', () => {
  it('enfileira um e-mail em português com o número, o destino e o link quando o tipo pede', async () => {
    const documento = await documentoComInteressado();
    await t.banco.db
      .updateTable('tipoDocumento')
      .set({ notificaInteressadoTramitacao: true })
      .where('id', '=', documento.idTipoDocumento)
      .execute();
    const antes = await emailsPara(documento.email as string);
    const destino = await encaminhar(documento.id);

    const depois = await emailsPara(documento.email as string);
    expect(depois).toHaveLength(antes.length + 1);
    const email = depois.at(-1);
    expect(email?.assunto).toBe(`Documento ${documento.numero} tramitado`);
    expect(email?.texto).toContain(`Prezado(a) ${documento.nome}`);
    expect(email?.texto).toContain(`para ${destino.nome} (${destino.sigla})`);
    expect(email?.texto).toContain(`https://protocolo.ufex.edu.br/documentos/${documento.id}`);
    const tarefa = await t.banco.db
      .selectFrom('job')
      .select(['tipo', 'estado', 'payload'])
      .where('id', '=', email?.idJob as number)
      .executeTakeFirstOrThrow();
    expect(tarefa).toEqual({ tipo: 'enviar-email', estado: 'PENDENTE', payload: { idEmail: email?.id } });
  });

  it('não envia nada quando o tipo não pede', async () => {
    const primeiro = await documentoComInteressado();
    const documento = await documentoComInteressado([primeiro.id]);
    await t.banco.db
      .updateTable('tipoDocumento')
      .set({ notificaInteressadoTramitacao: false })
      .where('id', '=', documento.idTipoDocumento)
      .execute();
    const total = async () =>
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_saida`.execute(t.banco.db)).rows[0]?.n);
    const antes = await total();
    await encaminhar(documento.id);
    expect(await total()).toBe(antes);
  });
});
