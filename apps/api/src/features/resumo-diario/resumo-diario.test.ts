import { dataEmSaoPaulo, MENSAGENS, somarDias } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { abrirBanco } from '../../db/connection.ts';
import { FilaTarefas } from '../../platform/fila.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { bancoDosTestes } from '../../testing/banco-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import {
  criarDocumento,
  criarTipoDocumento,
  criarUnidade,
  criarUsuario,
  registrarTramitacao,
} from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';
import {
  enviarResumo,
  momentoEmSaoPaulo,
  reservarResumosDoDia,
  TAREFA_RESUMO_DIARIO,
  tratadorResumoDiario,
} from './service.ts';

const t = usarAppTeste();
const hoje = dataEmSaoPaulo();
const emBrasilia = (dia: string, hora: string) => new Date(`${dia}T${hora}:00-03:00`);

const c = {
  unidadeA: 0,
  unidadeB: 0,
  unidadeC: 0,
  ana: 0,
  bia: 0,
  caio: 0,
  duda: 0,
  docs: {} as Record<string, { id: number; numero: string }>,
};

async function documento(nome: string, dados: Parameters<typeof criarDocumento>[1]) {
  const id = await criarDocumento(t.banco.db, dados);
  const { numero } = await t.banco.db
    .selectFrom('documento')
    .select('numero')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  c.docs[nome] = { id, numero };
  return id;
}

beforeAll(async () => {
  const db = t.banco.db;
  const a = await criarUnidade(db, { sigla: 'RDA' });
  const b = await criarUnidade(db, { sigla: 'RDB' });
  const u3 = await criarUnidade(db, { sigla: 'RDC' });
  Object.assign(c, { unidadeA: a.id, unidadeB: b.id, unidadeC: u3.id });
  // ana: both units, digest off until a test turns it on through the API; bia: A, digest off; caio: A, digest on
  // but no e-mail (written straight in the database: the API refuses it); duda: B, digest at 08:00.
  c.ana = (await criarUsuario(db, { username: 'ana', nome: 'Ana Souza', lotacoes: [a.id, b.id] })).id;
  c.bia = (await criarUsuario(db, { username: 'bia', lotacoes: [a.id] })).id;
  c.caio = (await criarUsuario(db, { username: 'caio', lotacoes: [a.id], email: null })).id;
  c.duda = (await criarUsuario(db, { username: 'duda', lotacoes: [b.id] })).id;
  const remetente = (await criarUsuario(db, { username: 'remetente', lotacoes: [u3.id] })).id;
  await db.updateTable('usuario').set({ resumoDiarioHorario: '00:00' }).where('id', '=', c.caio).execute();
  await db.updateTable('usuario').set({ resumoDiarioHorario: '08:00' }).where('id', '=', c.duda).execute();

  const tipo = await criarTipoDocumento(db, 'Ofício de teste do resumo');
  const horasAtras = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const enviado = async (nome: string, destino: number, horas: number, prazo: string | null) => {
    const id = await documento(nome, {
      idUnidade: u3.id,
      idUsuario: remetente,
      idTipoDocumento: tipo,
      situacao: 'ENVIADO',
    });
    const idTramitacao = await registrarTramitacao(db, {
      idDocumento: id,
      idUnidadeOrigem: u3.id,
      idUnidadeDestino: destino,
      idUsuarioRemetente: remetente,
      dtDespacho: horasAtras(horas),
    });
    await db.updateTable('documento').set({ prazo }).where('id', '=', id).execute();
    await db.updateTable('tramitacao').set({ prazo }).where('id', '=', idTramitacao).execute();
    return { id, idTramitacao };
  };
  // Arrived in A two hours ago, deadline today.
  await enviado('chegouVenceHoje', a.id, 2, hoje);
  // Arrived three days ago: not an arrival of the first digest; no deadline.
  await enviado('chegouAntigo', a.id, 72, null);
  // Sent to A and recalled: never in the digest.
  const cancelado = await enviado('cancelado', a.id, 1, hoje);
  await db
    .updateTable('tramitacao')
    .set({ dtCancelamento: sql`now()`, idUsuarioCancelamento: remetente, motivoCancelamento: 'Engano' })
    .where('id', '=', cancelado.idTramitacao)
    .execute();
  // Hidden from every box (visibilidade 2): never in the digest.
  const oculto = await enviado('oculto', a.id, 1, hoje);
  await db.updateTable('documento').set({ estadoVisibilidadeCaixa: 2 }).where('id', '=', oculto.id).execute();
  // Held by A, deadline three days ago; held by B, deadline ahead.
  const vencido = await documento('vencido', { idUnidade: a.id, idUsuario: c.ana, idTipoDocumento: tipo });
  await db
    .updateTable('documento')
    .set({ prazo: somarDias(hoje, -3) })
    .where('id', '=', vencido)
    .execute();
  const noPrazo = await documento('noPrazo', { idUnidade: b.id, idUsuario: c.ana, idTipoDocumento: tipo });
  await db
    .updateTable('documento')
    .set({ prazo: somarDias(hoje, 5) })
    .where('id', '=', noPrazo)
    .execute();
  // A scheduled its return yesterday and it has not come back; another one came back.
  const retorno = async (nome: string, voltou: boolean) => {
    const id = await documento(nome, { idUnidade: u3.id, idUsuario: c.ana, idTipoDocumento: tipo });
    const ida = await registrarTramitacao(db, {
      idDocumento: id,
      idUnidadeOrigem: a.id,
      idUnidadeDestino: u3.id,
      idUsuarioRemetente: c.ana,
      dtDespacho: horasAtras(100),
      recebida: { idUsuario: remetente },
    });
    await db
      .updateTable('tramitacao')
      .set({ retornoProgramado: somarDias(hoje, -1) })
      .where('id', '=', ida)
      .execute();
    if (voltou) {
      await registrarTramitacao(db, {
        idDocumento: id,
        idUnidadeOrigem: u3.id,
        idUnidadeDestino: a.id,
        idUsuarioRemetente: remetente,
        dtDespacho: horasAtras(90),
        recebida: { idUsuario: c.ana },
        moverDocumento: true,
      });
    }
  };
  await retorno('retornoAtrasado', false);
  await retorno('retornoCumprido', true);
});

const fila = () =>
  new FilaTarefas(t.banco.db, {
    [TAREFA_RESUMO_DIARIO]: tratadorResumoDiario(t.banco.db, { urlPublica: 'https://tramite.ufex.edu.br/' }),
  });

const emailsPara = (para: string) =>
  t.banco.db.selectFrom('emailSaida').select(['assunto', 'texto', 'html']).where('para', '=', para).execute();

const envios = (idUsuario: number) =>
  t.banco.db.selectFrom('resumoDiarioEnvio').selectAll().where('idUsuario', '=', idUsuario).execute();

describe('resumo diário por e-mail', () => {
  it('o horário é guardado nas configurações com a mesma regra do formulário, e exige e-mail', async () => {
    const cookie = await t.entrar('ana');
    const salvar = (corpo: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/configuracoes',
        headers: cabecalhosApp(cookie),
        payload: { idUnidadeAtual: c.unidadeA, email: 'ana@ufex.edu.br', ...corpo },
      });
    for (const invalido of ['8:00', '24:00', '12:60', 'meio-dia', 800]) {
      esperarErro(
        await salvar({ resumoDiarioHorario: invalido }),
        400,
        'REQUISICAO_INVALIDA',
        MENSAGENS.resumoDiario.horarioInvalido,
        [{ campo: 'resumoDiarioHorario', mensagem: MENSAGENS.resumoDiario.horarioInvalido }],
      );
    }
    esperarErro(
      await salvar({ email: '', resumoDiarioHorario: '07:30' }),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.resumoDiario.precisaEmail,
      [{ campo: 'resumoDiarioHorario', mensagem: MENSAGENS.resumoDiario.precisaEmail }],
    );

    const salvo = await salvar({ resumoDiarioHorario: '00:00' });
    expect(salvo.statusCode).toBe(200);
    expect(salvo.json()).toMatchObject({ resumoDiarioHorario: '00:00' });
    const lido = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(lido.json().configuracoes.resumoDiarioHorario).toBe('00:00');
    const desligado = await salvar({ resumoDiarioHorario: null });
    expect(desligado.json().resumoDiarioHorario).toBeNull();
    // Without the field the digest is off, as notifications are.
    expect((await salvar({ resumoDiarioHorario: '00:00' })).statusCode).toBe(200);
    expect((await salvar({})).json().resumoDiarioHorario).toBeNull();
    expect((await salvar({ resumoDiarioHorario: ' 00:00 ' })).json().resumoDiarioHorario).toBe('00:00');
  });

  it('não reserva antes do horário escolhido; no horário, reserva o dia; sem nada a dizer, não há e-mail', async () => {
    // Only duda (08:00) and caio (no e-mail) have the digest on; a day of last week, when B had nothing to say.
    const dia = somarDias(hoje, -7);
    await t.banco.db.updateTable('usuario').set({ resumoDiarioHorario: null }).where('id', '=', c.ana).execute();
    expect(await reservarResumosDoDia(t.banco.db, emBrasilia(dia, '07:59'))).toEqual({ reservados: 0 });
    expect(await reservarResumosDoDia(t.banco.db, emBrasilia(dia, '08:00'))).toEqual({ reservados: 1 });
    expect((await envios(c.duda)).map((e) => e.dia)).toEqual([dia]);
    expect(await enviarResumo(t.banco.db, { idUsuario: c.duda, dia }, { urlPublica: 'http://x' })).toBe('SEM_CONTEUDO');
    expect(await emailsPara('duda@ufex.edu.br')).toEqual([]);
    expect((await envios(c.duda))[0]?.enviadoEm).toBeNull();
    // The day stays taken: a later pass reserves nothing again.
    expect(await reservarResumosDoDia(t.banco.db, emBrasilia(dia, '23:00'))).toEqual({ reservados: 0 });
    await t.banco.db.deleteFrom('resumoDiarioEnvio').where('dia', '=', dia).execute();
    await t.banco.db.deleteFrom('job').where('tipo', '=', TAREFA_RESUMO_DIARIO).execute();
  });

  it('o e-mail lista chegadas, prazos de hoje e vencidos e retornos vencidos de todas as lotações, com links', async () => {
    await t.banco.db.updateTable('usuario').set({ resumoDiarioHorario: '00:00' }).where('id', '=', c.ana).execute();
    const agora = new Date();
    const { reservados } = await reservarResumosDoDia(t.banco.db, agora);
    // ana and duda; caio has no e-mail and bia has the digest off.
    expect(reservados).toBe(momentoEmSaoPaulo(agora).hora >= '08:00' ? 2 : 1);
    expect(await envios(c.caio)).toEqual([]);
    expect(await envios(c.bia)).toEqual([]);
    await fila().executarPendentes();

    const [email, ...outros] = await emailsPara('ana@ufex.edu.br');
    expect(outros).toEqual([]);
    expect(email?.assunto).toBe(`Resumo diário do Trâmite — ${hoje.split('-').reverse().join('/')}`);
    const texto = email?.texto ?? '';
    const link = (nome: string) => `https://tramite.ufex.edu.br/documentos/${c.docs[nome]?.id}`;
    expect(texto).toContain('Prezado(a) Ana Souza,');
    expect(texto).toContain('para as unidades RDA, RDB.');
    expect(texto).toMatch(/Documentos que chegaram desde .* \(1\):/);
    expect(texto).toContain(
      `- ${c.docs.chegouVenceHoje?.numero} — Ofício de teste do resumo — enviado por RDC a RDA em`,
    );
    expect(texto).toContain('Prazos que vencem hoje (1):');
    expect(texto).toContain(
      `${c.docs.chegouVenceHoje?.numero} — Ofício de teste do resumo — na caixa postal de RDA: ${link('chegouVenceHoje')}`,
    );
    expect(texto).toContain('Prazos vencidos (1):');
    expect(texto).toContain(
      `— prazo ${somarDias(hoje, -3).split('-').reverse().join('/')} — na caixa postal de RDA: ${link('vencido')}`,
    );
    expect(texto).toContain('Retornos programados vencidos (1):');
    expect(texto).toContain(
      `${c.docs.retornoAtrasado?.numero} — Ofício de teste do resumo — retorno a RDA programado para`,
    );
    expect(texto).toContain(link('retornoAtrasado'));
    for (const fora of ['chegouAntigo', 'cancelado', 'oculto', 'noPrazo', 'retornoCumprido']) {
      expect(texto).not.toContain(c.docs[fora]?.numero as string);
    }
    // No despacho text goes out (a restricted one must not).
    expect(texto).not.toContain('Encaminho');
    expect(texto).toContain('https://tramite.ufex.edu.br/usuario');
    expect(email?.html).toContain(`<a href="${link('vencido')}">`);
    expect(email?.html).not.toContain('Encaminho');
    expect((await envios(c.ana))[0]?.enviadoEm).not.toBeNull();

    // A second run of the job (a retry) sends nothing more.
    expect(await enviarResumo(t.banco.db, { idUsuario: c.ana, dia: hoje }, { urlPublica: 'http://x' })).toBe(
      'JA_ENVIADO',
    );
    expect(await emailsPara('ana@ufex.edu.br')).toHaveLength(1);
  });

  it('quem desligou o resumo depois da reserva não recebe', async () => {
    await t.banco.db.updateTable('usuario').set({ resumoDiarioHorario: '00:00' }).where('id', '=', c.bia).execute();
    expect((await reservarResumosDoDia(t.banco.db)).reservados).toBe(1);
    await t.banco.db.updateTable('usuario').set({ resumoDiarioHorario: null }).where('id', '=', c.bia).execute();
    await fila().executarPendentes();
    expect(await emailsPara('bia@ufex.edu.br')).toEqual([]);
  });

  it('passadas simultâneas (dois processos no PostgreSQL) reservam e enviam um só resumo por usuário e dia', async () => {
    const dia = somarDias(hoje, 14);
    const outro = bancoDosTestes() === 'postgres' ? await abrirBanco(t.banco.conexao) : null;
    try {
      const bancos = [t.banco.db, outro?.db ?? t.banco.db];
      await t.banco.db
        .updateTable('usuario')
        .set({ resumoDiarioHorario: '00:00' })
        .where('id', 'in', [c.ana, c.bia])
        .execute();
      const passadas = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          reservarResumosDoDia(bancos[i % 2] as typeof t.banco.db, emBrasilia(dia, '09:00')),
        ),
      );
      // ana, bia, duda: each reserved by exactly one pass, with exactly one job.
      expect(passadas.reduce((soma, p) => soma + p.reservados, 0)).toBe(3);
      const jobs = await t.banco.db
        .selectFrom('job')
        .select('payload')
        .where('tipo', '=', TAREFA_RESUMO_DIARIO)
        .where(sql<boolean>`payload->>'dia' = ${dia}`)
        .execute();
      expect(jobs.map((j) => (j.payload as { idUsuario: number }).idUsuario).sort()).toEqual(
        [c.ana, c.bia, c.duda].sort(),
      );

      const resultados = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          enviarResumo(bancos[i % 2] as typeof t.banco.db, { idUsuario: c.ana, dia }, { urlPublica: 'http://x' }),
        ),
      );
      expect(resultados.filter((r) => r === 'ENVIADO')).toHaveLength(1);
      expect(resultados.filter((r) => r === 'JA_ENVIADO')).toHaveLength(5);
      expect(await emailsPara('ana@ufex.edu.br')).toHaveLength(2);
    } finally {
      await outro?.fechar();
    }
  });
});

describe('GET resumo-diario/contagens', () => {
  it('conta, na unidade atual, prazos que vencem hoje, vencidos e retornos vencidos', async () => {
    const cookie = await t.entrar('bia');
    const resposta = await t.app.inject({ method: 'GET', url: '/api/resumo-diario/contagens', headers: { cookie } });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual({ idUnidade: c.unidadeA, venceHoje: 1, vencidos: 1, retornosVencidos: 1 });

    const ana = await t.entrar('ana');
    const deB = await t.app.inject({
      method: 'GET',
      url: `/api/resumo-diario/contagens?idUnidade=${c.unidadeB}`,
      headers: { cookie: ana },
    });
    expect(deB.json()).toEqual({ idUnidade: c.unidadeB, venceHoje: 0, vencidos: 0, retornosVencidos: 0 });
  });

  it('recusa uma unidade fora das lotações (403) e quem não entrou (401)', async () => {
    const cookie = await t.entrar('bia');
    esperarErro(
      await t.app.inject({
        method: 'GET',
        url: `/api/resumo-diario/contagens?idUnidade=${c.unidadeB}`,
        headers: { cookie },
      }),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.usuario.unidadeNaoLotada,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/resumo-diario/contagens' })).statusCode).toBe(401);
    const invalida = await t.app.inject({
      method: 'GET',
      url: '/api/resumo-diario/contagens?idUnidade=abc',
      headers: { cookie },
    });
    expect(invalida.statusCode).toBe(400);
  });
});
