import type { Banco } from '../../db/connection.ts';
import { enfileirarEmail } from '../../platform/email.ts';
import * as queries from './queries.ts';

const formatoData = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/**
 * Document types with notificaInteressadoTramitacao tell the interested party of every sending by e-mail (their own
 * address, else their person's or unit's). Queued in the sending's transaction: no sending, no e-mail.
 */
export async function notificarInteressadoSobreTramitacao(
  trx: Banco,
  idTramitacao: number,
  urlPublica: string,
): Promise<void> {
  const dados = await queries.buscarDadosNotificacaoInteressado(trx, idTramitacao);
  if (!dados?.email) return;
  const link = `${urlPublica}/documentos/${dados.idDocumento}`;
  const quando = formatoData.format(new Date(dados.dtDespacho));
  const acao = dados.passo ? `${dados.passo}: ` : '';
  await enfileirarEmail(trx, {
    para: dados.email,
    assunto: `Documento ${dados.numero} tramitado`,
    texto: [
      `Prezado(a) ${dados.nomeInteressado},`,
      '',
      `O documento ${dados.numero} (${dados.tipo}), do qual você é interessado(a), foi tramitado em ${quando}.`,
      `${acao}de ${dados.nomeOrigem} (${dados.siglaOrigem}) para ${dados.nomeDestino} (${dados.siglaDestino}).`,
      '',
      `Acompanhe o documento em ${link}`,
      '',
      'Esta é uma mensagem automática do Trâmite; não é preciso respondê-la.',
    ].join('\n'),
  });
}
