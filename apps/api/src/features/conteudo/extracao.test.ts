import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITES_EXTRACAO, MENSAGENS } from '@tramite/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErroConfiguracao, lerConfig } from '../../config.ts';
import {
  digitalizarTexto,
  juntarPdfs,
  pdfComTexto,
  pdfCorrompido,
  pdfProtegido,
  pdfSomenteImagem,
} from '../../db/seed/digitalizacao.ts';
import { ErroTrabalho } from '../../platform/pool-trabalhadores.ts';
import { bancoDosTestes } from '../../testing/banco-teste.ts';
import { dimensoesImagem, escalaRenderizacao, normalizarTexto, temCamadaTexto } from './extracao-texto.ts';
import { criarPoolIndexacao, type PoolIndexacao } from './pool-indexacao.ts';

const PARECER = [
  'PARECER TÉCNICO Nº 12/2025',
  'Trata-se de pedido de adicional de insalubridade formulado pela servidora lotada no laboratório de química.',
  'Opinamos pelo deferimento, conforme a legislação vigente.',
];
const OFICIO = [
  'OFÍCIO Nº 345/2025',
  'Encaminhamos a documentação referente à licitação de equipamentos hospitalares.',
  'Atenciosamente, a coordenação de compras.',
];

/** Lower case without accents: OCR may miss an accent, the search ignores them anyway. */
const simples = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

let pasta: string;
let pool: PoolIndexacao;
let contador = 0;

async function gravar(conteudo: Buffer, extensao: string): Promise<string> {
  const caminho = join(pasta, `arquivo-${++contador}.${extensao}`);
  await writeFile(caminho, conteudo);
  return caminho;
}

const falha = (promessa: Promise<unknown>) =>
  promessa.then(
    () => null,
    (erro: unknown) => erro as ErroTrabalho,
  );

beforeAll(async () => {
  pasta = await mkdtemp(join(tmpdir(), 'tramite-extracao-'));
  pool = criarPoolIndexacao({ ativa: true, trabalhadores: 2, memoriaMb: 1024, tempoPaginaMs: 180_000 });
});

afterAll(async () => {
  await pool?.fechar();
  if (pasta) await rm(pasta, { recursive: true, force: true });
});

describe('texto das peças: funções puras', () => {
  it('normaliza o texto: NFC, hifenização de fim de linha desfeita, espaços reunidos, limite de caracteres', () => {
    expect(normalizarTexto('  Adicional de insalu-\nbridade\u0000 e  ação\t\n\nfinal ')).toBe(
      'Adicional de insalubridade e ação final',
    );
    // "c" + combining cedilla becomes the one character "ç".
    expect(normalizarTexto('ac\u0327a\u0303o')).toBe('ação');
    expect(normalizarTexto('Pró-reitoria')).toBe('Pró-reitoria');
    expect(normalizarTexto('abc def ghi', 5)).toBe('abc d');
    // A pair of surrogates is never split.
    expect(normalizarTexto('ab😀', 3)).toBe('ab');
  });

  it('uma camada de texto vale com ao menos 20 letras: o carimbo de número de página não basta', () => {
    expect(temCamadaTexto('fls. 12')).toBe(false);
    expect(temCamadaTexto('   1 / 20   ')).toBe(false);
    expect(temCamadaTexto('Trata-se de pedido de adicional')).toBe(true);
  });

  it('renderiza a página a 300 dpi, e menos quando passaria do limite de pixels', () => {
    expect(escalaRenderizacao(595, 842)).toBeCloseTo(300 / 72);
    // An A0 poster at 300 dpi is ~140 million pixels: scaled down under the limit.
    const escala = escalaRenderizacao(2384, 3370);
    expect(escala).toBeLessThan(300 / 72);
    expect(Math.ceil(2384 * escala) * Math.ceil(3370 * escala)).toBeLessThanOrEqual(LIMITES_EXTRACAO.pixelsMaximos);
  });

  it('lê as dimensões das imagens de cada formato pelo cabeçalho', async () => {
    for (const formato of ['png', 'jpeg', 'gif', 'bmp'] as const) {
      const imagem = await digitalizarTexto(['x'], { formato, dpi: 72, ruido: false });
      expect(dimensoesImagem(imagem), formato).toEqual({ largura: 595, altura: 842 });
    }
    expect(dimensoesImagem(Buffer.from('não é uma imagem'))).toBeNull();
  });

  it('os arquivos digitalizados são determinísticos (mesma entrada, mesmos bytes)', async () => {
    expect((await digitalizarTexto(PARECER)).equals(await digitalizarTexto(PARECER))).toBe(true);
    expect((await pdfComTexto([PARECER])).equals(await pdfComTexto([PARECER]))).toBe(true);
  });
});

describe('texto das peças: configuração', () => {
  it('lê INDEXACAO_* do ambiente, com padrões, e recusa valores inválidos', () => {
    expect(lerConfig({}).indexacao).toEqual({ ativa: true, trabalhadores: 2, memoriaMb: 1024, tempoPaginaMs: 120_000 });
    expect(
      lerConfig({
        INDEXACAO_ATIVA: 'nao',
        INDEXACAO_TRABALHADORES: '4',
        INDEXACAO_MEMORIA_MB: '2048',
        INDEXACAO_TEMPO_PAGINA_SEGUNDOS: '30',
      }).indexacao,
    ).toEqual({ ativa: false, trabalhadores: 4, memoriaMb: 2048, tempoPaginaMs: 30_000 });
    expect(() => lerConfig({ INDEXACAO_TRABALHADORES: '0' })).toThrow(ErroConfiguracao);
    expect(() => lerConfig({ INDEXACAO_MEMORIA_MB: '64' })).toThrow(/INDEXACAO_MEMORIA_MB/);
    expect(() => lerConfig({ INDEXACAO_ATIVA: 'talvez' })).toThrow(/INDEXACAO_ATIVA/);
  });
});

// The OCR workers run at the lowest priority: on a busy machine a page takes long (never a timed assertion here).
// No database is involved: the PostgreSQL project of the suite skips this (once is enough).
describe.skipIf(bancoDosTestes() === 'postgres')(
  'texto das peças: extração no pool de indexação',
  { timeout: 300_000 },
  () => {
    it('PDF com camada de texto: o texto de cada página, com acentos, origem T', async () => {
      const caminho = await gravar(await pdfComTexto([PARECER, OFICIO]), 'pdf');
      const entrada = { caminho, tipoMime: 'application/pdf' };
      expect(await pool.executar('abrirArquivoConteudo', entrada)).toEqual({ paginas: 2 });
      const pagina1 = await pool.executar('extrairPaginaConteudo', { ...entrada, pagina: 1 });
      expect(pagina1.origem).toBe('T');
      expect(pagina1.texto).toContain('PARECER TÉCNICO Nº 12/2025');
      expect(pagina1.texto).toContain('adicional de insalubridade');
      expect(pagina1.texto).not.toContain('licitação');
      const pagina2 = await pool.executar('extrairPaginaConteudo', { ...entrada, pagina: 2 });
      expect(pagina2).toMatchObject({ origem: 'T' });
      expect(pagina2.texto).toContain('licitação de equipamentos hospitalares');
    });

    for (const formato of ['png', 'jpeg', 'gif', 'bmp'] as const) {
      it(`imagem digitalizada em ${formato.toUpperCase()}: o OCR em português encontra as palavras`, async () => {
        const caminho = await gravar(await digitalizarTexto(PARECER, { formato }), formato);
        const entrada = { caminho, tipoMime: `image/${formato}` };
        expect(await pool.executar('abrirArquivoConteudo', entrada)).toEqual({ paginas: 1 });
        const pagina = await pool.executar('extrairPaginaConteudo', { ...entrada, pagina: 1 });
        expect(pagina.origem).toBe('O');
        for (const palavra of ['parecer', 'insalubridade', 'laboratorio', 'deferimento']) {
          expect(simples(pagina.texto), palavra).toContain(palavra);
        }
      });
    }

    it('PDF só de imagens (2 páginas): cada página com as suas palavras, origem O', async () => {
      const imagens = [await digitalizarTexto(PARECER), await digitalizarTexto(OFICIO, { formato: 'jpeg' })];
      const caminho = await gravar(await pdfSomenteImagem(imagens), 'pdf');
      const entrada = { caminho, tipoMime: 'application/pdf' };
      expect(await pool.executar('abrirArquivoConteudo', entrada)).toEqual({ paginas: 2 });
      const [pagina1, pagina2] = await Promise.all([
        pool.executar('extrairPaginaConteudo', { ...entrada, pagina: 1 }),
        pool.executar('extrairPaginaConteudo', { ...entrada, pagina: 2 }),
      ]);
      expect(pagina1?.origem).toBe('O');
      expect(simples(pagina1?.texto ?? '')).toContain('insalubridade');
      expect(simples(pagina1?.texto ?? '')).not.toContain('licitacao');
      expect(pagina2?.origem).toBe('O');
      expect(simples(pagina2?.texto ?? '')).toContain('licitacao');
      expect(simples(pagina2?.texto ?? '')).toContain('hospitalares');
      expect(simples(pagina2?.texto ?? '')).not.toContain('insalubridade');
    });

    it('PDF misto: página 1 digitada (T), página 2 digitalizada com carimbo de folha (O)', async () => {
      const misto = await PDFDocument.load(
        await juntarPdfs([await pdfComTexto([PARECER]), await pdfSomenteImagem([await digitalizarTexto(OFICIO)])]),
      );
      // The protocol's page stamp: a text layer of a few characters, not enough to skip the OCR.
      const fonte = await misto.embedFont(StandardFonts.Helvetica);
      misto.getPage(1).drawText('fls. 2', { x: 520, y: 810, size: 10, font: fonte });
      const caminho = await gravar(Buffer.from(await misto.save()), 'pdf');
      const entrada = { caminho, tipoMime: 'application/pdf' };
      expect(await pool.executar('abrirArquivoConteudo', entrada)).toEqual({ paginas: 2 });
      const pagina1 = await pool.executar('extrairPaginaConteudo', { ...entrada, pagina: 1 });
      expect(pagina1.origem).toBe('T');
      expect(pagina1.texto).toContain('insalubridade');
      const pagina2 = await pool.executar('extrairPaginaConteudo', { ...entrada, pagina: 2 });
      expect(pagina2.origem).toBe('O');
      expect(simples(pagina2.texto)).toContain('licitacao');
    });

    it('PDF protegido por senha: ArquivoIlegivel com o motivo', async () => {
      const caminho = await gravar(await pdfProtegido(PARECER), 'pdf');
      const erro = await falha(pool.executar('abrirArquivoConteudo', { caminho, tipoMime: 'application/pdf' }));
      expect(erro).toBeInstanceOf(ErroTrabalho);
      expect(erro).toMatchObject({
        motivo: 'erro',
        nomeOriginal: 'ArquivoIlegivel',
        message: MENSAGENS.conteudo.protegido,
      });
    });

    it('PDF corrompido e imagem que não decodifica: ArquivoIlegivel corrompido', async () => {
      const pdf = await gravar(await pdfCorrompido(), 'pdf');
      expect(
        await falha(pool.executar('abrirArquivoConteudo', { caminho: pdf, tipoMime: 'application/pdf' })),
      ).toMatchObject({ nomeOriginal: 'ArquivoIlegivel', message: MENSAGENS.conteudo.corrompido });
      const png = await digitalizarTexto(['x'], { dpi: 72 });
      const gif = await digitalizarTexto(['x'], { dpi: 72, formato: 'gif' });
      const estragadas = [
        { conteudo: png.subarray(0, 200), tipoMime: 'image/png' },
        // A valid header followed by garbage (a native decoder would crash the process on it).
        { conteudo: Buffer.concat([png.subarray(0, 33), Buffer.alloc(5000, 0x41)]), tipoMime: 'image/png' },
        { conteudo: gif.subarray(0, 900), tipoMime: 'image/gif' },
      ];
      for (const { conteudo, tipoMime } of estragadas) {
        const caminho = await gravar(conteudo, tipoMime.slice(6));
        expect(
          await falha(pool.executar('extrairPaginaConteudo', { caminho, tipoMime, pagina: 1 })),
          tipoMime,
        ).toMatchObject({
          nomeOriginal: 'ArquivoIlegivel',
          message: MENSAGENS.conteudo.corrompido,
        });
      }
      // The same worker goes on reading.
      const boa = await gravar(await digitalizarTexto(PARECER), 'png');
      const pagina = await pool.executar('extrairPaginaConteudo', { caminho: boa, tipoMime: 'image/png', pagina: 1 });
      expect(simples(pagina.texto)).toContain('insalubridade');
    });

    it('imagem com pixels demais é recusada pelo cabeçalho, antes de ser decodificada', async () => {
      // A PNG header announcing 20000×20000 pixels (400 million): what a decompression bomb declares.
      const cabecalho = Buffer.alloc(64);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(cabecalho, 0);
      cabecalho.writeUInt32BE(13, 8);
      cabecalho.write('IHDR', 12, 'latin1');
      cabecalho.writeUInt32BE(20_000, 16);
      cabecalho.writeUInt32BE(20_000, 20);
      const caminho = await gravar(cabecalho, 'png');
      expect(await falha(pool.executar('abrirArquivoConteudo', { caminho, tipoMime: 'image/png' }))).toMatchObject({
        nomeOriginal: 'ArquivoIlegivel',
        message: MENSAGENS.conteudo.imagemGrandeDemais,
      });
    });

    it('PDF com páginas demais: ArquivoIlegivel com o máximo', async () => {
      const pdf = await PDFDocument.create();
      for (let i = 0; i <= LIMITES_EXTRACAO.paginasMaximas; i++) pdf.addPage([100, 100]);
      const caminho = await gravar(Buffer.from(await pdf.save()), 'pdf');
      expect(
        await falha(pool.executar('abrirArquivoConteudo', { caminho, tipoMime: 'application/pdf' })),
      ).toMatchObject({
        nomeOriginal: 'ArquivoIlegivel',
        message: MENSAGENS.conteudo.paginasDemais(LIMITES_EXTRACAO.paginasMaximas),
      });
    });

    it('áudio, vídeo e zip não têm páginas de texto; tipo desconhecido é ilegível', async () => {
      const caminho = await gravar(Buffer.from('ID3'), 'mp3');
      expect(await pool.executar('abrirArquivoConteudo', { caminho, tipoMime: 'audio/mpeg' })).toEqual({ paginas: 0 });
      expect(
        await falha(pool.executar('abrirArquivoConteudo', { caminho, tipoMime: 'application/octet-stream' })),
      ).toMatchObject({ nomeOriginal: 'ArquivoIlegivel', message: MENSAGENS.conteudo.corrompido });
    });

    it('uma página além do tempo limite é interrompida (ErroTrabalho tempo) e a seguinte é lida', async () => {
      const curto = criarPoolIndexacao({ ativa: true, trabalhadores: 1, memoriaMb: 1024, tempoPaginaMs: 1000 });
      try {
        const texto = await gravar(await pdfComTexto([PARECER]), 'pdf');
        const entradaTexto = { caminho: texto, tipoMime: 'application/pdf' };
        // The worker starts (and loads pdfjs) under a generous limit; then the OCR of a full 300 dpi page gets 1 s.
        await curto.executar('abrirArquivoConteudo', entradaTexto, { tempoLimiteMs: 120_000 });
        const linhas = Array.from({ length: 30 }, (_, i) => `${i + 1}. ${PARECER[1]}`);
        const digitalizada = await gravar(await digitalizarTexto(linhas, { dpi: 300 }), 'png');
        const erro = await falha(
          curto.executar('extrairPaginaConteudo', { caminho: digitalizada, tipoMime: 'image/png', pagina: 1 }),
        );
        expect(erro).toBeInstanceOf(ErroTrabalho);
        expect(erro?.motivo).toBe('tempo');
        const pagina = await curto.executar(
          'extrairPaginaConteudo',
          { ...entradaTexto, pagina: 1 },
          { tempoLimiteMs: 120_000 },
        );
        expect(pagina.texto).toContain('insalubridade');
      } finally {
        await curto.fechar();
      }
    });

    it.runIf(process.env.MEDIR_EXTRACAO === '1')(
      'medida: segundos por página de OCR e páginas de texto por segundo',
      async () => {
        // CPU seconds of the pool's workers (utime + stime, in clock ticks of 1/100 s): apart from the machine's load.
        const cpu = () =>
          pool.pids().reduce((soma, pid) => {
            const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
            return soma + (Number(campos[11]) + Number(campos[12])) / 100;
          }, 0);
        // A full A4 page: 46 lines of ~85 characters, scanned at 300 dpi into an image-only PDF.
        const frase = 'Trata-se de pedido de adicional de insalubridade formulado pela servidora do laboratório';
        const linhas = Array.from({ length: 46 }, (_, i) => `${String(i + 1).padStart(2, '0')} ${frase}`);
        const digitalizado = await pdfSomenteImagem([await digitalizarTexto(linhas, { dpi: 300 })]);
        const entrada = { caminho: await gravar(digitalizado, 'pdf'), tipoMime: 'application/pdf', pagina: 1 };
        const medidas: { parede: number; cpu: number }[] = [];
        for (let i = 0; i < 3; i++) {
          const [inicio, cpuInicio] = [performance.now(), cpu()];
          const { texto, origem } = await pool.executar('extrairPaginaConteudo', entrada);
          medidas.push({ parede: (performance.now() - inicio) / 1000, cpu: cpu() - cpuInicio });
          expect(origem).toBe('O');
          expect(simples(texto)).toContain('insalubridade');
        }
        // The first run also starts the worker and the OCR engine.
        const [, segunda, terceira] = medidas as [
          unknown,
          { parede: number; cpu: number },
          { parede: number; cpu: number },
        ];
        const paginas = Array.from({ length: 100 }, (_, i) => [...linhas, `Página ${i + 1}`]);
        const caminho = await gravar(await pdfComTexto(paginas), 'pdf');
        await pool.executar('abrirArquivoConteudo', { caminho, tipoMime: 'application/pdf' });
        const inicio = performance.now();
        for (let pagina = 1; pagina <= 100; pagina++) {
          await pool.executar('extrairPaginaConteudo', { caminho, tipoMime: 'application/pdf', pagina });
        }
        const paginasPorSegundo = 100 / ((performance.now() - inicio) / 1000);
        console.log(
          `OCR de página digitalizada (A4, 300 dpi, cheia): ${((segunda.parede + terceira.parede) / 2).toFixed(1)} s/página de relógio, ` +
            `${((segunda.cpu + terceira.cpu) / 2).toFixed(1)} s de CPU (primeira, com a partida: ${medidas[0]?.parede.toFixed(1)} s); ` +
            `camada de texto: ${paginasPorSegundo.toFixed(0)} páginas/s (uma por vez, pelo pool); carga da máquina ${loadavg()[0]?.toFixed(1)}`,
        );
      },
      900_000,
    );
  },
);
