import {
  type Calendario,
  type ContagensCaixaPostal,
  calcularPrazo,
  criarCalendario,
  DIAS_PERIODO_PADRAO_CAIXA,
  dataEmSaoPaulo,
  estadoPrazo,
  type filtrosCaixaPostalSchema,
  type filtrosContagensCaixaPostalSchema,
  type ItemCaixaPostal,
  MENSAGENS,
  type PaginaCaixaPostal,
  validarFiltrosCaixaPostal,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { exigirValido, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { carregarCalendario } from '../calendario/service.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries.ts';

// The postal box of a unit: what was sent to it, what it holds and its drafts. Re-forwarding shows the same rows.

/** Today and the calendar a page of the box states its deadlines with. */
interface HojeNoCalendario {
  hoje: string;
  calendario: Calendario;
}

/** The calendar is read only when a row of the page has a deadline (most pages of most units have none). */
export async function paginaDaCaixa(
  db: Banco,
  { itens, total }: { itens: queries.LinhaCaixa[]; total: number },
  filtros: { pagina: number; tamanhoPagina: number },
): Promise<PaginaCaixaPostal> {
  const hoje = dataEmSaoPaulo();
  const calendario = itens.some((linha) => linha.prazo !== null)
    ? await carregarCalendario(db, hoje)
    : criarCalendario();
  return {
    itens: itens.map((linha) => paraItemCaixa(linha, { hoje, calendario })),
    total,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  };
}

function paraItemCaixa(linha: queries.LinhaCaixa, { hoje, calendario }: HojeNoCalendario): ItemCaixaPostal {
  return {
    ...documentos.identificacaoNaLista(linha),
    resumoAssunto: linha.resumoAssunto,
    situacao: linha.situacao,
    recebido: !linha.pendente && (linha.situacao === 'RECEBIDO' || linha.situacao === 'T'),
    pendenteRecebimento: linha.pendente,
    unidadeOrigem: linha.origemSigla,
    dataEnvio: linha.dataEnvio === null ? null : new Date(linha.dataEnvio).toISOString(),
    dataCriacao: new Date(linha.dataCriacao).toISOString(),
    prazo: calcularPrazo(linha.dataEnvio),
    dataPrazo: linha.prazo,
    estadoPrazo: estadoPrazo(linha.prazo, hoje, calendario),
    sobrestado: linha.estadoProcessamento === ESTADO_SOBRESTADO,
    urgente: linha.urgente,
    lido: linha.lido,
  };
}

/** Estado 2001 (estado_processamento) of a suspended document. */
const ESTADO_SOBRESTADO = 5;

export const somenteDigitos = (numero: string | undefined) => (numero ? numero.replace(/\D/g, '') : undefined);

/** The filters shared by the list and the counts, checked (spec §5) and with the caller's unit (403 if not theirs). */
async function criteriosDaCaixa(
  db: Banco,
  usuario: UsuarioAutenticado,
  filtros: z.infer<typeof filtrosContagensCaixaPostalSchema>,
) {
  exigirValido(validarFiltrosCaixaPostal(filtros));
  const idUnidade = filtros.idUnidadeAtual ?? (await documentos.unidadeAtualDoUsuario(db, usuario));
  if (!usuario.lotacoes.includes(idUnidade)) throw semPermissao(MENSAGENS.usuario.unidadeNaoLotada);
  return {
    idUnidade,
    numeroDigitos: somenteDigitos(filtros.numeroDocumento),
    idTipoDocumento: filtros.idTipoDocumento,
    periodo: filtros.dataInicio && filtros.dataFim ? { inicio: filtros.dataInicio, fim: filtros.dataFim } : undefined,
    incluirRascunhos: true,
    idLeitor: usuario.id,
    situacaoPrazo: filtros.situacaoPrazo,
    sobrestados: filtros.sobrestados,
    naoLidos: filtros.naoLidos,
    hoje: dataEmSaoPaulo(),
  };
}

/**
 * GET caixa-postal: the box of one of the caller's units (the current one by default), paginated, optionally one
 * queue of it. Each request is part of a visit to that box (registrarVisitaCaixa), from which "novos" counts.
 */
export async function caixaPostal(
  db: Banco,
  usuario: UsuarioAutenticado,
  filtros: z.infer<typeof filtrosCaixaPostalSchema>,
): Promise<PaginaCaixaPostal> {
  const criterios = await criteriosDaCaixa(db, usuario, filtros);
  const novosDesde = await queries.registrarVisitaCaixa(db, usuario.id, criterios.idUnidade);
  const pagina = await queries.listarCaixa(db, {
    ...criterios,
    fila: filtros.fila,
    novosDesde,
    ordenacao: filtros.ordenacao,
    direcao: filtros.direcao,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  });
  return paginaDaCaixa(db, pagina, filtros);
}

/**
 * GET caixa-postal/contagens: how many documents the box lists with these filters, in all and in each queue; one
 * pass over the box's indexes. It does not count as a visit (the menu and the home page call it).
 */
export async function contagensCaixaPostal(
  db: Banco,
  usuario: UsuarioAutenticado,
  filtros: z.infer<typeof filtrosContagensCaixaPostalSchema>,
): Promise<ContagensCaixaPostal> {
  const criterios = await criteriosDaCaixa(db, usuario, filtros);
  const novosDesde = await queries.referenciaNovosCaixa(db, usuario.id, criterios.idUnidade);
  return queries.contarCaixa(db, { ...criterios, novosDesde });
}

/**
 * Issue 22, the home page: the counts of the box of `idUnidade` (the caller checks it is one of the user's units),
 * each equal to the total GET caixa-postal lists when the home page's link is followed: the queues over the box's
 * default period (the last DIAS_PERIODO_PADRAO_CAIXA days up to today in Brasília), the deadlines without one.
 */
export function contagensInicio(
  db: Banco,
  idUsuario: number,
  idUnidade: number,
): Promise<queries.ContagensInicioCaixa> {
  const hoje = dataEmSaoPaulo();
  const inicio = new Date(Date.parse(hoje) - DIAS_PERIODO_PADRAO_CAIXA * 86_400_000).toISOString().slice(0, 10);
  return queries.contarInicio(db, { idUnidade, idLeitor: idUsuario, periodo: { inicio, fim: hoje }, hoje });
}
