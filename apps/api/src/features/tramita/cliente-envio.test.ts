import { createVerify, randomBytes, X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BLOCO_TRANSFERENCIA, partesDe, xmlReciboEnvio } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificadosBarramento } from '../../testing/barramento/certificados.ts';
import { type DoisSistemasNoBarramento, iniciarDoisSistemas } from '../../testing/barramento/dois-sistemas.ts';
import { falhaDoBarramento } from '../../testing/barramento/falha.ts';
import { arquivoGrandeTeste, arquivoTeste, envioTeste } from '../../testing/barramento/processo-teste.ts';
import { type BarramentoTeste, ROTAS_ENVIO } from '../../testing/barramento/servidor.ts';
import { type ClienteTramita, ErroBarramento } from './cliente.ts';

// Plan step 6 (docs/tramita-govbr-desenho.md §7, §9): the sending side of the barramento double, driven by the
// product's client over mutual TLS with certificates made here.

const MIB = 1024 * 1024;

let certificados: CertificadosBarramento;
let barramento: BarramentoTeste;
let pasta: string;
let a: ClienteTramita;
let b: ClienteTramita;
let sistemas: DoisSistemasNoBarramento | undefined;

beforeAll(async () => {
  sistemas = await iniciarDoisSistemas('cliente-envio-');
  ({ certificados, barramento, pasta, a, b } = sistemas);
});

afterAll(() => sistemas?.fechar());

let contador = 0;
const arquivo = (conteudo: Buffer) => arquivoTeste(join(pasta, `componente-${++contador}`), conteudo);

const situacao = async (idt: number) => (await a.consultarTramite(idt))?.situacaoAtual;

let numeroProcesso = 0;
const novoProtocolo = () => `23000.${String(++numeroProcesso).padStart(6, '0')}/2026-00`;

/** A trâmite with its components uploaded whole: in state 2. */
async function tramiteEm2(): Promise<number> {
  const arq = await arquivo(randomBytes(1000));
  const protocolo = novoProtocolo();
  const resposta = await a.iniciarTramiteProcesso(envioTeste(protocolo, [arq]));
  await a.enviarComponente(
    resposta.ticketParaEnvioDeComponentesDigitais,
    { hashDoComponenteDigital: arq.hash, protocolo },
    arq.caminho,
  );
  return resposta.IDT;
}

describe('iniciar e enviar componentes inteiros', () => {
  it('tramites/processo → 1; os componentes pedidos sobem inteiros → 2; recibo de envio assinado pela AC de teste', async () => {
    const primeiro = await arquivo(randomBytes(3000));
    const segundo = await arquivo(Buffer.from('segundo componente'));
    const arquivos = [primeiro, segundo];
    const protocolo = novoProtocolo();
    const resposta = await a.iniciarTramiteProcesso(envioTeste(protocolo, arquivos));
    expect(resposta.NRE).toMatch(/^\d{16}$/);
    expect(resposta.processosComComponentesDigitaisSolicitados).toEqual([
      { protocolo, hashes: arquivos.map((arq) => arq.hash) },
    ]);
    const idt = resposta.IDT;
    expect(await situacao(idt)).toBe(1);
    expect(await b.consultarTramite(idt)).toBeNull();
    // The pending list asks the sender to keep uploading (notes §5).
    expect(await a.consultarPendentes()).toContainEqual({ IDT: idt, status: 1 });

    const ticket = resposta.ticketParaEnvioDeComponentesDigitais;
    await a.enviarComponente(ticket, { hashDoComponenteDigital: primeiro.hash, protocolo }, primeiro.caminho);
    expect(await situacao(idt)).toBe(1);
    // A stream of known size serves as well as a path.
    await a.enviarComponente(
      ticket,
      { hashDoComponenteDigital: segundo.hash, protocolo },
      { fluxo: Readable.from([Buffer.from('segundo componente')]), tamanho: segundo.tamanho },
    );
    const tramite = await a.consultarTramite(idt);
    expect(tramite?.situacaoAtual).toBe(2);
    expect(tramite?.mudancasDeSituacao.map((m) => m.situacao)).toEqual([1, 2]);
    // The receiver sees it from 2 on.
    expect((await b.consultarTramite(idt))?.situacaoAtual).toBe(2);
    // Hash and protocol went in the query string too.
    const upload = barramento.inspecionar().pedidos.find((p) => p.metodo === 'PUT');
    expect(new URL(upload?.url ?? '', 'https://x').searchParams.get('protocolo')).toBe(protocolo);

    const recibo = await a.obterReciboDeEnvio(idt);
    expect(recibo.reciboDeEnvio).toMatchObject({ IDT: idt, NRE: resposta.NRE });
    expect(recibo.reciboDeEnvio.hashesDosComponentesDigitais.sort()).toEqual(arquivos.map((x) => x.hash).sort());
    const ac = new X509Certificate(Buffer.from(recibo.cadeiaDoCertificado ?? '', 'base64'));
    expect(ac.fingerprint256).toBe(new X509Certificate(certificados.ac.certificado).fingerprint256);
    const xml = xmlReciboEnvio({
      idt,
      nre: resposta.NRE,
      dataDeRecebimentoDoUltimoComponenteDigital: recibo.reciboDeEnvio.dataDeRecebimentoDoUltimoComponenteDigital,
      hashes: recibo.reciboDeEnvio.hashesDosComponentesDigitais,
    });
    expect(
      createVerify('RSA-SHA256')
        .update(xml)
        .verify(ac.publicKey, recibo.hashDaAssinatura ?? '', 'base64'),
    ).toBe(true);
  });

  it('um processo com trâmite em andamento não aceita outro (0044); o mesmo processo mantém o NRE', async () => {
    const arq = await arquivo(randomBytes(10));
    const protocolo = novoProtocolo();
    const primeiro = await a.iniciarTramiteProcesso(envioTeste(protocolo, [arq]));
    const erro = await falhaDoBarramento(a.iniciarTramiteProcesso(envioTeste(protocolo, [arq])));
    expect([erro.statusBarramento, erro.codigoBarramento]).toEqual([409, '0044']);
    await a.cancelarTramite(primeiro.IDT);
    const segundo = await a.iniciarTramiteProcesso(envioTeste(protocolo, [arq]));
    expect(segundo.NRE).toBe(primeiro.NRE);
    expect(segundo.IDT).not.toBe(primeiro.IDT);
  });

  it('hash errado no envio inteiro → 422 e o trâmite fica em 1; o envio certo depois passa a 2', async () => {
    const arq = await arquivo(randomBytes(2000));
    const protocolo = novoProtocolo();
    const { IDT: idt, ticketParaEnvioDeComponentesDigitais: ticket } = await a.iniciarTramiteProcesso(
      envioTeste(protocolo, [arq]),
    );
    const id = { hashDoComponenteDigital: arq.hash, protocolo };
    const corrompido = await arquivo(randomBytes(2000));
    const erro = await falhaDoBarramento(a.enviarComponente(ticket, id, corrompido.caminho));
    expect(erro.codigo).toBe('TRAMITA_ERRO_BARRAMENTO');
    expect([erro.statusBarramento, erro.codigoBarramento]).toEqual([422, '9422']);
    expect(erro.message).toContain('não confere');
    expect(await situacao(idt)).toBe(1);
    // Wrong size, too.
    const curto = await arquivo(randomBytes(10));
    expect((await falhaDoBarramento(a.enviarComponente(ticket, id, curto.caminho))).statusBarramento).toBe(422);
    expect(await situacao(idt)).toBe(1);
    await a.enviarComponente(ticket, id, arq.caminho);
    expect(await situacao(idt)).toBe(2);
  });

  it('corpo inválido → 400; ticket ou IDT que o sistema não vê → 404; componente não pedido → 400', async () => {
    const semDocumentos = envioTeste(novoProtocolo(), []);
    const erro = await falhaDoBarramento(a.iniciarTramiteProcesso(semDocumentos));
    expect([erro.statusBarramento, erro.codigoBarramento]).toEqual([400, '9400']);
    // B cannot send from A's structures.
    expect(
      (await falhaDoBarramento(b.iniciarTramiteProcesso(envioTeste(novoProtocolo(), [await arquivo(randomBytes(5))]))))
        .statusBarramento,
    ).toBe(400);

    const arq = await arquivo(randomBytes(100));
    const protocolo = novoProtocolo();
    const { IDT: idt, ticketParaEnvioDeComponentesDigitais: ticket } = await a.iniciarTramiteProcesso(
      envioTeste(protocolo, [arq]),
    );
    const id = { hashDoComponenteDigital: arq.hash, protocolo };
    expect((await falhaDoBarramento(b.enviarComponente(ticket, id, arq.caminho))).statusBarramento).toBe(404);
    expect((await falhaDoBarramento(b.cancelarTramite(idt))).statusBarramento).toBe(404);
    expect((await falhaDoBarramento(b.obterReciboDeEnvio(idt))).statusBarramento).toBe(404);
    expect((await falhaDoBarramento(a.cancelarTramite(999_999))).statusBarramento).toBe(404);
    const outro = await arquivo(randomBytes(100));
    const naoPedido = await falhaDoBarramento(
      a.enviarComponente(ticket, { hashDoComponenteDigital: outro.hash, protocolo }, outro.caminho),
    );
    expect(naoPedido.statusBarramento).toBe(400);
    // The receipt exists only once the components are in.
    expect((await falhaDoBarramento(a.obterReciboDeEnvio(idt))).statusBarramento).toBe(409);
  });
});

describe('envio em partes', () => {
  it('um arquivo de 120 MiB em partes do bloco padrão, lido em fluxo: → 2, memória limitada', async () => {
    const tamanho = 120 * MIB;
    const grande = await arquivoGrandeTeste(join(pasta, 'grande.bin'), tamanho);
    const { caminho } = grande;
    const protocolo = novoProtocolo();
    const { IDT: idt, ticketParaEnvioDeComponentesDigitais: ticket } = await a.iniciarTramiteProcesso(
      envioTeste(protocolo, [grande]),
    );
    const id = { hashDoComponenteDigital: grande.hash, protocolo };
    const bloco = BLOCO_TRANSFERENCIA.padraoMb * BLOCO_TRANSFERENCIA.bytesPorMb;
    const partes = partesDe(tamanho, bloco);
    expect(partes.map((p) => `${p.inicio}-${p.fim}`)).toEqual([
      '0-52428800',
      '52428800-104857600',
      '104857600-125829120',
    ]);

    const antes = process.memoryUsage().rss;
    let pico = antes;
    const sonda = setInterval(() => {
      pico = Math.max(pico, process.memoryUsage().rss);
    }, 5);
    try {
      // Client and double share this process: the growth bounds both.
      for (const parte of partes) await a.enviarParteComponente(ticket, id, parte, caminho);
      expect(await situacao(idt)).toBe(1);
      await a.sinalizarTerminoEnvio(ticket, id);
    } finally {
      clearInterval(sonda);
    }
    pico = Math.max(pico, process.memoryUsage().rss);
    expect(pico - antes).toBeLessThan(tamanho / 3);
    expect(await situacao(idt)).toBe(2);
    const noBarramento = barramento.inspecionar().tramites.find((t) => t.IDT === idt);
    expect(noBarramento?.componentes).toEqual([
      expect.objectContaining({ recebido: true, tamanho, partes: partes.map((p) => `${p.inicio}-${p.fim}`) }),
    ]);
  });

  it('partes fora de ordem e repetidas valem; faltando parte ou com hash errado → 422 e o trâmite fica em 1', async () => {
    const conteudo = randomBytes(10_000);
    const arq = await arquivo(conteudo);
    const protocolo = novoProtocolo();
    const { IDT: idt, ticketParaEnvioDeComponentesDigitais: ticket } = await a.iniciarTramiteProcesso(
      envioTeste(protocolo, [arq]),
    );
    const id = { hashDoComponenteDigital: arq.hash, protocolo };
    const partes = partesDe(conteudo.length, 4096);
    expect(partes).toHaveLength(3);
    const [p0, p1, p2] = partes as [(typeof partes)[0], (typeof partes)[0], (typeof partes)[0]];

    await a.enviarParteComponente(ticket, id, p2, arq.caminho);
    await a.enviarParteComponente(ticket, id, p0, arq.caminho);
    const faltando = await falhaDoBarramento(a.sinalizarTerminoEnvio(ticket, id));
    expect([faltando.statusBarramento, faltando.codigoBarramento]).toEqual([422, '9422']);
    expect(faltando.message).toContain('Faltam partes');

    // The middle part with wrong bytes: the hash fails at the end, the parts are dropped.
    await a.enviarParteComponente(ticket, id, p1, {
      fluxo: Readable.from([randomBytes(p1.fim - p1.inicio)]),
      tamanho: p1.fim - p1.inicio,
    });
    const hashErrado = await falhaDoBarramento(a.sinalizarTerminoEnvio(ticket, id));
    expect(hashErrado.statusBarramento).toBe(422);
    expect(hashErrado.message).toContain('não confere');
    expect(await situacao(idt)).toBe(1);
    expect(barramento.inspecionar().tramites.find((t) => t.IDT === idt)?.componentes[0]?.partes).toEqual([]);

    // Again, out of order and one part twice.
    for (const parte of [p1, p0, p2, p1]) await a.enviarParteComponente(ticket, id, parte, arq.caminho);
    await a.sinalizarTerminoEnvio(ticket, id);
    expect(await situacao(idt)).toBe(2);
  });

  it('parte além do tamanho informado → 422; uma origem com bytes a mais ou a menos não sai do cliente', async () => {
    const arq = await arquivo(randomBytes(1000));
    const protocolo = novoProtocolo();
    const { ticketParaEnvioDeComponentesDigitais: ticket } = await a.iniciarTramiteProcesso(
      envioTeste(protocolo, [arq]),
    );
    const id = { hashDoComponenteDigital: arq.hash, protocolo };
    const alem = await falhaDoBarramento(
      a.enviarParteComponente(
        ticket,
        id,
        { inicio: 900, fim: 1100 },
        { fluxo: Readable.from([randomBytes(200)]), tamanho: 200 },
      ),
    );
    expect(alem.statusBarramento).toBe(422);
    const antes = barramento.inspecionar().pedidos.length;
    const curta = await a
      .enviarComponente(ticket, id, { fluxo: Readable.from([randomBytes(10)]), tamanho: 1000 })
      .catch((e: unknown) => e);
    expect(curta).toBeInstanceOf(Error);
    expect(curta).not.toBeInstanceOf(ErroBarramento);
    expect((curta as Error).message).toMatch(/fewer bytes/);
    await expect(
      a.enviarParteComponente(ticket, id, { inicio: 0, fim: 100 }, { fluxo: Readable.from([]), tamanho: 50 }),
    ).rejects.toThrow(RangeError);
    // The refused upload reached the double, but no component moved.
    expect(barramento.inspecionar().pedidos.length).toBeGreaterThanOrEqual(antes);
    expect(barramento.inspecionar().tramites.at(-1)?.componentes[0]?.recebido).toBe(false);
  });
});

describe('cancelamento', () => {
  it('o remetente cancela em 2 → 7; cancelar de novo, ou depois de 7, é transição inválida (409)', async () => {
    const idt = await tramiteEm2();
    expect(await situacao(idt)).toBe(2);
    await a.cancelarTramite(idt);
    expect(await situacao(idt)).toBe(7);
    const erro = await falhaDoBarramento(a.cancelarTramite(idt));
    expect([erro.statusBarramento, erro.codigoBarramento]).toEqual([409, '9409']);
    expect(erro.message).toBe(
      `O Tramita GOV.BR recusou o pedido: O trâmite ${idt} não pode ser cancelado na situação 7 (código 9409)`,
    );
  });

  it('o destinatário não cancela (409); um envio depois do cancelamento também é 409', async () => {
    const arq = await arquivo(randomBytes(50));
    const outro = await arquivo(randomBytes(50));
    const protocolo = novoProtocolo();
    const { IDT: idt, ticketParaEnvioDeComponentesDigitais: ticket } = await a.iniciarTramiteProcesso(
      envioTeste(protocolo, [arq, outro]),
    );
    await a.enviarComponente(ticket, { hashDoComponenteDigital: arq.hash, protocolo }, arq.caminho);
    await a.enviarComponente(ticket, { hashDoComponenteDigital: outro.hash, protocolo }, outro.caminho);
    expect((await falhaDoBarramento(b.cancelarTramite(idt))).statusBarramento).toBe(409);
    await a.cancelarTramite(idt);
    const depois = await falhaDoBarramento(
      a.enviarComponente(ticket, { hashDoComponenteDigital: arq.hash, protocolo }, arq.caminho),
    );
    expect(depois.statusBarramento).toBe(409);
  });
});

describe('relógio e cancelamento automático', () => {
  it('parado em 1–4 por mais de 8 dias corridos → 10, visto na requisição seguinte e por varrer()', async () => {
    const arq = await arquivo(randomBytes(20));
    const emUm = (await a.iniciarTramiteProcesso(envioTeste(novoProtocolo(), [arq]))).IDT;
    const emDois = await tramiteEm2();
    const cancelado = await tramiteEm2();
    await a.cancelarTramite(cancelado);

    barramento.avancar(7.99);
    expect(barramento.varrer()).toEqual([]);
    expect(await situacao(emUm)).toBe(1);

    barramento.avancar(0.01 + 1 / 86_400);
    // The next request runs the sweep before answering.
    expect(await situacao(emUm)).toBe(10);
    expect(await situacao(emDois)).toBe(10);
    expect(await situacao(cancelado)).toBe(7);
    expect(barramento.varrer()).toEqual([]);
    const erro = await falhaDoBarramento(a.cancelarTramite(emUm));
    expect(erro.statusBarramento).toBe(409);
  });

  it('varrer() sozinho cancela, sem requisição', async () => {
    const idt = await tramiteEm2();
    barramento.avancar(8 + 1 / 86_400);
    expect(barramento.varrer()).toContain(idt);
    expect(
      barramento
        .inspecionar()
        .tramites.find((t) => t.IDT === idt)
        ?.mudancas.at(-1)?.situacao,
    ).toBe(10);
  });
});

describe('ganchos de teste', () => {
  it('falharProxima falha só a próxima requisição da rota, com o erro dado', async () => {
    barramento.falharProxima(ROTAS_ENVIO.iniciar, { status: 503, codigoErro: '9503', mensagem: 'Fora do ar' });
    const arq = await arquivo(randomBytes(30));
    const protocolo = novoProtocolo();
    const erro = await falhaDoBarramento(a.iniciarTramiteProcesso(envioTeste(protocolo, [arq])));
    expect([erro.statusBarramento, erro.codigoBarramento, erro.message]).toEqual([
      503,
      '9503',
      'O Tramita GOV.BR recusou o pedido: Fora do ar (código 9503)',
    ]);
    const resposta = await a.iniciarTramiteProcesso(envioTeste(protocolo, [arq]));
    expect(barramento.inspecionar().tramites.some((t) => t.IDT === resposta.IDT)).toBe(true);
  });
});
