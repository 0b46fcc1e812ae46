import {
  dataEmSaoPaulo,
  estadoPrazo,
  type filtrosControlePrazosSchema,
  type ItemControlePrazos,
  type PaginaControlePrazos,
  type RetornosPendentes,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { carregarCalendario } from '../calendario/service.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries-controle-prazos.ts';

// "Controle de prazos" (issue 20): the caller's current unit's deadlines, the ones it awaits and its scheduled returns.

function paraItem(
  linha: queries.LinhaControlePrazos,
  hoje: string,
  calendario: Awaited<ReturnType<typeof carregarCalendario>>,
): ItemControlePrazos {
  const estado = estadoPrazo(linha.data, hoje, calendario);
  return {
    ...documentos.identificacaoNaLista(linha),
    resumoAssunto: linha.resumoAssunto,
    situacao: linha.situacao,
    ondeEsta:
      linha.ondeId === null || linha.ondeSigla === null || linha.ondeNome === null
        ? null
        : { id: linha.ondeId, sigla: linha.ondeSigla, nome: linha.ondeNome },
    pendenteRecebimento: linha.pendente,
    data: linha.data,
    // Every row has a date, so SEM_PRAZO never comes out of estadoPrazo here.
    situacaoPrazo: estado.situacao === 'SEM_PRAZO' ? 'NO_PRAZO' : estado.situacao,
    diasUteis: estado.diasUteis,
    definidoPor:
      linha.remetente === null || linha.origemSigla === null
        ? null
        : { usuario: linha.remetente, unidade: linha.origemSigla, origemPrazo: linha.origemPrazo },
    idTramitacao: linha.idTramitacao,
  };
}

/** GET controle-de-prazos: one tab of the caller's current unit, by date (earliest first), paginated. */
export async function controlePrazos(
  db: Banco,
  usuario: UsuarioAutenticado,
  filtros: z.infer<typeof filtrosControlePrazosSchema>,
): Promise<PaginaControlePrazos> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const hoje = dataEmSaoPaulo();
  const calendario = await carregarCalendario(db, hoje);
  const { linhas, total } = await queries.listarControlePrazos(db, {
    idUnidade,
    aba: filtros.aba,
    situacaoPrazo: filtros.situacaoPrazo,
    hoje,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  });
  return {
    itens: linhas.map((linha) => paraItem(linha, hoje, calendario)),
    total,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  };
}

/** GET controle-de-prazos/retornos-pendentes: the box's notice for the caller's current unit. */
export async function retornosPendentes(db: Banco, usuario: UsuarioAutenticado): Promise<RetornosPendentes> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  return { vencidosOuHoje: await queries.contarRetornosVencidosOuHoje(db, idUnidade, dataEmSaoPaulo()) };
}
