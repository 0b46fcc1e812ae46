import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { abrirBanco } from '../connection.ts';
import { migrarParaUltima } from '../migrator.ts';
import { semearDemo } from './index.ts';

const { db, fechar } = await abrirBanco({ tipo: 'pglite', dataDir: null });
await migrarParaUltima(db);
const raiz = await mkdtemp(join(tmpdir(), 'seed-'));
await semearDemo(db, { armazenamento: new ArmazenamentoArquivos(raiz), nupFormato: 'nup17' });
const q = async (s: string) => {
  const r = await sql.raw(s).execute(db);
  console.log(s);
  console.table(r.rows);
};
await q(`select situacao, estado_processamento, count(*) from documento group by 1,2 order by 1,2`);
await q(`select count(distinct id_documento) docs_com_pecas, count(*) from peca`);
await q(
  `select extract(year from data_criacao at time zone 'America/Sao_Paulo') ano, count(*) from documento group by 1 order by 1`,
);
await q(
  `select d.id, d.numero, u.sigla, t.descricao tipo, d.situacao, d.estado_processamento ep, d.estado_origem eo, to_char(d.data_criacao at time zone 'America/Sao_Paulo','YYYY-MM-DD HH24:MI Dy') criacao, d.resumo_assunto from documento d join unidade u on u.id=d.id_unidade_atual join tipo_documento t on t.id=d.id_tipo_documento where d.id % 13 = 0 order by d.id`,
);
await q(
  `select t.sequencia, o.sigla origem, de.sigla destino, p.descricao passo, to_char(t.dt_despacho at time zone 'America/Sao_Paulo','YYYY-MM-DD HH24:MI Dy') desp, to_char(t.dt_recebimento at time zone 'America/Sao_Paulo','YYYY-MM-DD HH24:MI') rec, t.despacho, t.nivel_acesso from tramitacao t join unidade o on o.id=t.id_unidade_origem join unidade de on de.id = t.id_unidade_destino join passo p on p.id=t.id_passo where id_documento=129 order by sequencia`,
);
await q(
  `select p.id_documento, p.sequencial, p.sequencia_tramitacao st, p.situacao_tramitacao s, p.situacao_vinculo v, p.tipo_copia tc, p.nivel_acesso na, p.descricao, a.nome from peca p join anexo a on a.id=p.id_anexo where id_documento in (28, 73, 129, 297) order by 1,2`,
);
await q(
  `select id, resumo_assunto from documento where resumo_tsv @@ websearch_to_tsquery('public.portugues_sem_acento', 'oficios') limit 5`,
);
await q(
  `select count(*) filter (where resumo_tsv @@ websearch_to_tsquery('public.portugues_sem_acento', 'licitacao')) lic, count(*) filter (where resumo_tsv @@ websearch_to_tsquery('public.portugues_sem_acento', 'diarias')) dia from documento`,
);
await q(`select * from sequencia_nup order by codigo_unidade, ano`);
await q(`select p.descricao, count(*) from tramitacao t join passo p on p.id=t.id_passo group by 1 order by 2 desc`);
await fechar();
