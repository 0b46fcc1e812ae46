import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { Aleatorio } from './aleatorio.ts';
import { INSTITUICAO } from './unidades.ts';

export type ChaveArquivo =
  | 'oficio'
  | 'requerimento'
  | 'despacho'
  | 'parecer'
  | 'termoReferencia'
  | 'declaracao'
  | 'comprovante'
  | 'fotografia';

export interface ArquivoDemo {
  chave: ChaveArquivo;
  conteudo: Buffer;
  tipoMime: 'application/pdf' | 'image/png';
  /** File name without extension, completed per peça (e.g. 'oficio-123-2025'). */
  nomeBase: string;
  extensao: 'pdf' | 'png';
}

interface Texto {
  titulo: string;
  subtitulo?: string;
  paragrafos: string[];
  assinatura?: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGEM = 56;

function quebrarLinhas(texto: string, fonte: PDFFont, tamanho: number, largura: number): string[] {
  const linhas: string[] = [];
  let atual = '';
  for (const palavra of texto.split(' ')) {
    const tentativa = atual ? `${atual} ${palavra}` : palavra;
    if (fonte.widthOfTextAtSize(tentativa, tamanho) > largura && atual) {
      linhas.push(atual);
      atual = palavra;
    } else {
      atual = tentativa;
    }
  }
  if (atual) linhas.push(atual);
  return linhas;
}

/** A small, real PDF in Helvetica (WinAnsi covers Portuguese accents); no dates, so its bytes never change. */
async function gerarPdf(paginas: Texto[], titulo: string): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(titulo);
  pdf.setAuthor(INSTITUICAO.nome);
  pdf.setProducer('Trâmite — dados de demonstração');
  const normal = await pdf.embedFont(StandardFonts.Helvetica);
  const negrito = await pdf.embedFont(StandardFonts.HelveticaBold);
  const largura = A4[0] - 2 * MARGEM;
  paginas.forEach((conteudo, indice) => {
    const pagina = pdf.addPage(A4);
    let y = A4[1] - MARGEM;
    const escrever = (texto: string, fonte: PDFFont, tamanho: number, espaco = 4) => {
      for (const linha of quebrarLinhas(texto, fonte, tamanho, largura)) {
        pagina.drawText(linha, { x: MARGEM, y, size: tamanho, font: fonte, color: rgb(0.1, 0.1, 0.1) });
        y -= tamanho + espaco;
      }
    };
    escrever(INSTITUICAO.nome.toUpperCase(), negrito, 11, 2);
    if (conteudo.subtitulo) escrever(conteudo.subtitulo, normal, 10, 2);
    pagina.drawLine({
      start: { x: MARGEM, y: y + 2 },
      end: { x: A4[0] - MARGEM, y: y + 2 },
      thickness: 0.8,
      color: rgb(0.3, 0.3, 0.3),
    });
    y -= 24;
    escrever(conteudo.titulo, negrito, 13, 10);
    y -= 6;
    for (const paragrafo of conteudo.paragrafos) {
      escrever(paragrafo, normal, 11, 5);
      y -= 8;
    }
    if (conteudo.assinatura) {
      y -= 30;
      for (const linha of conteudo.assinatura.split('\n')) escrever(linha, normal, 10, 3);
    }
    pagina.drawText(`Página ${indice + 1} de ${paginas.length}`, {
      x: A4[0] - MARGEM - 70,
      y: MARGEM / 2,
      size: 8,
      font: normal,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return Buffer.from(await pdf.save());
}

function bloco(tipo: string, dados: Buffer): Buffer {
  const tamanho = Buffer.alloc(4);
  tamanho.writeUInt32BE(dados.length);
  const corpo = Buffer.concat([Buffer.from(tipo, 'ascii'), dados]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(corpo) >>> 0);
  return Buffer.concat([tamanho, corpo, crc]);
}

/** A minimal PNG encoder: 8-bit RGB, filter 0 on every row. */
export function gerarPng(largura: number, altura: number, pixel: (x: number, y: number) => [number, number, number]) {
  const linhas = Buffer.alloc((largura * 3 + 1) * altura);
  let posicao = 0;
  for (let y = 0; y < altura; y++) {
    linhas[posicao++] = 0;
    for (let x = 0; x < largura; x++) {
      const [r, g, b] = pixel(x, y);
      linhas[posicao++] = r;
      linhas[posicao++] = g;
      linhas[posicao++] = b;
    }
  }
  const cabecalho = Buffer.alloc(13);
  cabecalho.writeUInt32BE(largura, 0);
  cabecalho.writeUInt32BE(altura, 4);
  cabecalho[8] = 8;
  cabecalho[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    bloco('IHDR', cabecalho),
    bloco('IDAT', deflateSync(linhas, { level: 9 })),
    bloco('IEND', Buffer.alloc(0)),
  ]);
}

/** A scanned receipt: paper, a dark header and grey lines of "text", with a little scanner noise. */
function comprovanteDigitalizado(): Buffer {
  const aleatorio = new Aleatorio(0xc0de);
  return gerarPng(240, 320, (x, y) => {
    const ruido = Math.floor(aleatorio.proximo() * 12);
    if (y >= 16 && y < 40 && x >= 16 && x < 224) return [40 + ruido, 60 + ruido, 110 + ruido];
    const linhaTexto = y >= 60 && y < 290 && (y - 60) % 14 < 5;
    const comprimento = 224 - ((y * 37) % 70);
    if (linhaTexto && x >= 20 && x < comprimento) return [110 + ruido, 110 + ruido, 110 + ruido];
    if (y > 292 && y < 296 && x > 140 && x < 220) return [30, 30, 30];
    return [243 - ruido, 241 - ruido, 232 - ruido];
  });
}

/** A photograph of a building: sky gradient, a grey block with windows, green lawn. */
function fotografiaLocal(): Buffer {
  return gerarPng(320, 200, (x, y) => {
    if (y > 150) return [60 + (y % 7) * 4, 130 + ((x + y) % 11) * 3, 60];
    if (x > 70 && x < 250 && y > 60) {
      const janela = (x - 80) % 30 < 16 && (y - 72) % 26 < 14 && x < 240 && y < 140;
      return janela ? [90, 130, 170] : [190, 185, 175];
    }
    return [120 + Math.floor(y / 2), 170 + Math.floor(y / 3), 235];
  });
}

const ASSINATURA_SERVIDOR = 'Documento assinado eletronicamente.\nChefia da unidade';

const TEXTOS: Record<Exclude<ChaveArquivo, 'comprovante' | 'fotografia'>, { titulo: string; paginas: Texto[] }> = {
  oficio: {
    titulo: 'Ofício nº 123/GR-UFEX',
    paginas: [
      {
        subtitulo: 'Gabinete da Reitoria',
        titulo: 'Ofício nº 123/GR-UFEX — Convênio para estágio de alunos',
        paragrafos: [
          'A Sua Senhoria o(a) Senhor(a) Prefeito(a) Municipal de Exemplópolis.',
          'Assunto: Convênio para realização de estágios curriculares obrigatórios.',
          'Senhor(a) Prefeito(a), em atenção ao ofício encaminhado a esta Universidade, informamos que a proposta de convênio para a realização de estágios por alunos dos cursos de graduação foi recebida e encaminhada à Pró-Reitoria de Graduação para análise técnica.',
          'Solicitamos a indicação de um servidor responsável pelo acompanhamento dos estagiários e o envio do plano de atividades, para a conclusão da instrução processual.',
          'Atenciosamente,',
        ],
        assinatura: 'Patrícia Gomes Teixeira\nChefe de Gabinete da Reitoria',
      },
    ],
  },
  requerimento: {
    titulo: 'Requerimento acadêmico',
    paginas: [
      {
        subtitulo: 'Pró-Reitoria de Graduação — Departamento de Administração Acadêmica',
        titulo: 'Requerimento',
        paragrafos: [
          'Nome do(a) requerente: conforme cadastro do interessado.',
          'Curso: graduação. Matrícula: conforme cadastro.',
          'Venho requerer a Vossa Senhoria o trancamento de matrícula no semestre letivo em curso, pelos motivos expostos a seguir: necessidade de tratamento de saúde, conforme atestado médico anexo.',
          'Declaro estar ciente de que o trancamento não interrompe a contagem do prazo máximo de integralização curricular, nos termos do Regulamento dos Cursos de Graduação.',
          'Nestes termos, peço deferimento.',
        ],
        assinatura: 'Assinatura do(a) requerente',
      },
    ],
  },
  despacho: {
    titulo: 'Despacho da chefia',
    paginas: [
      {
        subtitulo: 'Pró-Reitoria de Administração',
        titulo: 'Despacho',
        paragrafos: [
          'Ciente do teor do processo. Considerando a disponibilidade orçamentária informada pelo Departamento de Contabilidade e Finanças, autorizo a despesa e a concessão das diárias solicitadas.',
          'Encaminhe-se ao setor competente para as providências cabíveis e, após, à unidade de origem para ciência do interessado.',
        ],
        assinatura: ASSINATURA_SERVIDOR,
      },
    ],
  },
  parecer: {
    titulo: 'Parecer jurídico nº 45/PF-UFEX',
    paginas: [
      {
        subtitulo: 'Procuradoria Federal junto à UFEX',
        titulo: 'Parecer nº 45/PF-UFEX',
        paragrafos: [
          'Ementa: Administrativo. Licitação. Dispensa em razão do valor. Art. 75, inciso II, da Lei nº 14.133/2021. Possibilidade jurídica, observadas as recomendações.',
          'I — Relatório. Trata-se de processo de compra encaminhado a esta Procuradoria para análise da regularidade jurídica da contratação direta de reagentes de laboratório.',
          'II — Fundamentação. A contratação encontra amparo legal, desde que demonstrada a compatibilidade dos preços com os praticados no mercado e a existência de dotação orçamentária suficiente.',
          'III — Conclusão. Opina-se pela possibilidade jurídica da contratação, condicionada ao cumprimento das recomendações acima.',
        ],
        assinatura: 'Ricardo Araújo Pereira\nProcurador Federal',
      },
    ],
  },
  termoReferencia: {
    titulo: 'Termo de Referência — Aquisição de material de expediente',
    paginas: [
      {
        subtitulo: 'Departamento de Licitações e Compras',
        titulo: 'Termo de Referência',
        paragrafos: [
          '1. Objeto: aquisição de material de expediente (papel A4, canetas, grampeadores, pastas e envelopes) para atender às unidades administrativas da Universidade pelo período de 12 meses.',
          '2. Justificativa: reposição do estoque do almoxarifado central, conforme consumo médio dos últimos dois exercícios.',
          '3. Modalidade: pregão eletrônico, critério de julgamento menor preço por item.',
        ],
      },
      {
        subtitulo: 'Departamento de Licitações e Compras',
        titulo: 'Termo de Referência (continuação)',
        paragrafos: [
          '4. Especificações: item 1 — papel A4, 75 g/m², caixa com 10 resmas; item 2 — caneta esferográfica azul, caixa com 50 unidades; item 3 — pasta suspensa marmorizada, caixa com 50 unidades.',
          '5. Prazo de entrega: até 30 (trinta) dias após o recebimento da nota de empenho.',
          '6. Fiscalização: servidor designado por portaria da Pró-Reitoria de Administração.',
        ],
        assinatura: 'Fernanda Oliveira Santos\nDepartamento de Licitações e Compras',
      },
    ],
  },
  declaracao: {
    titulo: 'Declaração',
    paginas: [
      {
        subtitulo: 'Pró-Reitoria de Gestão de Pessoas',
        titulo: 'Declaração',
        paragrafos: [
          'Declaramos, para os devidos fins, que o(a) servidor(a) interessado(a) neste processo pertence ao quadro de pessoal permanente desta Universidade, em efetivo exercício, lotado(a) na unidade indicada em seu cadastro funcional.',
          'Por ser verdade, firmamos a presente declaração.',
        ],
        assinatura: 'Luciana Barbosa Rocha\nPró-Reitora de Gestão de Pessoas',
      },
    ],
  },
};

export async function gerarArquivosDemo(): Promise<ArquivoDemo[]> {
  const pdfs: [ChaveArquivo, string][] = [
    ['oficio', 'oficio'],
    ['requerimento', 'requerimento'],
    ['despacho', 'despacho-chefia'],
    ['parecer', 'parecer-juridico'],
    ['termoReferencia', 'termo-de-referencia'],
    ['declaracao', 'declaracao'],
  ];
  const arquivos: ArquivoDemo[] = [];
  for (const [chave, nomeBase] of pdfs) {
    const texto = TEXTOS[chave as keyof typeof TEXTOS];
    arquivos.push({
      chave,
      conteudo: await gerarPdf(texto.paginas, texto.titulo),
      tipoMime: 'application/pdf',
      nomeBase,
      extensao: 'pdf',
    });
  }
  arquivos.push({
    chave: 'comprovante',
    conteudo: comprovanteDigitalizado(),
    tipoMime: 'image/png',
    nomeBase: 'comprovante-digitalizado',
    extensao: 'png',
  });
  arquivos.push({
    chave: 'fotografia',
    conteudo: fotografiaLocal(),
    tipoMime: 'image/png',
    nomeBase: 'fotografia-local',
    extensao: 'png',
  });
  return arquivos;
}

/** The signed copy of a file in the signed-files area: the same text with a signature block. */
export async function gerarPdfAssinado(chave: keyof typeof TEXTOS, assinante: string, siape: string, tipo: string) {
  const texto = TEXTOS[chave];
  const paginas = texto.paginas.map((pagina, indice) =>
    indice === texto.paginas.length - 1
      ? {
          ...pagina,
          assinatura: `${pagina.assinatura ?? ''}\n\n${tipo}\nAssinado por ${assinante}, matrícula SIAPE ${siape}.`,
        }
      : pagina,
  );
  return gerarPdf(paginas, `${texto.titulo} (assinado)`);
}
