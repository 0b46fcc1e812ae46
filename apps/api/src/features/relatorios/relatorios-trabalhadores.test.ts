import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Banco } from '../../db/connection.ts';
import type { AppTeste } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarDocumentoNumerado, criarTipoDocumento, criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { LIMITE_RELATORIOS_SIMULTANEOS } from './service.ts';

/**
 * Issue 17, items 2 and 7: the PDF of a report is drawn in a worker process of the pool (rows pulled from here, bytes
 * pushed back), at most two at once per user, failures of the worker answered as clear errors; and the desarquivados
 * report hides a restricted despacho from whoever the history hides it from.
 */

const MARCO = 'inicio=2026-03-01T00:00&fim=2026-03-31T23:59';
const DESPACHO_RESTRITO = 'Desarquivado por ordem judicial em segredo MARCADOR-RESTRITO-Q7Z';
const HIPOTESE = 'Informação pessoal';

async function lerPdf(corpo: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(corpo));
  const { text } = await extractText(pdf, { mergePages: true });
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

async function ate(condicao: () => boolean, prazoMs = 10_000): Promise<void> {
  const limite = Date.now() + prazoMs;
  while (!condicao()) {
    if (Date.now() > limite) throw new Error('condição não alcançada a tempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let sequencia = 0;
async function documento(db: Banco, idUnidade: number, idUsuario: number, idTipo: number, resumo: string) {
  sequencia += 1;
  const numero = `23070.${String(sequencia).padStart(6, '0')}/2026-00`;
  return criarDocumentoNumerado(db, numero, { idUnidade, idUsuario, idTipoDocumento: idTipo, resumoAssunto: resumo });
}

interface Cenario {
  t: AppTeste;
  u: { arq: number; prot: number; dest: number; massa: number };
  idTipo: number;
  idAna: number;
  docRestrito: { id: number; numero: string };
  cookies: Record<'relator' | 'irrestrito' | 'arquivista' | 'outro', string>;
}

/**
 * An app with one worker (so a test can hold it busy) and a restricted desarquivamento among public ones, as the hooks
 * of the describe that calls it.
 */
function usarCenario(ambiente: Record<string, string> = {}): Cenario {
  const t = usarAppTeste({ TRABALHADORES_QUANTIDADE: '1', TRABALHADORES_FILA_MAXIMA: '4', ...ambiente });
  const c = { t } as Cenario;
  beforeAll(async () => {
    Object.assign(c, await montarCenario(t));
  });
  return c;
}

async function montarCenario(t: AppTeste): Promise<Omit<Cenario, 't'>> {
  const db = t.banco.db;
  const arq = await criarUnidade(db, { sigla: 'ARQ', nome: 'Arquivo Central' });
  const prot = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  const dest = await criarUnidade(db, { sigla: 'PJU', nome: 'Procuradoria Jurídica' });
  const massa = await criarUnidade(db, { sigla: 'MAS', nome: 'Unidade de Massa' });
  await criarUsuario(db, { username: 'relator', lotacoes: [prot.id], permissoes: ['RELATORIOS'] });
  await criarUsuario(db, { username: 'outro', lotacoes: [prot.id], permissoes: ['RELATORIOS'] });
  await criarUsuario(db, {
    username: 'irrestrito',
    lotacoes: [prot.id],
    permissoes: ['RELATORIOS', 'VISUALIZACAO_IRRESTRITA_PECAS'],
  });
  await criarUsuario(db, { username: 'arquivista', lotacoes: [arq.id], permissoes: ['RELATORIOS'] });
  const ana = await criarUsuario(db, { username: 'ana', nome: 'Ana Arquivista', lotacoes: [arq.id] });
  const idTipo = await criarTipoDocumento(db, 'Ofício');
  const { id: idHipotese } = await db
    .insertInto('hipoteseLegal')
    .values({ descricao: HIPOTESE, baseLegal: 'Lei nº 12.527/2011, art. 31', ativa: true })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The DESARQUIVAR movement, restricted, from the archive to a third unit: its despacho is the reason recorded.
  const docRestrito = await documento(db, arq.id, ana.id, idTipo, 'Processo com desarquivamento restrito');
  const { rows } = await sql<{ id: number }>`
    INSERT INTO tramitacao (id_documento, sequencia, id_unidade_origem, id_unidade_destino, id_usuario_remetente,
      dt_despacho, despacho, nivel_acesso, id_hipotese_legal)
    VALUES (${docRestrito.id}, 1, ${arq.id}, ${dest.id}, ${ana.id}, '2026-03-04T10:00:00-03', ${DESPACHO_RESTRITO},
      'R', ${idHipotese})
    RETURNING id`.execute(db);
  const idTramitacao = rows[0]?.id as number;
  await sql`INSERT INTO desarquivamento (id_documento, id_unidade, id_usuario, id_tramitacao, motivo, em)
    VALUES (${docRestrito.id}, ${arq.id}, ${ana.id}, ${idTramitacao}, ${DESPACHO_RESTRITO},
      '2026-03-04T10:00:00-03')`.execute(db);
  // A public one, and one recorded before desarquivamentos pointed to their movement.
  const docPublico = await documento(db, arq.id, ana.id, idTipo, 'Processo com desarquivamento público');
  const { rows: publica } = await sql<{ id: number }>`
    INSERT INTO tramitacao (id_documento, sequencia, id_unidade_origem, id_unidade_destino, id_usuario_remetente,
      dt_despacho, despacho, nivel_acesso)
    VALUES (${docPublico.id}, 1, ${arq.id}, ${dest.id}, ${ana.id}, '2026-03-05T10:00:00-03',
      'Pedido de vista do interessado', 'P')
    RETURNING id`.execute(db);
  await sql`INSERT INTO desarquivamento (id_documento, id_unidade, id_usuario, id_tramitacao, motivo, em)
    VALUES (${docPublico.id}, ${arq.id}, ${ana.id}, ${publica[0]?.id as number}, 'Pedido de vista do interessado',
      '2026-03-05T10:00:00-03')`.execute(db);
  const docAntigo = await documento(db, arq.id, ana.id, idTipo, 'Processo com desarquivamento antigo');
  await sql`INSERT INTO desarquivamento (id_documento, id_unidade, id_usuario, motivo, em)
    VALUES (${docAntigo.id}, ${arq.id}, ${ana.id}, 'Consulta do acervo histórico', '2026-03-06T10:00:00-03')`.execute(
    db,
  );

  const cookies = {
    relator: await t.entrar('relator'),
    irrestrito: await t.entrar('irrestrito'),
    arquivista: await t.entrar('arquivista'),
    outro: await t.entrar('outro'),
  };
  return {
    u: { arq: arq.id, prot: prot.id, dest: dest.id, massa: massa.id },
    idTipo,
    idAna: ana.id,
    docRestrito,
    cookies,
  };
}

function pedir(t: AppTeste, caminho: string, cookie: string) {
  return t.app.inject({ method: 'GET', url: `/api${caminho}`, headers: { cookie } });
}

/**
 * Keeps the pool's only worker busy with a report job whose requests are answered only when `liberar` is called
 * (then with an error, which ends that job): the jobs after it wait in the pool's queue.
 */
function ocuparTrabalhador(t: AppTeste) {
  let liberar = () => {};
  const liberado = new Promise<never>((_, rejeitar) => {
    liberar = () => rejeitar(new Error('liberado pelo teste'));
  });
  liberado.catch(() => {});
  const trabalho = t.app.trabalhadores
    .executar(
      'relatorios.gerar',
      {
        tipo: 'desarquivados',
        cabecalho: {
          instituicao: { nome: 'Teste', sigla: 'T' },
          titulo: 'Ocupação',
          linhas: [],
          geradoEm: '01/01/2026 00:00:00',
        },
        unidades: ['Unidade: T'],
      },
      { atender: () => liberado },
    )
    .catch(() => {});
  return { liberar, trabalho };
}

describe('relatório de desarquivados: despacho restrito', () => {
  const c = usarCenario();

  it('imprime "RESTRITO - Motivo: <hipótese>" a quem o histórico esconde o despacho (sem VISUALIZACAO_IRRESTRITA_PECAS)', async () => {
    const historico = await pedir(c.t, `/documentos/${c.docRestrito.id}/tramitacoes`, c.cookies.relator);
    expect(historico.statusCode).toBe(200);
    expect(historico.json()[0]).toMatchObject({ despacho: null, despachoOculto: true });

    const resposta = await pedir(c.t, `/relatorios/desarquivados?idsUnidades=${c.u.arq}&${MARCO}`, c.cookies.relator);
    expect(resposta.statusCode).toBe(200);
    const texto = await lerPdf(resposta.rawPayload);
    expect(texto).toContain(c.docRestrito.numero);
    expect(texto).not.toContain('MARCADOR-RESTRITO-Q7Z');
    expect(texto).not.toContain('ordem judicial');
    expect(texto).toContain(`${MENSAGENS.arquivos.prefixoRestrito}${HIPOTESE}`);
    // The public reasons, and the one without a recorded movement, stay as they were.
    expect(texto).toContain('Pedido de vista do interessado');
    expect(texto).toContain('Consulta do acervo histórico');
    expect(texto).toContain('Total geral: 3 documentos desarquivados');
  });

  it('mostra o despacho a quem tem VISUALIZACAO_IRRESTRITA_PECAS e às unidades da tramitação', async () => {
    for (const leitor of ['irrestrito', 'arquivista'] as const) {
      const historico = await pedir(c.t, `/documentos/${c.docRestrito.id}/tramitacoes`, c.cookies[leitor]);
      expect(historico.json()[0]).toMatchObject({ despacho: DESPACHO_RESTRITO, despachoOculto: false });
      const resposta = await pedir(c.t, `/relatorios/desarquivados?idsUnidades=${c.u.arq}&${MARCO}`, c.cookies[leitor]);
      expect(resposta.statusCode).toBe(200);
      const texto = await lerPdf(resposta.rawPayload);
      expect(texto).toContain('MARCADOR-RESTRITO-Q7Z');
      expect(texto).not.toContain(MENSAGENS.arquivos.prefixoRestrito);
    }
  });
});

describe('relatórios gerados no pool de trabalhadores', () => {
  const c = usarCenario();

  const url = (c: Cenario) => `/relatorios/desarquivados?idsUnidades=${c.u.arq}&${MARCO}`;

  it('o PDF é desenhado num processo trabalhador: com o único trabalhador ocupado, o relatório espera na fila', async () => {
    const pool = c.t.app.trabalhadores;
    const ocupacao = ocuparTrabalhador(c.t);
    await ate(() => pool.situacao().ocupados === 1);
    let respondeu = false;
    const resposta = pedir(c.t, url(c), c.cookies.relator).then((r) => {
      respondeu = true;
      return r;
    });
    await ate(() => pool.situacao().naFila === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(respondeu).toBe(false);
    ocupacao.liberar();
    const pronta = await resposta;
    expect(pronta.statusCode).toBe(200);
    expect(pronta.headers['content-type']).toBe('application/pdf');
    expect(pronta.headers['content-disposition']).toMatch(/^inline; filename="relatorio-desarquivados-/);
    expect(await lerPdf(pronta.rawPayload)).toContain('Total geral: 3 documentos desarquivados');
    expect(pool.pids()).toHaveLength(1);
    expect(pool.situacao()).toMatchObject({ ocupados: 0, naFila: 0 });
  });

  it(`no máximo ${LIMITE_RELATORIOS_SIMULTANEOS} relatórios por usuário ao mesmo tempo: o terceiro recebe 429`, async () => {
    const pool = c.t.app.trabalhadores;
    const ocupacao = ocuparTrabalhador(c.t);
    await ate(() => pool.situacao().ocupados === 1);
    const primeiro = pedir(c.t, url(c), c.cookies.relator);
    const segundo = pedir(c.t, url(c), c.cookies.relator);
    await ate(() => pool.situacao().naFila === 2);
    const terceiro = await pedir(c.t, url(c), c.cookies.relator);
    expect(terceiro.statusCode).toBe(429);
    expect(terceiro.json().mensagem).toBe(MENSAGENS.relatorios.relatoriosSimultaneos(LIMITE_RELATORIOS_SIMULTANEOS));
    expect(terceiro.headers['retry-after']).toBeDefined();
    // The limit is per user: someone else's report waits for the worker as usual.
    const deOutro = pedir(c.t, url(c), c.cookies.outro);
    await ate(() => pool.situacao().naFila === 3);
    ocupacao.liberar();
    for (const resposta of await Promise.all([primeiro, segundo, deOutro])) expect(resposta.statusCode).toBe(200);
    // Every slot was given back: two at once again.
    const depois = await Promise.all([pedir(c.t, url(c), c.cookies.relator), pedir(c.t, url(c), c.cookies.relator)]);
    expect(depois.map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('pool cheio: 503 com a mensagem do pool (não 500) e a vaga do usuário devolvida', async () => {
    const pool = c.t.app.trabalhadores;
    const ocupacoes = [ocuparTrabalhador(c.t)];
    await ate(() => pool.situacao().ocupados === 1);
    for (let i = 0; i < 4; i += 1) ocupacoes.push(ocuparTrabalhador(c.t));
    await ate(() => pool.situacao().naFila === 4);
    // One more than the per-user limit: a refused report gives its slot back.
    for (let i = 0; i < 3; i += 1) {
      const resposta = await pedir(c.t, url(c), c.cookies.relator);
      expect(resposta.statusCode).toBe(503);
      expect(resposta.headers['content-type']).toMatch(/^application\/json/);
      expect(resposta.json()).toMatchObject({ codigo: 'SERVIDOR_OCUPADO', mensagem: MENSAGENS.trabalho.ocupado });
    }
    for (const ocupacao of ocupacoes) ocupacao.liberar();
    await Promise.all(ocupacoes.map((o) => o.trabalho));
    expect((await pedir(c.t, url(c), c.cookies.relator)).statusCode).toBe(200);
  });

  it('o cliente que desiste no meio libera o trabalhador (a geração para)', async () => {
    const db = c.t.banco.db;
    // Enough rows that the report is far from done when the client goes away.
    await sql`
      WITH novos AS (
        INSERT INTO documento (numero, numero_digitos, id_tipo_documento, resumo_assunto, id_unidade_procedencia,
          id_unidade_criadora, id_unidade_atual, id_usuario_criador, situacao, estado_processamento)
        SELECT '88888.' || lpad(n::text, 6, '0') || '/2025-00', '88888' || lpad(n::text, 6, '0') || '202500',
          ${c.idTipo}, 'Documento em massa número ' || n || ' com um resumo de tamanho razoável para a tabela',
          ${c.u.massa}, ${c.u.massa}, ${c.u.dest}, ${c.idAna}, 'ENVIADO', 1
        FROM generate_series(1, 10000) AS n
        RETURNING id
      )
      INSERT INTO tramitacao (id_documento, sequencia, id_unidade_origem, id_unidade_destino, id_usuario_remetente,
        dt_despacho)
      SELECT id, 1, ${c.u.massa}, ${c.u.dest}, ${c.idAna}, '2025-06-10 08:00:00-03'::timestamptz + id * interval '1 second'
      FROM novos`.execute(db);

    const pool = c.t.app.trabalhadores;
    await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = c.t.app.server.address() as AddressInfo;
    let ocupadosDurante = -1;
    const recebidos = await new Promise<number>((resolver, rejeitar) => {
      const pedido = get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/relatorios/malote?idsUnidades=${c.u.massa}&inicio=2025-06-01T00:00&fim=2025-12-31T23:59`,
          headers: { cookie: c.cookies.relator },
        },
        (resposta) => {
          if (resposta.statusCode !== 200) return rejeitar(new Error(`status ${resposta.statusCode}`));
          // Reads the first bytes only, then hangs up.
          resposta.once('data', (parte: Buffer) => {
            ocupadosDurante = pool.situacao().ocupados;
            resolver(parte.length);
            pedido.destroy();
          });
        },
      );
      pedido.on('error', () => {});
    });
    expect(recebidos).toBeGreaterThan(0);
    expect(ocupadosDurante).toBe(1);
    const desistencia = Date.now();
    await ate(() => pool.situacao().ocupados === 0, 5_000);
    const liberacao = Date.now() - desistencia;
    // Drawing the whole report takes much longer than the worker took to stop.
    const inicio = Date.now();
    const completo = await pedir(
      c.t,
      `/relatorios/malote?idsUnidades=${c.u.massa}&inicio=2025-06-01T00:00&fim=2025-12-31T23:59`,
      c.cookies.relator,
    );
    expect(completo.statusCode).toBe(200);
    const duracaoCompleta = Date.now() - inicio;
    expect(liberacao).toBeLessThan(duracaoCompleta / 2);
    // The user's slot was given back too.
    const depois = await Promise.all([pedir(c.t, url(c), c.cookies.relator), pedir(c.t, url(c), c.cookies.relator)]);
    expect(depois.map((r) => r.statusCode)).toEqual([200, 200]);
  });
});

describe('relatório que passa do tempo limite', () => {
  // The report's limit follows the pool's (two and a half times it): 1 s here → 2.5 s.
  const c = usarCenario({ TRABALHADORES_TEMPO_LIMITE_SEGUNDOS: '1' });

  it('falha antes do primeiro byte: 422 em JSON com a mensagem do pool, não 500', async () => {
    const pool = c.t.app.trabalhadores;
    const ocupacao = ocuparTrabalhador(c.t);
    await ate(() => pool.situacao().ocupados === 1);
    const resposta = pedir(c.t, `/relatorios/desarquivados?idsUnidades=${c.u.arq}&${MARCO}`, c.cookies.relator);
    await ate(() => pool.situacao().naFila === 1);
    // The report's first batch waits on a lock until the worker's time is up.
    let soltar = () => {};
    let travado = () => {};
    const travou = new Promise<void>((r) => {
      travado = r;
    });
    const transacao = c.t.banco.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE documento IN ACCESS EXCLUSIVE MODE`.execute(trx);
      travado();
      await new Promise<void>((r) => {
        soltar = r;
      });
    });
    await travou;
    ocupacao.liberar();
    await ate(() => pool.situacao().trabalhadores === 0, 10_000);
    soltar();
    await transacao;
    const pronta = await resposta;
    expect(pronta.statusCode).toBe(422);
    expect(pronta.headers['content-type']).toMatch(/^application\/json/);
    expect(pronta.json()).toMatchObject({
      codigo: 'TRABALHO_TEMPO_ESGOTADO',
      mensagem: MENSAGENS.trabalho.tempoEsgotado(3),
    });
    expect(pronta.json().erros[0].mensagem).toBe(MENSAGENS.relatorios.reduzaFiltros);
  }, 30_000);
});
