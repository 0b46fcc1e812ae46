import { formatarCodigoVerificacao, MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semearDemo } from '../../db/seed/index.ts';
import { criarCarteiro, TAREFA_ENVIAR_EMAIL, tratadorEnvioEmail } from '../../platform/email.ts';
import { FilaTarefas } from '../../platform/fila.ts';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../../testing/app-teste.ts';
import { lerPdf } from '../../testing/leitura-pdf.ts';
import { esperarErro } from '../../testing/respostas.ts';
import { iniciarServidorSmtp, type ServidorSmtpTeste } from '../../testing/servidor-smtp.ts';

let t: AppTeste;
let ana: string;
let smtp: ServidorSmtpTeste;

beforeAll(async () => {
  smtp = await iniciarServidorSmtp();
  t = await criarAppTeste({
    PUBLIC_URL: 'https://protocolo.ufex.edu.br',
    SMTP_URL: smtp.url,
    EMAIL_REMETENTE: 'Trâmite <protocolo@ufex.edu.br>',
  });
  await semearDemo(t.banco.db, { armazenamento: t.app.armazenamento, nupFormato: 'nup17' });
  ana = await t.entrar('ana');
});

afterAll(async () => {
  await t?.fechar();
  await smtp?.fechar();
});

/** Delivers the queued e-mails the way the server's queue does, through the real SMTP peer. */
async function entregarFila() {
  const carteiro = criarCarteiro(t.config.email);
  const fila = new FilaTarefas(t.banco.db, {
    [TAREFA_ENVIAR_EMAIL]: tratadorEnvioEmail(t.banco.db, carteiro, t.app.armazenamento),
  });
  await fila.executarPendentes();
  carteiro.fechar();
}

/** The parts of a MIME multipart message: headers (lower-case names) and the decoded body. */
function partesMime(mensagem: string): { cabecalhos: string; corpo: Buffer }[] {
  const fronteira = /boundary="?([^";\r\n]+)"?/i.exec(mensagem)?.[1];
  if (!fronteira) return [];
  return mensagem
    .split(`--${fronteira}`)
    .slice(1, -1)
    .map((parte) => {
      const [cabecalhos = '', ...resto] = parte.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const texto = resto.join('\n\n');
      const base64 = /content-transfer-encoding:\s*base64/i.test(cabecalhos);
      return {
        cabecalhos: cabecalhos.replace(/\r?\n[ \t]+/g, ' '),
        corpo: base64 ? Buffer.from(texto.replace(/\s+/g, ''), 'base64') : Buffer.from(texto),
      };
    });
}

const documento = () =>
  t.banco.db
    .selectFrom('documento')
    .select(['id', 'numero', 'codigoVerificacao'])
    .where('situacao', '=', 'RECEBIDO')
    .orderBy('id')
    .executeTakeFirstOrThrow();

const enviar = (id: number, destinatario: string | null, cabecalhos: Record<string, string> = cabecalhosApp(ana)) =>
  t.app.inject({
    method: 'GET',
    url: `/api/documentos/${id}/comprovante/email`,
    query: destinatario === null ? {} : { destinatario },
    headers: cabecalhos,
  });

const contarEmails = async () =>
  Number(
    (
      await t.banco.db
        .selectFrom('emailSaida')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET documentos/{id}/comprovante/email', () => {
  it('entrega o comprovante em PDF, anexo, a um servidor SMTP real, e registra a auditoria', async () => {
    const doc = await documento();
    const resposta = await enviar(doc.id, '  maria.souza@exemplo.com.br ');
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual({ destinatario: 'maria.souza@exemplo.com.br' });

    const auditoria = await t.banco.db
      .selectFrom('auditoria')
      .select(['acao', 'idEntidade', 'depois', 'idUsuario'])
      .where('acao', '=', 'ENVIAR_COMPROVANTE_EMAIL')
      .executeTakeFirstOrThrow();
    expect(auditoria).toMatchObject({
      idEntidade: String(doc.id),
      depois: { destinatario: 'maria.souza@exemplo.com.br' },
    });
    // The stored PDF has its arquivo row, so the orphan-file sweep never takes it before delivery.
    const { sha256 } = (auditoria.depois as { anexo: { sha256: string } }).anexo;
    const arquivo = await t.banco.db
      .selectFrom('arquivo')
      .select(['tipoMime'])
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    expect(arquivo).toEqual({ tipoMime: 'application/pdf' });

    await entregarFila();
    expect(smtp.recebidas).toHaveLength(1);
    const [mensagem] = smtp.recebidas;
    expect(mensagem?.para).toEqual(['maria.souza@exemplo.com.br']);
    expect(mensagem?.dados).toMatch(/^Subject: Comprovante de protocolo do documento/m);
    const partes = partesMime(mensagem?.dados ?? '');
    const texto = partes.find((p) => /content-type:\s*text\/plain/i.test(p.cabecalhos));
    expect(texto?.corpo.toString('utf8')).toContain(formatarCodigoVerificacao(doc.codigoVerificacao));
    const anexo = partes.find((p) => /content-type:\s*application\/pdf/i.test(p.cabecalhos));
    expect(anexo?.cabecalhos).toContain(`filename=comprovante-${doc.numero.replace('/', '-')}.pdf`);
    expect(anexo?.corpo.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await lerPdf(anexo?.corpo as Buffer);
    expect(pdf.texto).toContain('COMPROVANTE DE PROTOCOLO');
    expect(pdf.texto).toContain(doc.numero);
    expect(pdf.texto).toContain(formatarCodigoVerificacao(doc.codigoVerificacao));
    const email = await t.banco.db.selectFrom('emailSaida').select('enviadoEm').executeTakeFirstOrThrow();
    expect(email.enviadoEm).not.toBeNull();
  });

  it('recusa destinatário ausente ou que não é um e-mail, com a mensagem, sem enfileirar nada', async () => {
    const doc = await documento();
    const antes = await contarEmails();
    for (const destinatario of [null, '', 'maria', 'maria@', 'a@b', 'x@y.com, z@w.com', 'x@y.com\r\nBcc: z@w.com']) {
      const resposta = await enviar(doc.id, destinatario);
      expect(resposta.statusCode, String(destinatario)).toBe(400);
      expect(resposta.json()).toEqual({
        codigo: 'REQUISICAO_INVALIDA',
        mensagem: MENSAGENS.verificacao.destinatarioInvalido,
        erros: [{ campo: 'destinatario', mensagem: MENSAGENS.verificacao.destinatarioInvalido }],
      });
    }
    expect(await contarEmails()).toBe(antes);
  });

  it('exige login e o cabeçalho anti-CSRF; documento inexistente dá 404', async () => {
    const doc = await documento();
    const antes = await contarEmails();
    const anonimo = await enviar(doc.id, 'maria@exemplo.com', cabecalhosApp());
    expect(anonimo.statusCode).toBe(401);
    const semCabecalho = await enviar(doc.id, 'maria@exemplo.com', { cookie: ana });
    expect(semCabecalho.statusCode).toBe(403);
    expect(semCabecalho.json()).toMatchObject({
      codigo: 'CSRF_AUSENTE',
      mensagem: MENSAGENS.geral.cabecalhoCsrfAusente,
    });
    const inexistente = await enviar(999999, 'maria@exemplo.com');
    expect(inexistente.statusCode).toBe(404);
    expect(await contarEmails()).toBe(antes);
  });
});

describe('limite de envios do comprovante por e-mail (issue 17)', () => {
  const limiteAtingido = MENSAGENS.verificacao.limiteComprovanteEmail(10, 3);

  const recusas = () =>
    t.banco.db
      .selectFrom('auditoria')
      .select(['idUsuario', 'idEntidade', 'depois', 'ip'])
      .where('acao', '=', 'ENVIAR_COMPROVANTE_EMAIL_RECUSADO')
      .orderBy('id')
      .execute();

  it('no máximo 3 por hora ao mesmo destinatário, somando todos os usuários; a recusa é auditada e nada vai à fila', async () => {
    await t.banco.db.deleteFrom('limiteTaxa').execute();
    const doc = await documento();
    const bruno = await t.entrar('bruno');
    const antes = await contarEmails();
    for (const [i, cookie] of [ana, bruno, ana].entries()) {
      const resposta = await enviar(doc.id, 'repetido@exemplo.com', cabecalhosApp(cookie));
      expect(resposta.statusCode, `envio ${i + 1}`).toBe(200);
    }
    // The same address in other case is the same destination, and another user does not reset it.
    const recusado = await enviar(doc.id, 'Repetido@Exemplo.COM', cabecalhosApp(bruno));
    esperarErro(recusado, 429, 'LIMITE_TAXA', limiteAtingido);
    expect(Number(recusado.headers['retry-after'])).toBeGreaterThan(0);
    expect(await contarEmails()).toBe(antes + 3);
    // Another address is still served.
    expect((await enviar(doc.id, 'outro@exemplo.com', cabecalhosApp(bruno))).statusCode).toBe(200);

    const [recusa, ...demais] = await recusas();
    expect(demais).toEqual([]);
    const idBruno = (
      await t.banco.db.selectFrom('usuario').select('id').where('username', '=', 'bruno').executeTakeFirstOrThrow()
    ).id;
    expect(recusa).toMatchObject({
      idUsuario: idBruno,
      idEntidade: String(doc.id),
      depois: { destinatario: 'Repetido@Exemplo.COM' },
    });
    expect(recusa?.ip).toBeTruthy();
  });

  it('no máximo 10 por hora por usuário, a quaisquer destinatários; os outros usuários continuam enviando', async () => {
    await t.banco.db.deleteFrom('limiteTaxa').execute();
    const doc = await documento();
    const antes = await contarEmails();
    const recusasAntes = (await recusas()).length;
    for (let i = 0; i < 10; i++) {
      const resposta = await enviar(doc.id, `pessoa${i}@exemplo.com`);
      expect(resposta.statusCode, `envio ${i + 1}`).toBe(200);
    }
    const recusado = await enviar(doc.id, 'pessoa10@exemplo.com');
    expect(recusado.statusCode).toBe(429);
    expect(recusado.json().mensagem).toBe(limiteAtingido);
    expect(await contarEmails()).toBe(antes + 10);
    expect(await recusas()).toHaveLength(recusasAntes + 1);

    const carla = await t.entrar('carla');
    expect((await enviar(doc.id, 'pessoa10@exemplo.com', cabecalhosApp(carla))).statusCode).toBe(200);
    expect(await contarEmails()).toBe(antes + 11);
  });
});
