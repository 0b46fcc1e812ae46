import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { abrirBanco, type ConexaoAberta, NOME_APLICACAO } from './db/connection.ts';
import { migrarParaUltima } from './db/migrator.ts';
import { type ResumoSemente, semearDemo } from './db/seed/index.ts';
import { agendarExpiracao } from './features/consolidacao/retencao.ts';
import { TAREFA_CONSOLIDAR } from './features/consolidacao/service.ts';
import { tratadorConsolidacao } from './features/consolidacao/tarefa.ts';
import { Indexador } from './features/conteudo/indexador.ts';
import { criarPoolIndexacao, type PoolIndexacao } from './features/conteudo/pool-indexacao.ts';
import { agendarResumoDiario } from './features/resumo-diario/agendamento.ts';
import { TAREFA_RESUMO_DIARIO, tratadorResumoDiario } from './features/resumo-diario/service.ts';
import { agendarLevantamento } from './features/sobrestamento/service.ts';
import { agendarConsultaPendenciasTramita, agendarSincronizacaoTramita } from './features/tramita/agendamento.ts';
import { TAREFA_RECEBER_TRAMITE, tratadorRecebimentoTramita } from './features/tramita/recebimento.ts';
import { TAREFA_SINCRONIZAR_LISTAS_TRAMITA, tratadorSincronizacaoTramita } from './features/tramita/service.ts';
import { agendarRecolhimento } from './operations/arquivos-orfaos.ts';
import { ArmazenamentoArquivos } from './platform/armazenamento.ts';
import { criarCarteiro, TAREFA_ENVIAR_EMAIL, tratadorEnvioEmail } from './platform/email.ts';
import { FilaTarefas } from './platform/fila.ts';
import { criarPoolTarefasPesadas, type PoolTarefasPesadas } from './tarefas-pesadas.ts';

export interface ServidorIniciado {
  app: FastifyInstance;
  migracoesAplicadas: string[];
  semente: ResumoSemente | null;
  /** Background jobs (e-mail delivery), running while the server runs. */
  fila: FilaTarefas;
  fechar(): Promise<void>;
}

/** Opens the database, migrates it, seeds the demo data on an empty one when asked, and builds the app. */
export async function iniciarServidor(config: Config): Promise<ServidorIniciado> {
  const conexao = await abrirBanco(config.banco);
  // Without DATABASE_URL_LEITURA the search and the reports read from the primary's own pool.
  let leitura: ConexaoAberta | null = null;
  let trabalhadores: PoolTarefasPesadas | null = null;
  let poolIndexacao: PoolIndexacao | null = null;
  try {
    if (config.bancoLeitura) leitura = await abrirBanco(config.bancoLeitura, { nomeAplicacao: NOME_APLICACAO.leitura });
    const migracoesAplicadas = await migrarParaUltima(conexao.db);
    const armazenamento = new ArmazenamentoArquivos(config.arquivosDir);
    const semente = config.demo ? await semearDemo(conexao.db, { armazenamento, nupFormato: config.nupFormato }) : null;
    trabalhadores = criarPoolTarefasPesadas(config.trabalhadores, (evento) =>
      app.log.warn(evento, 'processo trabalhador interrompido'),
    );
    const app = await buildApp({ db: conexao.db, dbLeitura: leitura?.db, config, armazenamento, trabalhadores });
    const carteiro = criarCarteiro(config.email);
    const fila = new FilaTarefas(
      conexao.db,
      {
        [TAREFA_ENVIAR_EMAIL]: tratadorEnvioEmail(conexao.db, carteiro, armazenamento),
        [TAREFA_CONSOLIDAR]: tratadorConsolidacao(
          { db: conexao.db, armazenamento, trabalhadores },
          { instituicao: config.instituicao.nome },
        ),
        [TAREFA_RESUMO_DIARIO]: tratadorResumoDiario(conexao.db, { urlPublica: config.urlPublica }),
        [TAREFA_SINCRONIZAR_LISTAS_TRAMITA]: tratadorSincronizacaoTramita({ db: conexao.db, config: config.tramita }),
        [TAREFA_RECEBER_TRAMITE]: tratadorRecebimentoTramita({ db: conexao.db, config: config.tramita, armazenamento }),
      },
      { reservaSegundos: config.fila.reservaSegundos, intervaloMs: config.fila.intervaloMs },
      (erro, tarefa) => app.log.warn({ err: erro, tarefa }, 'tarefa em segundo plano falhou; será tentada de novo'),
    );
    fila.iniciar();
    const pararRecolhimento = agendarRecolhimento(
      conexao.db,
      armazenamento,
      { carenciaSegundos: config.arquivosOrfaosCarenciaSegundos },
      (erro, resultado) => {
        if (erro) app.log.warn({ err: erro }, 'limpeza de arquivos órfãos falhou');
        else if (resultado && resultado.orfaos + resultado.temporarios > 0) {
          app.log.warn(resultado, 'arquivos órfãos ou temporários removidos do armazenamento');
        }
      },
    );
    const pararExpiracao = agendarExpiracao(
      { db: conexao.db, armazenamento },
      { retencaoHoras: config.consolidacao.retencaoHoras },
      (erro, resultado) => {
        if (erro) app.log.warn({ err: erro }, 'limpeza de consolidações expiradas falhou');
        else if (resultado && resultado.expiradas > 0) app.log.info(resultado, 'consolidações expiradas removidas');
      },
    );
    const pararResumoDiario = agendarResumoDiario(conexao.db, (erro) => {
      if (erro) app.log.warn({ err: erro }, 'reserva dos resumos diários falhou');
    });
    // Issue 21: the peças' text, read in the background by every process (its own pool, apart from the heavy tasks).
    let indexador: Indexador | null = null;
    if (config.indexacao.ativa) {
      poolIndexacao = criarPoolIndexacao(config.indexacao, (evento) =>
        app.log.warn(evento, 'processo trabalhador da indexação interrompido'),
      );
      indexador = new Indexador(
        conexao.db,
        armazenamento,
        poolIndexacao,
        { trabalhadores: config.indexacao.trabalhadores },
        (erro, contexto) => app.log.warn({ err: erro, sha256: contexto.sha256 }, contexto.mensagem),
      );
      indexador.iniciar();
    }
    const pararLevantamento = agendarLevantamento(conexao.db, {}, (erro, levantados) => {
      if (erro) app.log.warn({ err: erro }, 'levantamento automático de sobrestamentos falhou');
      else if (levantados) app.log.info({ levantados }, 'sobrestamentos levantados na data prevista');
    });
    // Issue 24: the PEN's lists, synced once a day while Tramita GOV.BR is active (nothing happens without it).
    const pararSincronizacaoTramita = agendarSincronizacaoTramita(conexao.db, (erro) => {
      if (erro) app.log.warn({ err: erro }, 'agendamento da sincronização das listas do Tramita GOV.BR falhou');
    });
    // Issue 24: the pending trâmites, asked every intervalo_consulta_segundos by one process at a time.
    const pararConsultaTramita = agendarConsultaPendenciasTramita(
      { db: conexao.db, config: config.tramita },
      (erro) => {
        if (erro) app.log.warn({ err: erro }, 'consulta de pendências do Tramita GOV.BR falhou');
      },
    );
    return {
      app,
      migracoesAplicadas,
      semente,
      fila,
      fechar: async () => {
        await fila.parar();
        // The indexer takes no new page; closing its pool ends the pages in flight, whose files go back to the queue.
        const parada = indexador?.parar();
        await poolIndexacao?.fechar();
        await parada;
        await pararRecolhimento();
        await pararExpiracao();
        await pararLevantamento();
        await pararResumoDiario();
        await pararSincronizacaoTramita();
        await pararConsultaTramita();
        carteiro.fechar();
        await app.close();
        await trabalhadores?.fechar();
        await leitura?.fechar();
        await conexao.fechar();
      },
    };
  } catch (erro) {
    await poolIndexacao?.fechar();
    await trabalhadores?.fechar();
    await leitura?.fechar();
    await conexao.fechar();
    throw erro;
  }
}
