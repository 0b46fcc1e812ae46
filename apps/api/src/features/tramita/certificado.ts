import { randomBytes, randomUUID, type X509Certificate } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AmbienteTramita, MENSAGENS } from '@tramite/shared';
import forge from 'node-forge';
import { formatarDataHora } from '../../platform/data-hora.ts';
import { ErroTrabalho, type ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import { type CertificadoTramita, type CredenciaisTramita, ErroBarramento, lerCertificadoTramita } from './cliente.ts';

/**
 * The system certificate of each environment, kept as the PDF-signing certificate is (platform/assinatura-pdf.ts):
 * `<pasta>/<ambiente>/certificado.p12` and its password in `senha`, files 0600 in a folder 0700, written in a
 * temporary folder and renamed into place. Whatever was uploaded (PKCS#12 with the administrator's password, or PEM
 * files) is stored as a new PKCS#12 (3DES) under a random password: one format to read, and the administrator's own
 * password is never kept.
 */

const ARQUIVO_P12 = 'certificado.p12';
const ARQUIVO_SENHA = 'senha';

/** What may be shown of a certificate. */
export interface ResumoCertificado {
  titular: string;
  emissor: string;
  validoDe: Date;
  validoAte: Date;
  /** SHA-256 of the DER, "AB:CD:…". */
  impressao: string;
}

/** The common name of a distinguished name as Node writes it ("C=BR\nO=…\nCN=…"), or the whole name. */
function nomeComum(nome: string): string {
  const linhas = nome.split('\n');
  const cn = linhas.find((linha) => linha.startsWith('CN='));
  return cn ? cn.slice(3) : linhas.join(', ');
}

export function resumirCertificado(titular: X509Certificate): ResumoCertificado {
  return {
    titular: nomeComum(titular.subject),
    emissor: nomeComum(titular.issuer),
    validoDe: new Date(titular.validFrom),
    validoAte: new Date(titular.validTo),
    impressao: titular.fingerprint256,
  };
}

const invalido = (mensagem: string) => new ErroBarramento('TRAMITA_CERTIFICADO_INVALIDO', mensagem);

/** The worker's task: opens an uploaded certificate and answers its chain and key in PEM (a KeyObject stays there). */
export const tarefasTramita = {
  'tramita.abrirCertificado': async (entrada: CertificadoTramita): Promise<{ cadeia: string; chave: string }> => {
    // Structured clone turns the Buffer into a Uint8Array.
    const certificado = entrada.formato === 'PKCS12' ? { ...entrada, arquivo: Buffer.from(entrada.arquivo) } : entrada;
    const { cadeia, chave } = lerCertificadoTramita(certificado);
    return { cadeia, chave: chave.export({ type: 'pkcs8', format: 'pem' }).toString() };
  },
};

/** Opening an honest certificate takes milliseconds; a PKCS#12 asking for billions of key-derivation rounds, forever. */
const TEMPO_ABRIR_CERTIFICADO_MS = 10_000;

/**
 * Opens an uploaded certificate in a worker process of the pool: its key derivation's rounds are the uploader's
 * choice, and must not hold the event loop. The PEM it answers is read again here, which costs nothing.
 */
export async function abrirCertificadoEnviado(
  trabalhadores: ExecutorTarefas<typeof tarefasTramita>,
  certificado: CertificadoTramita,
): Promise<CredenciaisTramita> {
  let aberto: { cadeia: string; chave: string };
  try {
    aberto = await trabalhadores.executar('tramita.abrirCertificado', certificado, {
      tempoLimiteMs: TEMPO_ABRIR_CERTIFICADO_MS,
    });
  } catch (erro) {
    if (erro instanceof ErroTrabalho && erro.nomeOriginal === ErroBarramento.name) throw invalido(erro.message);
    if (erro instanceof ErroTrabalho && (erro.motivo === 'tempo' || erro.motivo === 'memoria')) {
      throw invalido(MENSAGENS.tramita.certificadoIlegivel);
    }
    throw erro;
  }
  return lerCertificadoTramita({ formato: 'PEM', certificado: aberto.cadeia, chave: aberto.chave });
}

/** The barramento takes RSA keys (the receipts are signed RSA-SHA256, protocol notes §9), valid now. */
export function conferirValidade(credenciais: CredenciaisTramita, agora = new Date()): ResumoCertificado {
  if (credenciais.titular.publicKey.asymmetricKeyType !== 'rsa') throw invalido(MENSAGENS.tramita.certificadoNaoRsa);
  const resumo = resumirCertificado(credenciais.titular);
  if (resumo.validoDe > agora) {
    throw invalido(MENSAGENS.tramita.certificadoAindaNaoValido(formatarDataHora(resumo.validoDe)));
  }
  if (resumo.validoAte <= agora)
    throw invalido(MENSAGENS.tramita.certificadoVencido(formatarDataHora(resumo.validoAte)));
  return resumo;
}

const PEM_CERTIFICADO = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The PKCS#12 stored for a checked certificate: the holder's certificate, the rest of the chain that node-forge
 * reads (it reads RSA certificates only; the chain is optional for the TLS client, the barramento holds the CAs) and
 * the key, under a new random password.
 */
export function pkcs12Normalizado(credenciais: CredenciaisTramita): { p12: Buffer; senha: string } {
  const senha = randomBytes(24).toString('base64url');
  const certificados = (credenciais.cadeia.match(PEM_CERTIFICADO) ?? []).flatMap((pem, posicao) => {
    try {
      return [forge.pki.certificateFromPem(pem)];
    } catch (erro) {
      // The holder's is RSA (checked), so forge reads it; a CA of another kind is left out.
      if (posicao === 0) throw erro;
      return [];
    }
  });
  const chave = forge.pki.privateKeyFromPem(credenciais.chave.export({ type: 'pkcs1', format: 'pem' }).toString());
  const asn1 = forge.pkcs12.toPkcs12Asn1(chave, certificados, senha, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), senha };
}

/** The stored PKCS#12 of an environment and its password, or null when none was uploaded. */
export async function lerCertificadoGuardado(
  pasta: string,
  ambiente: AmbienteTramita,
): Promise<{ p12: Buffer; senha: string } | null> {
  const destino = join(pasta, ambiente);
  try {
    return {
      p12: await readFile(join(destino, ARQUIVO_P12)),
      senha: (await readFile(join(destino, ARQUIVO_SENHA), 'utf8')).trim(),
    };
  } catch (erro) {
    if ((erro as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw erro;
  }
}

/** The facts of the stored certificate of an environment, or null when there is none or it cannot be read. */
export async function resumoCertificadoGuardado(
  pasta: string,
  ambiente: AmbienteTramita,
): Promise<ResumoCertificado | null> {
  const guardado = await lerCertificadoGuardado(pasta, ambiente);
  if (!guardado) return null;
  try {
    return resumirCertificado(
      lerCertificadoTramita({ formato: 'PKCS12', arquivo: guardado.p12, senha: guardado.senha }).titular,
    );
  } catch {
    return null;
  }
}

/** A certificate written in place: keep it (the old one is deleted) or undo it (the old one comes back). */
export interface TrocaCertificado {
  confirmar(): Promise<void>;
  desfazer(): Promise<void>;
}

/**
 * Puts a new PKCS#12 in place for an environment: written complete in a temporary folder, the current folder moved
 * aside, the new one renamed into place. Run it while holding the configuration row's lock (uploads one at a time),
 * and `confirmar` once the row says so, or `desfazer` if it could not.
 */
export async function gravarCertificado(
  pasta: string,
  ambiente: AmbienteTramita,
  { p12, senha }: { p12: Buffer; senha: string },
): Promise<TrocaCertificado> {
  await mkdir(pasta, { recursive: true, mode: 0o700 });
  const temporaria = join(pasta, `.tmp-${randomUUID()}`);
  const antiga = join(pasta, `.antigo-${randomUUID()}`);
  const destino = join(pasta, ambiente);
  let antigaExiste = false;
  try {
    await mkdir(temporaria, { mode: 0o700 });
    await writeFile(join(temporaria, ARQUIVO_SENHA), `${senha}\n`, { mode: 0o600, flush: true });
    await writeFile(join(temporaria, ARQUIVO_P12), p12, { mode: 0o600, flush: true });
    try {
      await rename(destino, antiga);
      antigaExiste = true;
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code !== 'ENOENT') throw erro;
    }
    await rename(temporaria, destino);
  } catch (erro) {
    await rm(temporaria, { recursive: true, force: true });
    if (antigaExiste) await rename(antiga, destino).catch(() => {});
    throw erro;
  }
  return {
    confirmar: () => rm(antiga, { recursive: true, force: true }),
    async desfazer() {
      await rm(destino, { recursive: true, force: true });
      if (antigaExiste) await rename(antiga, destino);
    },
  };
}
