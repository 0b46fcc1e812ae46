/**
 * Issue 22, "Painel": the home page's counts of the busy unit (GET /api/painel/inicio) and each chart of the Painel
 * over the 12 months before the reference, for the busy unit (its user) and for the whole institution (a user with
 * PAINEL_INSTITUCIONAL), at 1 and 32 connections next to the same SQL on the bare database (captured from one marked
 * request, as the reads). Goals, p50 at 1 connection: home counts ≤ 30 ms, a unit's chart ≤ 150 ms, the
 * institution's ≤ 1 s.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { BancoPreparado } from './banco.ts';
import { type Estatisticas, medirApiAoLadoDoSql } from './medicao.ts';
import { marca, ms, type Resultados } from './resultados.ts';
import { BASE, CABECALHO_CAPTURA, type ContextoSecao, comBanco, entrar, hojeMais, log } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';

/** The institution's user: the Reitoria's first user, granted PAINEL_INSTITUCIONAL by `prepararPainel`. */
const USUARIO_INSTITUCIONAL = { id: 1, username: 'usuario1' } as const;

const META_INICIO = 30;
const META_UNIDADE = 150;
const META_INSTITUICAO = 1000;
/** A request slower than this alone is measured at 1 connection only, over a few requests. */
const LENTO_MS = 1000;

interface MedidaPainel {
  nome: string;
  meta: number;
  /** What the answer says, in a few words (the sanity of what was measured). */
  resposta: string;
  api1: Estatisticas;
  puro1: Estatisticas;
  /** Not measured (null) when one request takes over LENTO_MS. */
  api32: Estatisticas | null;
  puro32: Estatisticas | null;
  consultas: number;
}

export interface ResultadoPainel {
  medidas: MedidaPainel[];
  erros: { medida: string; erro: string }[];
}

/**
 * The unit where the most stays ended in the 12 months (sendings of what it had received; migration 0025's
 * dt_recebimento_origem), and a user of it: the busy unit only receives and holds, the malote unit only sends.
 */
export interface PreparoPainel {
  unidadePermanencias: { id: number; username: string; permanencias: number } | null;
}

/**
 * Before the server starts: the institution's user gets PAINEL_INSTITUCIONAL (idempotent; the generator's rows stay
 * as they are, so its version does not change); the unit that sent the most in the period, whose stays end there.
 */
export async function prepararPainel(banco: BancoPreparado): Promise<PreparoPainel> {
  const ref = banco.parametros.referencia;
  return comBanco(banco, async (q) => {
    await q(`INSERT INTO usuario_permissao (id_usuario, permissao)
      SELECT ${USUARIO_INSTITUCIONAL.id}, 'PAINEL_INSTITUCIONAL' WHERE NOT EXISTS (
        SELECT 1 FROM usuario_permissao WHERE id_usuario = ${USUARIO_INSTITUCIONAL.id} AND permissao = 'PAINEL_INSTITUCIONAL')`);
    const [linha] = await q(`SELECT t.id_unidade_origem AS id, count(*)::int AS permanencias,
        (SELECT u.username FROM usuario u JOIN lotacao l ON l.id_usuario = u.id
          WHERE l.id_unidade = t.id_unidade_origem AND u.id_unidade_atual = t.id_unidade_origem ORDER BY u.id LIMIT 1) AS username
      FROM tramitacao t
      WHERE t.dt_despacho >= '${ref}'::timestamptz - interval '365 days' AND t.dt_cancelamento IS NULL
        AND t.dt_recebimento_origem IS NOT NULL
      GROUP BY t.id_unidade_origem ORDER BY 2 DESC LIMIT 1`);
    return {
      unidadePermanencias: linha?.username
        ? { id: Number(linha.id), username: String(linha.username), permanencias: Number(linha.permanencias) }
        : null,
    };
  });
}

type Corpo = Record<string, unknown>;
const soma = (lista: unknown, campo: string) =>
  Array.isArray(lista) ? lista.reduce((s: number, x: Corpo) => s + Number(x[campo] ?? 0), 0) : 0;
const tamanho = (lista: unknown) => (Array.isArray(lista) ? lista.length : 0);

/** A few words on each answer: that the measured request did the work (not an empty or refused answer). */
function resumir(rota: string, corpo: Corpo): string {
  switch (rota) {
    case 'inicio': {
      const c = (corpo.contagens ?? {}) as Corpo;
      return `aguardando ${c.aguardando}, não lidos ${c.naoLidos}, urgentes ${c.urgentes}, vencem hoje ${c.venceHoje}, vencidos ${c.vencidos}; ${tamanho(corpo.recentes)} recentes`;
    }
    case 'movimento':
      return `${tamanho(corpo.semanas)} semanas, ${soma(corpo.semanas, 'recebidos')} recebidos, ${soma(corpo.semanas, 'enviados')} enviados`;
    case 'permanencia':
      return `${tamanho(corpo.tipos)} tipos, ${soma(corpo.tipos, 'permanencias')} permanências`;
    case 'idade':
      return `${soma(corpo.faixas, 'documentos')} documentos detidos (${((corpo.faixas ?? []) as Corpo[]).map((f) => f.documentos).join(' / ')})`;
    case 'assuntos':
      return `${tamanho(corpo.assuntos)} assuntos, ${soma(corpo.assuntos, 'documentos')} documentos`;
    case 'unidades-antigas': {
      const primeira = ((corpo.unidades ?? []) as Corpo[])[0];
      return `${tamanho(corpo.unidades)} unidades; a primeira detém um de ${primeira?.maisAntigoDias ?? '?'} dias`;
    }
    default:
      return '';
  }
}

export async function medirPainel(
  contexto: ContextoSecao,
  opcoes: { poolPuro: pg.Pool; segundos: number; aquecimento: number; preparo: PreparoPainel },
): Promise<ResultadoPainel> {
  const { banco, servidor } = contexto;
  const ref = banco.parametros.referencia;
  const resultado: ResultadoPainel = { medidas: [], erros: [] };
  const periodo = `dataInicio=${hojeMais(ref, -365)}&dataFim=${hojeMais(ref, 0)}`;
  let cookieInstituicao: string | null = null;
  try {
    cookieInstituicao = await entrar(USUARIO_INSTITUCIONAL.username);
  } catch (erro) {
    resultado.erros.push({ medida: `login de ${USUARIO_INSTITUCIONAL.username}`, erro: String(erro) });
  }
  const outra = opcoes.preparo.unidadePermanencias;
  let cookieOutra: string | null = null;
  if (outra) {
    try {
      cookieOutra = await entrar(outra.username);
    } catch (erro) {
      resultado.erros.push({ medida: `login de ${outra.username}`, erro: String(erro) });
    }
  }
  const unidade = `unidade movimentada (${ESPECIAIS.usuarioMovimentada})`;
  const instituicao = `instituição (${USUARIO_INSTITUCIONAL.username}, PAINEL_INSTITUCIONAL)`;
  const u = ESPECIAIS.unidadeMovimentada;
  const pedidos: { nome: string; rota: string; caminho: string; cookie: string | null; meta: number }[] = [
    {
      nome: `página inicial: contagens e recentes, ${unidade}`,
      rota: 'inicio',
      caminho: `/api/painel/inicio?idUnidade=${u}`,
      cookie: contexto.cookieProtocolo,
      meta: META_INICIO,
    },
    ...(['movimento', 'permanencia', 'idade', 'assuntos'] as const).map((rota) => ({
      nome: `${rota}, ${unidade}, 12 meses`,
      rota,
      caminho: `/api/painel/${rota}?idUnidade=${u}&${periodo}`,
      cookie: contexto.cookieProtocolo,
      meta: META_UNIDADE,
    })),
    ...(outra
      ? (['movimento', 'permanencia'] as const).map((rota) => ({
          nome: `${rota}, unidade com mais permanências (${outra.id}, ${outra.username}), 12 meses`,
          rota,
          caminho: `/api/painel/${rota}?idUnidade=${outra.id}&${periodo}`,
          cookie: cookieOutra,
          meta: META_UNIDADE,
        }))
      : []),
    ...(['movimento', 'permanencia', 'idade', 'assuntos', 'unidades-antigas'] as const).map((rota) => ({
      nome: `${rota}, ${instituicao}, 12 meses`,
      rota,
      caminho: `/api/painel/${rota}?${periodo}`,
      cookie: cookieInstituicao,
      meta: META_INSTITUICAO,
    })),
  ];
  for (const pedido of pedidos) {
    if (!pedido.cookie) continue;
    const cabecalhos = { cookie: pedido.cookie };
    const teste = await fetch(`${BASE}${pedido.caminho}`, { headers: cabecalhos });
    const texto = await teste.text();
    // Timed on a second request: the first one after the server started also pays for its warm-up.
    const t0 = performance.now();
    await (await fetch(`${BASE}${pedido.caminho}`, { headers: cabecalhos })).arrayBuffer();
    const lento = performance.now() - t0 > LENTO_MS;
    if (!teste.ok) {
      resultado.erros.push({ medida: pedido.nome, erro: `HTTP ${teste.status}: ${texto.slice(0, 200)}` });
      continue;
    }
    const consultas = await servidor.capturar(async () => {
      await (
        await fetch(`${BASE}${pedido.caminho}`, { headers: { ...cabecalhos, [CABECALHO_CAPTURA]: '1' } })
      ).arrayBuffer();
    });
    if (process.env.BENCH_MOSTRAR_SQL) {
      for (const c of consultas) {
        log(`    ${c.texto.replace(/\s+/g, ' ').slice(0, 600)} ${JSON.stringify(c.valores).slice(0, 200)}`);
      }
    }
    const { api1, puro1, api32, puro32 } = await medirApiAoLadoDoSql(
      BASE,
      { caminho: pedido.caminho, cabecalhos },
      consultas,
      { ...opcoes, lento },
    );
    const resposta = resumir(pedido.rota, JSON.parse(texto) as Corpo);
    log(
      `painel: ${pedido.nome}: ${resposta}; API p50 ${ms(api1.p50)} (1) ${ms(api32?.p50 ?? Number.NaN)} (32); SQL ${ms(puro1.p50)} (1) ${ms(puro32?.p50 ?? Number.NaN)} (32); ${consultas.length} comandos`,
    );
    resultado.medidas.push({
      nome: pedido.nome,
      meta: pedido.meta,
      resposta,
      api1,
      puro1,
      api32,
      puro32,
      consultas: consultas.length,
    });
  }
  return resultado;
}

export function registrarPainel(r: ResultadoPainel, resultados: Resultados): void {
  const secao = 'Painel';
  for (const m of r.medidas) {
    const nome = `${secao}: ${m.nome}`;
    resultados.adicionar({
      secao: nome,
      medida: `resposta; ${m.consultas} comandos SQL por pedido`,
      valor: m.resposta,
      meta: '—',
      situacao: 'info',
    });
    resultados.adicionar({
      secao: nome,
      medida: '1 conexão: API p50 / p99; SQL puro p50 / p99',
      valor: `${ms(m.api1.p50)} / ${ms(m.api1.p99)}; ${ms(m.puro1.p50)} / ${ms(m.puro1.p99)}`,
      meta: `p50 ≤ ${m.meta} ms`,
      situacao: marca(m.api1.p50 <= m.meta && m.api1.erros === 0),
    });
    resultados.adicionar({
      secao: nome,
      medida: '32 conexões: API p50 / p99 / req/s; SQL puro p50 / p99 / req/s',
      valor:
        m.api32 && m.puro32
          ? `${ms(m.api32.p50)} / ${ms(m.api32.p99)} / ${m.api32.rps.toFixed(0)}${m.api32.erros ? ` (${m.api32.erros} erros)` : ''}; ${ms(m.puro32.p50)} / ${ms(m.puro32.p99)} / ${m.puro32.rps.toFixed(0)}`
          : `não medido: um pedido sozinho passa de ${LENTO_MS} ms`,
      meta: '—',
      situacao: m.api32 && m.api32.erros > 0 ? 'falha' : 'info',
    });
  }
  for (const e of r.erros) {
    resultados.adicionar({
      secao: `${secao}: ${e.medida}`,
      medida: 'medição',
      valor: e.erro.slice(0, 300),
      meta: '—',
      situacao: 'falha',
    });
  }
}
