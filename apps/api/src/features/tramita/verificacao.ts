import {
  avaliarVerificacaoTramita,
  type ConsultaVerificacaoTramita,
  type EspecieTramita,
  MENSAGENS,
  type OpcoesEnvioTramita,
  type PecaVerificacaoTramita,
  type SituacaoVerificacaoTramita,
  type VerificacaoTramita,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { campoInvalido } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { erroImpedimento, exigirDocumento, impedimentoDaUnidade } from '../tramitacao/service.ts';
import { estruturaAusente } from './mapeamentos.ts';
import * as queries from './queries.ts';
import * as q from './queries-mapeamentos.ts';
import * as qv from './queries-verificacao.ts';
import { abrirCliente, type DependenciasTramita, naoConfigurado, TEMPO_LIMITE_INTERATIVO_MS } from './service.ts';

/**
 * Tramita GOV.BR, step 5 (docs/tramita-govbr-desenho.md §2.2): the server's side of the pre-send check. It reads the
 * document, its peças, the configuration, the mappings, the destination (asked of the barramento) and the trâmites
 * into a SituacaoVerificacaoTramita and calls the pure rules (regras-tramita.ts). The sending (step 7) calls the same
 * function inside its transaction: the screen is never the only barrier.
 */

const M = MENSAGENS.tramita;

export interface PedidoVerificacaoTramita extends ConsultaVerificacaoTramita {
  idDocumento: number;
  usuario: UsuarioAutenticado;
}

function especie(codigo: number | null, nome: string | null, ativa: boolean | null): EspecieTramita | null {
  return codigo === null ? null : { codigo, nome: nome ?? String(codigo), ativa: ativa ?? false };
}

function paraRegra(peca: qv.PecaLida): PecaVerificacaoTramita {
  return {
    sequencial: peca.sequencial,
    nome: peca.nome,
    situacaoVinculo: peca.situacaoVinculo,
    nivelAcesso: peca.nivelAcesso,
    hipotese:
      peca.descricaoHipotese === null
        ? null
        : {
            descricao: peca.descricaoHipotese,
            pen:
              peca.identificacaoHipotesePen === null
                ? null
                : {
                    identificacao: peca.identificacaoHipotesePen,
                    nome: peca.nomeHipotesePen ?? String(peca.identificacaoHipotesePen),
                    ativa: peca.hipotesePenAtiva ?? false,
                  },
          },
    especieOriginal: especie(peca.codigoEspecieOriginal, peca.nomeEspecieOriginal, peca.especieOriginalAtiva),
    tipoDocumento:
      peca.descricaoTipoDocumento === null
        ? null
        : {
            descricao: peca.descricaoTipoDocumento,
            especie: especie(peca.codigoEspecie, peca.nomeEspecie, peca.especieAtiva),
          },
    tamanho: Number(peca.tamanho),
    mimeType: peca.tipoMime,
    sha256: peca.sha256,
    ordemOriginal: peca.ordemOriginal,
  };
}

/**
 * The destination as the barramento describes it. With the certificate expired the barramento cannot be asked (TLS
 * would fail): the destination is then taken as able to receive, and the check answers CERTIFICADO_VENCIDO.
 */
async function consultarDestino(
  deps: DependenciasTramita,
  linha: queries.LinhaConfiguracao,
  repositorio: number,
  numero: number,
  agora: Date,
): Promise<SituacaoVerificacaoTramita['destino']> {
  const desconhecido = { numeroEstrutura: numero, nome: String(numero), ativo: true, aptoParaReceberTramites: true };
  if (!linha.certificadoValidoAte || linha.certificadoValidoAte <= agora) return desconhecido;
  const cliente = await abrirCliente(deps, linha, Math.min(TEMPO_LIMITE_INTERATIVO_MS, deps.config.tempoLimiteMs));
  try {
    const estrutura = await cliente.consultarEstrutura(repositorio, numero);
    return {
      numeroEstrutura: numero,
      nome: estrutura.nome,
      ativo: estrutura.ativo !== false,
      aptoParaReceberTramites: estrutura.aptoParaReceberTramites !== false,
    };
  } catch (erro) {
    if (estruturaAusente(erro)) throw campoInvalido(M.estruturaNaoEncontrada(numero), 'estrutura');
    throw erro;
  } finally {
    cliente.fechar();
  }
}

/**
 * The pre-send check of a document for a destination (GET documentos/{id}/tramita/verificacao, and the sending of
 * step 7 inside its transaction): `{ ERRO, ALERTA }`. Who may forward the document may check it: 404 for a document
 * the caller may not see, 403 when another unit holds it (its peças' names are not shown); any other impediment
 * (joined, suspended, not received…) is the ERRO IMPEDIDO. Without an active configuration only NAO_CONFIGURADO,
 * and nothing is asked of the barramento.
 */
export async function verificarEnvioTramita(
  deps: DependenciasTramita,
  pedido: PedidoVerificacaoTramita,
): Promise<VerificacaoTramita> {
  const { db } = deps;
  const { idDocumento, usuario, repositorio, estrutura } = pedido;
  const documento = await exigirDocumento(db, idDocumento, usuario);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const impedimento = await impedimentoDaUnidade(db, documento, idUnidade);
  if (impedimento === 'OUTRA_UNIDADE') throw erroImpedimento(impedimento);

  const linha = await queries.buscarConfiguracao(db);
  if (!linha?.ativo || !linha.certificadoValidoAte) {
    return avaliarVerificacaoTramita({ ...SITUACAO_VAZIA, agora: new Date(), configuracao: { ativa: false } });
  }
  const cache = await q.buscarRepositorio(db, repositorio);
  if (!cache) throw campoInvalido(M.repositorioInexistente(repositorio), 'repositorio');
  if (!cache.ativo) throw campoInvalido(M.repositorioInativo(cache.nome), 'repositorio');

  const agora = new Date();
  const [dados, unidade, pecas, envio, recebidos, limites, recusas, especiePadrao, destino] = await Promise.all([
    qv.lerDocumento(db, idDocumento),
    qv.lerUnidade(db, idUnidade),
    qv.listarPecas(db, idDocumento),
    qv.ultimoEnvio(db, idDocumento),
    qv.documentosRecebidos(db, idDocumento),
    qv.limitesDoRepositorio(db, repositorio),
    qv.recusasDoDestino(db, repositorio, estrutura),
    linha.codigoEspeciePadraoEnvio === null ? undefined : qv.lerEspecie(db, linha.codigoEspeciePadraoEnvio),
    consultarDestino(deps, linha, repositorio, estrutura, agora),
  ]);

  return avaliarVerificacaoTramita({
    agora,
    configuracao: {
      ativa: true,
      certificadoValidoAte: linha.certificadoValidoAte,
      tamanhoMaximoComponenteMb: linha.tamanhoMaximoComponenteMb,
      especiePadrao: especiePadrao ?? null,
    },
    impedimento,
    tramiteExterno: envio ? { situacao: envio.situacaoBarramento } : null,
    unidade: {
      sigla: unidade?.sigla ?? String(idUnidade),
      estrutura:
        unidade?.numeroEstrutura == null ? null : { numero: unidade.numeroEstrutura, envia: unidade.envia ?? false },
    },
    destino,
    descricao: dados?.resumoAssunto ?? null,
    // The process has one interested party at most (documento.id_interessado).
    quantidadeInteressados: dados?.idInteressado == null ? 0 : 1,
    pecas: pecas.map(paraRegra),
    // The uploads still running (envio_em_andamento) come with the sending's migration, 0032 (step 7).
    enviosEmAndamento: [],
    recebidoDoPen: recebidos === undefined ? null : { quantidadeDocumentos: recebidos },
    limitesDestino: limites,
    recusasAnteriores: recusas.map((recusa) => ({
      data: recusa.atualizadoEm,
      motivo: recusa.motivoRecusa ?? '99',
      justificativa: recusa.justificativaRecusa ?? '',
      especies: recusa.especies ?? [],
      mimeTypes: recusa.mimeTypes ?? [],
    })),
  });
}

/**
 * GET tramita/envio: whether the caller's unit is mapped to send (Tramitar then offers the external destination), the
 * institution's repository and the active repositories. Without an active configuration, 409 (nothing to offer).
 */
export async function opcoesEnvio(db: Banco, usuario: UsuarioAutenticado): Promise<OpcoesEnvioTramita> {
  const linha = await queries.buscarConfiguracao(db);
  if (!linha?.ativo) throw naoConfigurado();
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const [unidade, repositorios] = await Promise.all([qv.lerUnidade(db, idUnidade), queries.listarRepositorios(db)]);
  return {
    envia: unidade?.envia === true,
    idRepositorio: linha.idRepositorio,
    repositorios: repositorios.filter((r) => r.ativo).map(({ id, nome }) => ({ id, nome })),
  };
}

/** What the rules need besides the configuration when there is none: nothing else is looked at. */
const SITUACAO_VAZIA: Omit<SituacaoVerificacaoTramita, 'agora' | 'configuracao'> = {
  impedimento: null,
  tramiteExterno: null,
  unidade: { sigla: '', estrutura: null },
  destino: { numeroEstrutura: 0, nome: '', ativo: true, aptoParaReceberTramites: true },
  descricao: null,
  quantidadeInteressados: 0,
  pecas: [],
  enviosEmAndamento: [],
  recebidoDoPen: null,
  limitesDestino: [],
  recusasAnteriores: [],
};
