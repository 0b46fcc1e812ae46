import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from '../config.ts';
import { usarBancoTeste } from '../testing/banco-do-arquivo.ts';
import { iniciarServidorSmtp, type ServidorSmtpTeste } from '../testing/servidor-smtp.ts';
import { ArmazenamentoArquivos } from './armazenamento.ts';
import { criarCarteiro, enfileirarEmail, TAREFA_ENVIAR_EMAIL, tratadorEnvioEmail } from './email.ts';
import { FilaTarefas } from './fila.ts';

const banco = usarBancoTeste();
let pasta: string;
let armazenamento: ArmazenamentoArquivos;
let smtp: ServidorSmtpTeste;

beforeAll(async () => {
  pasta = await mkdtemp(join(tmpdir(), 'tramite-email-'));
  armazenamento = new ArmazenamentoArquivos(join(pasta, 'arquivos'));
  smtp = await iniciarServidorSmtp();
});

afterAll(async () => {
  await smtp?.fechar();
  await rm(pasta, { recursive: true, force: true });
});

async function enviarPelaFila(smtpUrl: string | null) {
  const config = lerConfig({
    DATA_DIR: pasta,
    EMAIL_REMETENTE: 'Trâmite <protocolo@ufex.edu.br>',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  }).email;
  const carteiro = criarCarteiro(config);
  const fila = new FilaTarefas(banco.db, {
    [TAREFA_ENVIAR_EMAIL]: tratadorEnvioEmail(banco.db, carteiro, armazenamento),
  });
  const anexo = await armazenamento.guardarBuffer(Buffer.from('%PDF-1.4\n% comprovante de teste\n'));
  const id = await banco.db.transaction().execute((trx) =>
    enfileirarEmail(trx, {
      para: 'carla.lima@ufex.edu.br',
      assunto: 'Documento 23546.000042/2026-11 tramitado',
      texto: 'O documento 23546.000042/2026-11 foi enviado à PROGRAD.',
      anexos: [{ nome: 'comprovante.pdf', tipoMime: 'application/pdf', sha256: anexo.sha256 }],
    }),
  );
  await fila.executarPendentes();
  carteiro.fechar();
  return id;
}

describe('e-mail pela fila', () => {
  it('entrega a um servidor SMTP real, com o anexo, e marca como enviado', async () => {
    const id = await enviarPelaFila(smtp.url);
    expect(smtp.recebidas).toHaveLength(1);
    const [mensagem] = smtp.recebidas;
    expect(mensagem?.de).toBe('protocolo@ufex.edu.br');
    expect(mensagem?.para).toEqual(['carla.lima@ufex.edu.br']);
    expect(mensagem?.dados).toContain('Subject: Documento 23546.000042/2026-11 tramitado');
    expect(mensagem?.dados).toContain('filename=comprovante.pdf');
    const email = await banco.db.selectFrom('emailSaida').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(email.enviadoEm).not.toBeNull();
  });

  it('sem SMTP configurado grava um arquivo .eml na caixa de saída', async () => {
    await enviarPelaFila(null);
    const arquivos = (await readdir(join(pasta, 'outbox'))).filter((nome) => nome.endsWith('.eml'));
    expect(arquivos).toHaveLength(1);
    const conteudo = await readFile(join(pasta, 'outbox', arquivos[0] as string), 'utf8');
    expect(conteudo).toContain('To: carla.lima@ufex.edu.br');
    expect(conteudo).toContain('From: =?UTF-8?Q?Tr=C3=A2mite?= <protocolo@ufex.edu.br>');
    expect(conteudo).toContain('comprovante.pdf');
  });
});
