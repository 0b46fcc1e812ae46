import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClienteTramita } from '../../features/tramita/cliente.ts';
import { cenarioPadrao } from './cenario.ts';
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
