/**
 * Files: a 50 MiB upload against fs.copyFile on the same disk, and a consolidation of the document with the
 * consolidation PDFs against qpdf joining the same files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, openAsBlob } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gerarArquivoGrande } from './arquivos.ts';
import type { BancoPreparado } from './banco.ts';
import { marca, mediana, ms, type Resultados } from './resultados.ts';
import { BASE, type ContextoSecao, log, XRW } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';

function garantirQpdf(): boolean {
  if (existsSync('/usr/bin/qpdf')) return true;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    log('Instalando o qpdf (apt-get install qpdf)...');
    const ambiente = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: ambiente });
    spawnSync('apt-get', ['install', '-y', '-qq', 'qpdf'], { stdio: 'inherit', env: ambiente });
  }
  return existsSync('/usr/bin/qpdf');
}

/** Six uploads of the same 50 MiB PDF to the volumous document (the first one warms up), each against a copy. */
async function medirEnvios(contexto: ContextoSecao) {
  const { banco } = contexto;
  const arquivoGrande = join(banco.dataDir, 'bench-upload-50mib.pdf');
  if (!existsSync(arquivoGrande) || (await stat(arquivoGrande)).size !== 50 * 2 ** 20) {
    await gerarArquivoGrande(arquivoGrande, 50 * 2 ** 20, banco.parametros.semente);
  }
  const tempos = { upload: [] as number[], copia: [] as number[] };
  let erro: string | null = null;
  for (let i = 0; i < (contexto.rodar('arquivos') ? 6 : 0); i++) {
    const formulario = new FormData();
    formulario.set('tipoCopia', 'N');
    formulario.set('nivelAcesso', 'P');
    formulario.set('descricao', `Envio volumoso ${i + 1} do benchmark`);
    formulario.set('arquivo', await openAsBlob(arquivoGrande, { type: 'application/pdf' }), 'volumoso.pdf');
    const t0 = performance.now();
    const resposta = await fetch(`${BASE}/api/documentos/${ESPECIAIS.documentoVolumoso}/anexos`, {
      method: 'POST',
      headers: { cookie: contexto.cookieRecebedor, ...XRW },
      body: formulario,
    });
    const texto = await resposta.text();
    const t = performance.now() - t0;
    if (resposta.status !== 201) {
      erro = `HTTP ${resposta.status}: ${texto.slice(0, 200)}`;
      break;
    }
    const destino = join(banco.dataDir, `bench-copia-${i}.pdf`);
    const c0 = performance.now();
    await copyFile(arquivoGrande, destino);
    const c = performance.now() - c0;
    await rm(destino, { force: true });
    if (i > 0) {
      tempos.upload.push(t);
      tempos.copia.push(c);
    }
  }
  return { tempos, erro };
}

/** Three consolidations (each leaving out another peça: an identical request would reuse the finished PDF). */
async function medirConsolidacoes(contexto: ContextoSecao) {
  const consolidacao = {
    api: [] as number[],
    download: [] as number[],
    erro: null as string | null,
    paginas: 0,
  };
  const cookie = contexto.cookieProtocolo;
  const anexos = (await (
    await fetch(`${BASE}/api/documentos/${ESPECIAIS.documentoConsolidacao}/anexos`, { headers: { cookie } })
  ).json()) as { idAnexo: number }[];
  for (let i = 0; i < 3 && !consolidacao.erro; i++) {
    const t0 = performance.now();
    const pedido = await fetch(`${BASE}/api/consolidacao/${ESPECIAIS.documentoConsolidacao}/PDF`, {
      method: 'POST',
      headers: { cookie, ...XRW, 'content-type': 'application/json' },
      // An identical request reuses the finished PDF (issue 17): each run leaves out a different peça.
      body: JSON.stringify(anexos.filter((_, j) => j !== i).map((a) => a.idAnexo)),
    });
    if (pedido.status !== 202) {
      consolidacao.erro = `HTTP ${pedido.status}: ${(await pedido.text()).slice(0, 200)}`;
      break;
    }
    const { uuid } = (await pedido.json()) as { uuid: string };
    for (;;) {
      const estado = (await (
        await fetch(`${BASE}/api/consolidacao`, {
          method: 'POST',
          headers: { cookie, ...XRW, 'content-type': 'application/json' },
          body: JSON.stringify([uuid]),
        })
      ).json()) as { estado: string; paginas?: number | null }[];
      const e = estado[0]?.estado;
      if (e === 'CONCLUIDA') {
        consolidacao.paginas = estado[0]?.paginas ?? 0;
        break;
      }
      if (e !== 'PENDENTE' && e !== 'PROCESSANDO') {
        consolidacao.erro = `estado ${e ?? 'desconhecido'}`;
        break;
      }
      if (performance.now() - t0 > 600_000) {
        consolidacao.erro = 'mais de 10 min';
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (consolidacao.erro) break;
    const pronto = performance.now();
    const pdf = await fetch(`${BASE}/api/consolidacao/${uuid}/pdf`, { headers: { cookie } });
    await pdf.arrayBuffer();
    consolidacao.api.push(pronto - t0);
    consolidacao.download.push(performance.now() - pronto);
  }
  return consolidacao;
}

/** qpdf joining the consolidation's files, three times (a failure becomes a note). */
function medirQpdf(banco: BancoPreparado, resultados: Resultados): number[] {
  const tempos: number[] = [];
  const saida = join(banco.dataDir, 'bench-qpdf.pdf');
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = spawnSync('/usr/bin/qpdf', [
      '--empty',
      '--pages',
      ...banco.arquivosConsolidacao.map((a) => a.caminho),
      '--',
      saida,
    ]);
    if (r.status !== 0) {
      resultados.observar(`qpdf falhou: ${String(r.stderr).slice(0, 200)}`);
      break;
    }
    tempos.push(performance.now() - t0);
  }
  return tempos;
}

export type MedidaArquivos = Awaited<ReturnType<typeof medirArquivos>>;

/** `temConsolidacao`: the server has the consolidation route (an older build may not). */
export async function medirArquivos(contexto: ContextoSecao, temConsolidacao: boolean) {
  const { banco } = contexto;
  const envios = await medirEnvios(contexto);
  const consolidacao =
    temConsolidacao && contexto.rodar('arquivos')
      ? await medirConsolidacoes(contexto)
      : { api: [], download: [], erro: null, paginas: 0 };
  let qpdf: number[] = [];
  if (contexto.rodar('arquivos') && garantirQpdf() && banco.arquivosConsolidacao.length) {
    qpdf = medirQpdf(banco, contexto.resultados);
    await rm(join(banco.dataDir, 'bench-qpdf.pdf'), { force: true });
  }
  return { envios, consolidacao: { ...consolidacao, qpdf }, temConsolidacao };
}

export async function registrarArquivos(banco: BancoPreparado, medida: MedidaArquivos, resultados: Resultados) {
  const { envios, consolidacao } = medida;
  const secao = 'Arquivos';
  if (envios.erro) {
    resultados.adicionar({
      secao,
      medida: 'envio de 50 MiB',
      valor: envios.erro,
      meta: '≤ 1,5× cópia',
      situacao: 'falha',
    });
  } else {
    const razao = mediana(envios.tempos.upload) / mediana(envios.tempos.copia);
    resultados.adicionar({
      secao,
      medida: 'envio de 50 MiB (POST anexos, mediana de 5) vs. fs.copyFile no mesmo disco',
      valor: `${ms(mediana(envios.tempos.upload))} vs. ${ms(mediana(envios.tempos.copia))}: ${razao.toFixed(2)}×`,
      meta: '≤ 1,5×',
      situacao: marca(razao <= 1.5),
    });
  }
  const medidaConsolidacao = 'consolidação de 200 PDFs vs. qpdf';
  if (!medida.temConsolidacao) {
    resultados.adicionar({
      secao,
      medida: medidaConsolidacao,
      valor: 'rota POST consolidacao/{idDocumento}/{tipo} ausente',
      meta: '≤ 1,5× qpdf',
      situacao: 'indisponível',
    });
  } else if (consolidacao.erro || consolidacao.api.length === 0) {
    resultados.adicionar({
      secao,
      medida: medidaConsolidacao,
      valor: consolidacao.erro ?? 'sem medida',
      meta: '≤ 1,5× qpdf',
      situacao: 'falha',
    });
  } else {
    const tamanhos = await Promise.all(banco.arquivosConsolidacao.map((a) => stat(a.caminho).then((s) => s.size)));
    const tamanhoTotal = tamanhos.reduce((s, t) => s + t, 0);
    const razao = mediana(consolidacao.api) / mediana(consolidacao.qpdf);
    resultados.adicionar({
      secao,
      medida: `consolidação de ${banco.arquivosConsolidacao.length} PDFs (${(tamanhoTotal / 2 ** 20).toFixed(0)} MiB, ${consolidacao.paginas} páginas): pedido até CONCLUIDA (mediana de 3) vs. qpdf --empty --pages`,
      valor: `${ms(mediana(consolidacao.api))} vs. ${ms(mediana(consolidacao.qpdf))}: ${razao.toFixed(2)}× (download do PDF: ${ms(mediana(consolidacao.download))})`,
      meta: '≤ 1,5× qpdf',
      situacao: marca(razao <= 1.5),
    });
  }
}
