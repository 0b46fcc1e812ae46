import { type Kysely, sql } from 'kysely';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import type { Database } from '../schema.ts';
import { digitalizarTexto, pdfComTexto, pdfProtegido, pdfSomenteImagem } from './digitalizacao.ts';
import type { DocumentoPlano } from './documentos.ts';
import type { RelogioExpediente } from './relogio.ts';
import { usuario } from './usuarios.ts';
import { HIPOTESE } from './vocabulario.ts';

/**
 * The text of the peças on the demo (issue 21): a scanned image, a PDF made only of scans, a restricted text PDF and a
 * password-protected PDF, each added to a document of the last weeks, so that the search by content, its excerpts and
 * the administration of the indexing have something real to show a few seconds after `npm start`. The words are in no
 * other demo file: a hit is always these peças.
 */
export const CONTEUDO_DEMO = {
  /** Only in the scanned laudo (a PNG, read by OCR), a public peça. */
  palavraDigitalizada: 'radioquímica',
  /** Only in the PDF of scanned pages (page 2), a public peça. */
  palavraPdfDigitalizado: 'piezômetro',
  /** Only in the restricted peça (nível R, informação pessoal): found only by whoever may see it. */
  palavraRestrita: 'hanseníase',
  nomePecaDigitalizada: 'Laudo técnico de insalubridade (digitalizado).png',
  nomePecaPdfDigitalizado: 'Relatório de vistoria da barragem (digitalizado).pdf',
  nomePecaRestrita: 'Atestado médico.pdf',
  nomePecaProtegida: 'Planilha de custos (protegida).pdf',
  /** The documents were created at most this many days ago (Busca by content needs a date range). */
  diasDesdeCriacao: 30,
} as const;

const LAUDO = [
  'LAUDO TÉCNICO DE INSALUBRIDADE',
  'Unidade avaliada: Laboratório de Radioquímica do Instituto de Química.',
  'Os servidores do laboratório manipulam fontes radioativas seladas e soluções ácidas durante toda a jornada.',
  'Conclusão: a atividade é insalubre em grau máximo, nos termos da NR-15.',
  'Engenheira de Segurança do Trabalho - CREA 12345/D',
];

const VISTORIA = [
  ['RELATÓRIO DE VISTORIA DA BARRAGEM DO CAMPUS', 'Página 1 de 3', 'A equipe percorreu o talude e o vertedouro.'],
  [
    'Leituras de instrumentação',
    'O piezômetro instalado na ombreira direita marcou nível acima do esperado para a estação seca.',
  ],
  ['Recomendações', 'Repetir as leituras semanalmente e limpar a drenagem do pé do talude.'],
];

const ATESTADO = [
  'ATESTADO MÉDICO',
  'Atesto, para fins de afastamento, que a servidora está em tratamento de hanseníase',
  'e deve permanecer afastada de suas atividades por trinta dias.',
];

type Chave = 'digitalizada' | 'pdfDigitalizado' | 'restrita' | 'protegida';
/** The document (id) that got each peça of CONTEUDO_DEMO (ResumoSemente.conteudo). */
export type DocumentosConteudoDemo = Record<Chave, number>;

interface ArquivoConteudo {
  chave: Chave;
  sha256: string;
  tamanho: number;
  tipoMime: string;
  nome: string;
  nivelAcesso: 'P' | 'R';
}

/** Makes the four files and puts them in the store (before any row refers to them). */
export async function guardarArquivosConteudo(armazenamento: ArmazenamentoArquivos): Promise<ArquivoConteudo[]> {
  const paginasVistoria = await Promise.all(VISTORIA.map((linhas) => digitalizarTexto(linhas, { formato: 'jpeg' })));
  const arquivos: [Chave, Buffer, string, string, 'P' | 'R'][] = [
    ['digitalizada', await digitalizarTexto(LAUDO), 'image/png', CONTEUDO_DEMO.nomePecaDigitalizada, 'P'],
    [
      'pdfDigitalizado',
      await pdfSomenteImagem(paginasVistoria),
      'application/pdf',
      CONTEUDO_DEMO.nomePecaPdfDigitalizado,
      'P',
    ],
    ['restrita', await pdfComTexto([ATESTADO]), 'application/pdf', CONTEUDO_DEMO.nomePecaRestrita, 'R'],
    [
      'protegida',
      await pdfProtegido(['Planilha de custos da reforma']),
      'application/pdf',
      CONTEUDO_DEMO.nomePecaProtegida,
      'P',
    ],
  ];
  const guardados: ArquivoConteudo[] = [];
  for (const [chave, conteudo, tipoMime, nome, nivelAcesso] of arquivos) {
    const { sha256, tamanho } = await armazenamento.guardarBuffer(conteudo);
    guardados.push({ chave, sha256, tamanho, tipoMime, nome, nivelAcesso });
  }
  return guardados;
}

/**
 * The documents that get the peças: distinct ones, sent and not yet received (no later demo step changes them), the
 * four created last. Chosen by the plan's own times, never by the date the seed runs on: the same ids whatever the
 * date and hour (the demo is idempotent); those four are within the searches' window of CONTEUDO_DEMO.diasDesdeCriacao.
 */
export function documentosConteudo(
  documentos: readonly DocumentoPlano[],
  relogio: RelogioExpediente,
): DocumentosConteudoDemo {
  const ultimos = documentos
    .filter(
      (d) => d.situacao === 'ENVIADO' && d.estadoProcessamento === 1 && d.juntada === null && d.rotulos.length === 0,
    )
    .sort((a, b) => b.tCriacao - a.tCriacao || b.id - a.id)
    .slice(0, 4);
  const limite = relogio.agora.getTime() - (CONTEUDO_DEMO.diasDesdeCriacao - 5) * 86_400_000;
  if (ultimos.length < 4 || ultimos.some((d) => relogio.paraData(d.tCriacao).getTime() < limite)) {
    throw new Error('A semente não tem documentos recentes bastantes para as peças de conteúdo');
  }
  const [digitalizada, pdfDigitalizado, restrita, protegida] = ultimos.map((d) => d.id).sort((a, b) => a - b) as [
    number,
    number,
    number,
    number,
  ];
  return { digitalizada, pdfDigitalizado, restrita, protegida };
}

/**
 * Adds each file as the next peça of its document, after everything else of the demo (so its number follows the
 * document's own peças). The trigger enqueues the files; they go to the front of the indexing queue, so the server
 * reads them first.
 */
export async function semearConteudo(
  trx: Kysely<Database>,
  arquivos: readonly ArquivoConteudo[],
  documentos: DocumentosConteudoDemo,
  contagens: Record<string, number>,
): Promise<void> {
  const admin = usuario('admin').id;
  const novos = await trx
    .insertInto('arquivo')
    .values(arquivos.map((a) => ({ sha256: a.sha256, tamanho: a.tamanho, tipoMime: a.tipoMime })))
    .onConflict((oc) => oc.column('sha256').doNothing())
    .returning('sha256')
    .execute();
  for (const arquivo of arquivos) {
    const idDocumento = documentos[arquivo.chave];
    const anexo = await trx
      .insertInto('anexo')
      .values({ sha256: arquivo.sha256, nome: arquivo.nome, idUsuario: admin })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The next number among the document's active peças; it travels with the document's next sending.
    await sql`INSERT INTO peca (id_documento, id_anexo, sequencial, descricao, tipo_copia, nivel_acesso,
        id_hipotese_legal, sequencia_tramitacao, id_usuario)
      SELECT ${idDocumento}, ${anexo.id},
        (SELECT coalesce(max(sequencial), 0) + 1 FROM peca WHERE id_documento = ${idDocumento} AND situacao_vinculo IS NULL),
        NULL, 'N', ${arquivo.nivelAcesso}, ${arquivo.nivelAcesso === 'P' ? null : HIPOTESE.informacaoPessoal},
        (SELECT count(*) + 1 FROM tramitacao WHERE id_documento = ${idDocumento}), ${admin}`.execute(trx);
  }
  await sql`UPDATE arquivo_indexacao SET enfileirado_em = now() - interval '1 minute'
    WHERE sha256 NOT IN (${sql.join(arquivos.map((a) => a.sha256))})`.execute(trx);
  contagens.arquivo = (contagens.arquivo ?? 0) + novos.length;
  contagens.anexo = (contagens.anexo ?? 0) + arquivos.length;
  contagens.peca = (contagens.peca ?? 0) + arquivos.length;
}
