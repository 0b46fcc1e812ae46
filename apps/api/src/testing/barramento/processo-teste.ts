import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { envioProcessoSchema } from '@tramite/shared';
import type { z } from 'zod';
import { REPOSITORIO_EXECUTIVO } from './cenario.ts';

/** Files and processes the tests of the barramento double send through it (a component per document). */

export interface ArquivoTeste {
  caminho: string;
  /** `base64(sha256)`, as the metadata declares it. */
  hash: string;
  tamanho: number;
}

export const hashDe = (conteudo: Buffer) => createHash('sha256').update(conteudo).digest('base64');

export async function arquivoTeste(caminho: string, conteudo: Buffer): Promise<ArquivoTeste> {
  await writeFile(caminho, conteudo);
  return { caminho, hash: hashDe(conteudo), tamanho: conteudo.length };
}

/** A file of `tamanho` random bytes written (and hashed) in 1 MiB pieces: never whole in memory. */
export async function arquivoGrandeTeste(caminho: string, tamanho: number): Promise<ArquivoTeste> {
  const resumo = createHash('sha256');
  const MIB = 1024 * 1024;
  async function* gerar() {
    for (let feitos = 0; feitos < tamanho; feitos += MIB) {
      const pedaco = randomBytes(Math.min(MIB, tamanho - feitos));
      resumo.update(pedaco);
      yield pedaco;
    }
  }
  await pipeline(Readable.from(gerar()), createWriteStream(caminho));
  return { caminho, hash: resumo.digest('base64'), tamanho };
}

/**
 * A process of one document per file, from A's Protocolo Geral (103) to B's Divisão de Protocolo (202) in the
 * default scenario; `especie` is the species code of every document (125, Requerimento, by default).
 */
export function envioTeste(
  protocolo: string,
  arquivos: ArquivoTeste[],
  especie = { codigo: 125, nomeNoProdutor: 'Requerimento' },
): z.input<typeof envioProcessoSchema> {
  const produtor = {
    nome: 'Maria Servidora',
    tipo: 'fisica',
    unidade: { nome: 'Protocolo Geral', tipo: 'orgaopublico' },
  };
  return {
    cabecalho: {
      remetente: {
        identificacaoDoRepositorioDeEstruturas: REPOSITORIO_EXECUTIVO,
        numeroDeIdentificacaoDaEstrutura: 103,
      },
      destinatario: {
        identificacaoDoRepositorioDeEstruturas: REPOSITORIO_EXECUTIVO,
        numeroDeIdentificacaoDaEstrutura: 202,
      },
      enviarApenasComponentesDigitaisPendentes: false,
    },
    processo: {
      protocolo,
      nivelDeSigilo: 1,
      processoDeNegocio: 'Requerimento',
      descricao: 'Pedido de teste',
      dataHoraDeProducao: '2026-01-05T10:00:00-03:00',
      produtor,
      interessados: [{ nome: 'Fulano de Tal' }],
      documentos: arquivos.map((arq, i) => ({
        ordem: i + 1,
        nivelDeSigilo: 1,
        dataHoraDeProducao: '2026-01-05T10:00:00-03:00',
        produtor,
        especie,
        componentesDigitais: [
          {
            ordem: 1,
            nome: `peca-${i + 1}.pdf`,
            hash: { algoritmo: 'SHA256', conteudo: arq.hash },
            tamanhoEmBytes: arq.tamanho,
            mimeType: 'application/pdf',
            tipoDeConteudo: 'txt',
          },
        ],
      })),
    },
  };
}
