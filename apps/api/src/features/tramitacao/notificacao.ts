import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { enfileirarEmail } from '../../platform/email.ts';

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
  const dados = await trx
    .selectFrom('tramitacao as t')
    .innerJoin('documento as d', 'd.id', 't.idDocumento')
    .innerJoin('tipoDocumento as td', 'td.id', 'd.idTipoDocumento')
    .innerJoin('interessado as i', 'i.id', 'd.idInteressado')
    .leftJoin('pessoa as p', 'p.id', 'i.idPessoa')
    .leftJoin('unidade as ui', 'ui.id', 'i.idUnidade')
    .innerJoin('unidade as uo', 'uo.id', 't.idUnidadeOrigem')
    .innerJoin('unidade as ud', 'ud.id', 't.idUnidadeDestino')
    .leftJoin('passo', 'passo.id', 't.idPasso')
    .select([
      'd.id as idDocumento',
      'd.numero',
      'td.descricao as tipo',
      'i.nome as nomeInteressado',
      sql<string | null>`coalesce(i.email, p.email, ui.email)`.as('email'),
      'uo.sigla as siglaOrigem',
      'uo.nome as nomeOrigem',
      'ud.sigla as siglaDestino',
      'ud.nome as nomeDestino',
      'passo.descricao as passo',
      't.dtDespacho',
    ])
    .where('t.id', '=', idTramitacao)
    .where('td.notificaInteressadoTramitacao', '=', true)
    .executeTakeFirst();
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
