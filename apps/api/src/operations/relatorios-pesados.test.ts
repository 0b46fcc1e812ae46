import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { abrirBanco } from '../db/connection.ts';
import { comServidorPostgres, PORTAS, usarAmbienteProcessos } from '../testing/ambiente-processos.ts';
import { criarUnidade, criarUsuario } from '../testing/fabricas.ts';
import { entrar, type ProcessoServidor } from './processos.ts';
import { quantil, sondarDurante } from './sonda-leve.ts';

/**
 * Issue 17, item 7: five ten-year malote reports over every unit at once, on a real server process. The PDFs are
 * drawn in the worker pool, so the event loop keeps answering light requests (GET /api/mensagens) while they run.
 */
const UNIDADES = 4;
const TRAMITACOES = 10_000;
const RELATORIOS = 5;

comServidorPostgres('relatórios pesados não param o servidor', () => {
  let servidor: ProcessoServidor;
  let idsUnidades: number[];

  usarAmbienteProcessos(
    'tramite-relatorios-',
    async (ambiente) => {
      // The server migrates the empty database; the data is made here, by SQL, in a few seconds.
      servidor = await ambiente.iniciar({
        porta: PORTAS.relatoriosPesados,
        demo: false,
        env: { TRABALHADORES_QUANTIDADE: '2' },
        prazoMs: 60_000,
      });
      const conexao = await abrirBanco({ tipo: 'postgres', url: ambiente.banco.url });
      ambiente.aoEncerrar(() => conexao.fechar());
      const db = conexao.db;
      idsUnidades = [];
      for (let i = 1; i <= UNIDADES; i += 1) {
        idsUnidades.push((await criarUnidade(db, { sigla: `U${i}`, nome: `Unidade de Carga ${i}` })).id);
      }
      for (let i = 1; i <= RELATORIOS; i += 1) {
        await criarUsuario(db, {
          username: `relator${i}`,
          lotacoes: [idsUnidades[0] as number],
          permissoes: ['RELATORIOS'],
        });
      }
      const remetente = await criarUsuario(db, { username: 'remetente', lotacoes: idsUnidades });
      const { id: idTipo } = await db
        .insertInto('tipoDocumento')
        .values({ descricao: 'Ofício', urlDocumentacao: null, observacao: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const primeira = idsUnidades[0] as number;
      // Movements spread over ten years between a few pairs of units (full batches), each summary a few lines long.
      await sql`
      WITH novos AS (
        INSERT INTO documento (numero, numero_digitos, id_tipo_documento, resumo_assunto, id_unidade_procedencia,
          id_unidade_criadora, id_unidade_atual, id_usuario_criador, situacao, estado_processamento)
        SELECT '77777.' || lpad(n::text, 6, '0') || '/2020-00', '77777' || lpad(n::text, 6, '0') || '202000',
          ${idTipo}, 'Solicitação número ' || n || ' de progressão funcional por capacitação, com os certificados '
            || 'dos cursos realizados entre ' || (2000 + n % 25) || ' e ' || (2001 + n % 25) || ', conforme a resolução '
            || n % 97 || ' do conselho universitário, para análise da comissão permanente de pessoal docente ' || n,
          ${primeira} + n % ${UNIDADES}, ${primeira} + n % ${UNIDADES}, ${primeira} + (n * 7) % ${UNIDADES},
          ${remetente.id}, 'ENVIADO', 1
        FROM generate_series(1, ${TRAMITACOES}) AS n
        RETURNING id, id_unidade_procedencia AS origem, id_unidade_atual AS destino
      )
      INSERT INTO tramitacao (id_documento, sequencia, id_unidade_origem, id_unidade_destino, id_usuario_remetente,
        dt_despacho)
      SELECT id, 1, origem, destino, ${remetente.id},
        '2016-01-04 09:00:00-03'::timestamptz + (id % ${TRAMITACOES}) * interval '2 hours'
      FROM novos`.execute(db);
      await sql`ANALYZE`.execute(db);
    },
    120_000,
  );

  it('cinco malotes de dez anos em paralelo: GET /api/mensagens segue respondendo em menos de 1 s', async () => {
    const base = servidor.base;
    const cookies = await Promise.all(Array.from({ length: RELATORIOS }, (_, i) => entrar(base, `relator${i + 1}`)));
    const consulta = `${idsUnidades.map((id) => `idsUnidades=${id}`).join('&')}&inicio=2016-01-01T00:00&fim=2025-12-31T23:59`;

    const inicio = performance.now();
    const { resultado: respostas, tempos } = await sondarDurante(base, () =>
      Promise.all(
        cookies.map(async (cookie) => {
          const resposta = await fetch(`${base}/api/relatorios/malote?${consulta}`, {
            headers: { cookie },
            signal: AbortSignal.timeout(170_000),
          });
          return { status: resposta.status, corpo: Buffer.from(await resposta.arrayBuffer()) };
        }),
      ),
    );
    const duracao = performance.now() - inicio;

    for (const { status, corpo } of respostas) {
      // A report may be turned away cleanly when the pool is full; none fails.
      expect([200, 429, 503]).toContain(status);
      if (status === 200) {
        expect(corpo.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(corpo.subarray(-8).toString('latin1')).toContain('%%EOF');
      }
    }
    expect(respostas.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    // The probe ran the whole time, and no answer waited behind a report.
    expect(tempos.length).toBeGreaterThan(10);
    const p99 = quantil(tempos, 0.99);
    const maior = quantil(tempos, 1);
    const medidas = JSON.stringify({ p99, maior, amostras: tempos.length, duracaoMs: duracao });
    expect(p99, medidas).toBeLessThan(1000);
    expect(maior, medidas).toBeLessThan(2000);
  }, 200_000);
});
