// Issue 24: the local Tramita GOV.BR double for the Playwright tests. servidor-e2e.ts starts it beside the server
// (which trusts its CA through TRAMITA_AUTORIDADES) and writes here what a test needs to configure the screen: the
// double's address and system A's PKCS#12 with its password.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cenarioPadrao } from '../apps/api/src/testing/barramento/cenario.ts';
import { gerarCertificadosBarramento } from '../apps/api/src/testing/barramento/certificados.ts';
import { iniciarBarramento } from '../apps/api/src/testing/barramento/servidor.ts';

export interface BarramentoE2e {
  /** The REST v3 base of the double. */
  url: string;
  /** System A's PKCS#12 (a file the browser uploads) and its password. */
  arquivoP12: string;
  senha: string;
  /** The double's CA, for the server's TRAMITA_AUTORIDADES. */
  arquivoAc: string;
}

/** One folder per e2e port, so the server's process and the tests' find the same files. */
export const pastaBarramentoE2e = (porta: string) => join(tmpdir(), `tramite-e2e-barramento-${porta}`);

export async function iniciarBarramentoE2e(pasta: string): Promise<BarramentoE2e & { fechar(): Promise<void> }> {
  mkdirSync(pasta, { recursive: true, mode: 0o700 });
  const certificados = gerarCertificadosBarramento();
  const barramento = await iniciarBarramento({
    certificados,
    cenario: cenarioPadrao({ A: certificados.sistemas.A.impressao, B: certificados.sistemas.B.impressao }),
  });
  const dados: BarramentoE2e = {
    url: barramento.url,
    arquivoP12: join(pasta, 'sistema-a.p12'),
    senha: certificados.sistemas.A.senha,
    arquivoAc: join(pasta, 'ac.pem'),
  };
  writeFileSync(dados.arquivoP12, certificados.sistemas.A.p12);
  writeFileSync(dados.arquivoAc, certificados.ac.certificado);
  writeFileSync(join(pasta, 'barramento.json'), JSON.stringify(dados));
  return { ...dados, fechar: () => barramento.fechar() };
}

export function lerBarramentoE2e(porta: string): BarramentoE2e {
  return JSON.parse(readFileSync(join(pastaBarramentoE2e(porta), 'barramento.json'), 'utf8')) as BarramentoE2e;
}
