import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ClienteTramita } from '../../features/tramita/cliente.ts';
import { type CenarioBarramento, cenarioPadrao } from './cenario.ts';
import { type CertificadosBarramento, gerarCertificadosBarramento } from './certificados.ts';
import { type BarramentoTeste, iniciarBarramento } from './servidor.ts';

/**
 * The double running the default scenario with systems A and B, the product's client for each over mutual TLS and a
 * scratch folder: where the tests that drive both sides of a trâmite with the client start.
 */
export interface DoisSistemasNoBarramento {
  certificados: CertificadosBarramento;
  barramento: BarramentoTeste;
  pasta: string;
  a: ClienteTramita;
  b: ClienteTramita;
  fechar(): Promise<void>;
}

export async function iniciarDoisSistemas(prefixoPasta: string): Promise<DoisSistemasNoBarramento> {
  const certificados = gerarCertificadosBarramento();
  const barramento = await iniciarBarramento({
    certificados,
    cenario: cenarioPadrao({ A: certificados.sistemas.A.impressao, B: certificados.sistemas.B.impressao }),
  });
  const pasta = await mkdtemp(join(tmpdir(), prefixoPasta));
  const cliente = (sistema: 'A' | 'B') =>
    new ClienteTramita({
      urlBase: barramento.url,
      certificado: {
        formato: 'PKCS12',
        arquivo: certificados.sistemas[sistema].p12,
        senha: certificados.sistemas[sistema].senha,
      },
      autoridades: [certificados.ac.certificado],
    });
  const a = cliente('A');
  const b = cliente('B');
  return {
    certificados,
    barramento,
    pasta,
    a,
    b,
    async fechar() {
      a.fechar();
      b.fechar();
      await barramento.fechar();
      await rm(pasta, { recursive: true, force: true });
    },
  };
}

/** The double of the default scenario for the tests of a Trâmite app (usarAppTeste), started before them. */
export interface BarramentoParaApp {
  /** A scratch folder, removed after the tests. */
  pasta: string;
  /** The double's CA in a file, for TRAMITA_AUTORIDADES: known when the file loads, before usarAppTeste reads it. */
  arquivoAc: string;
  certificados: CertificadosBarramento;
  cenario: CenarioBarramento;
  barramento: BarramentoTeste;
}

/**
 * Registers the hooks that start the double (after `ajustarCenario` changes the default scenario) and close it; call
 * it before usarAppTeste. The certificates, scenario and double are there from the first beforeAll on.
 */
export function usarBarramentoParaApp(
  prefixoPasta: string,
  ajustarCenario?: (cenario: CenarioBarramento) => void,
): BarramentoParaApp {
  const pasta = mkdtempSync(join(tmpdir(), prefixoPasta));
  const dubl = { pasta, arquivoAc: join(pasta, 'ac.pem') } as BarramentoParaApp;
  beforeAll(async () => {
    dubl.certificados = gerarCertificadosBarramento();
    writeFileSync(dubl.arquivoAc, dubl.certificados.ac.certificado);
    dubl.cenario = cenarioPadrao({
      A: dubl.certificados.sistemas.A.impressao,
      B: dubl.certificados.sistemas.B.impressao,
    });
    ajustarCenario?.(dubl.cenario);
    dubl.barramento = await iniciarBarramento({ certificados: dubl.certificados, cenario: dubl.cenario });
  });
  afterAll(async () => {
    await dubl.barramento?.fechar();
    rmSync(pasta, { recursive: true, force: true });
  });
  return dubl;
}
