/** Reports: the malote of the expedition unit over 60 days, to the last byte, against a budget per row. */
import { performance } from 'node:perf_hooks';
import type { BancoPreparado } from './banco.ts';
import { mediana, ms, type Resultados } from './resultados.ts';
import { BASE, type ContextoSecao, comBanco, hojeMais } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';

/** Budget of the malote report: 0.75 ms per row (20,000 rows in 15 s). */
const MS_POR_LINHA_MALOTE = 0.75;

export type MedidaMalote = Awaited<ReturnType<typeof medirMalote>>;

/** `temMalote`: the server has the report's route (an older build may not). */
export async function medirMalote(contexto: ContextoSecao, temMalote: boolean) {
  const ref = contexto.banco.parametros.referencia;
  const malote = {
    tempos: [] as number[],
    bytes: 0,
    erro: null as string | null,
    inicio: `${hojeMais(ref, -130)}T00:00`,
    fim: `${hojeMais(ref, -70)}T00:00`,
    temMalote,
  };
  if (!temMalote || !contexto.rodar('relatorios')) return malote;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = await fetch(
      `${BASE}/api/relatorios/malote?idsUnidades=${ESPECIAIS.unidadeMalote}&inicio=${malote.inicio}&fim=${malote.fim}`,
      { headers: { cookie: contexto.cookieProtocolo } },
    );
    const corpo = await r.arrayBuffer();
    if (r.status !== 200) {
      malote.erro = `HTTP ${r.status}: ${Buffer.from(corpo).toString('utf8').slice(0, 200)}`;
      break;
    }
    malote.tempos.push(performance.now() - t0);
    malote.bytes = corpo.byteLength;
  }
  return malote;
}

/** With the server stopped: the rows the report covers, counted on the database, set its budget. */
export async function registrarMalote(banco: BancoPreparado, malote: MedidaMalote, resultados: Resultados) {
  if (!malote.temMalote) {
    resultados.adicionar({
      secao: 'Relatórios',
      medida: 'malote',
      valor: 'rota GET relatorios/malote ausente',
      meta: 'medir',
      situacao: 'indisponível',
    });
    return;
  }
  const [contagemMalote] = await comBanco(banco, (q) =>
    q(`SELECT count(*)::int AS n FROM tramitacao WHERE id_unidade_origem = ${ESPECIAIS.unidadeMalote}
        AND id_tramitacao_principal IS NULL
        AND dt_despacho >= ('${malote.inicio}'::timestamp AT TIME ZONE 'America/Sao_Paulo')
        AND dt_despacho < ('${malote.fim}'::timestamp AT TIME ZONE 'America/Sao_Paulo')`),
  );
  // The report's budget (issue 9): 20,000 rows in 15 s, whatever the range, as a cost per row.
  const orcamentoMalote = (contagemMalote?.n ?? 0) * MS_POR_LINHA_MALOTE;
  resultados.adicionar({
    secao: 'Relatórios',
    medida: `malote de ${contagemMalote?.n ?? '?'} tramitações (GET relatorios/malote): tempo até o último byte, mediana de 3`,
    valor: malote.erro ?? `${ms(mediana(malote.tempos))} (${(malote.bytes / 2 ** 20).toFixed(1)} MiB de PDF)`,
    meta: `≤ ${ms(orcamentoMalote)} (${MS_POR_LINHA_MALOTE} ms por linha)`,
    situacao: malote.erro || mediana(malote.tempos) > orcamentoMalote ? 'falha' : 'ok',
  });
}
