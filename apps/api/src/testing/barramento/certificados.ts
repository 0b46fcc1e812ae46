import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/**
 * Certificates of the test barramento, made offline by the tests: a CA, the server's certificate (localhost and
 * 127.0.0.1) and one client certificate per system, in PEM and PKCS#12 (the two forms the product accepts). The keys
 * come from node:crypto (native, fast); node-forge builds and signs the X.509 certificates.
 */

export interface ParPem {
  certificado: string;
  chave: string;
}

export interface Autoridade extends ParPem {
  nome: string;
}

export interface CertificadoSistema extends ParPem {
  /** PKCS#12 with the certificate, its CA and the key, under `senha`. */
  p12: Buffer;
  senha: string;
  /** SHA-256 fingerprint as Node's getPeerCertificate() writes it ("AB:CD:…"): how the barramento knows a system. */
  impressao: string;
}

export interface CertificadosBarramento {
  ac: Autoridade;
  servidor: ParPem;
  sistemas: { A: CertificadoSistema; B: CertificadoSistema };
}

const UMA_HORA = 60 * 60 * 1000;

function parDeChaves() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    chave: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publica: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

/** When a certificate is valid; by default from an hour ago to a year from now. */
export interface Validade {
  de?: Date;
  ate?: Date;
}

interface Emissao {
  nomeComum: string;
  publica: forge.pki.PublicKey;
  emissor: { nome: string; chave: string } | null;
  extensoes: object[];
  validade?: Validade;
}

function emitir({ nomeComum, publica, emissor, extensoes, validade }: Emissao, chaveDoProprio: string): string {
  const certificado = forge.pki.createCertificate();
  certificado.publicKey = publica;
  const serie = randomBytes(16);
  serie[0] = (serie[0] as number) & 0x7f;
  certificado.serialNumber = serie.toString('hex');
  const agora = Date.now();
  certificado.validity.notBefore = validade?.de ?? new Date(agora - UMA_HORA);
  certificado.validity.notAfter = validade?.ate ?? new Date(agora + 365 * 24 * UMA_HORA);
  const nome = (cn: string) => [
    { name: 'commonName', value: cn },
    { name: 'organizationName', value: 'Tramite - testes' },
    { name: 'countryName', value: 'BR' },
  ];
  certificado.setSubject(nome(nomeComum));
  certificado.setIssuer(nome(emissor?.nome ?? nomeComum));
  certificado.setExtensions([...extensoes, { name: 'subjectKeyIdentifier' }]);
  certificado.sign(forge.pki.privateKeyFromPem(emissor?.chave ?? chaveDoProprio), forge.md.sha256.create());
  return forge.pki.certificateToPem(certificado);
}

/** A self-signed certification authority. */
export function criarAutoridade(nome: string): Autoridade {
  const { chave, publica } = parDeChaves();
  const certificado = emitir(
    {
      nomeComum: nome,
      publica,
      emissor: null,
      extensoes: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
    chave,
  );
  return { nome, certificado, chave };
}

/** The barramento's TLS certificate, valid for localhost and 127.0.0.1. */
function certificadoServidor(ac: Autoridade): ParPem {
  const { chave, publica } = parDeChaves();
  const certificado = emitir(
    {
      nomeComum: 'localhost',
      publica,
      emissor: ac,
      extensoes: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    },
    chave,
  );
  return { certificado, chave };
}

/**
 * A system's certificate as the PEN portal issues it: TLS client authentication, and signing the receipts. `validade`
 * makes an expired one, or one not valid yet.
 */
export function certificadoSistema(
  ac: Autoridade,
  nome: string,
  senha = 'senha-de-teste',
  validade?: Validade,
): CertificadoSistema {
  const { chave, publica } = parDeChaves();
  const certificado = emitir(
    {
      nomeComum: nome,
      publica,
      emissor: ac,
      extensoes: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
        { name: 'extKeyUsage', clientAuth: true },
      ],
      validade,
    },
    chave,
  );
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(chave),
    [forge.pki.certificateFromPem(certificado), forge.pki.certificateFromPem(ac.certificado)],
    senha,
    { algorithm: '3des', friendlyName: nome },
  );
  return {
    certificado,
    chave,
    p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    senha,
    impressao: new X509Certificate(certificado).fingerprint256,
  };
}

/** The whole set for one test file: the CA, the server, systems A and B. */
export function gerarCertificadosBarramento(): CertificadosBarramento {
  const ac = criarAutoridade('AC de teste do Tramita GOV.BR');
  return {
    ac,
    servidor: certificadoServidor(ac),
    sistemas: {
      A: certificadoSistema(ac, 'Sistema A - Tramite UFEX'),
      B: certificadoSistema(ac, 'Sistema B - Tramite UFOE'),
    },
  };
}
