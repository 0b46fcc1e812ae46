import type { FormatoNup } from '@tramite/shared';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { gerarHashSenha } from '../../platform/senha.ts';
import type { Database } from '../schema.ts';
import { Aleatorio } from './aleatorio.ts';
import { type ArquivoDemo, type ChaveArquivo, gerarArquivosDemo, gerarPdfAssinado } from './arquivos-demo.ts';
import { semearCaixaPostal } from './caixa-postal.ts';
import { semearCalendario } from './calendario.ts';
import { semearCancelamentos } from './cancelamentos.ts';
import { planejarCenarios, ROTULOS, type Rotulo } from './cenarios.ts';
import { semearCienciasSobrestamentos } from './ciencias-sobrestamentos.ts';
import { inserirMembrosComissoes } from './comissoes-membros.ts';
import {
  type DocumentosConteudoDemo,
  documentosConteudo,
  guardarArquivosConteudo,
  semearConteudo,
} from './conteudo.ts';
import { semearControlePrazos } from './controle-prazos.ts';
import { type DocumentoPlano, PlanejadorDocumentos } from './documentos.ts';
import { ASSINATURAS, descricaoAssinatura, linhasArquivosAssinados, linhasFavoritos } from './favoritos.ts';
import { linhasFluxos, linhasPassoDestinos, linhasPassoOrigens, linhasPassos } from './fluxos.ts';
import { linhasGlossario } from './glossario.ts';
import { planejarHistoria, semearHistoria } from './historia.ts';
import { ajustarSequencias, inserirEmLotes } from './inserir.ts';
import { interessadoDaPessoa, linhasComissoes, linhasInteressados } from './interessados.ts';
import {
  ligacoesDocumentos,
  linhasAgregacoes,
  linhasAnexosEPecas,
  linhasDesarquivamentos,
  linhasDocumentos,
  linhasSequenciasNup,
  linhasTramitacoes,
  numerarRegistros,
} from './linhas-documentos.ts';
import { assuntosDoTipo, CHAVES_TIPO } from './modelos.ts';
import { type PecaPlano, PlanejadorPecas } from './pecas.ts';
import { semearPrazos } from './prazos.ts';
import { MINUTOS_DIA_UTIL, RelogioExpediente, somarDias } from './relogio.ts';
import { semearResumoDiario } from './resumo-diario.ts';
import { idUnidade, linhasUnidades, UNIDADES } from './unidades.ts';
import { linhasLotacoes, linhasPermissoes, linhasPessoas, linhasUsuarios, USUARIOS, usuario } from './usuarios.ts';
import {
  HIPOTESE,
  idAssunto,
  linhasAssuntos,
  linhasHipoteses,
  MENSAGEM_BOAS_VINDAS,
  MENSAGEM_EXPIRADA,
  TIPO,
  TIPOS_ASSINATURA,
  TIPOS_DOCUMENTO,
} from './vocabulario.ts';

const SEMENTE = 20_240_917;

/** Tables whose rows get explicit ids, so their identity sequences are moved past them. */
const TABELAS_COM_ID = [
  'unidade',
  'pessoa',
  'usuario',
  'hipotese_legal',
  'assunto',
  'tipo_documento',
  'fluxo',
  'passo',
  'comissao',
  'interessado',
  'documento',
  'tramitacao',
  'agregacao',
  'desarquivamento',
  'anexo',
  'peca',
  'tipo_assinatura',
  'arquivo_assinado',
  'item_glossario',
  'mensagem_noticia',
] as const;

export type ListasDocumentos = Record<
  | Rotulo
  | 'interessadaCarla'
  | 'arquivados'
  | 'desarquivados'
  | 'concluidos'
  | 'sobrestados'
  | 'cancelados'
  | 'comPecaRestrita'
  | 'comPecaDesmembrada'
  | 'comPecaDesentranhada',
  number[]
>;

export interface ResumoSemente {
  semeado: boolean;
  /** Why nothing was seeded (the database already had data). */
  motivo: string | null;
  duracaoMs: number;
  /** Rows inserted per table (all zero when nothing was seeded). */
  contagens: Record<string, number>;
  /** Every demo user's password is the username. */
  usuarios: { admin: number; ana: number; bruno: number; carla: number };
  unidades: {
    protocolo: number;
    arquivo: number;
    unidadeBruno: number;
    unidadeCarla: number;
    reitoria: number;
    inativas: number[];
  };
  interessadoCarla: number;
  tipo571: number;
  /** A document type with exactly one assignable subject (the opening form pre-selects it). */
  tipoComAssuntoUnico: number;
  assuntoUnico: number;
  hipoteses: typeof HIPOTESE;
  /** Ana's draft of type 571 (Protocolo Central) with no peças: forwarding it asks for confirmation. */
  documentoTipo571EmCriacao: number;
  documentoTipo571EmCriacaoComPecas: number;
  /** About 30 tramitações, received in the Protocolo Central. */
  documentoMuitasTramitacoes: number;
  documentos: ListasDocumentos;
  /** Issue 21: the documents that got the peças of CONTEUDO_DEMO (seed/conteudo.ts), by peça. */
  conteudo: DocumentosConteudoDemo;
  /** Issue 22: the year of history (seed/historia.ts), ids after every story's document. */
  historia: { primeiroId: number; quantidade: number };
}

interface Plano {
  relogio: RelogioExpediente;
  documentos: DocumentoPlano[];
  pecas: PecaPlano[];
  /** The year of history, inserted after everything else. */
  historia: DocumentoPlano[];
  ultimosNup: ReturnType<PlanejadorDocumentos['numerar']>;
}

/** The whole demo data set as plain objects: no database, no files. Same structure and ids on every run. */
function planejar(agora: Date, formato: FormatoNup): Plano {
  const relogio = new RelogioExpediente(agora);
  const aleatorio = new Aleatorio(SEMENTE);
  const planejador = new PlanejadorDocumentos(aleatorio, relogio);
  planejarCenarios(planejador, aleatorio);
  const ultimosNup = planejador.numerar(formato);
  planejador.preencherOrigens();
  const planejadorPecas = new PlanejadorPecas(aleatorio, relogio);
  planejadorPecas.planejar(planejador.documentos);
  planejadorPecas.cancelar(planejador.documentos, { D: 3, M: 3 });
  planejador.origemPeloTipo();
  numerarRegistros(planejador.documentos, planejadorPecas.pecas);
  const historia = planejarHistoria(relogio, formato, {
    ultimoId: planejador.documentos.length,
    ultimos: ultimosNup,
  });
  return {
    relogio,
    documentos: planejador.documentos,
    pecas: planejadorPecas.pecas,
    historia: historia.documentos,
    ultimosNup: historia.ultimosNup,
  };
}

function tipoComAssuntoUnico(): { tipo: number; assunto: number } {
  for (const chave of CHAVES_TIPO) {
    const assuntos = assuntosDoTipo(chave);
    if (assuntos.length === 1) return { tipo: TIPO[chave], assunto: idAssunto(assuntos[0] as string) };
  }
  throw new Error('Nenhum tipo com assunto único na semente');
}

function identificadores(plano: Plano): Omit<ResumoSemente, 'semeado' | 'motivo' | 'duracaoMs' | 'contagens'> {
  const ids = (filtro: (d: DocumentoPlano) => boolean) => plano.documentos.filter(filtro).map((d) => d.id);
  const carla = interessadoDaPessoa(usuario('carla').idPessoa);
  const comPeca = (filtro: (p: PecaPlano) => boolean) => [
    ...new Set(plano.pecas.filter(filtro).map((p) => p.documento.id)),
  ];
  const documentos = Object.fromEntries(ROTULOS.map((r) => [r, ids((d) => d.rotulos.includes(r))])) as Record<
    Rotulo,
    number[]
  >;
  const unico = tipoComAssuntoUnico();
  const primeiro = (lista: number[]) => {
    if (lista[0] === undefined) throw new Error('Documento esperado ausente da semente');
    return lista[0];
  };
  return {
    usuarios: {
      admin: usuario('admin').id,
      ana: usuario('ana').id,
      bruno: usuario('bruno').id,
      carla: usuario('carla').id,
    },
    unidades: {
      protocolo: idUnidade('PROT'),
      arquivo: idUnidade('ARQ'),
      unidadeBruno: usuario('bruno').idUnidadeAtual,
      unidadeCarla: usuario('carla').idUnidadeAtual,
      reitoria: idUnidade('REIT'),
      inativas: UNIDADES.filter((u) => !u.ativa).map((u) => u.id),
    },
    interessadoCarla: carla.id,
    tipo571: TIPO.processoNatoDigital,
    tipoComAssuntoUnico: unico.tipo,
    assuntoUnico: unico.assunto,
    hipoteses: HIPOTESE,
    documentoTipo571EmCriacao: primeiro(documentos.tipo571SemPecas),
    documentoTipo571EmCriacaoComPecas: primeiro(documentos.tipo571ComPecas),
    documentoMuitasTramitacoes: primeiro(documentos.muitasTramitacoes),
    conteudo: documentosConteudo(plano.documentos, plano.relogio),
    historia: { primeiroId: plano.documentos.length + 1, quantidade: plano.historia.length },
    documentos: {
      ...documentos,
      interessadaCarla: ids((d) => d.interessado.id === carla.id),
      arquivados: ids((d) => d.estadoProcessamento === 2),
      desarquivados: ids((d) => d.desarquivamentos.length > 0),
      concluidos: ids((d) => d.estadoProcessamento === 3),
      sobrestados: ids((d) => d.estadoProcessamento === 5),
      cancelados: ids((d) => d.estadoProcessamento === 4),
      comPecaRestrita: comPeca((p) => p.nivelAcesso === 'R'),
      comPecaDesmembrada: comPeca((p) => p.cancelamento?.vinculo === 'M'),
      comPecaDesentranhada: comPeca((p) => p.cancelamento?.vinculo === 'D'),
    },
  };
}

async function bancoVazio(executor: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ vazio: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM usuario) AND NOT EXISTS (SELECT 1 FROM unidade)
      AND NOT EXISTS (SELECT 1 FROM documento) AND NOT EXISTS (SELECT 1 FROM tipo_documento) AS vazio`.execute(
    executor,
  );
  return rows[0]?.vazio === true;
}

interface ArquivoGuardado {
  sha256: string;
  tamanho: number;
  tipoMime: string;
}

/**
 * Seeds the demo data of the Universidade Federal de Exemplo when the database is empty (no users, units, types or
 * documents), in one transaction; otherwise does nothing. Files go to the store before any row points to them.
 * Dates are relative to `agora`; everything else, ids included, is the same on every run.
 */
export async function semearDemo(
  db: Kysely<Database>,
  opcoes: { armazenamento: ArmazenamentoArquivos; nupFormato: FormatoNup; agora?: Date },
): Promise<ResumoSemente> {
  const inicio = performance.now();
  const agora = opcoes.agora ?? new Date();
  const plano = planejar(agora, opcoes.nupFormato);
  const resumo = (semeado: boolean, motivo: string | null, contagens: Record<string, number>): ResumoSemente => ({
    semeado,
    motivo,
    duracaoMs: Math.round(performance.now() - inicio),
    contagens,
    ...identificadores(plano),
  });
  const motivoNaoVazio = 'O banco de dados já contém dados; a semente de demonstração não foi aplicada.';
  if (!(await bancoVazio(db))) return resumo(false, motivoNaoVazio, {});

  const demo = await gerarArquivosDemo();
  // The scans are drawn first, alone: the canvas's native code is not run beside the others'.
  const arquivosConteudo = await guardarArquivosConteudo(opcoes.armazenamento);
  const [arquivos, assinados, hashes] = await Promise.all([
    guardarArquivos(opcoes.armazenamento, demo),
    guardarAssinados(opcoes.armazenamento, demo),
    Promise.all(USUARIOS.map(async (u) => [u.username, await gerarHashSenha(u.username)] as const)),
  ]);

  const contagens = await db.transaction().execute(async (trx) => {
    // Two processes starting on an empty server database: the second waits here, then finds it seeded.
    await sql`LOCK TABLE usuario IN EXCLUSIVE MODE`.execute(trx);
    if (!(await bancoVazio(trx))) return null;
    const { relogio } = plano;
    const inicioHistoria = relogio.paraData(0);
    const contar: Record<string, number> = {};
    const inserir = async <T extends keyof Database & string>(
      tabela: T,
      linhas: readonly Insertable<Database[T]>[],
    ) => {
      contar[tabela] = await inserirEmLotes(trx, tabela, linhas);
    };

    await inserir('unidade', linhasUnidades());
    await inserir('pessoa', linhasPessoas());
    await inserir('usuario', linhasUsuarios(new Map(hashes), inicioHistoria));
    await inserir('lotacao', linhasLotacoes());
    await inserir('usuarioPermissao', linhasPermissoes());
    await inserir('hipoteseLegal', linhasHipoteses());
    await inserir('assunto', linhasAssuntos());
    await inserir('tipoDocumento', TIPOS_DOCUMENTO);
    await inserir(
      'tipoDocumentoAssunto',
      CHAVES_TIPO.flatMap((chave) =>
        assuntosDoTipo(chave).map((codigo) => ({ idTipoDocumento: TIPO[chave], idAssunto: idAssunto(codigo) })),
      ),
    );
    await inserir('fluxo', linhasFluxos());
    await inserir('passo', linhasPassos());
    await inserir('passoUnidadeOrigem', linhasPassoOrigens());
    await inserir('passoDestino', linhasPassoDestinos());
    await inserir('comissao', linhasComissoes());
    contar.comissaoMembro = await inserirMembrosComissoes(trx);
    await inserir('interessado', linhasInteressados());

    const primeiroUso = new Map<string, number>();
    for (const peca of plano.pecas) {
      const sha = (arquivos.get(peca.arquivo) as ArquivoGuardado).sha256;
      primeiroUso.set(sha, Math.min(primeiroUso.get(sha) ?? Number.POSITIVE_INFINITY, peca.t));
    }
    const linhasArquivo = [...arquivos.values(), ...assinados.flatMap((a) => [a.assinado, a.original])];
    const unicos = [...new Map(linhasArquivo.map((a) => [a.sha256, a])).values()];
    await inserir(
      'arquivo',
      unicos.map((a) => {
        const t = primeiroUso.get(a.sha256);
        return {
          sha256: a.sha256,
          tamanho: a.tamanho,
          tipoMime: a.tipoMime,
          criadoEm: t === undefined ? relogio.paraData(relogio.agoraMin - 45 * MINUTOS_DIA_UTIL) : relogio.paraData(t),
        };
      }),
    );

    await inserir('documento', linhasDocumentos(plano.documentos, relogio));
    const ligacoes = ligacoesDocumentos(plano.documentos);
    if (ligacoes.length > 0) {
      const valores = sql.join(
        ligacoes.map((l) => sql`(${l.id}::bigint, ${l.idDocumentoOrigem}::bigint, ${l.idDocumentoAgregador}::bigint)`),
      );
      await sql`UPDATE documento SET id_documento_origem = v.origem, id_documento_agregador = v.agregador
        FROM (VALUES ${valores}) AS v(id, origem, agregador) WHERE documento.id = v.id`.execute(trx);
    }
    await inserir('tramitacao', linhasTramitacoes(plano.documentos, relogio));
    Object.assign(contar, await semearCaixaPostal(trx, agora));
    Object.assign(contar, await semearCalendario(trx, agora));
    Object.assign(contar, await semearPrazos(trx, agora));
    Object.assign(contar, await semearControlePrazos(trx, agora));
    Object.assign(contar, await semearResumoDiario(trx, agora));
    Object.assign(contar, await semearCienciasSobrestamentos(trx, agora));
    await inserir('agregacao', linhasAgregacoes(plano.documentos, relogio));
    await inserir('desarquivamento', linhasDesarquivamentos(plano.documentos, relogio));
    const { anexos, pecas } = linhasAnexosEPecas(
      plano.pecas,
      relogio,
      (peca) => (arquivos.get(peca.arquivo) as ArquivoGuardado).sha256,
    );
    await inserir('anexo', anexos);
    await inserir('peca', pecas);
    await inserir('sequenciaNup', linhasSequenciasNup(plano.ultimosNup));

    const { favoritos, marcadores } = linhasFavoritos(plano.documentos, relogio);
    await inserir('favorito', favoritos);
    await inserir('marcador', marcadores);
    await inserir('tipoAssinatura', TIPOS_ASSINATURA);
    await inserir(
      'arquivoAssinado',
      linhasArquivosAssinados(
        assinados.map((a) => ({
          assinatura: a.assinatura,
          sha256: a.assinado.sha256,
          sha256Original: a.original.sha256,
        })),
        plano.pecas,
        relogio,
      ),
    );
    await inserir('itemGlossario', linhasGlossario(inicioHistoria));
    await inserir('mensagemNoticia', [
      { id: 1, mensagem: MENSAGEM_EXPIRADA, dataValidade: somarDias(agora, -20), criadoEm: somarDias(agora, -60) },
      { id: 2, mensagem: MENSAGEM_BOAS_VINDAS, dataValidade: somarDias(agora, 30), criadoEm: somarDias(agora, -1) },
    ]);
    await ajustarSequencias(trx, TABELAS_COM_ID);
    await semearCancelamentos(trx, agora, contar);
    await semearConteudo(trx, arquivosConteudo, documentosConteudo(plano.documentos, relogio), contar);
    // Signed files (issue 8): the type of the institution's own PAdES signature, used by the signing screen.
    await trx.insertInto('tipoAssinatura').values({ descricao: 'Assinatura digital institucional (PAdES)' }).execute();
    contar.tipoAssinatura = (contar.tipoAssinatura ?? 0) + 1;
    for (const [tabela, linhas] of Object.entries(await semearHistoria(trx, plano.historia, relogio))) {
      contar[tabela] = (contar[tabela] ?? 0) + linhas;
    }
    return contar;
  });

  if (contagens === null) return resumo(false, motivoNaoVazio, {});
  return resumo(true, null, contagens);
}

async function guardarArquivos(
  armazenamento: ArmazenamentoArquivos,
  arquivos: readonly ArquivoDemo[],
): Promise<Map<ChaveArquivo, ArquivoGuardado>> {
  const guardados = new Map<ChaveArquivo, ArquivoGuardado>();
  for (const arquivo of arquivos) {
    const { sha256, tamanho } = await armazenamento.guardarBuffer(arquivo.conteudo);
    guardados.set(arquivo.chave, { sha256, tamanho, tipoMime: arquivo.tipoMime });
  }
  return guardados;
}

async function guardarAssinados(armazenamento: ArmazenamentoArquivos, arquivos: readonly ArquivoDemo[]) {
  const originais = new Map(arquivos.map((a) => [a.chave, a]));
  const resultado = [];
  for (const assinatura of ASSINATURAS) {
    const assinante = usuario(assinatura.username);
    const original = originais.get(assinatura.arquivo);
    if (!original) throw new Error(`Arquivo ${assinatura.arquivo} ausente`);
    const conteudo = await gerarPdfAssinado(
      assinatura.arquivo,
      assinante.nome,
      assinante.matriculaSiape,
      descricaoAssinatura(assinatura.idTipoAssinatura),
    );
    const assinado = await armazenamento.guardarBuffer(conteudo);
    const guardadoOriginal = await armazenamento.guardarBuffer(original.conteudo);
    resultado.push({
      assinatura,
      assinado: { ...assinado, tipoMime: 'application/pdf' },
      original: { ...guardadoOriginal, tipoMime: original.tipoMime },
    });
  }
  return resultado;
}
