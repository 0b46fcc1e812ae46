import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventoDocumento, envioProcessoSchema, PaginaCaixaPostal } from '@tramite/shared';
import { MENSAGENS, partesDe } from '@tramite/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { FilaTarefas } from '../../platform/fila.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { cenarioPadrao, configuracaoTramitaDeTeste } from '../../testing/barramento/cenario.ts';
import { type CertificadosBarramento, gerarCertificadosBarramento } from '../../testing/barramento/certificados.ts';
import { ErroPen } from '../../testing/barramento/maquina.ts';
import { type ArquivoTeste, arquivoTeste, envioTeste } from '../../testing/barramento/processo-teste.ts';
import { type BarramentoTeste, iniciarBarramento } from '../../testing/barramento/servidor.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import {
  criarDocumentoNumerado,
  criarHipotese,
  criarTipoDocumento,
  criarUnidade,
  criarUsuario,
} from '../../testing/fabricas.ts';
import { corpoMultipart } from '../../testing/multipart.ts';
import { ClienteTramita } from './cliente.ts';
import {
  consultarPendencias,
  type DependenciasRecebimento,
  TAREFA_RECEBER_TRAMITE,
  tratadorRecebimentoTramita,
} from './recebimento.ts';

// Plan step 8 (docs/tramita-govbr-desenho.md §4.1–4.2): the sender is this test with the product's client (system
// A); the receiver is a Trâmite (system B, structure 202) configured against the barramento double, whose
// consultation enqueues `tramita.receber` and whose queue runs it — to the receipt, or to a refusal with nothing
// created.

const MIB = 1024 * 1024;
const M = MENSAGENS.tramita.recebimento;
const URL_ADMIN = '/api/administracao/tramita';

let certificados: CertificadosBarramento;
let barramento: BarramentoTeste;
const pasta = mkdtempSync(join(tmpdir(), 'tramita-recebimento-'));
const arquivoAc = join(pasta, 'ac.pem');
let a: ClienteTramita;

beforeAll(async () => {
  certificados = gerarCertificadosBarramento();
  barramento = await iniciarBarramento({
    certificados,
    cenario: cenarioPadrao({ A: certificados.sistemas.A.impressao, B: certificados.sistemas.B.impressao }),
  });
  writeFileSync(arquivoAc, certificados.ac.certificado);
  a = new ClienteTramita({
    urlBase: barramento.url,
    certificado: { formato: 'PKCS12', arquivo: certificados.sistemas.A.p12, senha: certificados.sistemas.A.senha },
    autoridades: [certificados.ac.certificado],
  });
});

afterAll(async () => {
  a?.fechar();
  await barramento?.fechar();
  rmSync(pasta, { recursive: true, force: true });
});

const t = usarAppTeste({ TRAMITA_AUTORIDADES: arquivoAc, TRAMITA_TEMPO_LIMITE_SEGUNDOS: '10' });

let deps: DependenciasRecebimento;
let fila: FilaTarefas;
let idDiprot: number;
let idUnidadeTramita: number;
let tipoRequerimento: number;
let tipoProcessoRecebido: number;
let hipotesePessoal: number;
let cookieAdmin: string;
let idAdmin: number;
let cookieBia: string;

beforeAll(async () => {
  const db = t.banco.db;
  const idProtocolo = (await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' })).id;
  idDiprot = (await criarUnidade(db, { sigla: 'DIPROT', nome: 'Divisão de Protocolo' })).id;
  idUnidadeTramita = (await criarUnidade(db, { sigla: 'TRAMITA', nome: 'Tramita GOV.BR' })).id;
  idAdmin = (
    await criarUsuario(db, {
      username: 'admin',
      nome: 'Administradora do Tramita',
      lotacoes: [idProtocolo],
      permissoes: ['ADMINISTRACAO_TRAMITA'],
    })
  ).id;
  await criarUsuario(db, { username: 'bia', nome: 'Bia da Divisão', lotacoes: [idDiprot] });
  tipoRequerimento = await criarTipoDocumento(db, 'Requerimento');
  tipoProcessoRecebido = await criarTipoDocumento(db, 'Processo recebido de outro órgão');
  await db.updateTable('tipoDocumento').set({ processo: true }).where('id', '=', tipoProcessoRecebido).execute();
  hipotesePessoal = await criarHipotese(db, 'Informação pessoal');
  [cookieAdmin, cookieBia] = await Promise.all([t.entrar('admin'), t.entrar('bia')]);

  const pedir = async (metodo: 'PUT' | 'POST', url: string, payload?: object) => {
    const resposta = await t.app.inject({ method: metodo, url, headers: cabecalhosApp(cookieAdmin), payload });
    expect(resposta.statusCode, resposta.body).toBe(200);
  };
  const configuracao = configuracaoTramitaDeTeste(barramento.url, {
    numeroEstruturaRaiz: 200,
    blocoMb: 1,
    idUnidadeTramita,
    idTipoDocumentoRecebido: tipoProcessoRecebido,
  });
  await pedir('PUT', URL_ADMIN, configuracao);
  const B = certificados.sistemas.B;
  const { payload, tipo } = corpoMultipart({ senha: B.senha }, [{ campo: 'arquivo', nome: 'b.p12', conteudo: B.p12 }]);
  const certificado = await t.app.inject({
    method: 'PUT',
    url: `${URL_ADMIN}/certificado`,
    headers: { ...cabecalhosApp(cookieAdmin), 'content-type': tipo },
    payload,
  });
  expect(certificado.statusCode, certificado.body).toBe(200);
  await pedir('PUT', URL_ADMIN, { ...configuracao, ativo: true });
  await pedir('PUT', `${URL_ADMIN}/unidades/${idDiprot}`, { numeroEstrutura: 202, envia: false, recebe: true });
  await pedir('PUT', `${URL_ADMIN}/especies-recebimento/125`, { idTipoDocumento: tipoRequerimento });
  await pedir('PUT', `${URL_ADMIN}/hipoteses-recebimento/1`, { idHipoteseLegal: hipotesePessoal });

  deps = { db, config: t.config.tramita, armazenamento: new ArmazenamentoArquivos(t.config.arquivosDir) };
  fila = new FilaTarefas(db, { [TAREFA_RECEBER_TRAMITE]: tratadorRecebimentoTramita(deps) });
});

/** Two days either side of today: the box asks a number or a period. */
function periodoDeHoje(): string {
  const dia = (deslocamento: number) => new Date(Date.now() + deslocamento * 86_400_000).toISOString().slice(0, 10);
  return `dataInicio=${dia(-2)}&dataFim=${dia(2)}`;
}

let contador = 0;
const arquivo = (conteudo: Buffer) => arquivoTeste(join(pasta, `componente-${++contador}`), conteudo);
let numeroProcesso = 0;
const novoProtocolo = () =>
  `23000.${String(++numeroProcesso).padStart(6, '0')}/2026-${String(numeroProcesso % 100).padStart(2, '0')}`;

type Envio = z.input<typeof envioProcessoSchema>;

/** A (the test) sends the process and uploads its files whole: the trâmite waits in 2 for B. */
async function enviar(arquivos: ArquivoTeste[], ajustar: (envio: Envio) => void = () => {}) {
  const envio = envioTeste(novoProtocolo(), arquivos);
  ajustar(envio);
  const protocolo = envio.processo.protocolo;
  const resposta = await a.iniciarTramiteProcesso(envio);
  for (const arq of arquivos) {
    await a.enviarComponente(
      resposta.ticketParaEnvioDeComponentesDigitais,
      { hashDoComponenteDigital: arq.hash, protocolo },
      arq.caminho,
    );
  }
  expect((await a.consultarTramite(resposta.IDT))?.situacaoAtual).toBe(2);
  return { idt: resposta.IDT, nre: resposta.NRE, protocolo };
}

const situacaoEmA = async (idt: number) => (await a.consultarTramite(idt))?.situacaoAtual;
const tramiteLocal = (idt: number) =>
  t.banco.db.selectFrom('tramiteExterno').selectAll().where('idt', '=', idt).executeTakeFirstOrThrow();
const tarefas = (idt: number) =>
  t.banco.db
    .selectFrom('job')
    .select(['id', 'estado', 'tentativas'])
    .where('tipo', '=', TAREFA_RECEBER_TRAMITE)
    .where(sql<boolean>`payload->>'idt' = ${String(idt)}`)
    .execute();
const contar = async (tabela: 'documento' | 'peca' | 'anexo' | 'historicoExterno' | 'tramitacao') =>
  Number(
    (
      await t.banco.db
        .selectFrom(tabela)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const contagens = async () => ({
  documento: await contar('documento'),
  peca: await contar('peca'),
  anexo: await contar('anexo'),
  historicoExterno: await contar('historicoExterno'),
  tramitacao: await contar('tramitacao'),
});

/** The consultation (its interval ignored) and one pass of the queue: answers how many jobs it enqueued. */
async function consultarEExecutar(): Promise<number> {
  const { consultada, enfileiradas } = await consultarPendencias(deps, { forcar: true });
  expect(consultada).toBe(true);
  await fila.executarPendentes();
  return enfileiradas;
}

describe('consulta de pendências', () => {
  it('só com a configuração ativa, no intervalo configurado, e sem duplicar a tarefa viva de um IDT', async () => {
    const enviado = await enviar([await arquivo(Buffer.from('um arquivo'))]);
    const primeira = await consultarPendencias(deps, { forcar: true });
    expect(primeira).toEqual({ consultada: true, enfileiradas: 1 });
    // Within the interval nothing is asked; forced again, the live job is not duplicated.
    const pedidosAntes = barramento.pedidos.length;
    expect(await consultarPendencias(deps)).toEqual({ consultada: false, enfileiradas: 0 });
    expect(barramento.pedidos.length).toBe(pedidosAntes);
    expect(await consultarPendencias(deps, { forcar: true })).toEqual({ consultada: true, enfileiradas: 0 });
    expect(await tarefas(enviado.idt)).toHaveLength(1);
    expect(await tramiteLocal(enviado.idt)).toMatchObject({ sentido: 'R', etapa: 'METADADOS', situacaoBarramento: 2 });
    const configuracao = await t.banco.db
      .selectFrom('tramitaConfiguracao')
      .select(['consultadaEm', 'erroConsulta'])
      .executeTakeFirstOrThrow();
    expect(configuracao.consultadaEm).not.toBeNull();
    expect(configuracao.erroConsulta).toBeNull();
    // Another session holding the lock: this pass does nothing.
    await t.banco.db.connection().execute(async (con) => {
      await sql`SELECT pg_advisory_lock(hashtextextended('tramita:consulta-pendencias', 0))`.execute(con);
      try {
        // PGlite has one connection: the same session takes the lock again, so only PostgreSQL shows the wait.
        if (process.env.TEST_DB === 'postgres') {
          expect(await consultarPendencias(deps, { forcar: true })).toEqual({ consultada: false, enfileiradas: 0 });
        }
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtextextended('tramita:consulta-pendencias', 0))`.execute(con);
      }
    });
    // A run of the job that finds the trâmite leased by another (still downloading) leaves it alone.
    const { id } = await tramiteLocal(enviado.idt);
    await t.banco.db
      .updateTable('tramiteExterno')
      .set({ reservadoAte: sql`now() + interval '1 hour'` })
      .where('id', '=', id)
      .execute();
    const pedidosReservado = barramento.pedidos.length;
    await tratadorRecebimentoTramita(deps)({ idt: enviado.idt }, { id: 0, tentativa: 1 });
    expect(barramento.pedidos.length).toBe(pedidosReservado);
    expect((await tramiteLocal(enviado.idt)).etapa).toBe('METADADOS');
    await t.banco.db.updateTable('tramiteExterno').set({ reservadoAte: null }).where('id', '=', id).execute();
    await fila.executarPendentes();
    expect(await tramiteLocal(enviado.idt)).toMatchObject({ etapa: 'CONCLUIDO', reservadoAte: null });
  });
});

describe('tramita.receber', () => {
  it('recebe até 5 e A conclui em 6: NUP original, peças com tipo e nível, histórico externo, na caixa "aguardando" da unidade mapeada', async () => {
    const publico = await arquivo(randomBytes(3000));
    const restrito = await arquivo(Buffer.from('parecer restrito'));
    const enviado = await enviar([publico, restrito], (envio) => {
      const segundo = envio.processo.documentos[1];
      if (segundo) {
        segundo.nivelDeSigilo = 2;
        segundo.hipoteseLegal = { identificacao: 1, nome: 'Informação Pessoal' };
      }
      envio.processo.itensHistorico = [
        {
          dataHoraOperacao: '2026-01-05T10:00:00-03:00',
          unidadeOperacao: 'PROTOCOLO - Protocolo Geral',
          operacao: 'Processo autuado',
          usuario: 'Maria Servidora',
        },
        {
          dataHoraOperacao: '2026-01-06T11:30:00-03:00',
          unidadeOperacao: 'PROTOCOLO - Protocolo Geral',
          operacao: 'Enviado pelo Tramita GOV.BR',
        },
      ];
    });
    expect(await consultarEExecutar()).toBe(1);

    const tramite = await tramiteLocal(enviado.idt);
    expect(tramite).toMatchObject({
      sentido: 'R',
      etapa: 'CONCLUIDO',
      situacaoBarramento: 5,
      nre: enviado.nre,
      protocolo: enviado.protocolo,
      idUnidade: idDiprot,
      motivoRecusa: null,
    });
    expect(await situacaoEmA(enviado.idt)).toBe(5);
    const recibo = await a.obterReciboDeConclusao(enviado.idt);
    expect(await situacaoEmA(enviado.idt)).toBe(6);
    expect(recibo.recibo.hashesDosComponentesDigitais).toEqual([publico.hash, restrito.hash].sort());
    expect(recibo.hashDaAssinatura).toBe(tramite.reciboHashAssinatura);

    const db = t.banco.db;
    const documento = await db
      .selectFrom('documento')
      .selectAll()
      .where('id', '=', tramite.idDocumento ?? 0)
      .executeTakeFirstOrThrow();
    expect(documento).toMatchObject({
      numero: enviado.protocolo,
      numeroDigitos: enviado.protocolo.replace(/\D/g, ''),
      idTipoDocumento: tipoProcessoRecebido,
      resumoAssunto: 'Pedido de teste',
      situacao: 'ENVIADO',
      idUnidadeAtual: idUnidadeTramita,
      estadoProcessamento: 1,
    });
    const pecas = await db
      .selectFrom('peca as p')
      .innerJoin('anexo as x', 'x.id', 'p.idAnexo')
      .innerJoin('arquivo as f', 'f.sha256', 'x.sha256')
      .select(['p.sequencial', 'p.descricao', 'p.nivelAcesso', 'p.idHipoteseLegal', 'x.nome', 'f.tamanho', 'x.sha256'])
      .where('p.idDocumento', '=', documento.id)
      .orderBy('p.sequencial')
      .execute();
    expect(pecas).toMatchObject([
      { sequencial: 1, descricao: 'Requerimento', nivelAcesso: 'P', idHipoteseLegal: null, nome: 'peca-1.pdf' },
      {
        sequencial: 2,
        descricao: 'Requerimento',
        nivelAcesso: 'R',
        idHipoteseLegal: hipotesePessoal,
        nome: 'peca-2.pdf',
      },
    ]);
    expect(pecas.map((p) => Number(p.tamanho))).toEqual([publico.tamanho, restrito.tamanho]);
    const armazenado = await readFile(deps.armazenamento.caminho(pecas[1]?.sha256 ?? ''));
    expect(armazenado.toString()).toBe('parecer restrito');
    const historico = await db
      .selectFrom('historicoExterno')
      .select(['ordem', 'unidade', 'operacao', 'usuario'])
      .where('idDocumento', '=', documento.id)
      .orderBy('ordem')
      .execute();
    expect(historico).toEqual([
      { ordem: 1, unidade: 'PROTOCOLO - Protocolo Geral', operacao: 'Processo autuado', usuario: 'Maria Servidora' },
      { ordem: 2, unidade: 'PROTOCOLO - Protocolo Geral', operacao: 'Enviado pelo Tramita GOV.BR', usuario: null },
    ]);
    const tramitacoes = await db
      .selectFrom('tramitacao')
      .select(['sequencia', 'idUnidadeOrigem', 'idUnidadeDestino', 'dtRecebimento', 'despacho'])
      .where('idDocumento', '=', documento.id)
      .execute();
    expect(tramitacoes).toEqual([
      {
        sequencia: 1,
        idUnidadeOrigem: idUnidadeTramita,
        idUnidadeDestino: idDiprot,
        dtRecebimento: null,
        despacho: M.despachoChegada('Protocolo Geral', enviado.nre),
      },
    ]);

    // In the mapped unit's box, waiting to be received.
    const caixa = await t.app.inject({
      method: 'GET',
      url: `/api/caixa-postal?fila=aguardando&${periodoDeHoje()}`,
      headers: { cookie: cookieBia },
    });
    expect(caixa.statusCode, caixa.body).toBe(200);
    expect(caixa.json<PaginaCaixaPostal>().itens).toContainEqual(
      expect.objectContaining({ idDocumento: documento.id, numero: enviado.protocolo, pendenteRecebimento: true }),
    );
    // The event and the audit.
    const eventos = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${documento.id}/eventos`,
      headers: { cookie: cookieBia },
    });
    expect(eventos.statusCode, eventos.body).toBe(200);
    expect(eventos.json<EventoDocumento[]>()).toContainEqual(
      expect.objectContaining({
        tipo: 'TRAMITE_EXTERNO_RECEBIDO',
        texto: M.eventoRecebido('Protocolo Geral', enviado.nre),
        unidade: expect.objectContaining({ id: idDiprot }),
      }),
    );
    const auditoria = await db
      .selectFrom('auditoria')
      .select(['acao', 'entidade', 'idEntidade', 'idUsuario'])
      .where('acao', '=', 'RECEBER_TRAMITE_EXTERNO')
      .where('idEntidade', '=', String(documento.id))
      .execute();
    expect(auditoria).toEqual([
      { acao: 'RECEBER_TRAMITE_EXTERNO', entidade: 'documento', idEntidade: String(documento.id), idUsuario: null },
    ]);
  });

  it('espécie sem mapeamento → recusa 04 com a justificativa, e nada criado', async () => {
    const antes = await contagens();
    const enviado = await enviar([await arquivo(Buffer.from('um parecer'))], (envio) => {
      for (const documento of envio.processo.documentos) documento.especie = { codigo: 95, nomeNoProdutor: 'Parecer' };
    });
    await consultarEExecutar();
    expect(await tramiteLocal(enviado.idt)).toMatchObject({
      etapa: 'RECUSADO',
      situacaoBarramento: 8,
      motivoRecusa: '04',
      justificativaRecusa: M.especieNaoMapeada(1, 'Parecer', 95),
      idDocumento: null,
    });
    const noBarramento = await a.consultarTramite(enviado.idt);
    expect(noBarramento).toMatchObject({
      situacaoAtual: 8,
      motivoDaRecusa: '04',
      justificativaDaRecusa: M.especieNaoMapeada(1, 'Parecer', 95),
    });
    // Nothing was downloaded, nothing created.
    expect(barramento.inspecionar().tramites.find((x) => x.IDT === enviado.idt)?.downloads).toEqual([]);
    expect(await contagens()).toEqual(antes);
    const auditoria = await t.banco.db
      .selectFrom('auditoria')
      .select(['acao', 'entidade'])
      .where('acao', '=', 'RECUSAR_TRAMITE_EXTERNO')
      .where('idEntidade', '=', String((await tramiteLocal(enviado.idt)).id))
      .execute();
    expect(auditoria).toEqual([{ acao: 'RECUSAR_TRAMITE_EXTERNO', entidade: 'tramite_externo' }]);
  });

  it('hipótese de documento restrito sem correspondente → recusa 99; nada é rebaixado a público nem criado', async () => {
    const antes = await contagens();
    const enviado = await enviar([await arquivo(Buffer.from('sigilo fiscal'))], (envio) => {
      const primeiro = envio.processo.documentos[0];
      if (primeiro) {
        primeiro.nivelDeSigilo = 2;
        primeiro.hipoteseLegal = { identificacao: 3, nome: 'Sigilo Fiscal' };
      }
    });
    await consultarEExecutar();
    expect(await tramiteLocal(enviado.idt)).toMatchObject({
      etapa: 'RECUSADO',
      motivoRecusa: '99',
      justificativaRecusa: M.hipoteseNaoMapeada(1, 'Sigilo Fiscal'),
    });
    expect(await contagens()).toEqual(antes);
  });

  it('hash errado no download (corromperProximoDownload) → recusa 02, nada criado', async () => {
    const antes = await contagens();
    const arq = await arquivo(randomBytes(2000));
    const enviado = await enviar([arq]);
    barramento.corromperProximoDownload(arq.hash);
    await consultarEExecutar();
    expect(await tramiteLocal(enviado.idt)).toMatchObject({
      etapa: 'RECUSADO',
      motivoRecusa: '02',
      justificativaRecusa: M.hashDiferente(1, 'peca-1.pdf'),
      idDocumento: null,
    });
    expect(await a.consultarTramite(enviado.idt)).toMatchObject({ situacaoAtual: 8, motivoDaRecusa: '02' });
    expect(await contagens()).toEqual(antes);
  });

  it('NUP que já existe no destinatário → recusa 99', async () => {
    const protocolo = novoProtocolo();
    await criarDocumentoNumerado(t.banco.db, protocolo, {
      idUnidade: idDiprot,
      idUsuario: idAdmin,
      idTipoDocumento: tipoProcessoRecebido,
      resumoAssunto: 'Já existe aqui',
    });
    const antes = await contagens();
    const enviado = await enviar([await arquivo(Buffer.from('segunda vez'))], (envio) => {
      envio.processo.protocolo = protocolo;
    });
    await consultarEExecutar();
    expect(await tramiteLocal(enviado.idt)).toMatchObject({
      etapa: 'RECUSADO',
      motivoRecusa: '99',
      justificativaRecusa: M.nupExistente(protocolo),
    });
    expect(await contagens()).toEqual(antes);
  });

  it('interrompida na 2ª parte, retoma sem pedir de novo a parte gravada; o recibo vai uma vez; reexecutar não faz nada', async () => {
    // 2.5 MiB in parts of 1 MiB (bloco_mb = 1): 3 parts.
    const conteudo = randomBytes(2.5 * MIB);
    const arq = await arquivo(conteudo);
    const enviado = await enviar([arq]);
    const [p0, p1, p2] = partesDe(conteudo.length, MIB) as [
      { inicio: number; fim: number },
      { inicio: number; fim: number },
      { inicio: number; fim: number },
    ];
    let servidas = 0;
    barramento.aoServirParte((parte) => {
      if (parte.IDT !== enviado.idt) return;
      servidas++;
      if (servidas === 2) throw new ErroPen(503, '9503', 'Destinatário interrompido pelo teste');
    });
    try {
      await consultarEExecutar();
    } finally {
      barramento.aoServirParte(null);
    }
    const interrompido = await tramiteLocal(enviado.idt);
    expect(interrompido.etapa).toBe('BAIXAR');
    expect(interrompido.ultimaFalha).toMatch(/interrompido pelo teste/);
    const componente = await t.banco.db
      .selectFrom('tramiteExternoComponente')
      .select(['bytesRecebidos', 'estado'])
      .where('idTramiteExterno', '=', interrompido.id)
      .executeTakeFirstOrThrow();
    expect(componente).toEqual({ bytesRecebidos: MIB, estado: 'BAIXANDO' });
    const [tarefa] = await tarefas(enviado.idt);
    expect(tarefa).toMatchObject({ estado: 'PENDENTE', tentativas: 1 });

    // The consultation does not enqueue another job while this one lives; the queue takes it again when due.
    expect(await consultarPendencias(deps, { forcar: true })).toEqual({ consultada: true, enfileiradas: 0 });
    await t.banco.db
      .updateTable('job')
      .set({ executarEm: sql`now()` })
      .where('id', '=', tarefa?.id ?? 0)
      .execute();
    await fila.executarPendentes();
    const concluido = await tramiteLocal(enviado.idt);
    expect(concluido.etapa).toBe('CONCLUIDO');
    const inspecao = barramento.inspecionar().tramites.find((x) => x.IDT === enviado.idt);
    expect(inspecao?.downloads.map((d) => d.faixa)).toEqual([
      `${p0.inicio}-${p0.fim}`,
      `${p1.inicio}-${p1.fim}`,
      `${p1.inicio}-${p1.fim}`,
      `${p2.inicio}-${p2.fim}`,
    ]);
    expect(inspecao?.recibo).not.toBeNull();
    const recibosPostados = () =>
      barramento.pedidos.filter((p) => p.metodo === 'POST' && p.url.includes(`/tramites/${enviado.idt}/recibo`)).length;
    expect(recibosPostados()).toBe(1);
    const pecas = await t.banco.db
      .selectFrom('peca as p')
      .innerJoin('anexo as x', 'x.id', 'p.idAnexo')
      .select('x.sha256')
      .where('p.idDocumento', '=', concluido.idDocumento ?? 0)
      .execute();
    expect((await readFile(deps.armazenamento.caminho(pecas[0]?.sha256 ?? ''))).equals(conteudo)).toBe(true);

    // (5) The concluded job run again does nothing: no request, nothing created.
    const antes = await contagens();
    const pedidosAntes = barramento.pedidos.length;
    await tratadorRecebimentoTramita(deps)({ idt: enviado.idt }, { id: 0, tentativa: 1 });
    expect(barramento.pedidos.length).toBe(pedidosAntes);
    expect(await contagens()).toEqual(antes);
    expect(recibosPostados()).toBe(1);
  });
});
