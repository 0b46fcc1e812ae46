import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { MENSAGENS } from '@tramite/shared';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { ErroTrabalho, type ExecutorTarefas } from './pool-trabalhadores.ts';

/**
 * PAdES signing of PDFs (signature dictionary with SubFilter ETSI.CAdES.detached, a detached CMS with SHA-256
 * over the whole file except the signature itself) with a PKCS#12 certificate: the one configured
 * (ASSINATURA_CERTIFICADO / ASSINATURA_SENHA) or, when none is, a self-signed institutional certificate created on
 * first use under DATA_DIR/certificados/instituicao and reused afterwards.
 */

/** The file cannot be signed (not a PDF pdf-lib can read, encrypted, no pages): the message is for the user. */
export class PdfNaoAssinavel extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'PdfNaoAssinavel';
  }
}

export interface CertificadoAssinatura {
  /** The PKCS#12 (DER) bytes. */
  p12: Buffer;
  senha: string;
}

export interface Instituicao {
  nome: string;
  sigla: string;
}

export interface DadosAssinatura {
  /** The signer's name, written as the signature's /Name. */
  nome: string;
  matriculaSiape: string;
  /** Description of the signature type (tipo_assinatura). */
  tipo: string;
  instituicao: Instituicao;
  /** Contact of the signer (e-mail), optional. */
  contato?: string | null;
  data: Date;
}

/** The PAdES SubFilter (SUBFILTER_ETSI_CADES_DETACHED of @signpdf/utils, not a direct dependency). */
const SUBFILTER_PADES = 'ETSI.CAdES.detached';

/** Bytes reserved for the CMS signature (hex-encoded in the file, so twice this): room for a chain of a few certs. */
const TAMANHO_ASSINATURA = 16_384;

/**
 * PDF text strings written by the placeholder are byte strings: keep them within Latin-1 (PDFDocEncoding agrees
 * with it for letters with accents), replacing dashes and anything else outside it.
 */
function textoPdf(texto: string): string {
  return texto
    .normalize('NFC')
    .replace(/[\u2012-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

/** "Assinado por Ana Souza (SIAPE 1234567) - Assinatura digital institucional (PAdES)". */
export function motivoAssinatura(nome: string, matriculaSiape: string, tipo: string): string {
  return `Assinado por ${nome} (SIAPE ${matriculaSiape}) - ${tipo}`;
}

/** Signs `pdf` and answers the signed file. Throws PdfNaoAssinavel when the bytes are not a signable PDF. */
export async function assinarPdf(
  pdf: Buffer,
  certificado: CertificadoAssinatura,
  dados: DadosAssinatura,
): Promise<Buffer> {
  let documento: PDFDocument;
  try {
    // Loaded even when encrypted, only to tell that case apart: signing would need the password.
    documento = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    throw new PdfNaoAssinavel(MENSAGENS.arquivosAssinados.pdfInvalido);
  }
  if (documento.isEncrypted) throw new PdfNaoAssinavel(MENSAGENS.arquivosAssinados.pdfProtegido);
  let comEspaco: Buffer;
  try {
    if (documento.getPageCount() === 0) throw new PdfNaoAssinavel(MENSAGENS.arquivosAssinados.pdfSemPaginas);
    pdflibAddPlaceholder({
      pdfDoc: documento,
      reason: textoPdf(motivoAssinatura(dados.nome, dados.matriculaSiape, dados.tipo)),
      contactInfo: textoPdf(dados.contato ?? ''),
      name: textoPdf(dados.nome),
      location: textoPdf(dados.instituicao.nome),
      signingTime: dados.data,
      signatureLength: TAMANHO_ASSINATURA,
      subFilter: SUBFILTER_PADES,
      appName: `Trâmite - ${dados.instituicao.sigla}`,
    });
    // The signature dictionary must stay a plain object in the file (not compressed in an object stream), where
    // the signer finds the ByteRange and Contents placeholders.
    comEspaco = Buffer.from(await documento.save({ useObjectStreams: false }));
  } catch (erro) {
    // pdf-lib reads lazily: a broken structure shows up only here, as any kind of error.
    if (erro instanceof PdfNaoAssinavel) throw erro;
    throw new PdfNaoAssinavel(MENSAGENS.arquivosAssinados.pdfInvalido);
  }
  const signer = new P12Signer(certificado.p12, { passphrase: certificado.senha });
  return new SignPdf().sign(comEspaco, signer, dados.data);
}

/** A self-signed certificate (10 years) for the institution: CN and O are its name, C=BR; RSA 2048, SHA-256. */
export function gerarCertificadoInstitucional(instituicao: Instituicao, senha: string, agora = new Date()): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const publica = forge.pki.setRsaPublicKey(
    (chave as forge.pki.rsa.PrivateKey).n,
    (chave as forge.pki.rsa.PrivateKey).e,
  );
  const certificado = forge.pki.createCertificate();
  certificado.publicKey = publica;
  // A positive serial number: 16 random bytes with the high bit cleared.
  const serie = randomBytes(16);
  serie[0] = (serie[0] as number) & 0x7f;
  certificado.serialNumber = serie.toString('hex');
  certificado.validity.notBefore = new Date(agora.getTime() - 60 * 60 * 1000);
  certificado.validity.notAfter = new Date(agora);
  certificado.validity.notAfter.setFullYear(agora.getFullYear() + 10);
  const nome = [
    { name: 'commonName', value: instituicao.nome },
    { name: 'organizationName', value: instituicao.nome },
    { name: 'organizationalUnitName', value: `${instituicao.sigla} - Assinatura de documentos` },
    { name: 'countryName', value: 'BR' },
  ];
  // forge writes these as UTF8String when told so, which keeps the accents of the institution's name.
  const atributos = nome.map((a) => ({ ...a, valueTagClass: forge.asn1.Type.UTF8 as unknown as number }));
  certificado.setSubject(atributos);
  certificado.setIssuer(atributos);
  certificado.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificado.sign(chave, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(chave, [certificado], senha, {
    algorithm: '3des',
    friendlyName: instituicao.sigla,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** Checks the PKCS#12 opens with the password and holds a private key and its certificate. */
export function conferirCertificado(certificado: CertificadoAssinatura): { titular: string; validoAte: Date } {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(certificado.p12.toString('binary')));
  const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, certificado.senha);
  const oidChave = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const oidCertificado = forge.pki.oids.certBag as string;
  const chaves = p12.getBags({ bagType: oidChave })[oidChave];
  const certificados = p12.getBags({ bagType: oidCertificado })[oidCertificado];
  const cert = certificados?.[0]?.cert;
  if (!chaves?.length || !cert) throw new Error('O certificado PKCS#12 não contém a chave privada e o certificado');
  return {
    titular: String(cert.subject.getField('CN')?.value ?? ''),
    validoAte: cert.validity.notAfter,
  };
}

export interface OpcoesAssinador {
  /** Path of a configured PKCS#12 file, or null to use (and create) the institutional one under `pastaCertificados`. */
  arquivoCertificado: string | null;
  senha: string;
  pastaCertificados: string;
  instituicao: Instituicao;
}

const PASTA_INSTITUCIONAL = 'instituicao';
const ARQUIVO_P12 = 'certificado.p12';
const ARQUIVO_SENHA = 'senha';

/**
 * Reads the institutional certificate or creates it: the new one is written to a temporary folder (0700, files
 * 0600) which is then renamed into place, so two processes starting together end up with the same certificate.
 */
async function certificadoInstitucional(pasta: string, instituicao: Instituicao): Promise<CertificadoAssinatura> {
  const destino = join(pasta, PASTA_INSTITUCIONAL);
  const ler = async () => ({
    p12: await readFile(join(destino, ARQUIVO_P12)),
    senha: (await readFile(join(destino, ARQUIVO_SENHA), 'utf8')).trim(),
  });
  try {
    return await ler();
  } catch (erro) {
    if ((erro as NodeJS.ErrnoException).code !== 'ENOENT') throw erro;
  }
  await mkdir(pasta, { recursive: true, mode: 0o700 });
  const temporaria = join(pasta, `.tmp-${randomUUID()}`);
  const senha = randomBytes(24).toString('base64url');
  try {
    await mkdir(temporaria, { mode: 0o700 });
    await writeFile(join(temporaria, ARQUIVO_SENHA), `${senha}\n`, { mode: 0o600, flush: true });
    await writeFile(join(temporaria, ARQUIVO_P12), gerarCertificadoInstitucional(instituicao, senha), {
      mode: 0o600,
      flush: true,
    });
    await chmod(temporaria, 0o700);
    await rename(temporaria, destino);
  } catch (erro) {
    const codigo = (erro as NodeJS.ErrnoException).code;
    // Another process created it first: use that one.
    if (codigo !== 'ENOTEMPTY' && codigo !== 'EEXIST') throw erro;
  } finally {
    await rm(temporaria, { recursive: true, force: true });
  }
  return ler();
}

/** Loads the certificate once per process (on first use) and signs with it. */
export class AssinadorPdf {
  private certificado: Promise<CertificadoAssinatura> | null = null;

  constructor(private readonly opcoes: OpcoesAssinador) {}

  obterCertificado(): Promise<CertificadoAssinatura> {
    if (!this.certificado) {
      const { arquivoCertificado, senha, pastaCertificados, instituicao } = this.opcoes;
      const carregando = (async () => {
        const certificado = arquivoCertificado
          ? { p12: await readFile(arquivoCertificado), senha }
          : await certificadoInstitucional(pastaCertificados, instituicao);
        conferirCertificado(certificado);
        return certificado;
      })();
      // A failure (unreadable file, wrong password) is tried again on the next signing.
      carregando.catch(() => {
        this.certificado = null;
      });
      this.certificado = carregando;
    }
    return this.certificado;
  }

  /** Signs the PDF at `caminho` in a worker process of the pool: parsing and signing never run on the loop. */
  async assinar(
    trabalhadores: ExecutorTarefas<typeof tarefasAssinatura>,
    caminho: string,
    dados: Omit<DadosAssinatura, 'instituicao'>,
  ): Promise<Buffer> {
    const certificado = await this.obterCertificado();
    try {
      const assinado = await trabalhadores.executar('assinatura.assinar', {
        caminho,
        certificado,
        dados: { ...dados, instituicao: this.opcoes.instituicao },
      });
      return Buffer.from(assinado.buffer, assinado.byteOffset, assinado.byteLength);
    } catch (erro) {
      if (erro instanceof ErroTrabalho && erro.nomeOriginal === PdfNaoAssinavel.name) {
        throw new PdfNaoAssinavel(erro.message);
      }
      // Past the time or memory limit (a decompression bomb, say): the file cannot be signed here.
      if (erro instanceof ErroTrabalho && (erro.motivo === 'tempo' || erro.motivo === 'memoria')) {
        throw new PdfNaoAssinavel(erro.message);
      }
      throw erro;
    }
  }
}

/** The signing task for the pool of worker processes. */
export const tarefasAssinatura = {
  'assinatura.assinar': async (entrada: {
    caminho: string;
    certificado: CertificadoAssinatura;
    dados: DadosAssinatura;
  }): Promise<Uint8Array> => {
    const certificado = { p12: Buffer.from(entrada.certificado.p12), senha: entrada.certificado.senha };
    return assinarPdf(await readFile(entrada.caminho), certificado, entrada.dados);
  },
};
