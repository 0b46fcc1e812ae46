import { dataBr } from '@tramite/shared';
import type { MensagemEmail } from '../../platform/email.ts';
import type { ItemResumo } from './queries.ts';

/** What one user's digest says; a section with no rows is left out. */
export interface ConteudoResumo {
  nome: string;
  dia: string;
  siglasUnidades: string[];
  /** Start of the arrivals' window (the previous digest, or 24 hours before this one). */
  chegadasDesde: Date;
  chegadas: ItemResumo[];
  venceHoje: ItemResumo[];
  vencidos: ItemResumo[];
  retornos: ItemResumo[];
}

const formatoDataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});
const dataHora = (valor: Date | string) => formatoDataHora.format(new Date(valor));
const data = (valor: Date | string) => (typeof valor === 'string' ? dataBr(valor) : dataHora(valor));

interface Secao {
  titulo: string;
  itens: ItemResumo[];
  /** The line of one item, without its link. */
  descrever: (item: ItemResumo) => string;
}

function secoes(c: ConteudoResumo): Secao[] {
  const todas: Secao[] = [
    {
      titulo: `Documentos que chegaram desde ${dataHora(c.chegadasDesde)}`,
      itens: c.chegadas,
      descrever: (i) => `${i.numero} — ${i.tipo} — enviado por ${i.siglaOutra} a ${i.siglaUnidade} em ${data(i.data)}`,
    },
    {
      titulo: 'Prazos que vencem hoje',
      itens: c.venceHoje,
      descrever: (i) => `${i.numero} — ${i.tipo} — na caixa postal de ${i.siglaUnidade}`,
    },
    {
      titulo: 'Prazos vencidos',
      itens: c.vencidos,
      descrever: (i) => `${i.numero} — ${i.tipo} — prazo ${data(i.data)} — na caixa postal de ${i.siglaUnidade}`,
    },
    {
      titulo: 'Retornos programados vencidos',
      itens: c.retornos,
      descrever: (i) =>
        `${i.numero} — ${i.tipo} — retorno a ${i.siglaUnidade} programado para ${data(i.data)}` +
        (i.siglaOutra ? ` — hoje em ${i.siglaOutra}` : ''),
    },
  ];
  return todas.filter((secao) => secao.itens.length > 0);
}

/** True when the digest has something to say (otherwise no e-mail goes out). */
export function temConteudo(c: ConteudoResumo): boolean {
  return secoes(c).length > 0;
}

function escaparHtml(texto: string): string {
  return texto.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** The digest as an e-mail, text and HTML, in Portuguese, each item with a link to its document. */
export function montarEmailResumo(c: ConteudoResumo, para: string, urlPublica: string): MensagemEmail {
  const base = urlPublica.replace(/\/$/, '');
  const link = (item: ItemResumo) => `${base}/documentos/${item.idDocumento}`;
  const unidades = c.siglasUnidades.join(', ');
  const lista = secoes(c);
  const abertura = `Este é o seu resumo diário do Trâmite de ${dataBr(c.dia)}, para ${
    c.siglasUnidades.length === 1 ? 'a unidade' : 'as unidades'
  } ${unidades}.`;
  const rodape = [
    'Você recebe esta mensagem porque ligou o resumo diário por e-mail.',
    `Para mudar o horário ou deixar de recebê-lo, acesse ${base}/usuario`,
  ];
  const resto = (secao: Secao) => (secao.itens[0]?.total ?? 0) - secao.itens.length;

  const texto = [`Prezado(a) ${c.nome},`, '', abertura];
  for (const secao of lista) {
    texto.push('', `${secao.titulo} (${secao.itens[0]?.total ?? 0}):`);
    for (const item of secao.itens) texto.push(`- ${secao.descrever(item)}: ${link(item)}`);
    if (resto(secao) > 0) texto.push(`... e mais ${resto(secao)}.`);
  }
  texto.push('', ...rodape, '', 'Esta é uma mensagem automática do Trâmite; não é preciso respondê-la.');

  const html = [
    `<p>Prezado(a) ${escaparHtml(c.nome)},</p>`,
    `<p>${escaparHtml(abertura)}</p>`,
    ...lista.map(
      (secao) =>
        `<h2 style="font-size:1.1em">${escaparHtml(`${secao.titulo} (${secao.itens[0]?.total ?? 0})`)}</h2><ul>${secao.itens
          .map((item) => `<li><a href="${escaparHtml(link(item))}">${escaparHtml(secao.descrever(item))}</a></li>`)
          .join('')}</ul>${resto(secao) > 0 ? `<p>… e mais ${resto(secao)}.</p>` : ''}`,
    ),
    `<p>${escaparHtml(rodape[0] as string)}<br>Para mudar o horário ou deixar de recebê-lo, acesse <a href="${escaparHtml(
      `${base}/usuario`,
    )}">${escaparHtml(`${base}/usuario`)}</a>.</p>`,
    '<p>Esta é uma mensagem automática do Trâmite; não é preciso respondê-la.</p>',
  ].join('\n');

  return { para, assunto: `Resumo diário do Trâmite — ${dataBr(c.dia)}`, texto: texto.join('\n'), html };
}
