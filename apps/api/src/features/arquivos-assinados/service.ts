import { Readable } from 'node:stream';
import {
  type ArquivoAssinado,
  type Assinante,
  camposAssinaturaSchema,
  type filtrosArquivosAssinadosSchema,
  MAXIMO_ARQUIVOS_ASSINATURA,
  MENSAGENS,
  TAMANHO_MAXIMO_ARQUIVO_ASSINATURA,
  TAMANHO_MAXIMO_DESCRICAO_PECA,
  type TipoArquivoAssinado,
  type TipoAssinatura,
  validarFiltrosArquivosAssinados,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos, ArquivoTemporario } from '../../platform/armazenamento.ts';
import { type AssinadorPdf, PdfNaoAssinavel, type tarefasAssinatura } from '../../platform/assinatura-pdf.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import {
  type ArquivoRecebido,
  arquivoGrande,
  type CorpoEnvio,
  descartarTodos,
  FOLGA_MULTIPART,
  receberPartes,
} from '../../platform/envio-multipart.ts';
import {
  conflito,
  ErroDominio,
  exigirValido,
  naoEncontrado,
  requisicaoInvalida,
  semPermissao,
} from '../../platform/erros.ts';
import type { ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import * as pecas from '../pecas/service.ts';
import * as queries from './queries.ts';

export interface DependenciasAssinados {
  db: Banco;
  armazenamento: ArmazenamentoArquivos;
  assinador: AssinadorPdf;
  trabalhadores: ExecutorTarefas<typeof tarefasAssinatura>;
  /** config.urlPublica, for the links in the followers' e-mails. */
  urlPublica: string;
}

const M = MENSAGENS.arquivosAssinados;
const naoEncontrada = () => naoEncontrado(M.naoEncontrado);

export async function listarTiposAssinatura(db: Banco): Promise<TipoAssinatura[]> {
  return queries.listarTiposAssinatura(db);
}

/** GET arquivos-assinados/assinante: the caller's name and SIAPE number. */
export async function buscarAssinante(db: Banco, usuario: UsuarioAutenticado): Promise<Assinante> {
  const dados = await queries.dadosAssinante(db, usuario.id);
  if (!dados) throw naoEncontrada();
  return { nome: dados.nome, matriculaSiape: dados.matriculaSiape };
}

function paraArquivo(linha: queries.LinhaArquivoAssinado, usuario: UsuarioAutenticado): ArquivoAssinado {
  const proprio = linha.idUsuario === usuario.id;
  const livre = linha.idPecaVinculada === null;
  return {
    idArquivoAssinado: linha.id,
    nomeOriginal: linha.nomeOriginal,
    idTipoAssinatura: linha.idTipoAssinatura,
    tipoAssinatura: linha.tipoAssinatura,
    matrSiape: linha.matrSiape,
    assinadoEm: new Date(linha.assinadoEm).toISOString(),
    idUsuarioAssinante: linha.idUsuario,
    nomeAssinante: linha.nomeAssinante,
    tamanho: linha.tamanho,
    sha256: linha.sha256,
    sha256Original: linha.sha256Original,
    idDocumentoVinculado: linha.idDocumentoVinculado,
    numeroDocumentoVinculado: linha.numeroDocumentoVinculado,
    idPecaVinculada: linha.idPecaVinculada,
    proprio,
    podeExcluir: proprio && livre,
    podeVincular: proprio && livre,
  };
}

/** GET arquivos-assinados/: the filters of spec §2, newest first, at most 50 (spec §9). */
export async function listar(
  db: Banco,
  usuario: UsuarioAutenticado,
  filtros: z.output<typeof filtrosArquivosAssinadosSchema>,
): Promise<ArquivoAssinado[]> {
  exigirValido(validarFiltrosArquivosAssinados(filtros));
  const assinante = filtros.usuarioAssinante;
  const linhas = await queries.listar(
    db,
    {
      idUsuario: usuario.id,
      lotacoes: usuario.lotacoes,
      irrestrito: usuario.permissoes.includes('VISUALIZACAO_IRRESTRITA_PECAS'),
    },
    {
      vinculados: filtros.vinculados === undefined ? undefined : filtros.vinculados === 'true',
      assinante:
        assinante === undefined
          ? undefined
          : /^\d{1,9}$/.test(assinante)
            ? { idUsuario: Number(assinante) }
            : { nome: assinante },
      periodo:
        filtros.dataAssinaturaInicio && filtros.dataAssinaturaFim
          ? { inicio: filtros.dataAssinaturaInicio, fim: filtros.dataAssinaturaFim }
          : undefined,
      somenteProprios: filtros.arquivosAssinadosUsuario === 'true',
    },
  );
  return linhas.map((linha) => paraArquivo(linha, usuario));
}

/** SIAPE numbers compared by their digits, leading zeros ignored ('0123456' is '123456'). */
function mesmaMatricula(a: string, b: string): boolean {
  const normalizar = (texto: string) => texto.replace(/\D/g, '').replace(/^0+/, '');
  return normalizar(a) !== '' && normalizar(a) === normalizar(b);
}

interface ArquivoPronto {
  recebido: ArquivoRecebido;
  assinado: ArquivoTemporario;
}

/** Checks one received file (not empty, a PDF by its content) and signs it into a temporary file of the store. */
async function assinarUm(
  deps: DependenciasAssinados,
  recebido: ArquivoRecebido,
  dados: { nome: string; matriculaSiape: string; tipo: string; contato: string | null; data: Date },
): Promise<ArquivoTemporario> {
  const { arquivo, nome } = recebido;
  if (arquivo.tamanho === 0)
    throw requisicaoInvalida(MENSAGENS.arquivos.arquivoVazio, [
      { campo: nome, mensagem: MENSAGENS.arquivos.arquivoVazio },
    ]);
  // The upload's own content check (magic bytes, name and content agreeing), then only PDFs go on.
  const tipoMime = await pecas.identificarTipo(arquivo.caminhoTemporario, nome).catch(() => null);
  if (tipoMime !== 'application/pdf') {
    throw new ErroDominio('TIPO_NAO_SUPORTADO', M.apenasPdf, [{ campo: nome, mensagem: M.apenasPdf }]);
  }
  let assinado: Buffer;
  try {
    assinado = await deps.assinador.assinar(deps.trabalhadores, arquivo.caminhoTemporario, dados);
  } catch (erro) {
    if (erro instanceof PdfNaoAssinavel) {
      throw new ErroDominio('ARQUIVO_NAO_ASSINAVEL', erro.message, [{ campo: nome, mensagem: erro.message }]);
    }
    throw erro;
  }
  return deps.armazenamento.receberFluxo(Readable.from([assinado]), Number.MAX_SAFE_INTEGER);
}

/**
 * POST arquivos-assinados/: one or more PDFs (up to 50 MiB each), signed with the institution's certificate in the
 * caller's name. The caller's SIAPE number is checked before the body is read; each file is streamed to a temporary
 * file, checked by its content and signed; then, in one transaction, the originals and the signed files are put in
 * place and the rows written. All or nothing: one refused file refuses the request, naming it in `erros`.
 */
export async function assinarArquivos(
  deps: DependenciasAssinados,
  usuario: UsuarioAutenticado,
  corpo: CorpoEnvio,
  ip: string,
): Promise<ArquivoAssinado[]> {
  const { db } = deps;
  const assinante = await queries.dadosAssinante(db, usuario.id);
  const siape = assinante?.matriculaSiape;
  if (!assinante || !siape) throw semPermissao(M.semSiape);
  const limite = TAMANHO_MAXIMO_ARQUIVO_ASSINATURA;
  if (
    corpo.tamanhoDeclarado !== null &&
    corpo.tamanhoDeclarado > MAXIMO_ARQUIVOS_ASSINATURA * (limite + FOLGA_MULTIPART)
  ) {
    throw arquivoGrande(limite);
  }
  const { arquivos, campos } = await receberPartes(deps.armazenamento, corpo, limite, {
    maximoArquivos: MAXIMO_ARQUIVOS_ASSINATURA,
    mensagemExcesso: M.muitosArquivos(MAXIMO_ARQUIVOS_ASSINATURA),
  });
  const prontos: ArquivoPronto[] = [];
  const efetivados: string[] = [];
  try {
    const lidos = camposAssinaturaSchema.safeParse(campos);
    if (!lidos.success) {
      const erros = lidos.error.issues.map((i) => ({ campo: i.path.join('.'), mensagem: i.message }));
      throw requisicaoInvalida(erros[0]?.mensagem ?? MENSAGENS.geral.parametrosInvalidos, erros);
    }
    const dados = lidos.data;
    if (!mesmaMatricula(dados.matrSiape, siape)) throw semPermissao(M.siapeDivergente);
    const tipo = await queries.buscarTipoAtivo(db, dados.idTipoAssinatura);
    if (!tipo) throw requisicaoInvalida(M.tipoAssinaturaInvalido);
    const normalizar = (texto: string) => texto.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
    if (dados.tipoAssinatura !== undefined && normalizar(dados.tipoAssinatura) !== normalizar(tipo.descricao)) {
      throw requisicaoInvalida(M.tipoAssinaturaDivergente);
    }

    const assinadoEm = new Date();
    for (const recebido of arquivos) {
      const assinado = await assinarUm(deps, recebido, {
        nome: assinante.nome,
        matriculaSiape: siape,
        tipo: tipo.descricao,
        contato: assinante.email,
        data: assinadoEm,
      });
      prontos.push({ recebido, assinado });
    }

    const ids = await db.transaction().execute(async (trx) => {
      const novos: number[] = [];
      for (const { recebido, assinado } of prontos) {
        const original = recebido.arquivo;
        for (const [conteudo, tipoMime] of [
          [original, 'application/pdf'],
          [assinado, 'application/pdf'],
        ] as const) {
          await pecas.bloquearConteudo(trx, conteudo.sha256);
          await conteudo.efetivar();
          efetivados.push(conteudo.sha256);
          await pecas.inserirArquivo(trx, { sha256: conteudo.sha256, tamanho: conteudo.tamanho, tipoMime });
        }
        const { id } = await queries.inserirArquivoAssinado(trx, {
          idUsuario: usuario.id,
          nomeOriginal: recebido.nome,
          sha256: assinado.sha256,
          sha256Original: original.sha256,
          idTipoAssinatura: tipo.id,
          tipoAssinatura: tipo.descricao,
          matrSiape: siape,
          assinadoEm,
        });
        await registrarAuditoria(trx, {
          idUsuario: usuario.id,
          acao: 'ASSINAR_ARQUIVO',
          entidade: 'arquivo_assinado',
          idEntidade: id,
          depois: {
            nomeOriginal: recebido.nome,
            sha256: assinado.sha256,
            sha256Original: original.sha256,
            tamanho: assinado.tamanho,
            tamanhoOriginal: original.tamanho,
            idTipoAssinatura: tipo.id,
            tipoAssinatura: tipo.descricao,
            matrSiape: siape,
          },
          ip,
        });
        novos.push(id);
      }
      return novos;
    });
    const resultado: ArquivoAssinado[] = [];
    for (const id of ids) {
      const linha = await queries.buscarArquivo(db, id);
      if (linha) resultado.push(paraArquivo(linha, usuario));
    }
    return resultado;
  } catch (erro) {
    await descartarTodos(arquivos);
    await Promise.all(prontos.map((p) => p.assinado.descartar()));
    // Contents put in place by a transaction that did not commit: removed unless something else uses them.
    for (const sha256 of new Set(efetivados)) {
      await pecas.limparConteudoSemUso(deps, sha256).catch(() => false);
    }
    throw erro;
  }
}

export interface ArquivoParaAbrir {
  nome: string;
  tipoMime: string;
  tamanho: number;
  conteudo: Readable;
}

/**
 * GET arquivos-assinados/{id}?tipoArquivo=assinado|original. The signer gets both. Anyone else gets only the
 * signed PDF of a linked file, and only when the peça rules let them open the peça it became (the same bytes);
 * an unlinked file of someone else does not exist for them (404).
 */
export async function abrir(
  deps: DependenciasAssinados,
  usuario: UsuarioAutenticado,
  id: number,
  tipoArquivo: TipoArquivoAssinado,
): Promise<ArquivoParaAbrir> {
  const linha = await queries.buscarArquivo(deps.db, id);
  if (!linha) throw naoEncontrada();
  if (linha.idUsuario !== usuario.id) {
    if (linha.idDocumentoVinculado === null || linha.idAnexoVinculado === null) throw naoEncontrada();
    if (tipoArquivo === 'original') throw semPermissao(M.originalApenasAssinante);
    const arquivo = await pecas.abrirArquivo(deps, usuario, linha.idDocumentoVinculado, linha.idAnexoVinculado);
    return {
      nome: linha.nomeOriginal,
      tipoMime: arquivo.tipoMime,
      tamanho: arquivo.tamanho,
      conteudo: arquivo.conteudo,
    };
  }
  const sha256 = tipoArquivo === 'original' ? linha.sha256Original : linha.sha256;
  if (!sha256 || !(await deps.armazenamento.existe(sha256))) {
    throw naoEncontrado(MENSAGENS.arquivos.conteudoIndisponivel);
  }
  const conteudo = await queries.buscarConteudo(deps.db, sha256);
  return {
    nome: linha.nomeOriginal,
    tipoMime: conteudo.tipoMime,
    tamanho: conteudo.tamanho,
    conteudo: deps.armazenamento.ler(sha256),
  };
}

/** The signer's own file, locked; someone else's linked file is 403 with `recusa`, an unlinked one 404. */
async function bloquearProprio(trx: Banco, usuario: UsuarioAutenticado, id: number, recusa: string) {
  const linha = await queries.bloquearArquivo(trx, id);
  if (!linha) throw naoEncontrada();
  if (linha.idUsuario !== usuario.id) {
    if (linha.idPecaVinculada === null) throw naoEncontrada();
    throw semPermissao(recusa);
  }
  return linha;
}

/**
 * DELETE arquivos-assinados/{id}: only the signer, only while not linked (a linked file is part of a document's
 * record). Soft delete: the row stays with excluido_em and its contents stay in the store, for the audit trail.
 */
export async function excluir(deps: DependenciasAssinados, usuario: UsuarioAutenticado, id: number, ip: string) {
  await deps.db.transaction().execute(async (trx) => {
    const linha = await bloquearProprio(trx, usuario, id, M.apenasAssinanteExclui);
    if (linha.idPecaVinculada !== null) throw conflito(M.vinculadoNaoExclui);
    const { excluidoEm } = await queries.marcarExcluido(trx, id);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'EXCLUIR_ARQUIVO_ASSINADO',
      entidade: 'arquivo_assinado',
      idEntidade: id,
      antes: { nomeOriginal: linha.nomeOriginal, sha256: linha.sha256, excluidoEm: null },
      depois: { excluidoEm },
      ip,
    });
  });
}

/** The description of the peça a signed file becomes. */
function descricaoPeca(linha: { nomeAssinante: string; tipoAssinatura: string | null; matrSiape: string | null }) {
  const siape = linha.matrSiape ? ` (SIAPE ${linha.matrSiape})` : '';
  const texto = `${linha.tipoAssinatura ?? 'Arquivo assinado'}: assinado por ${linha.nomeAssinante}${siape}`;
  return [...texto].slice(0, TAMANHO_MAXIMO_DESCRICAO_PECA).join('');
}

/**
 * POST arquivos-assinados/{id}/vincular-documento/{idDocumento}: the signed PDF becomes the last peça of the
 * document (nato-digital, public), under every rule of an upload (pecas.adicionarPeca: the caller's unit holds the
 * document, received or being created, not archived, concluded or cancelled). Only the signer links, once (409).
 */
export async function vincular(
  deps: DependenciasAssinados,
  usuario: UsuarioAutenticado,
  id: number,
  idDocumento: number,
  ip: string,
): Promise<ArquivoAssinado> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(deps.db, usuario);
  await deps.db.transaction().execute(async (trx) => {
    const linha = await bloquearProprio(trx, usuario, id, M.apenasAssinanteVincula);
    if (linha.idPecaVinculada !== null) throw conflito(M.jaVinculado(linha.numeroDocumentoVinculado ?? ''));
    const peca = await pecas.adicionarPeca(
      trx,
      usuario,
      idUnidade,
      {
        idDocumento,
        sha256: linha.sha256,
        nome: linha.nomeOriginal,
        descricao: descricaoPeca(linha),
        tipoCopia: 'N',
        nivelAcesso: 'P',
        idHipoteseLegal: null,
      },
      deps.urlPublica,
    );
    await queries.vincular(trx, id, idDocumento, peca.id);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'VINCULAR_ARQUIVO_ASSINADO',
      entidade: 'arquivo_assinado',
      idEntidade: id,
      antes: { idDocumentoVinculado: null, idPecaVinculada: null },
      depois: { idDocumentoVinculado: idDocumento, idPecaVinculada: peca.id, idAnexo: peca.idAnexo },
      ip,
    });
    await pecas.auditarPeca(trx, usuario, 'ENVIAR_PECA', peca.id, ip, {
      depois: {
        idDocumento,
        idAnexo: peca.idAnexo,
        nome: linha.nomeOriginal,
        sha256: linha.sha256,
        sequencial: peca.sequencial,
        tipoCopia: 'N',
        nivelAcesso: 'P',
        idArquivoAssinado: id,
      },
    });
  });
  const linha = await queries.buscarArquivo(deps.db, id);
  if (!linha) throw naoEncontrada();
  return paraArquivo(linha, usuario);
}
