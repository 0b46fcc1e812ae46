import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as esperar } from 'node:timers/promises';
import type { TLSSocket } from 'node:tls';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  consultaEstruturasSchema,
  type EstruturaPen,
  envioProcessoSchema,
  envioReciboSchema,
  faixaParteSchema,
  filtroTramitesSchema,
  identificacaoComponenteSchema,
  type listaEstruturasSchema,
  type listaHipotesesSchema,
  type listaRepositoriosSchema,
  type ParteComponente,
  recusaTramiteSchema,
} from '@tramite/shared';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CenarioBarramento, RepositorioCenario, SistemaCenario } from './cenario.ts';
import type { CertificadosBarramento } from './certificados.ts';
import { EstadoBarramento } from './estado.ts';
import { base64DoArquivo, CODIGOS_PEN as CODIGOS, descartar, ErroPen, MaquinaBarramento, Relogio } from './maquina.ts';

/**
 * A local double of the Tramita GOV.BR REST API v3, written from docs/tramita-govbr-protocolo.md: HTTPS with mutual
 * TLS (a client certificate not issued by the test CA never gets past the handshake), the calling system known by
 * its certificate's fingerprint, the same paths under /interoperabilidade/rest/v3/, and errors as
 * `{ codigoErro, mensagem }`. The HTTP statuses of errors and the codes starting with 9 are our choice: the real ones
 * were not seen (notes §3).
 */

export const PREFIXO_API = '/interoperabilidade/rest/v3';

/**
 * The routes of the sending side (protocol notes §7), as Fastify patterns under the prefix: the names
 * `falharProxima` takes.
 */
export const ROTAS_ENVIO = {
  iniciar: 'POST /tramites/processo',
  componente: 'PUT /tickets-de-envio-de-componente/:ticket/protocolos/componentes-a-enviar',
  parte: 'PUT /tickets-de-envio-de-componente/:ticket/protocolos/componentes-a-enviar/partes/:faixa',
  termino:
    'POST /tickets-de-envio-de-componente/:ticket/protocolos/componentes-a-enviar/partes/sinalizacao-termino-envio',
  reciboDeEnvio: 'GET /tramites/:idt/recibo-de-envio',
  cancelar: 'DELETE /tramites/:idt',
  consultar: 'GET /tramites',
} as const;

/** The routes of the receiving side and of the trâmite's conclusion (protocol notes §5, §7.5–7.6, §8–9). */
export const ROTAS_RECEBIMENTO = {
  pendentes: 'GET /tramites/pendentes',
  metadados: 'GET /tramites/:idt',
  componente: 'POST /tramites/:idt/protocolos/componentes-digitais',
  parte: 'POST /tramites/:idt/protocolos/componentes-digitais/partes/:faixa',
  recibo: 'POST /tramites/:idt/recibo',
  reciboDeConclusao: 'GET /tramites/:idt/recibo',
  recusa: 'POST /tramites/:idt/recusa',
  ciencia: 'GET /tramites/:idt/ciencia',
} as const;

/** A download about to be served: the hook `aoServirParte` gets it before the first byte goes out. */
export interface ParteServida {
  IDT: number;
  protocolo: string;
  hash: string;
  inicio: number;
  fim: number;
  /** The whole component (not a part). */
  inteiro: boolean;
  /** The calling system's name in the scenario. */
  sistema: string;
}

export interface ErroProgramado {
  status: number;
  codigoErro: string;
  mensagem: string;
}

export interface PedidoRecebido {
  metodo: string;
  url: string;
  /** The calling system's name in the scenario. */
  sistema: string;
}

export interface BarramentoTeste {
  /** The base URL, with the API prefix and a trailing slash (as the product's configuration holds it). */
  url: string;
  estado: EstadoBarramento;
  /** Every request that passed the handshake, in arrival order. */
  pedidos: PedidoRecebido[];
  /** Holds every following answer this long (0 stops), to test the client's time limit. */
  atrasarRespostas(ms: number): void;
  /** The state machine of the trâmites (sending and receiving). */
  maquina: MaquinaBarramento;
  /** Moves the barramento's clock forward; the automatic cancellation runs at the next request or `varrer()`. */
  avancar(dias: number): void;
  /** Cancels (10) what stayed in 1–4 past the deadline; answers the IDTs. */
  varrer(): number[];
  /**
   * The next request to `rota` (a pattern of ROTAS_ENVIO or ROTAS_RECEBIMENTO, or any other route's
   * `METHOD /pattern`) fails so.
   */
  falharProxima(rota: string, erro: ErroProgramado): void;
  /**
   * Runs (and is awaited) before each component download, whole or part, is served; null removes it. What it throws
   * is the answer (an ErroPen keeps its status). Meant to stop the receiver in the middle of a download.
   */
  aoServirParte(gancho: ((parte: ParteServida) => void | Promise<void>) | null): void;
  /** The next download (of the component with this hash, or any) is served with the first byte of its range flipped. */
  corromperProximoDownload(hash?: string): void;
  /** A copy of the trâmites (with their components and parts) and of the requests received. */
  inspecionar(): InspecaoBarramento;
  fechar(): Promise<void>;
}

export interface InspecaoBarramento {
  tramites: {
    IDT: number;
    NRE: string;
    protocolo: string;
    ticket: string;
    situacao: number;
    mudancas: { situacao: number; dataHora: string }[];
    componentes: {
      hash: string;
      protocolo: string;
      tamanho: number;
      recebido: boolean;
      partes: string[];
      /** Served whole to the receiver, or its served parts cover it. */
      baixado: boolean;
      /** The parts served to the receiver, `inicio-fim`, in offset order. */
      partesBaixadas: string[];
    }[];
    /** Every download the receiver asked for, in arrival order, repeats included. */
    downloads: { protocolo: string; hash: string; faixa: string | null }[];
    recusa: { motivo: string; justificativa: string } | null;
    recibo: { dataDeRecebimento: string; hashDaAssinatura: string; hashes: string[]; certificado: string } | null;
  }[];
  pedidos: PedidoRecebido[];
}

const semAcento = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const booleanoConsulta = z.enum(['true', 'false']).transform((valor) => valor === 'true');

function lerConsulta<T extends z.ZodType>(esquema: T, valor: unknown): z.output<T> {
  const resultado = esquema.safeParse(valor);
  if (!resultado.success) throw new ErroPen(400, CODIGOS.requisicaoInvalida, 'Parâmetros de consulta inválidos');
  return resultado.data;
}

/** A multipart field's text, or undefined. */
function valorCampo(arquivo: MultipartFile, nome: string): string | undefined {
  const campo = arquivo.fields[nome];
  const unico = Array.isArray(campo) ? campo[0] : campo;
  return unico && 'value' in unico && typeof unico.value === 'string' ? unico.value : undefined;
}

export async function iniciarBarramento(opcoes: {
  certificados: CertificadosBarramento;
  cenario: CenarioBarramento;
  /** Days in 1–4 before the automatic cancellation; 8 by default. */
  prazoDias?: number;
}): Promise<BarramentoTeste> {
  const { certificados, cenario } = opcoes;
  const estado = new EstadoBarramento(cenario);
  const pasta = await mkdtemp(join(tmpdir(), 'barramento-'));
  const relogio = new Relogio();
  const maquina = new MaquinaBarramento(estado, {
    pasta,
    relogio,
    assinante: certificados.ac,
    ...(opcoes.prazoDias === undefined ? {} : { prazoDias: opcoes.prazoDias }),
  });
  const pedidos: PedidoRecebido[] = [];
  const sistemas = new WeakMap<FastifyRequest, SistemaCenario>();
  const falhas = new Map<string, ErroProgramado[]>();
  let atrasoMs = 0;
  let gancho: ((parte: ParteServida) => void | Promise<void>) | null = null;
  /** Hashes whose next download is corrupted; '' is any. */
  const corromper: string[] = [];

  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    https: {
      key: certificados.servidor.chave,
      cert: certificados.servidor.certificado,
      ca: [certificados.ac.certificado],
      requestCert: true,
      rejectUnauthorized: true,
    },
  });

  const sistemaDe = (request: FastifyRequest) => {
    const sistema = sistemas.get(request);
    if (!sistema) throw new Error('request without a system');
    return sistema;
  };

  app.addHook('onRequest', async (request) => {
    const impressao = (request.raw.socket as TLSSocket).getPeerCertificate().fingerprint256;
    const sistema = estado.sistemaPorImpressao(impressao);
    if (!sistema) {
      throw new ErroPen(403, CODIGOS.certificadoNaoCadastrado, 'Certificado digital não cadastrado no Tramita GOV.BR');
    }
    sistemas.set(request, sistema);
    pedidos.push({ metodo: request.method, url: request.url, sistema: sistema.nome });
    if (atrasoMs > 0) await esperar(atrasoMs);
    // The automatic cancellation is checked on every request, as if the barramento swept continuously.
    maquina.varrer();
    const rota = `${request.method} ${(request.routeOptions.url ?? '').slice(PREFIXO_API.length)}`;
    const programada = falhas.get(rota)?.shift();
    if (programada) throw new ErroPen(programada.status, programada.codigoErro, programada.mensagem);
  });

  app.setErrorHandler((erro, _request, reply: FastifyReply) => {
    if (erro instanceof ErroPen) {
      return reply.status(erro.status).send({ codigoErro: erro.codigoErro, mensagem: erro.message });
    }
    const { statusCode: status = 500, message: mensagem = '' } = erro as { statusCode?: number; message?: string };
    if (status < 500) return reply.status(status).send({ codigoErro: CODIGOS.requisicaoInvalida, mensagem });
    return reply.status(500).send({ codigoErro: CODIGOS.erroInterno, mensagem: 'Erro interno do barramento de teste' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ codigoErro: CODIGOS.naoEncontrado, mensagem: 'Recurso não encontrado' }),
  );

  const repositorio = (id: string): RepositorioCenario => {
    const encontrado = cenario.repositorios.find((r) => String(r.id) === id);
    if (!encontrado) throw new ErroPen(404, CODIGOS.naoEncontrado, `Repositório de estruturas ${id} não encontrado`);
    return encontrado;
  };

  const estrutura = (repo: RepositorioCenario, numero: number): EstruturaPen => {
    const propria = repo.estruturas.find((e) => e.numero === numero);
    if (!propria) {
      throw new ErroPen(
        404,
        CODIGOS.estruturaForaDoRepositorio,
        'A unidade pesquisada não está vinculada à estrutura organizacional selecionada',
      );
    }
    const hierarquia: EstruturaPen['hierarquia'] = [];
    for (let acima = propria.pai; acima !== undefined; ) {
      const nivel = repo.estruturas.find((e) => e.numero === acima);
      if (!nivel) break;
      hierarquia.push({ numeroDeIdentificacaoDaEstrutura: nivel.numero, nome: nivel.nome, sigla: nivel.sigla });
      acima = nivel.pai;
    }
    return {
      numeroDeIdentificacaoDaEstrutura: propria.numero,
      nome: propria.nome,
      sigla: propria.sigla,
      ativo: propria.ativo ?? true,
      aptoParaReceberTramites: propria.aptoParaReceberTramites ?? true,
      codigoNoOrgaoEntidade: propria.codigoNoOrgaoEntidade ?? null,
      hierarquia,
    };
  };

  await app.register(multipart, { limits: { fields: 10, files: 1, fileSize: 4 * 1024 * 1024 * 1024 } });

  /**
   * The file part `conteudo` of an upload, and the component it names: `hashDoComponenteDigital` and `protocolo` in
   * the query or as form fields before the file (both were seen, notes §7.2). On any refusal the body is read to the
   * end first, so the answer is never sent while the client is still uploading.
   */
  async function lerUpload(request: FastifyRequest<{ Params: { ticket: string } }>) {
    if (!request.isMultipart()) throw new ErroPen(400, CODIGOS.requisicaoInvalida, 'Esperado multipart/form-data');
    const arquivo = await request.file();
    if (!arquivo) throw new ErroPen(400, CODIGOS.requisicaoInvalida, 'O arquivo (conteudo) não foi enviado');
    try {
      if (arquivo.fieldname !== 'conteudo') {
        throw new ErroPen(400, CODIGOS.requisicaoInvalida, 'O arquivo deve vir no campo conteudo');
      }
      const consulta = (request.query ?? {}) as Record<string, unknown>;
      const id = identificacaoComponenteSchema.safeParse({
        hashDoComponenteDigital: consulta.hashDoComponenteDigital ?? valorCampo(arquivo, 'hashDoComponenteDigital'),
        protocolo: consulta.protocolo ?? valorCampo(arquivo, 'protocolo'),
      });
      if (!id.success) {
        throw new ErroPen(400, CODIGOS.requisicaoInvalida, 'Informe hashDoComponenteDigital e protocolo');
      }
      return { arquivo, ...maquina.componenteDoUpload(sistemaDe(request), request.params.ticket, id.data) };
    } catch (erro) {
      await descartar(arquivo.file);
      throw erro;
    }
  }

  const truncado = (arquivo: MultipartFile) => {
    if (arquivo.file.truncated) {
      throw new ErroPen(422, CODIGOS.componenteInvalido, 'O arquivo passa do tamanho aceito pelo barramento de teste');
    }
  };

  const idtDe = (texto: string) => lerConsulta(z.coerce.number().int().positive(), texto);
  type Rota =
    | (typeof ROTAS_ENVIO)[keyof typeof ROTAS_ENVIO]
    | (typeof ROTAS_RECEBIMENTO)[keyof typeof ROTAS_RECEBIMENTO];
  const rotaDe = (rota: Rota) => {
    const [metodo, caminho] = rota.split(' ') as [string, string];
    return { method: metodo as 'GET' | 'POST' | 'PUT' | 'DELETE', url: caminho };
  };

  /** A JSON body read with a shared schema (400 otherwise). */
  const corpoDe = <T extends z.ZodType>(esquema: T, corpo: unknown): z.output<T> => {
    const lido = esquema.safeParse(corpo);
    if (!lido.success) {
      throw new ErroPen(400, CODIGOS.requisicaoInvalida, `Corpo inválido: ${z.prettifyError(lido.error)}`);
    }
    return lido.data;
  };

  /**
   * A component download (notes §8.2): the answer is the Base64 text of the bytes, not JSON (the real one may quote
   * it as a JSON string: NOT CONFIRMED), read from disk and encoded as it goes out. The range counts as downloaded
   * only once the whole answer was written to the connection.
   */
  async function servirDownload(
    request: FastifyRequest<{ Params: { idt: string } }>,
    reply: FastifyReply,
    parte: ParteComponente | null,
  ) {
    const sistema = sistemaDe(request);
    const id = corpoDe(identificacaoComponenteSchema, request.body);
    const preparado = maquina.prepararDownload(sistema, idtDe(request.params.idt), id, parte);
    await gancho?.({
      IDT: preparado.tramite.IDT,
      protocolo: id.protocolo,
      hash: id.hashDoComponenteDigital,
      inicio: preparado.inicio,
      fim: preparado.fim,
      inteiro: parte === null,
      sistema: sistema.nome,
    });
    const indice = corromper.findIndex((hash) => hash === '' || hash === id.hashDoComponenteDigital);
    const corrompido = indice >= 0;
    if (corrompido) corromper.splice(indice, 1);
    reply.raw.once('finish', preparado.servido);
    return reply
      .header('content-type', 'text/plain; charset=us-ascii')
      .header('content-length', preparado.tamanhoResposta)
      .send(Readable.from(base64DoArquivo(preparado.caminho, preparado.inicio, preparado.fim, corrompido)));
  }

  app.register(
    async (api) => {
      api.route({
        ...rotaDe(ROTAS_ENVIO.iniciar),
        handler: async (request) => maquina.iniciar(sistemaDe(request), corpoDe(envioProcessoSchema, request.body)),
      });

      api.route<{ Params: { ticket: string } }>({
        ...rotaDe(ROTAS_ENVIO.componente),
        handler: async (request) => {
          const { arquivo, tramite, componente } = await lerUpload(request);
          await maquina.receberInteiro(tramite, componente, arquivo.file);
          truncado(arquivo);
          return {};
        },
      });

      api.route<{ Params: { ticket: string; faixa: string } }>({
        ...rotaDe(ROTAS_ENVIO.parte),
        handler: async (request) => {
          const faixa = faixaParteSchema.safeParse(request.params.faixa);
          const { arquivo, tramite, componente } = await lerUpload(request);
          if (!faixa.success) {
            await descartar(arquivo.file);
            throw new ErroPen(400, CODIGOS.requisicaoInvalida, `Faixa inválida: ${request.params.faixa}`);
          }
          await maquina.receberParte(tramite, componente, faixa.data, arquivo.file);
          truncado(arquivo);
          return {};
        },
      });

      api.route<{ Params: { ticket: string } }>({
        ...rotaDe(ROTAS_ENVIO.termino),
        handler: async (request) => {
          const id = identificacaoComponenteSchema.safeParse(request.body);
          if (!id.success) {
            throw new ErroPen(400, CODIGOS.requisicaoInvalida, 'Informe hashDoComponenteDigital e protocolo');
          }
          const { tramite, componente } = maquina.componenteDoUpload(
            sistemaDe(request),
            request.params.ticket,
            id.data,
          );
          await maquina.terminarPartes(tramite, componente);
          return {};
        },
      });

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_ENVIO.reciboDeEnvio),
        handler: async (request) => maquina.reciboDeEnvio(sistemaDe(request), idtDe(request.params.idt)),
      });

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_ENVIO.cancelar),
        handler: async (request) => {
          maquina.cancelar(sistemaDe(request), idtDe(request.params.idt));
          return {};
        },
      });

      api.route({
        ...rotaDe(ROTAS_ENVIO.consultar),
        handler: async (request) => ({
          tramites: maquina.consultar(sistemaDe(request), lerConsulta(filtroTramitesSchema, request.query)),
        }),
      });

      // Receiving and concluding (notes §7.5–7.6, §8–9).

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_RECEBIMENTO.metadados),
        handler: async (request) => maquina.metadados(sistemaDe(request), idtDe(request.params.idt)),
      });

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_RECEBIMENTO.componente),
        handler: async (request, reply) => servirDownload(request, reply, null),
      });

      api.route<{ Params: { idt: string; faixa: string } }>({
        ...rotaDe(ROTAS_RECEBIMENTO.parte),
        handler: async (request, reply) => {
          const faixa = faixaParteSchema.safeParse(request.params.faixa);
          if (!faixa.success) {
            throw new ErroPen(400, CODIGOS.requisicaoInvalida, `Faixa inválida: ${request.params.faixa}`);
          }
          return servirDownload(request, reply, faixa.data);
        },
      });

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_RECEBIMENTO.recibo),
        handler: async (request) => {
          const corpo = corpoDe(envioReciboSchema, request.body);
          const certificado = (request.raw.socket as TLSSocket).getPeerCertificate().raw;
          maquina.receberRecibo(sistemaDe(request), idtDe(request.params.idt), corpo, certificado);
          return {};
        },
      });

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_RECEBIMENTO.reciboDeConclusao),
        handler: async (request) => maquina.reciboDeConclusao(sistemaDe(request), idtDe(request.params.idt)),
      });

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_RECEBIMENTO.recusa),
        handler: async (request) => {
          maquina.recusar(sistemaDe(request), idtDe(request.params.idt), corpoDe(recusaTramiteSchema, request.body));
          return {};
        },
      });

      api.route<{ Params: { idt: string } }>({
        ...rotaDe(ROTAS_RECEBIMENTO.ciencia),
        handler: async (request) => {
          maquina.darCiencia(sistemaDe(request), idtDe(request.params.idt));
          return {};
        },
      });

      // `todas=false` lists only what this system was not told before in the same status (NOT CONFIRMED, notes §5).
      api.route({
        ...rotaDe(ROTAS_RECEBIMENTO.pendentes),
        handler: async (request) => {
          const { todas } = lerConsulta(z.object({ todas: booleanoConsulta.optional() }), request.query);
          return estado.pendenciasDe(sistemaDe(request), todas ?? true);
        },
      });

      api.get('/healthcheck', async () => ({ status: 'UP' }));

      // The reference client sends `ativos`, and once `ativo` (notes §6.1): both are read.
      api.get('/repositorios-de-estruturas', async (request) => {
        const { ativos, ativo } = lerConsulta(
          z.object({ ativos: booleanoConsulta.optional(), ativo: booleanoConsulta.optional() }),
          request.query,
        );
        const apenasAtivos = ativos ?? ativo ?? false;
        return cenario.repositorios
          .filter((r) => !apenasAtivos || r.ativo)
          .map((r) => ({ id: r.id, nome: r.nome, ativo: r.ativo })) satisfies z.input<typeof listaRepositoriosSchema>;
      });

      // Text filters match anywhere, ignoring case and accents; without quantidadeDeRegistros, every match is listed;
      // permiteEnvio is accepted and ignored (the notes do not say what makes a structure able to send).
      api.get<{ Params: { id: string } }>(
        '/repositorios-de-estruturas/:id/estruturas-organizacionais',
        async (request) => {
          const repo = repositorio(request.params.id);
          const consulta = lerConsulta(consultaEstruturasSchema, request.query);
          const todas = repo.estruturas.map((e) => estrutura(repo, e.numero));
          const raiz = consulta.numeroDeIdentificacaoDaEstruturaRaizDaConsulta;
          const filtradas = todas.filter(
            (e) =>
              (!consulta.apenasAtivas || e.ativo) &&
              (!consulta.permiteRecebimento || e.aptoParaReceberTramites) &&
              (consulta.nome === undefined || semAcento(e.nome).includes(semAcento(consulta.nome))) &&
              (consulta.sigla === undefined || semAcento(e.sigla ?? '').includes(semAcento(consulta.sigla))) &&
              (raiz === undefined ||
                e.numeroDeIdentificacaoDaEstrutura === raiz ||
                e.hierarquia.some((nivel) => nivel.numeroDeIdentificacaoDaEstrutura === raiz)),
          );
          const inicio = consulta.registroInicial ?? 0;
          const fim =
            consulta.quantidadeDeRegistros === undefined ? undefined : inicio + consulta.quantidadeDeRegistros;
          return {
            totalDeRegistros: filtradas.length,
            estruturas: filtradas.slice(inicio, fim),
          } satisfies z.input<typeof listaEstruturasSchema>;
        },
      );

      api.get<{ Params: { id: string; numero: string } }>(
        '/repositorios-de-estruturas/:id/estruturas-organizacionais/:numero',
        async (request) => {
          const numero = lerConsulta(z.coerce.number().int(), request.params.numero);
          return estrutura(repositorio(request.params.id), numero);
        },
      );

      api.get('/especies', async () => ({ especies: cenario.especies }));

      // `ativos=true` lists the active hypotheses, `false` the inactive ones, absent all of them (the reference
      // client asks for both and marks each by `status`); the SUAP sends `status` instead of `ativos`.
      api.get('/hipoteses', async (request) => {
        const { ativos, status } = lerConsulta(
          z.object({ ativos: booleanoConsulta.optional(), status: booleanoConsulta.optional() }),
          request.query,
        );
        const filtro = ativos ?? status;
        return {
          hipotesesLegais: cenario.hipoteses.filter((h) => filtro === undefined || (h.status ?? true) === filtro),
        } satisfies z.input<typeof listaHipotesesSchema>;
      });
    },
    { prefix: PREFIXO_API },
  );

  await app.listen({ host: '127.0.0.1', port: 0 });
  const endereco = app.server.address();
  if (endereco === null || typeof endereco === 'string') throw new Error('the test barramento has no port');
  return {
    url: `https://127.0.0.1:${endereco.port}${PREFIXO_API}/`,
    estado,
    pedidos,
    atrasarRespostas(ms) {
      atrasoMs = ms;
    },
    maquina,
    avancar: (dias) => relogio.avancar(dias),
    varrer: () => maquina.varrer(),
    falharProxima(rota, erro) {
      falhas.set(rota, [...(falhas.get(rota) ?? []), erro]);
    },
    aoServirParte(novo) {
      gancho = novo;
    },
    corromperProximoDownload(hash) {
      corromper.push(hash ?? '');
    },
    inspecionar: () => ({
      tramites: [...estado.tramites.values()].map((t) => ({
        IDT: t.IDT,
        NRE: t.NRE,
        protocolo: t.protocolo,
        ticket: t.ticket,
        situacao: t.situacao,
        mudancas: t.mudancas.map((m) => ({ ...m })),
        componentes: t.componentes.map((c) => ({
          hash: c.hash,
          protocolo: c.protocolo,
          tamanho: c.tamanho,
          recebido: c.recebido,
          partes: [...c.partes].sort((a, b) => a[0] - b[0]).map(([inicio, fim]) => `${inicio}-${fim}`),
          baixado: c.baixado,
          partesBaixadas: [...c.faixasBaixadas].sort((a, b) => a[0] - b[0]).map(([inicio, fim]) => `${inicio}-${fim}`),
        })),
        downloads: t.downloads.map((d) => ({ ...d })),
        recusa: t.recusa ? { ...t.recusa } : null,
        recibo: t.recibo ? { ...t.recibo, hashes: [...t.recibo.hashes] } : null,
      })),
      pedidos: pedidos.map((p) => ({ ...p })),
    }),
    async fechar() {
      await app.close();
      await rm(pasta, { recursive: true, force: true });
    },
  };
}
