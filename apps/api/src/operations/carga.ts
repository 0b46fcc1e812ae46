import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import {
  autuar,
  type CenarioDemo,
  entrar,
  enviarJson,
  enviarPeca,
  obter,
  pdfUnico,
  type Resposta,
  receber,
  tramitar,
} from './processos.ts';

/**
 * A realistic mix for the operation tests and `npm run soak` (issue 12): each connection loops over searches,
 * postal boxes and document details, and moves a document of its own around (open, upload a peça, send to the
 * other unit, receive there, upload, ask for its consolidated PDF, send back...). ana works in PROT, bruno in
 * PROGRAD; every request goes to the next of the given servers.
 */

export interface Estatisticas {
  /** operation → status → count; status 0 is a request that got no answer (connection refused or reset). */
  porOperacao: Record<string, Record<number, number>>;
  total: number;
  erros5xx: number;
  semResposta: number;
  /** The first few 5xx answers, for the report. */
  exemplos5xx: string[];
  duracoesMs: number[];
}

export function novasEstatisticas(): Estatisticas {
  return { porOperacao: {}, total: 0, erros5xx: 0, semResposta: 0, exemplos5xx: [], duracoesMs: [] };
}

export interface OpcoesCarga {
  servidores: string[];
  cenario: CenarioDemo;
  conexoes: number;
  /** The load stops when this answers true (checked before each request). */
  parar: () => boolean;
  estatisticas?: Estatisticas;
  /** Fraction of the steps that are writes (the rest are reads); 0.25 by default. */
  fracaoEscrita?: number;
  /** Called with each answer (to check its shape, for instance). */
  aoResponder?: (operacao: string, resposta: Resposta) => void;
}

type Papel = 'ana' | 'bruno';

interface EstadoDocumento {
  id: number | null;
  /** Who holds it now, and whether that unit already received it (or created it). */
  com: Papel;
  pendente: boolean;
  pecas: number[];
}

const hoje = () => new Date().toISOString().slice(0, 10);

export async function executarCarga(opcoes: OpcoesCarga): Promise<Estatisticas> {
  const estatisticas = opcoes.estatisticas ?? novasEstatisticas();
  const fracaoEscrita = opcoes.fracaoEscrita ?? 0.25;
  const { cenario } = opcoes;
  let proximo = 0;
  const servidor = () => opcoes.servidores[proximo++ % opcoes.servidores.length] as string;
  const base0 = opcoes.servidores[0] as string;
  const sessoes: Record<Papel, string> = { ana: await entrar(base0, 'ana'), bruno: await entrar(base0, 'bruno') };
  const unidade: Record<Papel, number> = { ana: cenario.prot, bruno: cenario.prograd };
  const conhecidos: number[] = [];
  const pdfs = await Promise.all(Array.from({ length: 4 }, () => pdfUnico()));
  let contador = 0;

  const registrar = async (operacao: string, pedido: (base: string) => Promise<Resposta>): Promise<Resposta> => {
    const inicio = performance.now();
    let resposta: Resposta;
    try {
      resposta = await pedido(servidor());
    } catch {
      resposta = { status: 0, corpo: null, cabecalhos: new Headers() };
      estatisticas.semResposta++;
    }
    estatisticas.duracoesMs.push(performance.now() - inicio);
    estatisticas.total++;
    const porStatus = estatisticas.porOperacao[operacao] ?? {};
    estatisticas.porOperacao[operacao] = porStatus;
    porStatus[resposta.status] = (porStatus[resposta.status] ?? 0) + 1;
    if (resposta.status >= 500) {
      estatisticas.erros5xx++;
      if (estatisticas.exemplos5xx.length < 10) {
        estatisticas.exemplos5xx.push(`${operacao} ${resposta.status} ${JSON.stringify(resposta.corpo).slice(0, 300)}`);
      }
    }
    opcoes.aoResponder?.(operacao, resposta);
    return resposta;
  };

  const ler = async (papel: Papel) => {
    const sorteio = Math.random();
    if (sorteio < 0.4) {
      await registrar('busca', (b) =>
        obter(
          b,
          `/documentos?resumoAssunto=Carga&dataCriacaoInicio=2000-01-01&dataCriacaoFim=${hoje()}&tamanhoPagina=20`,
          sessoes[papel],
        ),
      );
    } else if (sorteio < 0.75) {
      await registrar('caixa-postal', (b) =>
        obter(b, `/caixa-postal?dataInicio=2000-01-01&dataFim=${hoje()}`, sessoes[papel]),
      );
    } else {
      const id = conhecidos[Math.floor(Math.random() * conhecidos.length)];
      if (id !== undefined) await registrar('detalhe', (b) => obter(b, `/documentos/${id}`, sessoes[papel]));
    }
  };

  const outro = (papel: Papel): Papel => (papel === 'ana' ? 'bruno' : 'ana');

  /** One step of the connection's own document; an unexpected answer starts a new document. */
  const escrever = async (doc: EstadoDocumento) => {
    if (doc.id === null) {
      const r = await registrar('autuar', (b) =>
        autuar(b, sessoes.ana, cenario, `Carga de operação ${++contador}`).then(
          (id) => ({ status: 201, corpo: { idDocumento: id }, cabecalhos: new Headers() }),
          (erro: Error) => {
            const status = Number(/falhou: (\d+)/.exec(erro.message)?.[1] ?? 0);
            if (status === 0) throw erro;
            return { status, corpo: erro.message, cabecalhos: new Headers() };
          },
        ),
      );
      if (r.status !== 201) return;
      const novo = (r.corpo as { idDocumento: number }).idDocumento;
      Object.assign(doc, { id: novo, com: 'ana', pendente: false, pecas: [] });
      conhecidos.push(novo);
      if (conhecidos.length > 500) conhecidos.shift();
      return;
    }
    const id = doc.id;
    if (doc.pendente) {
      const r = await registrar('receber', (b) => receber(b, sessoes[doc.com], id));
      if (r.status === 200) doc.pendente = false;
      else doc.id = null;
      return;
    }
    const sorteio = Math.random();
    if (doc.pecas.length === 0 || sorteio < 0.4) {
      const pdf = pdfs[contador++ % pdfs.length] as Buffer;
      // A new file each time: the same bytes with a different trailer comment.
      const unico = Buffer.concat([pdf, Buffer.from(`\n%${Date.now()}-${Math.random()}\n`)]);
      const r = await registrar('enviar-peca', (b) => enviarPeca(b, sessoes[doc.com], id, unico));
      if (r.status === 201) doc.pecas.push((r.corpo as { idAnexo: number }).idAnexo);
      else doc.id = null;
      return;
    }
    if (sorteio < 0.55) {
      // Consolidations are limited to 3 in progress per requester (429): a refusal is a normal answer.
      await registrar('consolidar', (b) =>
        enviarJson(b, `/consolidacao/${id}/PDF`, doc.pecas.slice(-5), sessoes[doc.com]),
      );
      return;
    }
    const destino = outro(doc.com);
    const r = await registrar('tramitar', (b) => tramitar(b, sessoes[doc.com], cenario, id, unidade[destino]));
    if (r.status === 201) Object.assign(doc, { com: destino, pendente: true });
    else doc.id = null;
  };

  const conexao = async (indice: number) => {
    const doc: EstadoDocumento = { id: null, com: 'ana', pendente: false, pecas: [] };
    const papel: Papel = indice % 2 ? 'bruno' : 'ana';
    while (!opcoes.parar()) {
      if (Math.random() < fracaoEscrita) await escrever(doc);
      else await ler(papel);
    }
  };
  await Promise.all(Array.from({ length: opcoes.conexoes }, (_, i) => conexao(i)));
  return estatisticas;
}

/** Resident memory of a process in bytes (Linux /proc), or null when it cannot be read. */
export async function memoriaResidente(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export function percentil(valores: number[], p: number): number {
  if (valores.length === 0) return Number.NaN;
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))] as number;
}
