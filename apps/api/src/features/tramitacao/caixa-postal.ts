import {
  calcularPrazo,
  type filtrosCaixaPostalSchema,
  type ItemCaixaPostal,
  MENSAGENS,
  type PaginaCaixaPostal,
  validarFiltrosCaixaPostal,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { exigirValido, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries.ts';

// The postal box of a unit: what was sent to it, what it holds and its drafts. Re-forwarding shows the same rows.

export function paraItemCaixa(linha: queries.LinhaCaixa): ItemCaixaPostal {
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
    urgente: linha.urgente,
  };
}

export const somenteDigitos = (numero: string | undefined) => (numero ? numero.replace(/\D/g, '') : undefined);

/** GET caixa-postal: the box of one of the caller's units (the current one by default), paginated. */
export async function caixaPostal(
  db: Banco,
  usuario: UsuarioAutenticado,
  filtros: z.infer<typeof filtrosCaixaPostalSchema>,
): Promise<PaginaCaixaPostal> {
  exigirValido(validarFiltrosCaixaPostal(filtros));
  const idUnidade = filtros.idUnidadeAtual ?? (await documentos.unidadeAtualDoUsuario(db, usuario));
  if (!usuario.lotacoes.includes(idUnidade)) throw semPermissao(MENSAGENS.usuario.unidadeNaoLotada);
  const { itens, total } = await queries.listarCaixa(db, {
    idUnidade,
    numeroDigitos: somenteDigitos(filtros.numeroDocumento),
    idTipoDocumento: filtros.idTipoDocumento,
    periodo: filtros.dataInicio && filtros.dataFim ? { inicio: filtros.dataInicio, fim: filtros.dataFim } : undefined,
    incluirRascunhos: true,
    ordenacao: filtros.ordenacao,
    direcao: filtros.direcao,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  });
  return { itens: itens.map(paraItemCaixa), total, pagina: filtros.pagina, tamanhoPagina: filtros.tamanhoPagina };
}
