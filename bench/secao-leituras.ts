/**
 * Reads: each API call at 1 and 32 connections against the same SQL, captured from one marked request, replayed on
 * the bare database.
 */
import type pg from 'pg';
import { medirEmTurnos } from './medicao.ts';
import { ms } from './resultados.ts';
import { BASE, CABECALHO_CAPTURA, type ContextoSecao, hojeMais, log } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';

/**
 * The busy unit's postal box as the screen asks for it without filters: the last 30 days of the reference; by date
 * (the default) or, issue 20, by deadline (earliest first, none last).
 */
export function caminhoCaixaPostal(referencia: string, ordem: 'dataEnvio' | 'prazo' = 'dataEnvio'): string {
  const inicioCaixa = hojeMais(referencia, -30);
  const fimCaixa = hojeMais(referencia, 0);
  const ordenacao = ordem === 'prazo' ? 'ordenacao=prazo&direcao=asc' : 'ordenacao=dataEnvio&direcao=desc';
  return `/api/caixa-postal?idUnidadeAtual=${ESPECIAIS.unidadeMovimentada}&dataInicio=${inicioCaixa}&dataFim=${fimCaixa}&pagina=1&tamanhoPagina=20&${ordenacao}`;
}

const NOME_CAIXA_POR_PRAZO = 'caixa postal da unidade movimentada ordenada pelo prazo, 1ª página';

export async function medirLeituras(
  contexto: ContextoSecao,
  opcoes: {
    /** The bare database: a pool as large as the API's. */
    poolPuro: pg.Pool;
    /** The busy unit's box size and a document's number, read before the server started. */
    info: pg.QueryResultRow | undefined;
    segundos: number;
    aquecimento: number;
  },
): Promise<void> {
  const { banco, servidor, resultados } = contexto;
  const { poolPuro, info, segundos, aquecimento } = opcoes;
  const ref = banco.parametros.referencia;
  const nomeCaixa = `caixa postal da unidade movimentada (${info?.caixa} documentos), 1ª página`;
  const leituras: { nome: string; caminho: string; limiteP99: number }[] = [
    { nome: nomeCaixa, caminho: caminhoCaixaPostal(ref), limiteP99: 50 },
    { nome: NOME_CAIXA_POR_PRAZO, caminho: caminhoCaixaPostal(ref, 'prazo'), limiteP99: 50 },
    {
      nome: 'busca por número',
      caminho: `/api/documentos?numeroDocumento=${encodeURIComponent(String(info?.numero))}`,
      limiteP99: 50,
    },
    {
      nome: 'busca por período de criação (1 mês)',
      caminho: `/api/documentos?dataCriacaoInicio=${hojeMais(ref, -400)}&dataCriacaoFim=${hojeMais(ref, -370)}`,
      limiteP99: 50,
    },
    {
      nome: 'busca textual no resumo + período (12 meses)',
      caminho: `/api/documentos?resumoAssunto=congresso&dataCriacaoInicio=${hojeMais(ref, -365)}&dataCriacaoFim=${hojeMais(ref, 0)}`,
      limiteP99: 100,
    },
    {
      nome: 'informações do documento',
      caminho: `/api/documentos/${Math.floor(banco.contagem.documentos / 2) + 1}`,
      limiteP99: 50,
    },
    {
      nome: `histórico do documento de ${ESPECIAIS.tramitacoesDocumentoLongo} tramitações`,
      caminho: `/api/documentos/${ESPECIAIS.documentoLongo}/tramitacoes`,
      limiteP99: 50,
    },
    {
      nome: `peças (${ESPECIAIS.pecasDocumentoLongo}) do documento longo`,
      caminho: `/api/documentos/${ESPECIAIS.documentoLongo}/pecas`,
      limiteP99: 50,
    },
  ];
  // Issue 20: the box sorted by deadline within 1.5× of the same page by date (p50, 32 connections).
  const p50Caixa = new Map<string, number>();
  for (const leitura of leituras) {
    const cabecalhos = { cookie: contexto.cookieProtocolo };
    const teste = await fetch(`${BASE}${leitura.caminho}`, { headers: cabecalhos });
    if (!teste.ok) {
      resultados.adicionar({
        secao: `Leitura: ${leitura.nome}`,
        medida: 'resposta',
        valor: `HTTP ${teste.status}: ${(await teste.text()).slice(0, 200)}`,
        meta: '200',
        situacao: 'falha',
      });
      continue;
    }
    await teste.arrayBuffer();
    const consultas = await servidor.capturar(async () => {
      await (
        await fetch(`${BASE}${leitura.caminho}`, { headers: { ...cabecalhos, [CABECALHO_CAPTURA]: '1' } })
      ).arrayBuffer();
    });
    log(`${leitura.nome}: ${consultas.length} comandos SQL por pedido`);
    if (process.env.BENCH_MOSTRAR_SQL) {
      for (const c of consultas) {
        log(
          `    [${c.inicio.toFixed(1)}–${c.fim.toFixed(1)}] ${c.texto.replace(/\s+/g, ' ').slice(0, 400)} ${JSON.stringify(c.valores).slice(0, 200)}`,
        );
      }
    }
    const pedido = { caminho: leitura.caminho, cabecalhos };
    const { api1, puro1, api32, puro32 } = await medirEmTurnos(BASE, pedido, consultas, {
      poolPuro,
      segundos,
      aquecimento,
    });
    log(
      `  API p50/p99 ${ms(api1.p50)}/${ms(api1.p99)} (1), ${ms(api32.p50)}/${ms(api32.p99)} (32); puro ${ms(puro1.p50)} (1), ${ms(puro32.p50)} (32)`,
    );
    p50Caixa.set(leitura.nome, api32.p50);
    resultados.registrarLeitura({
      nome: leitura.nome,
      api1,
      api32,
      puro1,
      puro32,
      consultas: consultas.length,
      limiteP99: leitura.limiteP99,
    });
  }
  const porData = p50Caixa.get(nomeCaixa);
  const porPrazo = p50Caixa.get(NOME_CAIXA_POR_PRAZO);
  if (porData !== undefined && porPrazo !== undefined) {
    const razao = porPrazo / porData;
    resultados.adicionar({
      secao: `Leitura: ${NOME_CAIXA_POR_PRAZO}`,
      medida: '32 conexões: p50 pelo prazo / p50 por data',
      valor: `${ms(porPrazo)} / ${ms(porData)} = ${razao.toFixed(2)}×`,
      meta: '≤ 1,5×',
      situacao: razao <= 1.5 ? 'ok' : 'falha',
    });
  }
}
