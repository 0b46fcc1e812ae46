import { SMTPServer } from 'smtp-server';

export interface MensagemSmtp {
  de: string;
  para: string[];
  /** The raw message as it arrived: headers and body. */
  dados: string;
}

export interface ServidorSmtpTeste {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message delivered so far, in arrival order. */
  recebidas: MensagemSmtp[];
  fechar(): Promise<void>;
}

/** A real SMTP peer on a free local port that keeps what it receives. */
export async function iniciarServidorSmtp(): Promise<ServidorSmtpTeste> {
  const recebidas: MensagemSmtp[] = [];
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, sessao, pronto) {
      const partes: Buffer[] = [];
      stream.on('data', (parte: Buffer) => partes.push(parte));
      stream.on('end', () => {
        recebidas.push({
          de: sessao.envelope.mailFrom ? sessao.envelope.mailFrom.address : '',
          para: sessao.envelope.rcptTo.map((r) => r.address),
          dados: Buffer.concat(partes).toString('utf8'),
        });
        pronto();
      });
    },
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', () => resolve()));
  const endereco = servidor.server.address();
  const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
  return {
    url: `smtp://127.0.0.1:${porta}`,
    recebidas,
    fechar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
