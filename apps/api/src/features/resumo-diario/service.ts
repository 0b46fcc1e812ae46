import { type ContagensResumoDiario, dataEmSaoPaulo, MAXIMO_ITENS_SECAO_RESUMO, MENSAGENS } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { enfileirarEmail } from '../../platform/email.ts';
import { semPermissao } from '../../platform/erros.ts';
import type { TratadorTarefa } from '../../platform/fila.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { type ConteudoResumo, montarEmailResumo, temConteudo } from './email-resumo.ts';
import * as queries from './queries.ts';

/**
 * The daily digest (issue 20, docs/domain.md "Resumo diário"). Every API process runs `reservarResumosDoDia` each
 * minute: it reserves, for the users whose chosen time (Brasília) has come today, the (user, day) row whose insertion
 * only one process wins, and enqueues one job per reserved user in the same statement. The job (`enviarResumo`)
 * builds the e-mail under the row's lock and queues it with the e-mail queue, marking the row sent; when there is
 * nothing to say no e-mail goes out and the row stays with `enviado_em` null (the day is still taken).
 */

export const TAREFA_RESUMO_DIARIO = 'resumo-diario';

const formatoHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Today's date and the time (HH:MM) in Brasília at `agora`. */
export function momentoEmSaoPaulo(agora: Date): { dia: string; hora: string } {
  return { dia: dataEmSaoPaulo(agora), hora: formatoHora.format(agora) };
}

/**
 * One pass: reserves today's due digests and enqueues their jobs (the job rows written by the same statement, see
 * `queries.reservarResumos`, so 5,000 users at the same minute cost one round trip); answers how many this process
 * reserved.
 */
export async function reservarResumosDoDia(db: Banco, agora: Date = new Date()): Promise<{ reservados: number }> {
  const { dia, hora } = momentoEmSaoPaulo(agora);
  const usuarios = await queries.reservarResumos(db, { dia, hora, agora }, TAREFA_RESUMO_DIARIO);
  return { reservados: usuarios.length };
}

export type ResultadoResumo = 'ENVIADO' | 'SEM_CONTEUDO' | 'DESLIGADO' | 'JA_ENVIADO';

const UM_DIA_MS = 86_400_000;

/**
 * Builds and queues one user's digest of `dia`, exactly once: the reserved row is locked and marked in the
 * transaction that queues the e-mail. The user may have turned the digest off or dropped the e-mail since the
 * reservation: then nothing goes out.
 */
export function enviarResumo(
  db: Banco,
  alvo: { idUsuario: number; dia: string },
  opcoes: { urlPublica: string },
): Promise<ResultadoResumo> {
  return db.transaction().execute(async (trx) => {
    const resumo = await queries.travarResumo(trx, alvo.idUsuario, alvo.dia);
    if (!resumo || resumo.enviadoEm) return 'JA_ENVIADO';
    const email = resumo.email?.trim();
    if (!resumo.ativo || !email || resumo.resumoDiarioHorario === null) return 'DESLIGADO';
    const unidades = await queries.listarUnidadesDoUsuario(trx, alvo.idUsuario);
    if (unidades.length === 0) return 'SEM_CONTEUDO';
    const ids = unidades.map((u) => u.id);
    const ate = new Date(resumo.reservadoEm);
    const desde = resumo.anteriorEm ? new Date(resumo.anteriorEm) : new Date(ate.getTime() - UM_DIA_MS);
    const limite = MAXIMO_ITENS_SECAO_RESUMO;
    const chegadas = await queries.listarChegadas(trx, { unidades: ids, desde, ate, limite });
    const prazos = await queries.listarPrazos(trx, { unidades: ids, hoje: alvo.dia, limite });
    const retornos = await queries.listarRetornos(trx, { unidades: ids, hoje: alvo.dia, limite });
    const conteudo: ConteudoResumo = {
      nome: resumo.nome,
      dia: alvo.dia,
      siglasUnidades: unidades.map((u) => u.sigla),
      chegadasDesde: desde,
      chegadas,
      venceHoje: prazos.venceHoje,
      vencidos: prazos.vencidos,
      retornos,
    };
    if (!temConteudo(conteudo)) return 'SEM_CONTEUDO';
    await enfileirarEmail(trx, montarEmailResumo(conteudo, email, opcoes.urlPublica));
    await queries.marcarEnviado(trx, alvo.idUsuario, alvo.dia);
    return 'ENVIADO';
  });
}

/** The queue's handler of TAREFA_RESUMO_DIARIO. */
export function tratadorResumoDiario(db: Banco, opcoes: { urlPublica: string }): TratadorTarefa {
  return async (payload) => {
    await enviarResumo(db, payload as { idUsuario: number; dia: string }, opcoes);
  };
}

/**
 * GET resumo-diario/contagens: the digest's counts for the user's current unit (or `idUnidade`, one of their
 * lotações), for the home page.
 */
export async function contarDaUnidade(
  db: Banco,
  usuario: UsuarioAutenticado,
  idUnidade: number | undefined,
  hoje: string = dataEmSaoPaulo(),
): Promise<ContagensResumoDiario> {
  const unidade = idUnidade ?? usuario.idUnidadeAtual ?? usuario.lotacoes[0];
  if (unidade === undefined || !usuario.lotacoes.includes(unidade)) {
    throw semPermissao(MENSAGENS.usuario.unidadeNaoLotada);
  }
  return { idUnidade: unidade, ...(await queries.contar(db, unidade, hoje)) };
}
