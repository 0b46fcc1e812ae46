import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MENSAGENS } from '@tramite/shared';
import { PDFDict, PDFDocument, PDFName, type PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarPoolTarefasPesadas } from '../tarefas-pesadas.ts';
import {
  AssinadorPdf,
  assinarPdf,
  type CertificadoAssinatura,
  conferirCertificado,
  gerarCertificadoInstitucional,
  PdfNaoAssinavel,
} from './assinatura-pdf.ts';

const executar = promisify(execFile);
const INSTITUICAO = { nome: 'Universidade Federal de Exemplo', sigla: 'UFEX' };

let pasta: string;
let certificado: CertificadoAssinatura;

async function pdfSimples(texto = 'Ofício nº 1/2026'): Promise<Buffer> {
  const documento = await PDFDocument.create();
  const pagina = documento.addPage();
  pagina.drawText(texto, { font: await documento.embedFont(StandardFonts.Helvetica), x: 50, y: 700, size: 14 });
  return Buffer.from(await documento.save());
}

/** Poppler's pdfsig on a file; its report (stdout) whatever the exit status. */
async function pdfsig(conteudo: Buffer): Promise<string> {
  const caminho = join(pasta, `verificar-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(caminho, conteudo);
  try {
    const { stdout } = await executar('/usr/bin/pdfsig', [caminho]);
    return stdout;
  } catch (erro) {
    return String((erro as { stdout?: string }).stdout ?? '');
  }
}

/** The /Name, /Reason and /M of the signature dictionary, read back with pdf-lib. */
async function dicionarioAssinatura(conteudo: Buffer) {
  const documento = await PDFDocument.load(conteudo);
  const [campo] = documento.getForm().getFields();
  const valor = campo?.acroField.dict.lookup(PDFName.of('V'));
  if (!(valor instanceof PDFDict)) throw new Error('sem dicionário de assinatura');
  const texto = (chave: string) => (valor.lookup(PDFName.of(chave)) as PDFString | undefined)?.decodeText();
  return {
    nome: texto('Name'),
    motivo: texto('Reason'),
    local: texto('Location'),
    subFiltro: valor.get(PDFName.of('SubFilter'))?.toString(),
  };
}

const dados = (data = new Date('2026-03-10T13:45:00Z')) => ({
  nome: 'Ana Souza',
  matriculaSiape: '1234567',
  tipo: 'Assinatura digital institucional (PAdES)',
  instituicao: INSTITUICAO,
  data,
});

beforeAll(async () => {
  pasta = await mkdtemp(join(tmpdir(), 'tramite-assinatura-'));
  const senha = 'senha-de-teste';
  certificado = { p12: gerarCertificadoInstitucional(INSTITUICAO, senha), senha };
});

afterAll(async () => {
  await rm(pasta, { recursive: true, force: true });
});

describe('assinarPdf', () => {
  it('produz uma assinatura PAdES que o pdfsig valida, sobre o arquivo inteiro, com a hora da assinatura', async () => {
    const assinado = await assinarPdf(await pdfSimples(), certificado, dados());
    const relatorio = await pdfsig(assinado);
    expect(relatorio).toContain('Signature Validation: Signature is Valid.');
    expect(relatorio).toContain('Signature Type: ETSI.CAdES.detached');
    expect(relatorio).toContain('Signing Hash Algorithm: SHA-256');
    expect(relatorio).toContain('Total document signed');
    expect(relatorio).toContain('Signer Certificate Common Name: Universidade Federal de Exemplo');
    // Self-signed: the signature is valid, the issuer is simply not a trusted one.
    expect(relatorio).not.toContain('Certificate Validation: Certificate is Trusted.');
    expect(relatorio).toMatch(/Signing Time: Mar 10 2026/);
  });

  it('põe o nome do assinante e a sua matrícula SIAPE em /Name e /Reason da assinatura', async () => {
    const assinado = await assinarPdf(await pdfSimples(), certificado, { ...dados(), nome: 'João Conceição' });
    const assinatura = await dicionarioAssinatura(assinado);
    expect(assinatura.nome).toBe('João Conceição');
    expect(assinatura.motivo).toBe(
      'Assinado por João Conceição (SIAPE 1234567) - Assinatura digital institucional (PAdES)',
    );
    expect(assinatura.local).toBe(INSTITUICAO.nome);
    expect(assinatura.subFiltro).toBe('/ETSI.CAdES.detached');
  });

  it('um byte alterado dentro do intervalo assinado invalida a assinatura (Digest Mismatch)', async () => {
    const assinado = await assinarPdf(await pdfSimples(), certificado, dados());
    expect(await pdfsig(assinado)).toContain('Signature is Valid.');
    // The second line of the file is a binary comment: changing it keeps the file readable but not the digest.
    const adulterado = Buffer.from(assinado);
    const posicao = adulterado.indexOf(0x0a) + 2;
    adulterado[posicao] = (adulterado[posicao] as number) ^ 0x01;
    const relatorio = await pdfsig(adulterado);
    expect(relatorio).toContain('Signature Validation: Digest Mismatch.');
    expect(relatorio).not.toContain('Signature is Valid.');
  });

  it('recusa o que não é um PDF legível, PDFs criptografados e PDFs sem páginas', async () => {
    await expect(assinarPdf(Buffer.from('%PDF-1.4\nlixo'), certificado, dados())).rejects.toThrow(
      new PdfNaoAssinavel(MENSAGENS.arquivosAssinados.pdfInvalido),
    );

    const aberto = join(pasta, 'aberto.pdf');
    const protegido = join(pasta, 'protegido.pdf');
    await writeFile(aberto, await pdfSimples());
    await executar('qpdf', ['--encrypt', 'usuario', 'dono', '256', '--', aberto, protegido]);
    await expect(assinarPdf(await readFile(protegido), certificado, dados())).rejects.toThrow(
      MENSAGENS.arquivosAssinados.pdfProtegido,
    );

    const vazio = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    await expect(assinarPdf(vazio, certificado, dados())).rejects.toThrow(MENSAGENS.arquivosAssinados.pdfSemPaginas);
  });
});

describe('AssinadorPdf', () => {
  it('cria o certificado institucional no primeiro uso (arquivos 0600) e o reaproveita depois', async () => {
    const pastaCertificados = join(pasta, 'certificados');
    const opcoes = { arquivoCertificado: null, senha: '', pastaCertificados, instituicao: INSTITUICAO };
    const primeiro = await new AssinadorPdf(opcoes).obterCertificado();
    expect(conferirCertificado(primeiro).titular).toBe(INSTITUICAO.nome);
    expect(primeiro.senha.length).toBeGreaterThanOrEqual(24);
    const senha = await stat(join(pastaCertificados, 'instituicao', 'senha'));
    const p12 = await stat(join(pastaCertificados, 'instituicao', 'certificado.p12'));
    expect(senha.mode & 0o777).toBe(0o600);
    expect(p12.mode & 0o777).toBe(0o600);
    expect((await stat(join(pastaCertificados, 'instituicao'))).mode & 0o777).toBe(0o700);

    // Another process (another instance) reads the same one instead of creating a new certificate.
    const segundo = await new AssinadorPdf(opcoes).obterCertificado();
    expect(segundo.p12.equals(primeiro.p12)).toBe(true);
    expect(segundo.senha).toBe(primeiro.senha);
  });

  it('duas instâncias que começam juntas ficam com um só certificado', async () => {
    const pastaCertificados = join(pasta, 'concorrentes');
    const opcoes = { arquivoCertificado: null, senha: '', pastaCertificados, instituicao: INSTITUICAO };
    const [a, b] = await Promise.all([
      new AssinadorPdf(opcoes).obterCertificado(),
      new AssinadorPdf(opcoes).obterCertificado(),
    ]);
    expect(a.p12.equals(b.p12)).toBe(true);
  });

  it('usa o PKCS#12 configurado e a sua senha, e recusa uma senha errada', async () => {
    const outra = { nome: 'Instituto Federal de Teste', sigla: 'IFT' };
    const arquivoCertificado = join(pasta, 'configurado.p12');
    await writeFile(arquivoCertificado, gerarCertificadoInstitucional(outra, 'segredo'));
    const base = { arquivoCertificado, pastaCertificados: join(pasta, 'nao-usada'), instituicao: INSTITUICAO };

    const original = join(pasta, 'original.pdf');
    await writeFile(original, await pdfSimples());
    const trabalhadores = criarPoolTarefasPesadas({
      quantidade: 1,
      memoriaMb: 256,
      tempoLimiteMs: 30_000,
      filaMaxima: 1,
    });
    const assinado = await new AssinadorPdf({ ...base, senha: 'segredo' })
      .assinar(trabalhadores, original, dados())
      .finally(() => trabalhadores.fechar());
    const relatorio = await pdfsig(assinado);
    expect(relatorio).toContain('Signature is Valid.');
    expect(relatorio).toContain('Signer Certificate Common Name: Instituto Federal de Teste');
    await expect(stat(join(pasta, 'nao-usada'))).rejects.toThrow();

    await expect(new AssinadorPdf({ ...base, senha: 'errada' }).obterCertificado()).rejects.toThrow();
  });
});
