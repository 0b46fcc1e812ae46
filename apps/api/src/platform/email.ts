import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Banco } from '../db/connection.ts';
import type { ArmazenamentoArquivos } from './armazenamento.ts';
import { enfileirar, type TratadorTarefa } from './fila.ts';

export const TAREFA_ENVIAR_EMAIL = 'enviar-email';

export interface AnexoEmail {
  nome: string;
  tipoMime: string;
  /** A file of the content-addressed store (PDFs made for the message are stored there first). */
  sha256: string;
}

export interface MensagemEmail {
  para: string;
  assunto: string;
  texto: string;
  html?: string | null;
  anexos?: AnexoEmail[];
}

/**
 * Puts a message in the outbox table and a delivery job in the same transaction: the e-mail exists if and only
 * if the change that caused it commits, and it is delivered (with retries) by the background queue.
 */
export async function enfileirarEmail(trx: Banco, mensagem: MensagemEmail): Promise<number> {
  const idJob = await enfileirar(trx, TAREFA_ENVIAR_EMAIL, {}, { maxTentativas: 8 });
  const { id } = await trx
    .insertInto('emailSaida')
    .values({
      para: mensagem.para,
      assunto: mensagem.assunto,
      texto: mensagem.texto,
      html: mensagem.html ?? null,
      anexos: JSON.stringify(mensagem.anexos ?? []),
      idJob,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('job')
    .set({ payload: JSON.stringify({ idEmail: id }) })
    .where('id', '=', idJob)
    .execute();
  return id;
}

export interface Carteiro {
  enviar(mensagem: {
    para: string;
    assunto: string;
    texto: string;
    html?: string | null;
    anexos: { nome: string; tipoMime: string; caminho: string }[];
  }): Promise<void>;
  fechar(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox folder. */
export function criarCarteiro(config: Config['email']): Carteiro {
  const transporte: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async enviar(mensagem) {
      const info = await transporte.sendMail({
        from: config.remetente,
        to: mensagem.para,
        subject: mensagem.assunto,
        text: mensagem.texto,
        ...(mensagem.html ? { html: mensagem.html } : {}),
        attachments: mensagem.anexos.map((anexo) => ({
          filename: anexo.nome,
          contentType: anexo.tipoMime,
          path: anexo.caminho,
        })),
      });
      if (!config.smtpUrl) {
        const conteudo = (info as unknown as { message: Buffer }).message;
        await mkdir(config.pastaSaida, { recursive: true });
        const nome = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
        const temporario = join(config.pastaSaida, `.${nome}.tmp`);
        await writeFile(temporario, conteudo);
        await rename(temporario, join(config.pastaSaida, nome));
      }
    },
    fechar: () => transporte.close(),
  };
}

/** The queue's handler: delivers one outbox message and marks it sent. */
export function tratadorEnvioEmail(
  db: Banco,
  carteiro: Carteiro,
  armazenamento: ArmazenamentoArquivos,
): TratadorTarefa {
  return async (payload) => {
    const { idEmail } = payload as { idEmail: number };
    const email = await db.selectFrom('emailSaida').selectAll().where('id', '=', idEmail).executeTakeFirst();
    if (!email || email.enviadoEm) return;
    const anexos = (email.anexos as AnexoEmail[]).map((anexo) => ({
      nome: anexo.nome,
      tipoMime: anexo.tipoMime,
      caminho: armazenamento.caminho(anexo.sha256),
    }));
    await carteiro.enviar({
      para: email.para,
      assunto: email.assunto,
      texto: email.texto,
      html: email.html,
      anexos,
    });
    await db.updateTable('emailSaida').set({ enviadoEm: new Date() }).where('id', '=', idEmail).execute();
  };
}
