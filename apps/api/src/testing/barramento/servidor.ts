import { setTimeout as esperar } from 'node:timers/promises';
import type { TLSSocket } from 'node:tls';
import {
  consultaEstruturasSchema,
  type EstruturaPen,
  type listaEstruturasSchema,
  type listaHipotesesSchema,
  type listaRepositoriosSchema,
} from '@tramite/shared';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CenarioBarramento, RepositorioCenario, SistemaCenario } from './cenario.ts';
import type { CertificadosBarramento } from './certificados.ts';
import { EstadoBarramento } from './estado.ts';

/**
 * A local double of the Tramita GOV.BR REST API v3, written from docs/tramita-govbr-protocolo.md: HTTPS with mutual
 * TLS (a client certificate not issued by the test CA never gets past the handshake), the calling system known by
 * its certificate's fingerprint, the same paths under /interoperabilidade/rest/v3/, and errors as
 * `{ codigoErro, mensagem }`. The HTTP statuses of errors and the codes starting with 9 are our choice: the real ones
 * were not seen (notes §3).
 */

export const PREFIXO_API = '/interoperabilidade/rest/v3';

const CODIGOS = {
  requisicaoInvalida: '9400',
  certificadoNaoCadastrado: '9403',
  naoEncontrado: '9404',
  erroInterno: '9500',
  /** Seen in the reference client: a structure number outside the repository asked. */
  estruturaForaDoRepositorio: '0055',
} as const;

class ErroPen extends Error {
  constructor(
    readonly status: number,
    readonly codigoErro: string,
    mensagem: string,
  ) {
    super(mensagem);
  }
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
  fechar(): Promise<void>;
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

export async function iniciarBarramento(opcoes: {
  certificados: CertificadosBarramento;
  cenario: CenarioBarramento;
}): Promise<BarramentoTeste> {
  const { certificados, cenario } = opcoes;
  const estado = new EstadoBarramento(cenario);
  const pedidos: PedidoRecebido[] = [];
  const sistemas = new WeakMap<FastifyRequest, SistemaCenario>();
  let atrasoMs = 0;

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

  app.register(
    async (api) => {
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

      // `todas` is accepted and ignored: what `false` filters out is not known (notes §5).
      api.get('/tramites/pendentes', async (request) => {
        lerConsulta(z.object({ todas: booleanoConsulta.optional() }), request.query);
        return estado.pendenciasDe(sistemaDe(request));
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
    fechar: () => app.close(),
  };
}
