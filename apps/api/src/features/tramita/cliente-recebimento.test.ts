import { createHash, createVerify, randomBytes, X509Certificate } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as esperar } from 'node:timers/promises';
import { BLOCO_TRANSFERENCIA, partesDe, xmlReciboTramite } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificadosBarramento } from '../../testing/barramento/certificados.ts';
import { type DoisSistemasNoBarramento, iniciarDoisSistemas } from '../../testing/barramento/dois-sistemas.ts';
import { falhaDoBarramento } from '../../testing/barramento/falha.ts';
import { CODIGOS_PEN, ErroPen } from '../../testing/barramento/maquina.ts';
import {
  type ArquivoTeste,
  arquivoGrandeTeste,
  arquivoTeste,
  envioTeste,
} from '../../testing/barramento/processo-teste.ts';
import { type BarramentoTeste, type ParteServida, ROTAS_RECEBIMENTO } from '../../testing/barramento/servidor.ts';
import { ClienteTramita, decodificadorBase64, ErroBarramento } from './cliente.ts';

// Plan step 8, the part without tables (docs/tramita-govbr-desenho.md §7, §9): the receiving side of the barramento
// double and the conclusion of a trâmite, driven by the product's client over mutual TLS — A sends (the calls of
// step 6), B receives, signs the receipt or refuses, A concludes or acknowledges.

const MIB = 1024 * 1024;

let certificados: CertificadosBarramento;
let barramento: BarramentoTeste;
let pasta: string;
let a: ClienteTramita;
let b: ClienteTramita;
let sistemas: DoisSistemasNoBarramento | undefined;

beforeAll(async () => {
  sistemas = await iniciarDoisSistemas('cliente-recebimento-');
  ({ certificados, barramento, pasta, a, b } = sistemas);
});

afterAll(() => sistemas?.fechar());

let contador = 0;
const caminhoNovo = (nome: string) => join(pasta, `${nome}-${++contador}`);
const arquivo = (conteudo: Buffer) => arquivoTeste(caminhoNovo('componente'), conteudo);

let numeroProcesso = 0;
const novoProtocolo = () => `23000.${String(++numeroProcesso).padStart(6, '0')}/2026-00`;

/** base64(sha256) of a file, read in a stream. */
async function hashDoArquivo(caminho: string): Promise<string> {
  const resumo = createHash('sha256');
  for await (const pedaco of createReadStream(caminho)) resumo.update(pedaco as Buffer);
  return resumo.digest('base64');
}

const situacao = async (idt: number) => (await a.consultarTramite(idt))?.situacaoAtual;

interface Enviado {
  idt: number;
  nre: string;
  protocolo: string;
  arquivos: ArquivoTeste[];
}

/** A sends a process with these files (uploaded whole, or in parts of `bloco` bytes): the trâmite is in 2. */
async function enviadoPorA(
  arquivos: ArquivoTeste[],
  bloco?: number,
  especie?: { codigo: number; nomeNoProdutor: string },
): Promise<Enviado> {
  const protocolo = novoProtocolo();
  const resposta = await a.iniciarTramiteProcesso(envioTeste(protocolo, arquivos, especie));
  const ticket = resposta.ticketParaEnvioDeComponentesDigitais;
  for (const arq of arquivos) {
    const id = { hashDoComponenteDigital: arq.hash, protocolo };
    if (bloco === undefined || arq.tamanho <= bloco) {
      await a.enviarComponente(ticket, id, arq.caminho);
      continue;
    }
    for (const parte of partesDe(arq.tamanho, bloco)) await a.enviarParteComponente(ticket, id, parte, arq.caminho);
    await a.sinalizarTerminoEnvio(ticket, id);
  }
  expect(await situacao(resposta.IDT)).toBe(2);
  return { idt: resposta.IDT, nre: resposta.NRE, protocolo, arquivos };
}

const id = (enviado: Enviado, arq: ArquivoTeste) => ({
  hashDoComponenteDigital: arq.hash,
  protocolo: enviado.protocolo,
});

/** B asks the metadata (→ 3) and downloads every component whole (→ 4); answers the files written. */
async function baixadoPorB(enviado: Enviado): Promise<string[]> {
  await b.obterMetadados(enviado.idt);
  const destinos: string[] = [];
  for (const arq of enviado.arquivos) {
    const destino = caminhoNovo('baixado');
    await b.baixarComponente(enviado.idt, id(enviado, arq), destino);
    destinos.push(destino);
  }
  expect(await situacao(enviado.idt)).toBe(4);
  return destinos;
}

/** The date of the change to 4, in UTC with milliseconds, as the reference client writes `dataDeRecebimento` (§9). */
async function dataDoQuatro(cliente: ClienteTramita, idt: number): Promise<string> {
  const mudanca = (await cliente.consultarTramite(idt))?.mudancasDeSituacao.find((m) => m.situacao === 4);
  return new Date(mudanca?.dataHora ?? '').toISOString();
}

describe('recebimento até o recibo e a conclusão', () => {
  it('A envia; B vê a pendência, pede os metadados (3), baixa os componentes (4), assina o recibo (5); A obtém o recibo (6)', async () => {
    const primeiro = await arquivo(randomBytes(5000));
    const segundo = await arquivo(Buffer.from('segundo componente do processo'));
    const enviado = await enviadoPorA([primeiro, segundo]);
    const { idt } = enviado;

    expect(await b.consultarPendentes()).toContainEqual({ IDT: idt, status: 2 });
    const metadados = await b.obterMetadados(idt);
    expect(metadados).toMatchObject({ IDT: idt, NRE: enviado.nre });
    expect(metadados.processo?.protocolo).toBe(enviado.protocolo);
    expect(metadados.processo?.documentos.map((d) => d.componentesDigitais[0]?.hash.conteudo)).toEqual([
      primeiro.hash,
      segundo.hash,
    ]);
    expect(metadados.destinatario?.numeroDeIdentificacaoDaEstrutura).toBe(202);
    expect(await situacao(idt)).toBe(3);
    // Asking again does not move it.
    await b.obterMetadados(idt);
    expect(await situacao(idt)).toBe(3);
    expect((await b.consultarTramite(idt))?.hashDosComponentesPendentesDeRecebimento).toEqual([
      primeiro.hash,
      segundo.hash,
    ]);

    const destinoPrimeiro = caminhoNovo('baixado');
    expect(await b.baixarComponente(idt, id(enviado, primeiro), destinoPrimeiro)).toBe(primeiro.tamanho);
    expect(await hashDoArquivo(destinoPrimeiro)).toBe(primeiro.hash);
    expect(await situacao(idt)).toBe(3);
    expect((await b.consultarTramite(idt))?.hashDosComponentesPendentesDeRecebimento).toEqual([segundo.hash]);
    // A stream serves as a destination as well as a path.
    const pedacos: Buffer[] = [];
    const memoria = new Writable({
      write(pedaco: Buffer, _codificacao, feito) {
        pedacos.push(pedaco);
        feito();
      },
    });
    await b.baixarComponente(idt, id(enviado, segundo), memoria);
    expect(Buffer.concat(pedacos).toString()).toBe('segundo componente do processo');
    expect(await situacao(idt)).toBe(4);
    expect(await b.consultarPendentes()).toContainEqual({ IDT: idt, status: 4 });

    const dataDeRecebimento = await dataDoQuatro(b, idt);
    const enviadoRecibo = await b.enviarReciboDeTramite(idt, {
      nre: enviado.nre,
      dataDeRecebimento,
      hashes: [primeiro.hash, segundo.hash],
    });
    expect(await situacao(idt)).toBe(5);
    expect(await a.consultarPendentes()).toContainEqual({ IDT: idt, status: 5 });
    expect(await b.consultarPendentes()).not.toContainEqual(expect.objectContaining({ IDT: idt }));

    const recibo = await a.obterReciboDeConclusao(idt);
    expect(await situacao(idt)).toBe(6);
    expect(recibo.recibo).toEqual({
      IDT: idt,
      NRE: enviado.nre,
      dataDeRecebimento,
      hashesDosComponentesDigitais: [primeiro.hash, segundo.hash].sort(),
    });
    expect(recibo.hashDaAssinatura).toBe(enviadoRecibo.hashDaAssinatura);
    // The chain is B's certificate: A verifies B's signature over the canonical XML.
    const deB = new X509Certificate(Buffer.from(recibo.cadeiaDoCertificado, 'base64'));
    expect(deB.fingerprint256).toBe(certificados.sistemas.B.impressao);
    const xml = xmlReciboTramite({
      idt,
      nre: recibo.recibo.NRE,
      dataDeRecebimento: recibo.recibo.dataDeRecebimento,
      hashes: recibo.recibo.hashesDosComponentesDigitais,
    });
    expect(createVerify('RSA-SHA256').update(xml).verify(deB.publicKey, recibo.hashDaAssinatura, 'base64')).toBe(true);

    // In 6 the receipt is answered again; the trâmite stays; nothing is pending any more.
    expect((await a.obterReciboDeConclusao(idt)).recibo.IDT).toBe(idt);
    expect((await a.consultarTramite(idt))?.mudancasDeSituacao.map((m) => m.situacao)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await a.consultarPendentes()).not.toContainEqual(expect.objectContaining({ IDT: idt }));
    const inspecao = barramento.inspecionar().tramites.find((t) => t.IDT === idt);
    expect(inspecao?.recibo?.certificado).toBe(recibo.cadeiaDoCertificado);
    expect(inspecao?.downloads).toEqual([
      { protocolo: enviado.protocolo, hash: primeiro.hash, faixa: null },
      { protocolo: enviado.protocolo, hash: segundo.hash, faixa: null },
    ]);
  });

  it('recibo com assinatura que não confere (hash faltando, outro NRE) → 422 e o trâmite fica em 4', async () => {
    const primeiro = await arquivo(randomBytes(100));
    const segundo = await arquivo(randomBytes(200));
    const enviado = await enviadoPorA([primeiro, segundo]);
    await baixadoPorB(enviado);
    const dataDeRecebimento = await dataDoQuatro(b, enviado.idt);

    const faltando = await falhaDoBarramento(
      b.enviarReciboDeTramite(enviado.idt, { nre: enviado.nre, dataDeRecebimento, hashes: [primeiro.hash] }),
    );
    expect([faltando.statusBarramento, faltando.codigoBarramento]).toEqual([422, CODIGOS_PEN.reciboInvalido]);
    expect(faltando.message).toContain('não confere');
    const outroNre = await falhaDoBarramento(
      b.enviarReciboDeTramite(enviado.idt, {
        nre: '0000000099992026',
        dataDeRecebimento,
        hashes: [primeiro.hash, segundo.hash],
      }),
    );
    expect(outroNre.statusBarramento).toBe(422);
    expect(await situacao(enviado.idt)).toBe(4);
    // A date that is not a date → 400.
    const semData = await falhaDoBarramento(
      b.enviarReciboDeTramite(enviado.idt, {
        nre: enviado.nre,
        dataDeRecebimento: 'ontem',
        hashes: [primeiro.hash, segundo.hash],
      }),
    );
    expect(semData.statusBarramento).toBe(400);

    // The hashes in any order: the XML sorts them.
    await b.enviarReciboDeTramite(enviado.idt, {
      nre: enviado.nre,
      dataDeRecebimento,
      hashes: [segundo.hash, primeiro.hash],
    });
    expect(await situacao(enviado.idt)).toBe(5);
  });
});

describe('recusa e ciência', () => {
  it('B recusa com 04 (espécie não mapeada) em 3 → 8; B deixa de ver o trâmite; A lê o motivo e dá ciência → 9', async () => {
    const enviado = await enviadoPorA([await arquivo(randomBytes(300))], undefined, {
      codigo: 95,
      nomeNoProdutor: 'Parecer',
    });
    const { idt } = enviado;
    const metadados = await b.obterMetadados(idt);
    expect(metadados.processo?.documentos[0]?.especie.codigo).toBe(95);
    const justificativa = 'Documento do tipo Parecer não está mapeado';
    await b.recusarTramite(idt, { motivo: '04', justificativa });
    expect(await situacao(idt)).toBe(8);

    expect(await b.consultarTramite(idt)).toBeNull();
    expect(await b.consultarPendentes()).not.toContainEqual(expect.objectContaining({ IDT: idt }));
    expect(await a.consultarPendentes()).toContainEqual({ IDT: idt, status: 8 });
    const recusado = await a.consultarTramite(idt);
    expect([recusado?.motivoDaRecusa, recusado?.justificativaDaRecusa]).toEqual(['04', justificativa]);

    // Only the sender acknowledges (B no longer sees it).
    expect((await falhaDoBarramento(b.darCienciaDaRecusa(idt))).statusBarramento).toBe(404);
    await a.darCienciaDaRecusa(idt);
    expect(await situacao(idt)).toBe(9);
    expect(await a.consultarPendentes()).not.toContainEqual(expect.objectContaining({ IDT: idt }));
    expect((await a.consultarTramite(idt))?.mudancasDeSituacao.map((m) => m.situacao)).toEqual([1, 2, 3, 8, 9]);
    // The process may be sent again (nothing under way), keeping its NRE.
    const reenvio = await a.iniciarTramiteProcesso(envioTeste(enviado.protocolo, enviado.arquivos));
    expect(reenvio.NRE).toBe(enviado.nre);
  });

  it('recusa em 4, depois de baixar', async () => {
    const enviado = await enviadoPorA([await arquivo(randomBytes(64))]);
    await baixadoPorB(enviado);
    await b.recusarTramite(enviado.idt, { motivo: '99', justificativa: 'O processo já existe no destino' });
    expect(await situacao(enviado.idt)).toBe(8);
  });
});

describe('download em partes', () => {
  it('um arquivo de 120 MiB baixado em partes do bloco padrão, decodificado em fluxo para o arquivo: → 4, memória limitada', async () => {
    const tamanho = 120 * MIB;
    const bloco = BLOCO_TRANSFERENCIA.padraoMb * BLOCO_TRANSFERENCIA.bytesPorMb;
    const grande = await arquivoGrandeTeste(caminhoNovo('grande'), tamanho);
    const enviado = await enviadoPorA([grande], bloco);
    await b.obterMetadados(enviado.idt);
    const partes = partesDe(tamanho, bloco);
    expect(partes).toHaveLength(3);
    const destino = caminhoNovo('grande-baixado');

    const antes = process.memoryUsage().rss;
    let pico = antes;
    const sonda = setInterval(() => {
      pico = Math.max(pico, process.memoryUsage().rss);
    }, 5);
    try {
      // Client and double share this process: the growth bounds both (the Base64 of a part is 67 MB).
      for (const parte of partes) {
        expect(await situacao(enviado.idt)).toBe(3);
        await b.baixarParte(enviado.idt, id(enviado, grande), parte, destino);
      }
    } finally {
      clearInterval(sonda);
    }
    pico = Math.max(pico, process.memoryUsage().rss);
    expect(pico - antes).toBeLessThan(tamanho / 3);
    expect(await situacao(enviado.idt)).toBe(4);
    expect((await stat(destino)).size).toBe(tamanho);
    expect(await hashDoArquivo(destino)).toBe(grande.hash);
    const inspecao = barramento.inspecionar().tramites.find((t) => t.IDT === enviado.idt);
    const faixas = partes.map((p) => `${p.inicio}-${p.fim}`);
    expect(inspecao?.downloads.map((d) => d.faixa)).toEqual(faixas);
    expect(inspecao?.componentes[0]).toMatchObject({ baixado: true, partesBaixadas: faixas });
    await rm(destino);
    await rm(grande.caminho);
  });

  it('partes fora de ordem e repetidas, no mesmo arquivo; 4 só quando as partes cobrem o componente', async () => {
    const conteudo = randomBytes(10_000);
    const arq = await arquivo(conteudo);
    const enviado = await enviadoPorA([arq]);
    await b.obterMetadados(enviado.idt);
    const [p0, p1, p2] = partesDe(conteudo.length, 4096) as [
      { inicio: number; fim: number },
      { inicio: number; fim: number },
      { inicio: number; fim: number },
    ];
    const destino = caminhoNovo('partes');
    await b.baixarParte(enviado.idt, id(enviado, arq), p2, destino);
    await b.baixarParte(enviado.idt, id(enviado, arq), p0, destino);
    await b.baixarParte(enviado.idt, id(enviado, arq), p0, destino);
    expect(await situacao(enviado.idt)).toBe(3);
    await b.baixarParte(enviado.idt, id(enviado, arq), p1, destino);
    expect(await situacao(enviado.idt)).toBe(4);
    expect((await readFile(destino)).equals(conteudo)).toBe(true);
    const inspecao = barramento.inspecionar().tramites.find((t) => t.IDT === enviado.idt);
    expect(inspecao?.downloads.map((d) => d.faixa)).toEqual([p2, p0, p0, p1].map((p) => `${p.inicio}-${p.fim}`));

    // A part past the size → 400; a component not in the trâmite → 404.
    const alem = await falhaDoBarramento(
      b.baixarParte(enviado.idt, id(enviado, arq), { inicio: 9000, fim: 10_001 }, caminhoNovo('x')),
    );
    expect(alem.statusBarramento).toBe(400);
    const outro = await falhaDoBarramento(
      b.baixarComponente(
        enviado.idt,
        { hashDoComponenteDigital: 'AAAA', protocolo: enviado.protocolo },
        caminhoNovo('x'),
      ),
    );
    expect(outro.statusBarramento).toBe(404);
  });
});

describe('ganchos de teste do download', () => {
  it('corromperProximoDownload: o conteúdo chega com um byte trocado e o hash não confere; B recusa com 02', async () => {
    const conteudo = randomBytes(3000);
    const arq = await arquivo(conteudo);
    const enviado = await enviadoPorA([arq]);
    const metadados = await b.obterMetadados(enviado.idt);
    const declarado = metadados.processo?.documentos[0]?.componentesDigitais[0]?.hash.conteudo;

    barramento.corromperProximoDownload(arq.hash);
    const destino = caminhoNovo('corrompido');
    expect(await b.baixarComponente(enviado.idt, id(enviado, arq), destino)).toBe(conteudo.length);
    const recebido = await readFile(destino);
    expect(recebido.equals(conteudo)).toBe(false);
    expect(recebido.subarray(1).equals(conteudo.subarray(1))).toBe(true);
    expect(await hashDoArquivo(destino)).not.toBe(declarado);

    // Only the next download: again, it arrives intact.
    const deNovo = caminhoNovo('intacto');
    await b.baixarComponente(enviado.idt, id(enviado, arq), deNovo);
    expect(await hashDoArquivo(deNovo)).toBe(declarado);

    await b.recusarTramite(enviado.idt, {
      motivo: '02',
      justificativa: 'O arquivo da peça 1 (peca-1.pdf) chegou com resumo SHA-256 diferente do informado pelo remetente',
    });
    expect((await a.consultarTramite(enviado.idt))?.motivoDaRecusa).toBe('02');
  });

  it('aoServirParte vê cada download antes do primeiro byte; o que ele lança é a resposta e a parte não conta', async () => {
    const conteudo = randomBytes(9000);
    const arq = await arquivo(conteudo);
    const enviado = await enviadoPorA([arq]);
    await b.obterMetadados(enviado.idt);
    const [p0, p1] = partesDe(conteudo.length, 4500) as [
      { inicio: number; fim: number },
      { inicio: number; fim: number },
    ];
    const vistos: ParteServida[] = [];
    barramento.aoServirParte((parte) => {
      vistos.push(parte);
      if (parte.inicio === p1.inicio && vistos.length === 2) {
        throw new ErroPen(503, '9503', 'Destinatário interrompido pelo teste');
      }
    });
    try {
      const destino = caminhoNovo('gancho');
      await b.baixarParte(enviado.idt, id(enviado, arq), p0, destino);
      const erro = await falhaDoBarramento(b.baixarParte(enviado.idt, id(enviado, arq), p1, destino));
      expect([erro.statusBarramento, erro.codigoBarramento]).toEqual([503, '9503']);
      expect(await situacao(enviado.idt)).toBe(3);
      expect(
        barramento.inspecionar().tramites.find((t) => t.IDT === enviado.idt)?.componentes[0]?.partesBaixadas,
      ).toEqual([`${p0.inicio}-${p0.fim}`]);
      await b.baixarParte(enviado.idt, id(enviado, arq), p1, destino);
      expect(await situacao(enviado.idt)).toBe(4);
      expect((await readFile(destino)).equals(conteudo)).toBe(true);
    } finally {
      barramento.aoServirParte(null);
    }
    expect(vistos.map((v) => [v.IDT, v.inicio, v.fim, v.inteiro, v.sistema])).toEqual([
      [enviado.idt, p0.inicio, p0.fim, false, 'B'],
      [enviado.idt, p1.inicio, p1.fim, false, 'B'],
      [enviado.idt, p1.inicio, p1.fim, false, 'B'],
    ]);
  });

  it('o download respeita o tempo limite do cliente (TRAMITA_TEMPO_ESGOTADO) e a parte não conta', async () => {
    const arq = await arquivo(randomBytes(100));
    const enviado = await enviadoPorA([arq]);
    await b.obterMetadados(enviado.idt);
    const impaciente = new ClienteTramita({
      urlBase: barramento.url,
      certificado: { formato: 'PKCS12', arquivo: certificados.sistemas.B.p12, senha: certificados.sistemas.B.senha },
      autoridades: [certificados.ac.certificado],
      tempoLimiteMs: 200,
    });
    barramento.aoServirParte(() => esperar(600));
    try {
      const erro = await falhaDoBarramento(
        impaciente.baixarComponente(enviado.idt, id(enviado, arq), caminhoNovo('x')),
      );
      expect(erro.codigo).toBe('TRAMITA_TEMPO_ESGOTADO');
    } finally {
      barramento.aoServirParte(null);
      impaciente.fechar();
    }
    // The double served it after the client gave up: the closed connection never finished the answer.
    await esperar(700);
    expect(await situacao(enviado.idt)).toBe(3);
  });

  it('pendentes com todas=false lista só o que o sistema ainda não viu naquela situação', async () => {
    const enviado = await enviadoPorA([await arquivo(randomBytes(10))]);
    expect(await b.consultarPendentes(false)).toContainEqual({ IDT: enviado.idt, status: 2 });
    expect(await b.consultarPendentes(false)).not.toContainEqual(expect.objectContaining({ IDT: enviado.idt }));
    expect(await b.consultarPendentes(true)).toContainEqual({ IDT: enviado.idt, status: 2 });
    await b.obterMetadados(enviado.idt);
    expect(await b.consultarPendentes(false)).toContainEqual({ IDT: enviado.idt, status: 3 });
  });
});

describe('transições inválidas', () => {
  it('recusa fora de 3–4, por quem não é o destinatário, ou com corpo inválido; ciência fora de 8', async () => {
    const enviado = await enviadoPorA([await arquivo(randomBytes(40))]);
    const { idt } = enviado;
    const recusa = { motivo: '04', justificativa: 'Espécie não mapeada' } as const;
    // In 2 (before the metadata): 409; so are the download and the receipt.
    const emDois = await falhaDoBarramento(b.recusarTramite(idt, recusa));
    expect([emDois.statusBarramento, emDois.codigoBarramento]).toEqual([409, CODIGOS_PEN.transicaoInvalida]);
    expect(emDois.message).toContain('não pode ser recusado na situação 2');
    const [arq] = enviado.arquivos as [ArquivoTeste];
    expect(
      (await falhaDoBarramento(b.baixarComponente(idt, id(enviado, arq), caminhoNovo('x')))).statusBarramento,
    ).toBe(409);
    expect((await falhaDoBarramento(a.darCienciaDaRecusa(idt))).statusBarramento).toBe(409);
    expect((await falhaDoBarramento(a.obterReciboDeConclusao(idt))).statusBarramento).toBe(409);

    await b.obterMetadados(idt);
    // The sender does not refuse; the receiver does not acknowledge nor take the conclusion receipt.
    expect((await falhaDoBarramento(a.recusarTramite(idt, recusa))).statusBarramento).toBe(409);
    expect((await falhaDoBarramento(b.obterReciboDeConclusao(idt))).statusBarramento).toBe(409);
    expect((await falhaDoBarramento(b.darCienciaDaRecusa(idt))).statusBarramento).toBe(409);
    // The receipt before 4.
    const cedo = await falhaDoBarramento(
      b.enviarReciboDeTramite(idt, {
        nre: enviado.nre,
        dataDeRecebimento: new Date().toISOString(),
        hashes: [arq.hash],
      }),
    );
    expect(cedo.statusBarramento).toBe(409);
    // Invalid bodies: a reason outside the list, a justification over 500 characters, an empty one.
    for (const invalida of [
      { motivo: '05', justificativa: 'x' },
      { motivo: '99', justificativa: 'x'.repeat(501) },
      { motivo: '99', justificativa: '   ' },
    ]) {
      const erro = await falhaDoBarramento(b.recusarTramite(idt, invalida as typeof recusa));
      expect([erro.statusBarramento, erro.codigoBarramento]).toEqual([400, CODIGOS_PEN.requisicaoInvalida]);
    }
    expect(await situacao(idt)).toBe(3);
    await b.recusarTramite(idt, { motivo: '99', justificativa: 'x'.repeat(500) });
    // 8: refusing again is for nobody (B no longer sees it); the acknowledgement once only.
    expect((await falhaDoBarramento(b.recusarTramite(idt, recusa))).statusBarramento).toBe(404);
    await a.darCienciaDaRecusa(idt);
    const deNovo = await falhaDoBarramento(a.darCienciaDaRecusa(idt));
    expect([deNovo.statusBarramento, deNovo.codigoBarramento]).toEqual([409, CODIGOS_PEN.transicaoInvalida]);
    expect(deNovo.message).toContain('não aguarda ciência de recusa (situação 9)');
  });

  it('depois do recibo (5, 6) não há recusa nem cancelamento; cancelado em 3, o download é 409', async () => {
    const enviado = await enviadoPorA([await arquivo(randomBytes(80))]);
    await baixadoPorB(enviado);
    const [arq] = enviado.arquivos as [ArquivoTeste];
    await b.enviarReciboDeTramite(enviado.idt, {
      nre: enviado.nre,
      dataDeRecebimento: await dataDoQuatro(b, enviado.idt),
      hashes: [arq.hash],
    });
    const recusa = { motivo: '99', justificativa: 'Tarde demais' } as const;
    expect((await falhaDoBarramento(b.recusarTramite(enviado.idt, recusa))).statusBarramento).toBe(409);
    expect((await falhaDoBarramento(a.cancelarTramite(enviado.idt))).statusBarramento).toBe(409);
    // The receipt only once.
    const segundo = await falhaDoBarramento(
      b.enviarReciboDeTramite(enviado.idt, {
        nre: enviado.nre,
        dataDeRecebimento: new Date().toISOString(),
        hashes: [arq.hash],
      }),
    );
    expect(segundo.statusBarramento).toBe(409);
    await a.obterReciboDeConclusao(enviado.idt);
    expect((await falhaDoBarramento(b.recusarTramite(enviado.idt, recusa))).statusBarramento).toBe(409);

    const cancelado = await enviadoPorA([await arquivo(randomBytes(80))]);
    await b.obterMetadados(cancelado.idt);
    await a.cancelarTramite(cancelado.idt);
    const [outro] = cancelado.arquivos as [ArquivoTeste];
    const erro = await falhaDoBarramento(b.baixarComponente(cancelado.idt, id(cancelado, outro), caminhoNovo('x')));
    expect(erro.statusBarramento).toBe(409);
    expect(await situacao(cancelado.idt)).toBe(7);
  });

  it('falharProxima vale para as rotas do recebimento', async () => {
    const enviado = await enviadoPorA([await arquivo(randomBytes(10))]);
    barramento.falharProxima(ROTAS_RECEBIMENTO.metadados, { status: 500, codigoErro: '9500', mensagem: 'Falhou' });
    const erro = await falhaDoBarramento(b.obterMetadados(enviado.idt));
    expect(erro).toBeInstanceOf(ErroBarramento);
    expect(erro.statusBarramento).toBe(500);
    expect(await situacao(enviado.idt)).toBe(2);
    await b.obterMetadados(enviado.idt);
    expect(await situacao(enviado.idt)).toBe(3);
  });
});

describe('decodificação do Base64 no cliente', () => {
  /** Decodes the given chunks of an answer; the error, if it failed. */
  async function decodificar(pedacos: string[]): Promise<Buffer | unknown> {
    const saida: Buffer[] = [];
    const destino = new Writable({
      write(pedaco: Buffer, _codificacao, feito) {
        saida.push(pedaco);
        feito();
      },
    });
    try {
      await pipeline(Readable.from(pedacos.map((p) => Buffer.from(p, 'latin1'))), decodificadorBase64(), destino);
      return Buffer.concat(saida);
    } catch (erro) {
      return erro;
    }
  }

  it('aceita o texto entre aspas de string JSON, barras escapadas, quebras de linha e grupos partidos entre pedaços', async () => {
    const conteudo = randomBytes(1000);
    const base64 = conteudo.toString('base64');
    const partido = [
      `"${base64.slice(0, 7)}`,
      `${base64.slice(7, 8)}\r\n`,
      base64.slice(8, 501),
      `${base64.slice(501)}"`,
    ];
    expect(await decodificar(partido)).toEqual(conteudo);
    // The padding split between chunks.
    expect(await decodificar(['"YS9iYw=', '="'])).toEqual(Buffer.from('a/bc'));
    // JSON may escape the slash: "\/\/\/\/" is ////, three bytes 0xff.
    expect(await decodificar(['"\\/\\/', '\\/\\/"'])).toEqual(Buffer.from([0xff, 0xff, 0xff]));
    expect(await decodificar([])).toEqual(Buffer.alloc(0));
  });

  it('recusa o que não é Base64, texto depois do preenchimento e grupo incompleto no fim', async () => {
    for (const invalido of [['YWJj*'], ['YQ==', 'YQ=='], ['YWJ']]) {
      const erro = await decodificar(invalido);
      expect(erro).toBeInstanceOf(ErroBarramento);
      expect((erro as ErroBarramento).codigo).toBe('TRAMITA_RESPOSTA_INVALIDA');
    }
  });
});
