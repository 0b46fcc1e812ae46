/**
 * The daily digest (issue 20) on the generated university, with the server stopped: every active user turns the
 * digest on, one pass reserves the day for all of them (one job each), and each digest is built and queued as the
 * queue's handler does (`enviarResumo`), several at a time as the queue workers of several processes would. The goal:
 * the 5,000 users' digests built in under a minute. Also the home page's counts of the largest box (bare service
 * call, no HTTP). Everything it writes is removed afterwards, so the next run finds the same database.
 */
import { join } from 'node:path';
import { dataEmSaoPaulo } from '@tramite/shared';
import { sql } from 'kysely';
import { abrirBanco } from '../apps/api/src/db/connection.ts';
import {
  contarDaUnidade,
  enviarResumo,
  type ResultadoResumo,
  reservarResumosDoDia,
  TAREFA_RESUMO_DIARIO,
} from '../apps/api/src/features/resumo-diario/service.ts';
import type { BancoPreparado } from './banco.ts';
import { marca, mediana, ms, type Resultados } from './resultados.ts';
import { log } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';

const SECAO = 'Resumo diário';
/** Users measured: below scale 1 the university has fewer, and the measure adds the rest (removed afterwards). */
const USUARIOS = 5_000;
const PREFIXO_EXTRAS = 'bench_resumo_';
/** Digests built at once: as many as the API's pool has connections. */
const PARALELOS = 8;
const META_SEGUNDOS = 60;

const percentil = (valores: number[], p: number) => {
  const o = [...valores].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.floor((o.length * p) / 100))] ?? Number.NaN;
};

export async function medirResumoDiario(banco: BancoPreparado, resultados: Resultados): Promise<void> {
  const conexao = await abrirBanco(
    banco.urlBanco
      ? { tipo: 'postgres', url: banco.urlBanco }
      : { tipo: 'pglite', dataDir: join(banco.dataDir, 'pglite') },
  );
  const db = conexao.db;
  // The generated history ends at the reference: the digest of that day sees its arrivals and deadlines.
  const agora = new Date(banco.parametros.referencia || Date.now());
  const dia = dataEmSaoPaulo(agora);
  const limpar = async () => {
    await sql`DELETE FROM email_saida WHERE assunto LIKE 'Resumo diário do Trâmite%'`.execute(db);
    await sql`DELETE FROM job WHERE tipo = 'enviar-email' AND NOT EXISTS (SELECT 1 FROM email_saida e WHERE e.id_job = job.id)`.execute(
      db,
    );
    await sql`DELETE FROM job WHERE tipo = ${TAREFA_RESUMO_DIARIO}`.execute(db);
    await sql`DELETE FROM resumo_diario_envio`.execute(db);
    await sql`UPDATE usuario SET resumo_diario_horario = NULL WHERE resumo_diario_horario IS NOT NULL`.execute(db);
    // The extra users are referred to by nothing else now; without replication role each deleted row would check
    // every table that refers to usuario (most by columns without an index): minutes instead of milliseconds.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`DELETE FROM lotacao WHERE id_usuario IN (SELECT id FROM usuario WHERE username LIKE ${`${PREFIXO_EXTRAS}%`})`.execute(
        trx,
      );
      await sql`DELETE FROM usuario WHERE username LIKE ${`${PREFIXO_EXTRAS}%`}`.execute(trx);
    });
  };
  try {
    await limpar();
    // Extra users, lotados round-robin in the units as the generator lots its own, up to USUARIOS.
    const { rows } = await sql<{ n: number; maximo: number; unidades: number }>`
      SELECT (SELECT count(*) FROM usuario WHERE ativo AND email IS NOT NULL)::int AS n,
        (SELECT max(id) FROM usuario)::int AS maximo, (SELECT max(id) FROM unidade)::int AS unidades`.execute(db);
    const { n = 0, maximo = 0, unidades = 1 } = rows[0] ?? {};
    const extras = Math.max(0, USUARIOS - n);
    if (extras > 0) {
      await sql`INSERT INTO usuario (id, username, nome, senha_hash, email, id_unidade_atual)
        SELECT ${maximo} + x, ${PREFIXO_EXTRAS} || x, 'Usuário do resumo ' || x, 'x', ${PREFIXO_EXTRAS} || x || '@bench.example',
          (x - 1) % ${unidades} + 1
        FROM generate_series(1, ${extras}) x`.execute(db);
      await sql`INSERT INTO lotacao (id_usuario, id_unidade)
        SELECT ${maximo} + x, (x - 1) % ${unidades} + 1 FROM generate_series(1, ${extras}) x`.execute(db);
      log(`resumo diário: ${extras} usuários acrescentados para a medida (${n} na universidade gerada)`);
    }
    await sql`UPDATE usuario SET resumo_diario_horario = '00:00' WHERE ativo AND email IS NOT NULL`.execute(db);

    const inicio = performance.now();
    const { reservados } = await reservarResumosDoDia(db, agora);
    const reserva = performance.now() - inicio;
    const jobs = await db.selectFrom('job').select('payload').where('tipo', '=', TAREFA_RESUMO_DIARIO).execute();
    const alvos = jobs.map((j) => j.payload as { idUsuario: number; dia: string });
    const tempos: number[] = [];
    const porResultado: Record<ResultadoResumo, number> = { ENVIADO: 0, SEM_CONTEUDO: 0, DESLIGADO: 0, JA_ENVIADO: 0 };
    let proximo = 0;
    const trabalhador = async () => {
      for (let alvo = alvos[proximo++]; alvo; alvo = alvos[proximo++]) {
        const t0 = performance.now();
        porResultado[await enviarResumo(db, alvo, { urlPublica: 'https://tramite.bench.example' })]++;
        tempos.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: banco.urlBanco ? PARALELOS : 1 }, trabalhador));
    const total = (performance.now() - inicio) / 1000;
    log(
      `resumo diário: ${reservados} usuários em ${total.toFixed(1)} s (reserva ${ms(reserva)}; ` +
        `${porResultado.ENVIADO} e-mails, ${porResultado.SEM_CONTEUDO} sem conteúdo)`,
    );
    resultados.adicionar({
      secao: SECAO,
      medida:
        `${reservados} usuários${extras ? ` (${extras} acrescentados à universidade gerada)` : ''}: reserva do dia e ` +
        `montagem de todos os resumos (${banco.urlBanco ? PARALELOS : 1} por vez)`,
      valor: `${total.toFixed(1)} s`,
      meta: `< ${META_SEGUNDOS} s`,
      situacao: marca(total < META_SEGUNDOS && reservados === alvos.length),
    });
    resultados.adicionar({
      secao: SECAO,
      medida: 'reserva (uma instrução) / montagem de um resumo p50 / p99',
      valor: `${ms(reserva)} / ${ms(mediana(tempos))} / ${ms(percentil(tempos, 99))}`,
      meta: '—',
      situacao: 'info',
    });
    resultados.adicionar({
      secao: SECAO,
      medida: 'e-mails na fila / sem nada a dizer',
      valor: `${porResultado.ENVIADO} / ${porResultado.SEM_CONTEUDO}`,
      meta: '—',
      situacao: 'info',
    });

    // The home page's counts of the largest box (its 20,000 documents), as GET resumo-diario/contagens runs them.
    const unidade = ESPECIAIS.unidadeMovimentada;
    const usuario = {
      id: 0,
      username: '',
      idSessao: '',
      idUnidadeAtual: unidade,
      idPessoa: null,
      permissoes: [],
      lotacoes: [unidade],
    };
    const contagens: number[] = [];
    let ultima = await contarDaUnidade(db, usuario, unidade, dia);
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      ultima = await contarDaUnidade(db, usuario, unidade, dia);
      contagens.push(performance.now() - t0);
    }
    resultados.adicionar({
      secao: SECAO,
      medida: `contagens da página inicial na unidade movimentada (${ultima.venceHoje} vencem hoje, ${ultima.vencidos} vencidos, ${ultima.retornosVencidos} retornos) p50 / p99`,
      valor: `${ms(mediana(contagens))} / ${ms(percentil(contagens, 99))}`,
      meta: 'p99 < 100 ms',
      situacao: marca(percentil(contagens, 99) < 100),
    });
  } finally {
    await limpar().catch(() => {});
    await conexao.fechar();
  }
}
