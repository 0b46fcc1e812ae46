import { createPrivateKey, createSign, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Agent, request } from 'node:https';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TLSSocket } from 'node:tls';
import {
  type CodigoErro,
  type ConsultaEstruturas,
  consultaTramitesSchema,
  type EspeciePen,
  type EstruturaPen,
  type envioProcessoSchema,
  envioReciboSchema,
  erroPenSchema,
  estruturaPenSchema,
  type FiltroTramites,
  type HipoteseLegalPen,
  type identificacaoComponenteSchema,
  type ListaEstruturas,
  listaEspeciesSchema,
  listaEstruturasSchema,
  listaHipotesesSchema,
  listaPendenciasSchema,
  listaRepositoriosSchema,
  MENSAGENS,
  metadadosTramiteSchema,
  type ParteComponente,
  type PendenciaPen,
  type RepositorioPen,
  reciboDeEnvioSchema,
  reciboTramiteSchema,
  type recusaTramiteSchema,
  respostaEnvioProcessoSchema,
  type TramitePen,
  xmlReciboTramite,
} from '@tramite/shared';
import forge from 'node-forge';
import type { z } from 'zod';
import { ErroDominio } from '../../platform/erros.ts';

/**
 * The product's client of the Tramita GOV.BR REST API v3 (docs/tramita-govbr-protocolo.md): mutual TLS with the
 * system's certificate (no token), JSON in and out checked against the shared schemas, every failure turned into an
 * ErroBarramento with a Portuguese message.
 */

type CodigoTramita = Extract<CodigoErro, `TRAMITA_${string}`>;

/**
 * A failure talking to the barramento. `codigo` and `status` are the product's (the API answers with them);
 * `statusBarramento` and `codigoBarramento` are what the barramento answered, when it did: branch on
 * `codigoBarramento` (e.g. '0044'), since the barramento's HTTP statuses are not documented.
 */
export class ErroBarramento extends ErroDominio {
  constructor(
    codigo: CodigoTramita,
    mensagem: string,
    readonly statusBarramento: number | null = null,
    readonly codigoBarramento: string | null = null,
    causa?: unknown,
  ) {
    super(codigo, mensagem);
    this.name = 'ErroBarramento';
    if (causa !== undefined) this.cause = causa;
  }
}

export type CertificadoTramita =
  | { formato: 'PKCS12'; arquivo: Buffer; senha: string }
  | { formato: 'PEM'; certificado: string; chave: string; senhaChave?: string };

export interface OpcoesClienteTramita {
  /** The REST v3 base, e.g. https://homolog.api.processoeletronico.gov.br/interoperabilidade/rest/v3/ */
  urlBase: string;
  certificado: CertificadoTramita;
  /** CAs trusted for the barramento's own certificate (PEM); absent, Node's public roots. */
  autoridades?: string[];
  /** Limit of each request, from connecting to the last byte of the answer. */
  tempoLimiteMs?: number;
}

/** The reference client waits 300 s per request (notes §2): a part of 50 MiB travels as 67 MB of Base64. */
const TEMPO_LIMITE_PADRAO_MS = 300_000;
/** A JSON answer larger than this is not read: the longest list (structures of a repository) is far smaller. */
const TAMANHO_MAXIMO_RESPOSTA = 64 * 1024 * 1024;

/** How a download's answer fails when the connection breaks in the middle. */
const QUEBRA_DA_RESPOSTA = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED', 'EPIPE']);

/** TLS alerts the barramento sends when it does not accept the system's certificate. */
const ALERTA_CERTIFICADO_RECUSADO =
  /ALERT_(CERTIFICATE_REQUIRED|UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|CERTIFICATE_EXPIRED|CERTIFICATE_REVOKED|UNSUPPORTED_CERTIFICATE|ACCESS_DENIED|HANDSHAKE_FAILURE)/;
/** OpenSSL's verification failures of the server's certificate, as Node names them. */
const SERVIDOR_NAO_VERIFICADO = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const certificadoInvalido = (mensagem: string, causa?: unknown) =>
  new ErroBarramento('TRAMITA_CERTIFICADO_INVALIDO', mensagem, null, null, causa);

/**
 * A PKCS#12 read with node-forge, not handed to OpenSSL: files issued with RC2 or other legacy ciphers open too
 * (OpenSSL 3 refuses them without its legacy provider). Answers the certificate chain (the one matching the key
 * first) and the key, in PEM.
 */
function pemDoPkcs12(arquivo: Buffer, senha: string): { certificados: string; chave: string } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(arquivo.toString('binary'))), senha);
  } catch (erro) {
    // forge says so only when the file has a MAC (as every issued one does); without it a wrong password is garbage.
    const senhaErrada = erro instanceof Error && /Invalid password/.test(erro.message);
    throw certificadoInvalido(
      senhaErrada ? MENSAGENS.tramita.senhaIncorreta : MENSAGENS.tramita.certificadoIlegivel,
      erro,
    );
  }
  const bolsas = (tipo: string) => p12.getBags({ bagType: tipo })[tipo] ?? [];
  const chave = [...bolsas(forge.pki.oids.pkcs8ShroudedKeyBag as string), ...bolsas(forge.pki.oids.keyBag as string)][0]
    ?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificados = bolsas(forge.pki.oids.certBag as string).flatMap((bolsa) => (bolsa.cert ? [bolsa.cert] : []));
  if (!chave || certificados.length === 0) throw certificadoInvalido(MENSAGENS.tramita.certificadoIlegivel);
  const doTitular = (c: forge.pki.Certificate) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(chave.n);
  const cadeia = [...certificados.filter(doTitular), ...certificados.filter((c) => !doTitular(c))];
  return {
    certificados: cadeia.map((c) => forge.pki.certificateToPem(c)).join(''),
    chave: forge.pki.privateKeyToPem(chave),
  };
}

/** A system certificate opened and checked: its chain in PEM (the holder's first), the holder's and the key. */
export interface CredenciaisTramita {
  cadeia: string;
  titular: X509Certificate;
  chave: KeyObject;
}

/**
 * Opens a system certificate (PKCS#12 with its password, or PEM of the certificate and of the key, optionally
 * encrypted) and checks the key is the certificate's; ErroBarramento TRAMITA_CERTIFICADO_INVALIDO otherwise. The
 * client and the configuration screen's upload read certificates through here.
 */
export function lerCertificadoTramita(certificado: CertificadoTramita): CredenciaisTramita {
  const { certificados, chave, senha } =
    certificado.formato === 'PKCS12'
      ? { ...pemDoPkcs12(certificado.arquivo, certificado.senha), senha: undefined }
      : { certificados: certificado.certificado, chave: certificado.chave, senha: certificado.senhaChave };
  let titular: X509Certificate;
  let chavePrivada: KeyObject;
  try {
    titular = new X509Certificate(certificados);
    chavePrivada = createPrivateKey(senha === undefined ? chave : { key: chave, passphrase: senha });
  } catch (erro) {
    throw certificadoInvalido(MENSAGENS.tramita.certificadoIlegivel, erro);
  }
  if (!titular.checkPrivateKey(chavePrivada)) throw certificadoInvalido(MENSAGENS.tramita.chaveNaoCorresponde);
  return { cadeia: certificados, titular, chave: chavePrivada };
}

/**
 * The bytes of a component to upload: a file path (read in a stream; for a part, only its byte range), or a stream
 * of exactly `tamanho` bytes. Never a whole file in memory.
 */
export type OrigemComponente = string | { fluxo: Readable; tamanho: number };

type IdentificacaoComponente = z.input<typeof identificacaoComponenteSchema>;

/** A request body sent as a stream of known length. */
interface CorpoFluxo {
  tipo: string;
  tamanho: number;
  fluxo: Readable;
}

/**
 * The multipart body of an upload (notes §7.2): the component's hash and protocol as fields (they also go in the
 * query string, until the Swagger says which the server reads), then the file part `conteudo`. The file is streamed;
 * a source with more or fewer bytes than announced fails the request.
 */
function corpoUpload(id: IdentificacaoComponente, conteudo: Readable, tamanho: number): CorpoFluxo {
  const fronteira = `----TramiteComponente${randomBytes(12).toString('hex')}`;
  const campo = (nome: string, valor: string) =>
    `--${fronteira}\r\nContent-Disposition: form-data; name="${nome}"\r\n\r\n${valor}\r\n`;
  const cabeca = Buffer.from(
    campo('hashDoComponenteDigital', id.hashDoComponenteDigital) +
      campo('protocolo', id.protocolo) +
      `--${fronteira}\r\nContent-Disposition: form-data; name="conteudo"; filename="conteudo"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const cauda = Buffer.from(`\r\n--${fronteira}--\r\n`);
  async function* partes() {
    yield cabeca;
    let lidos = 0;
    for await (const pedaco of conteudo as AsyncIterable<Buffer>) {
      lidos += pedaco.length;
      if (lidos > tamanho) break;
      yield pedaco;
    }
    if (lidos !== tamanho) {
      throw new Error(`component source has ${lidos > tamanho ? 'more' : 'fewer'} bytes than the ${tamanho} announced`);
    }
    yield cauda;
  }
  return {
    tipo: `multipart/form-data; boundary=${fronteira}`,
    tamanho: cabeca.length + tamanho + cauda.length,
    fluxo: Readable.from(partes(), { objectMode: false }),
  };
}

/**
 * Where a download goes: a file path (a whole component replaces the file; a part is written at its offset, the file
 * created if missing, so the parts of a component land in one file in any order), or a stream, ended at the end.
 */
export type DestinoDownload = string | Writable;

const componenteIlegivel = () => new ErroBarramento('TRAMITA_RESPOSTA_INVALIDA', MENSAGENS.tramita.componenteIlegivel);

/**
 * Decodes the Base64 text of a download as it arrives, four characters at a time (the rest carried over), so a part
 * of 50 MiB (67 MB of text) is never held whole. Quotes, escaped slashes and whitespace are dropped: the answer may
 * come as a JSON string (notes §8.2). Anything else outside the Base64 alphabet, or text after the padding, fails.
 */
export function decodificadorBase64(): Transform {
  let resto = '';
  let terminou = false;
  return new Transform({
    transform(pedaco: Buffer, _codificacao, feito) {
      const novo = pedaco.toString('latin1').replace(/["\\\s]/g, '');
      if (novo.length === 0) return feito();
      const texto = resto + novo;
      if (terminou || !/^[A-Za-z0-9+/]*={0,2}$/.test(texto)) return feito(componenteIlegivel());
      const inteiros = texto.length - (texto.length % 4);
      const grupos = texto.slice(0, inteiros);
      resto = texto.slice(inteiros);
      // Padding closes the content: anything after it is not Base64.
      if (grupos.endsWith('=')) terminou = true;
      feito(null, Buffer.from(grupos, 'base64'));
    },
    flush(feito) {
      feito(resto.length > 0 ? componenteIlegivel() : null);
    },
  });
}

export class ClienteTramita {
  private readonly agente: Agent;
  private readonly urlBase: URL;
  private readonly tempoLimiteMs: number;
  /** The system key: TLS, and the signature of the receiver's receipt (notes §9). */
  private readonly chave: KeyObject;

  constructor(opcoes: OpcoesClienteTramita) {
    this.urlBase = new URL(opcoes.urlBase.endsWith('/') ? opcoes.urlBase : `${opcoes.urlBase}/`);
    this.tempoLimiteMs = opcoes.tempoLimiteMs ?? TEMPO_LIMITE_PADRAO_MS;
    const { cadeia, chave } = lerCertificadoTramita(opcoes.certificado);
    this.chave = chave;
    this.agente = new Agent({
      cert: cadeia,
      key: chave.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ...(opcoes.autoridades ? { ca: opcoes.autoridades } : {}),
      keepAlive: true,
    });
  }

  /** Closes the kept-alive connections. */
  fechar(): void {
    this.agente.destroy();
  }

  /** GET healthcheck: resolves when the barramento answers 2xx to this system. */
  async healthcheck(): Promise<void> {
    await this.pedir('GET', 'healthcheck');
  }

  /** GET repositorios-de-estruturas?ativos=true */
  listarRepositorios(): Promise<RepositorioPen[]> {
    return this.pedir('GET', 'repositorios-de-estruturas', {
      consulta: { ativos: true },
      esquema: listaRepositoriosSchema,
    });
  }

  /** Searches the structures of a repository; the reference client repeats the repository in the query. */
  consultarEstruturas(idRepositorio: number, filtros: ConsultaEstruturas = {}): Promise<ListaEstruturas> {
    return this.pedir('GET', `repositorios-de-estruturas/${idRepositorio}/estruturas-organizacionais`, {
      consulta: { identificacaoDoRepositorioDeEstruturas: idRepositorio, ...filtros },
      esquema: listaEstruturasSchema,
    });
  }

  consultarEstrutura(idRepositorio: number, numero: number): Promise<EstruturaPen> {
    return this.pedir('GET', `repositorios-de-estruturas/${idRepositorio}/estruturas-organizacionais/${numero}`, {
      esquema: estruturaPenSchema,
    });
  }

  async listarEspecies(): Promise<EspeciePen[]> {
    return (await this.pedir('GET', 'especies', { esquema: listaEspeciesSchema })).especies;
  }

  /** GET hipoteses?ativos=: the active ones, or the inactive ones (each marked by `status`). */
  async listarHipoteses(ativas: boolean): Promise<HipoteseLegalPen[]> {
    return (await this.pedir('GET', 'hipoteses', { consulta: { ativos: ativas }, esquema: listaHipotesesSchema }))
      .hipotesesLegais;
  }

  /**
   * GET tramites/pendentes?todas=: what waits on this system, `{ IDT, status }` (notes §5). The reference client
   * polls with `todas=true` (the default here); what `false` leaves out is not confirmed.
   */
  consultarPendentes(todas = true): Promise<PendenciaPen[]> {
    return this.pedir('GET', 'tramites/pendentes', { consulta: { todas }, esquema: listaPendenciasSchema });
  }

  // Sending a process (notes §7; design §2.4): the calls the sending task makes, in its order.

  /** POST tramites/processo (→ 1): the IDT, NRE, upload ticket and the hashes the barramento wants, per protocol. */
  iniciarTramiteProcesso(
    envio: z.input<typeof envioProcessoSchema>,
  ): Promise<z.output<typeof respostaEnvioProcessoSchema>> {
    return this.pedir('POST', 'tramites/processo', { corpo: envio, esquema: respostaEnvioProcessoSchema });
  }

  /** PUT tickets-de-envio-de-componente/{ticket}/protocolos/componentes-a-enviar: a component whole, streamed. */
  async enviarComponente(ticket: string, id: IdentificacaoComponente, origem: OrigemComponente): Promise<void> {
    const { fluxo, tamanho } =
      typeof origem === 'string' ? { fluxo: createReadStream(origem), tamanho: (await stat(origem)).size } : origem;
    await this.pedir('PUT', `${this.caminhoTicket(ticket)}/protocolos/componentes-a-enviar`, {
      consulta: id,
      corpoFluxo: corpoUpload(id, fluxo, tamanho),
    });
  }

  /**
   * PUT …/componentes-a-enviar/partes/{inicio}-{fim}: one part (`fim` exclusive), read from the file's byte range or
   * from a stream of exactly `fim - inicio` bytes. Parts may go in any order and again.
   */
  async enviarParteComponente(
    ticket: string,
    id: IdentificacaoComponente,
    parte: ParteComponente,
    origem: OrigemComponente,
  ): Promise<void> {
    const tamanho = parte.fim - parte.inicio;
    if (typeof origem !== 'string' && origem.tamanho !== tamanho) {
      throw new RangeError(`a part ${parte.inicio}-${parte.fim} needs a source of ${tamanho} bytes`);
    }
    const fluxo =
      typeof origem === 'string' ? createReadStream(origem, { start: parte.inicio, end: parte.fim - 1 }) : origem.fluxo;
    await this.pedir(
      'PUT',
      `${this.caminhoTicket(ticket)}/protocolos/componentes-a-enviar/partes/${parte.inicio}-${parte.fim}`,
      { consulta: id, corpoFluxo: corpoUpload(id, fluxo, tamanho) },
    );
  }

  /** POST …/partes/sinalizacao-termino-envio: the parts are all sent; the barramento checks size and hash. */
  async sinalizarTerminoEnvio(ticket: string, id: IdentificacaoComponente): Promise<void> {
    await this.pedir(
      'POST',
      `${this.caminhoTicket(ticket)}/protocolos/componentes-a-enviar/partes/sinalizacao-termino-envio`,
      { corpo: id },
    );
  }

  /** GET tramites?IDT=&NRE=&protocolo=: the trâmites this system sees (as sender or receiver). */
  async consultarTramites(filtro: FiltroTramites): Promise<TramitePen[]> {
    return (await this.pedir('GET', 'tramites', { consulta: filtro, esquema: consultaTramitesSchema })).tramites;
  }

  /** One trâmite by its IDT (its state in `situacaoAtual`), or null if this system does not see it. */
  async consultarTramite(idt: number): Promise<TramitePen | null> {
    return (await this.consultarTramites({ IDT: idt })).find((tramite) => tramite.IDT === idt) ?? null;
  }

  /** GET tramites/{idt}/recibo-de-envio: the barramento's signed receipt of the components (from state 2). */
  obterReciboDeEnvio(idt: number): Promise<z.output<typeof reciboDeEnvioSchema>> {
    return this.pedir('GET', `tramites/${idt}/recibo-de-envio`, { esquema: reciboDeEnvioSchema });
  }

  /** DELETE tramites/{idt} (1–4 → 7). */
  async cancelarTramite(idt: number): Promise<void> {
    await this.pedir('DELETE', `tramites/${idt}`);
  }

  // Receiving a process and concluding a trâmite (notes §7.5–7.6, §8–9; design §2.5, §4.2).

  /** GET tramites/{idt}: the metadata (the receiver asking in 2 moves the trâmite to 3). */
  obterMetadados(idt: number): Promise<z.output<typeof metadadosTramiteSchema>> {
    return this.pedir('GET', `tramites/${idt}`, { esquema: metadadosTramiteSchema });
  }

  /**
   * POST tramites/{idt}/protocolos/componentes-digitais: a component whole, its Base64 answer decoded as it arrives
   * into `destino`. Answers the number of bytes written; the caller checks size and hash against the metadata.
   */
  baixarComponente(idt: number, id: IdentificacaoComponente, destino: DestinoDownload): Promise<number> {
    return this.baixar(`tramites/${idt}/protocolos/componentes-digitais`, id, destino, null);
  }

  /**
   * POST …/componentes-digitais/partes/{inicio}-{fim}: one part (`fim` exclusive), decoded as it arrives and written
   * at `inicio` of the file `destino` (or into a stream). An answer with another number of bytes fails
   * (TRAMITA_RESPOSTA_INVALIDA) after writing what came: the caller writes the part again.
   */
  async baixarParte(
    idt: number,
    id: IdentificacaoComponente,
    parte: ParteComponente,
    destino: DestinoDownload,
  ): Promise<void> {
    const caminho = `tramites/${idt}/protocolos/componentes-digitais/partes/${parte.inicio}-${parte.fim}`;
    const bytes = await this.baixar(caminho, id, destino, parte);
    if (bytes !== parte.fim - parte.inicio) {
      throw new ErroBarramento(
        'TRAMITA_RESPOSTA_INVALIDA',
        MENSAGENS.tramita.parteIncompleta(parte.fim - parte.inicio, bytes),
      );
    }
  }

  private async baixar(
    caminho: string,
    id: IdentificacaoComponente,
    destino: DestinoDownload,
    parte: ParteComponente | null,
  ): Promise<number> {
    if (typeof destino === 'string' && parte) await (await open(destino, 'a')).close();
    return this.pedir('POST', caminho, {
      corpo: id,
      receber: async (resposta: IncomingMessage) => {
        let bytes = 0;
        const contar = new Transform({
          transform(pedaco: Buffer, _codificacao, feito) {
            bytes += pedaco.length;
            feito(null, pedaco);
          },
        });
        const saida =
          typeof destino !== 'string'
            ? destino
            : parte
              ? createWriteStream(destino, { flags: 'r+', start: parte.inicio })
              : createWriteStream(destino);
        await pipeline(resposta, decodificadorBase64(), contar, saida);
        return bytes;
      },
    });
  }

  /**
   * POST tramites/{idt}/recibo (4 → 5): the canonical XML of the receipt (xmlReciboTramite: IDT, NRE, the date as
   * sent, the hashes of the components received sorted by bytes) signed RSA-SHA256 with the system key (notes §9).
   * `dataDeRecebimento` goes exactly as signed. Answers what was sent, for the records.
   */
  async enviarReciboDeTramite(
    idt: number,
    recibo: { nre: string; dataDeRecebimento: string; hashes: readonly string[] },
  ): Promise<z.output<typeof envioReciboSchema>> {
    const xml = xmlReciboTramite({ idt, ...recibo });
    const corpo = envioReciboSchema.parse({
      dataDeRecebimento: recibo.dataDeRecebimento,
      hashDaAssinatura: createSign('RSA-SHA256').update(xml, 'utf8').sign(this.chave, 'base64'),
    });
    await this.pedir('POST', `tramites/${idt}/recibo`, { corpo });
    return corpo;
  }

  /** GET tramites/{idt}/recibo: the sender gets the receiver's signed receipt (5 → 6). */
  obterReciboDeConclusao(idt: number): Promise<z.output<typeof reciboTramiteSchema>> {
    return this.pedir('GET', `tramites/${idt}/recibo`, { esquema: reciboTramiteSchema });
  }

  /**
   * POST tramites/{idt}/recusa (3–4 → 8) with a reason code and the justification, sent as given: the caller keeps it
   * within TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA (the barramento may refuse longer ones).
   */
  async recusarTramite(idt: number, recusa: z.input<typeof recusaTramiteSchema>): Promise<void> {
    await this.pedir('POST', `tramites/${idt}/recusa`, { corpo: recusa });
  }

  /** GET tramites/{idt}/ciencia (8 → 9): the sender acknowledges the refusal. A GET, as the reference client calls it. */
  async darCienciaDaRecusa(idt: number): Promise<void> {
    await this.pedir('GET', `tramites/${idt}/ciencia`);
  }

  private caminhoTicket(ticket: string): string {
    return `tickets-de-envio-de-componente/${encodeURIComponent(ticket)}`;
  }

  private pedir(
    metodo: string,
    caminho: string,
    opcoes?: { consulta?: Record<string, string | number | boolean | undefined>; corpoFluxo?: CorpoFluxo },
  ): Promise<undefined>;
  private pedir<E extends z.ZodType>(
    metodo: string,
    caminho: string,
    opcoes: { consulta?: Record<string, string | number | boolean | undefined>; corpo?: unknown; esquema: E },
  ): Promise<z.output<E>>;
  private pedir(metodo: string, caminho: string, opcoes: { corpo: unknown }): Promise<undefined>;
  /** A 2xx answer handed as a stream to `receber` (a download); an error answer read as the others. */
  private pedir<T>(
    metodo: string,
    caminho: string,
    opcoes: { corpo: unknown; receber: (resposta: IncomingMessage) => Promise<T> },
  ): Promise<T>;
  private pedir(
    metodo: string,
    caminho: string,
    opcoes: {
      consulta?: Record<string, string | number | boolean | undefined>;
      corpo?: unknown;
      corpoFluxo?: CorpoFluxo;
      esquema?: z.ZodType;
      receber?: (resposta: IncomingMessage) => Promise<unknown>;
    } = {},
  ): Promise<unknown> {
    const url = new URL(caminho, this.urlBase);
    for (const [nome, valor] of Object.entries(opcoes.consulta ?? {})) {
      if (valor !== undefined) url.searchParams.set(nome, String(valor));
    }
    const corpo = opcoes.corpo === undefined ? undefined : JSON.stringify(opcoes.corpo);
    const { corpoFluxo } = opcoes;
    return new Promise((resolve, reject) => {
      let acabou = false;
      let relogio: NodeJS.Timeout | undefined;
      let apertoDeMaosNovo = false;
      let respondeu = false;
      /** A failure reading the upload's own source: not the barramento's, reported as it is. */
      let erroDaOrigem: unknown;
      const acabar = (erro: unknown, valor?: unknown) => {
        if (acabou) return;
        acabou = true;
        clearTimeout(relogio);
        // An answer before the whole body was sent (an early refusal): stop uploading.
        if (corpoFluxo && !pedido.writableFinished) pedido.destroy();
        if (erro) reject(erro);
        else resolve(valor);
      };
      const falhaDeTransporte = (erro: Error) => {
        if (erroDaOrigem !== undefined) return acabar(erroDaOrigem);
        if (erro instanceof ErroBarramento) return acabar(erro);
        // A server that checks the client's certificate after the TLS 1.3 handshake (Node's own, as the test double)
        // refuses it by closing the new connection before any answer, with no alert to say why.
        if (apertoDeMaosNovo && !respondeu && (erro as NodeJS.ErrnoException).code === 'ECONNRESET') {
          return acabar(
            new ErroBarramento(
              'TRAMITA_CERTIFICADO_RECUSADO',
              MENSAGENS.tramita.conexaoEncerradaNoCertificado,
              null,
              null,
              erro,
            ),
          );
        }
        acabar(this.erroTransporte(url, erro));
      };
      const pedido = request(
        url,
        {
          method: metodo,
          agent: this.agente,
          headers: {
            // What the reference client sends (notes §2): component downloads answer Base64 text, not JSON.
            Accept: '*/*',
            ...(corpo === undefined
              ? {}
              : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(corpo) }),
            ...(corpoFluxo ? { 'Content-Type': corpoFluxo.tipo, 'Content-Length': corpoFluxo.tamanho } : {}),
          },
        },
        (resposta) => {
          respondeu = true;
          const status = resposta.statusCode ?? 0;
          if (opcoes.receber && status >= 200 && status < 300) {
            // The answer's stream breaking is a transport failure; a failure decoding (ErroBarramento) or writing
            // the destination (the first error of the pipeline) is reported as it is.
            let erroDaResposta: Error | undefined;
            resposta.once('error', (erro) => {
              erroDaResposta = erro;
            });
            opcoes.receber(resposta).then(
              (valor) => acabar(null, valor),
              (erro: NodeJS.ErrnoException) => {
                if (erro instanceof ErroBarramento) return acabar(erro);
                const quebrou = erroDaResposta !== undefined || QUEBRA_DA_RESPOSTA.has(erro.code ?? '');
                return quebrou ? falhaDeTransporte(erroDaResposta ?? erro) : acabar(erro);
              },
            );
            return;
          }
          const partes: Buffer[] = [];
          let tamanho = 0;
          resposta.on('data', (parte: Buffer) => {
            tamanho += parte.length;
            if (tamanho > TAMANHO_MAXIMO_RESPOSTA) {
              pedido.destroy(new ErroBarramento('TRAMITA_RESPOSTA_INVALIDA', MENSAGENS.tramita.respostaInvalida));
            } else partes.push(parte);
          });
          resposta.on('error', falhaDeTransporte);
          resposta.on('end', () => {
            try {
              acabar(null, this.interpretar(status, Buffer.concat(partes), opcoes.esquema));
            } catch (erro) {
              acabar(erro);
            }
          });
        },
      );
      relogio = setTimeout(() => {
        acabar(this.erroTempo());
        pedido.destroy();
      }, this.tempoLimiteMs);
      pedido.on('socket', (socket) => {
        if (!pedido.reusedSocket) {
          (socket as TLSSocket).once('secureConnect', () => {
            apertoDeMaosNovo = true;
          });
        }
      });
      pedido.on('error', falhaDeTransporte);
      if (!corpoFluxo) {
        pedido.end(corpo);
        return;
      }
      // The file is read as the socket takes it (backpressure): a part of 50 MiB is never held whole.
      corpoFluxo.fluxo.once('error', (erro) => {
        erroDaOrigem = erro;
      });
      pipeline(corpoFluxo.fluxo, pedido).catch((erro: Error) => falhaDeTransporte(erro));
    });
  }

  private interpretar(status: number, corpo: Buffer, esquema: z.ZodType | undefined): unknown {
    const json = () => {
      try {
        return { valor: JSON.parse(corpo.toString('utf8')) as unknown };
      } catch {
        return null;
      }
    };
    if (status >= 200 && status < 300) {
      if (!esquema) return undefined;
      const lido = json();
      const resultado = lido ? esquema.safeParse(lido.valor) : null;
      if (!resultado?.success) {
        throw new ErroBarramento(
          'TRAMITA_RESPOSTA_INVALIDA',
          MENSAGENS.tramita.respostaInvalida,
          status,
          null,
          resultado?.error,
        );
      }
      return resultado.data;
    }
    const lido = json();
    const erro = lido ? erroPenSchema.safeParse(lido.valor) : null;
    const codigoBarramento = erro?.success ? (erro.data.codigoErro ?? null) : null;
    const mensagem = erro?.success ? erro.data.mensagem : undefined;
    if (mensagem) {
      throw new ErroBarramento(
        'TRAMITA_ERRO_BARRAMENTO',
        MENSAGENS.tramita.erroBarramento(mensagem, codigoBarramento ?? undefined),
        status,
        codigoBarramento,
      );
    }
    // A proxy or load balancer in front of the barramento answers these without the barramento's body.
    if (status === 502 || status === 503 || status === 504) {
      throw new ErroBarramento('TRAMITA_INDISPONIVEL', MENSAGENS.tramita.indisponivel(this.urlBase.host), status);
    }
    throw new ErroBarramento('TRAMITA_ERRO_BARRAMENTO', MENSAGENS.tramita.erroHttp(status), status, codigoBarramento);
  }

  private erroTempo(): ErroBarramento {
    return new ErroBarramento('TRAMITA_TEMPO_ESGOTADO', MENSAGENS.tramita.tempoEsgotado(this.tempoLimiteMs / 1000));
  }

  private erroTransporte(url: URL, erro: Error): ErroBarramento {
    const codigo = (erro as NodeJS.ErrnoException).code ?? '';
    if (ALERTA_CERTIFICADO_RECUSADO.test(codigo)) {
      return new ErroBarramento(
        'TRAMITA_CERTIFICADO_RECUSADO',
        MENSAGENS.tramita.certificadoRecusado,
        null,
        null,
        erro,
      );
    }
    if (SERVIDOR_NAO_VERIFICADO.has(codigo)) {
      return new ErroBarramento(
        'TRAMITA_SERVIDOR_NAO_CONFIAVEL',
        MENSAGENS.tramita.servidorNaoConfiavel(url.host),
        null,
        null,
        erro,
      );
    }
    return new ErroBarramento('TRAMITA_INDISPONIVEL', MENSAGENS.tramita.indisponivel(url.host), null, null, erro);
  }
}
