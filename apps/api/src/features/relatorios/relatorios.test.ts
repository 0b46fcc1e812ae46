import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Banco } from '../../db/connection.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarDocumentoNumerado, criarTipoDocumento, criarUnidade, criarUsuario } from '../../testing/fabricas.ts';

const R = MENSAGENS.relatorios;

const t = usarAppTeste();
let relator: string;
let semPermissao: string;
let u: Record<'prot' | 'prograd' | 'dhis' | 'reit' | 'arq' | 'fechada' | 'grande' | 'vazia', number>;
let docs: Record<string, { id: number; numero: string }>;

/** A PDF's text per page, with whitespace collapsed: the tests look for values, not for where lines break. */
async function lerPdf(corpo: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(corpo));
  const { text, totalPages } = await extractText(pdf, { mergePages: false });
  await pdf.destroy();
  const paginas = text.map((pagina) => pagina.replace(/\s+/g, ' '));
  return { paginas, total: totalPages, texto: paginas.join(' ') };
}

let sequencia = 0;
async function documento(db: Banco, resumo: string, idUnidade: number, idUsuario: number, idTipo: number) {
  sequencia += 1;
  const numero = `23069.${String(sequencia).padStart(6, '0')}/2026-${String(sequencia % 100).padStart(2, '0')}`;
  return criarDocumentoNumerado(db, numero, { idUnidade, idUsuario, idTipoDocumento: idTipo, resumoAssunto: resumo });
}

async function tramitar(
  db: Banco,
  idDocumento: number,
  origem: number,
  destino: number,
  idUsuario: number,
  quando: string,
  extra: { principal?: number; idPasso?: number | null } = {},
) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO tramitacao (id_documento, sequencia, id_unidade_origem, id_unidade_destino, id_usuario_remetente,
      dt_despacho, id_tramitacao_principal, id_passo, id_fluxo)
    VALUES (${idDocumento}, (SELECT coalesce(max(sequencia), 0) + 1 FROM tramitacao WHERE id_documento = ${idDocumento}),
      ${origem}, ${destino}, ${idUsuario}, ${quando}::timestamptz, ${extra.principal ?? null},
      ${extra.idPasso ?? null}, (SELECT id_fluxo FROM passo WHERE id = ${extra.idPasso ?? null}))
    RETURNING id`.execute(db);
  return rows[0]?.id as number;
}

function pedir(caminho: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: `/api${caminho}`, headers: cookie ? { cookie } : {} });
}

const MARCO = 'inicio=2026-03-01T00:00&fim=2026-03-31T23:59';

beforeAll(async () => {
  const db = t.banco.db;
  const prot = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  const prograd = await criarUnidade(db, { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' });
  const dhis = await criarUnidade(db, { sigla: 'DHIS', nome: 'Departamento de História' });
  const reit = await criarUnidade(db, { sigla: 'REIT', nome: 'Reitoria' });
  const arq = await criarUnidade(db, { sigla: 'ARQ', nome: 'Arquivo Central' });
  const fechada = await criarUnidade(db, { sigla: 'ARQV', nome: 'Arquivo Antigo' });
  const grande = await criarUnidade(db, { sigla: 'DGR', nome: 'Diretoria de Grandes Volumes' });
  const vazia = await criarUnidade(db, { sigla: 'OUV', nome: 'Ouvidoria' });
  await db.updateTable('unidade').set({ ativa: false }).where('id', '=', fechada.id).execute();
  u = {
    prot: prot.id,
    prograd: prograd.id,
    dhis: dhis.id,
    reit: reit.id,
    arq: arq.id,
    fechada: fechada.id,
    grande: grande.id,
    vazia: vazia.id,
  };
  const luciana = await criarUsuario(db, {
    username: 'luciana',
    nome: 'Luciana Relatora',
    lotacoes: [prot.id],
    permissoes: ['RELATORIOS'],
  });
  await criarUsuario(db, { username: 'joao', lotacoes: [prot.id] });
  const ana = await criarUsuario(db, { username: 'ana', nome: 'Ana Paula Ferreira', lotacoes: [prot.id] });
  const mariana = await criarUsuario(db, { username: 'mariana', nome: 'Mariana Arquivista', lotacoes: [arq.id] });
  const reitor = await criarUsuario(db, { username: 'reitor', nome: 'Reitor', lotacoes: [reit.id] });
  void luciana;

  const oficio = await criarTipoDocumento(db, 'Ofício');
  const { id: fluxo } = await db
    .insertInto('fluxo')
    .values({ idTipoDocumento: oficio, descricao: 'Tramitação livre' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: encaminhar } = await db
    .insertInto('passo')
    .values({ idFluxo: fluxo, ordem: 1, descricao: 'Encaminhar', tipo: 'ENCAMINHAR', destino: 'QUALQUER' })
    .returning('id')
    .executeTakeFirstOrThrow();

  const longo =
    'Solicitação de progressão funcional por capacitação com apresentação de certificados de cursos realizados ' +
    'entre os anos de 2021 e 2025, conforme a resolução do conselho universitário, para análise da comissão ' +
    'permanente de pessoal docente e posterior encaminhamento à pró-reitoria responsável pela gestão de pessoas';
  docs = {
    ferias: await documento(db, 'Solicitação de férias da servidora', prot.id, ana.id, oficio),
    longo: await documento(db, longo, prot.id, ana.id, oficio),
    historia: await documento(db, 'Pedido de material para o laboratório', prot.id, ana.id, oficio),
    fevereiro: await documento(db, 'Enviado antes do período', prot.id, ana.id, oficio),
    reitoria: await documento(db, 'Enviado por outra unidade', reit.id, reitor.id, oficio),
    juntado: await documento(db, 'Documento juntado que viaja dentro do pai', prot.id, ana.id, oficio),
    ultimoMinuto: await documento(db, 'Enviado no último minuto', prot.id, ana.id, oficio),
    abril: await documento(db, 'Enviado logo depois do período', prot.id, ana.id, oficio),
    arquivado: await documento(db, 'Processo arquivado e retirado', arq.id, mariana.id, oficio),
    antigo: await documento(db, 'Desarquivado fora do período', arq.id, mariana.id, oficio),
  };
  const d = docs as Record<string, { id: number }>;
  const idDoc = (chave: string) => (d[chave] as { id: number }).id;
  const principal = await tramitar(db, idDoc('ferias'), prot.id, prograd.id, ana.id, '2026-03-02T09:15:00-03', {
    idPasso: encaminhar,
  });
  await tramitar(db, idDoc('juntado'), prot.id, prograd.id, ana.id, '2026-03-02T09:15:00-03', { principal });
  await tramitar(db, idDoc('longo'), prot.id, prograd.id, ana.id, '2026-03-03T14:00:00-03');
  await tramitar(db, idDoc('historia'), prot.id, dhis.id, ana.id, '2026-03-10T10:00:00-03', { idPasso: encaminhar });
  await tramitar(db, idDoc('fevereiro'), prot.id, prograd.id, ana.id, '2026-02-28T23:59:59-03');
  await tramitar(db, idDoc('reitoria'), reit.id, prograd.id, reitor.id, '2026-03-05T08:00:00-03');
  await tramitar(db, idDoc('ultimoMinuto'), prot.id, prograd.id, ana.id, '2026-03-31T23:59:30-03');
  await tramitar(db, idDoc('abril'), prot.id, prograd.id, ana.id, '2026-04-01T00:00:00-03');

  const desarquivar = (idDocumento: number, idUnidade: number, idUsuario: number, motivo: string, em: string) =>
    sql`INSERT INTO desarquivamento (id_documento, id_unidade, id_usuario, motivo, em)
        VALUES (${idDocumento}, ${idUnidade}, ${idUsuario}, ${motivo}, ${em}::timestamptz)`.execute(db);
  await desarquivar(idDoc('arquivado'), arq.id, mariana.id, 'Pedido de vista do interessado', '2026-03-05T11:20:00-03');
  await desarquivar(idDoc('antigo'), arq.id, mariana.id, 'Auditoria de 2025', '2026-01-15T10:00:00-03');
  await desarquivar(idDoc('historia'), prot.id, ana.id, 'Recurso administrativo', '2026-03-06T16:45:00-03');
  await desarquivar(idDoc('longo'), fechada.id, mariana.id, 'Transferência de acervo', '2026-03-07T09:00:00-03');

  relator = await t.entrar('luciana');
  semPermissao = await t.entrar('joao');
});

describe('GET relatorios/{x}/unidades', () => {
  it('lista as unidades ativas com as lotações marcadas; desarquivados inclui unidades inativas com histórico', async () => {
    const malote = await pedir('/relatorios/malote/unidades', relator);
    expect(malote.statusCode).toBe(200);
    const unidades = malote.json() as { id: number; sigla: string; lotacao: boolean }[];
    expect(unidades.map((x) => x.sigla)).toEqual(['ARQ', 'DHIS', 'DGR', 'OUV', 'PROGRAD', 'PROT', 'REIT']);
    expect(unidades.filter((x) => x.lotacao).map((x) => x.sigla)).toEqual(['PROT']);

    const desarquivados = (await pedir('/relatorios/desarquivados/unidades', relator)).json() as { sigla: string }[];
    expect(desarquivados.map((x) => x.sigla)).toContain('ARQV');
    expect(unidades.map((x) => x.sigla)).not.toContain('ARQV');
  });

  it('recusa um relatório desconhecido, quem não entrou (401) e quem não tem RELATORIOS (403)', async () => {
    const desconhecido = await pedir('/relatorios/outro/unidades', relator);
    expect(desconhecido.statusCode).toBe(400);
    expect(desconhecido.json().mensagem).toBe(R.tipoRelatorioInvalido);
    expect((await pedir('/relatorios/malote/unidades')).statusCode).toBe(401);
    const proibido = await pedir('/relatorios/malote/unidades', semPermissao);
    expect(proibido.statusCode).toBe(403);
    expect(proibido.json().mensagem).toBe(MENSAGENS.geral.semPermissao);
  });
});

describe('GET relatorios/malote', () => {
  it('lista os documentos enviados no período por destino, com contagens, assinaturas e total', async () => {
    const resposta = await pedir(`/relatorios/malote?idsUnidades=${u.prot}&${MARCO}`, relator);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['content-type']).toBe('application/pdf');
    expect(resposta.headers['content-disposition']).toBe(
      'inline; filename="relatorio-malote-20260301-0000-a-20260331-2359.pdf"',
    );
    expect(resposta.headers['cache-control']).toBe('private, no-store');
    const { paginas, total, texto } = await lerPdf(resposta.rawPayload);

    // One page per destination, in name order: Departamento de História, then Pró-Reitoria de Graduação.
    expect(total).toBe(2);
    const [historia, prograd] = paginas as [string, string];
    expect(historia).toContain('Universidade Federal de Exemplo (UFEX)');
    expect(historia).toContain('Relatório de malote (guia de remessa)');
    expect(historia).toContain('Unidades de procedência: PROT — Protocolo Central');
    expect(historia).toContain('Período: de 01/03/2026 00:00 a 31/03/2026 23:59');
    expect(historia).toMatch(/Gerado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    expect(historia).toContain('Destino: DHIS — Departamento de História');
    expect(historia).toContain(docs.historia?.numero);
    expect(historia).toContain('10/03/2026 10:00:00');
    expect(historia).toContain('Encaminhar (Tramitação livre)');
    expect(historia).toContain('Documentos nesta guia: 1');
    expect(historia).not.toContain(docs.ferias?.numero);
    expect(historia).toContain('Página 1 de 2');

    expect(prograd).toContain('Destino: PROGRAD — Pró-Reitoria de Graduação');
    for (const chave of ['ferias', 'longo', 'ultimoMinuto']) expect(prograd).toContain(docs[chave]?.numero);
    expect(prograd).toContain('02/03/2026 09:15:00');
    expect(prograd).toContain('31/03/2026 23:59:30');
    expect(prograd).toContain('Ana Paula Ferreira (PROT)');
    expect(prograd).toContain('Solicitação de férias da servidora');
    // The long summary wraps inside its column and is printed whole.
    expect(prograd).toMatch(/Solicitação de progressão funcional.*gestão de pessoas/);
    expect(prograd).toContain('Documentos nesta guia: 3');
    expect(prograd).toContain('Total geral: 4 documentos enviados a 2 unidades de destino');
    expect(prograd).toContain('Página 2 de 2');

    for (const pagina of paginas) {
      expect(pagina).toContain('Portador (entregue por)');
      expect(pagina).toContain('Recebedor (recebido por)');
      expect(pagina).toMatch(/Nome:.*Data: ____\/____\/________.*Assinatura:/);
    }
    // Outside the period (by a second), from another unit, or a joined child travelling inside its parent.
    for (const chave of ['fevereiro', 'abril', 'reitoria', 'juntado']) expect(texto).not.toContain(docs[chave]?.numero);
  });

  it('aceita as unidades repetidas ou em lista, e os limites com segundos (fim inclusive)', async () => {
    const repetidas = await pedir(
      `/relatorios/malote?idsUnidades=${u.prot}&idsUnidades=${u.reit}&inicio=2026-03-01T00:00:00&fim=2026-03-31T23:59:30`,
      relator,
    );
    expect(repetidas.statusCode).toBe(200);
    const { texto } = await lerPdf(repetidas.rawPayload);
    expect(texto).toContain('Unidades de procedência: PROT — Protocolo Central; REIT — Reitoria');
    expect(texto).toContain(docs.reitoria?.numero);
    expect(texto).toContain('Reitor (REIT)');
    expect(texto).toContain(docs.ultimoMinuto?.numero);
    expect(texto).toContain('Total geral: 5 documentos enviados a 2 unidades de destino');

    const emLista = await pedir(
      `/relatorios/malote?idsUnidades=${u.reit},${u.prot}&inicio=2026-03-01T00:00:00&fim=2026-03-31T23:59:29`,
      relator,
    );
    const lista = await lerPdf(emLista.rawPayload);
    expect(lista.texto).toContain(docs.reitoria?.numero);
    expect(lista.texto).not.toContain(docs.ultimoMinuto?.numero);
    expect(lista.texto).toContain('Total geral: 4 documentos enviados');
  });

  it('sem envios no período responde um PDF que diz isso', async () => {
    const resposta = await pedir(`/relatorios/malote?idsUnidades=${u.vazia}&${MARCO}`, relator);
    expect(resposta.statusCode).toBe(200);
    const { texto, total } = await lerPdf(resposta.rawPayload);
    expect(total).toBe(1);
    expect(texto).toContain('Nenhum documento foi enviado pelas unidades de procedência no período.');
    expect(texto).toContain('Total geral: 0 documentos enviados a 0 unidades de destino');
  });
});

describe('GET relatorios/desarquivados', () => {
  it('lista por unidade quem desarquivou, quando e por quê, com contagens e total', async () => {
    const resposta = await pedir(
      `/relatorios/desarquivados?idsUnidades=${u.arq}&idsUnidades=${u.prot}&idsUnidades=${u.vazia}&${MARCO}`,
      relator,
    );
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['content-type']).toBe('application/pdf');
    expect(resposta.headers['content-disposition']).toMatch(/^inline; filename="relatorio-desarquivados-/);
    const { texto, total } = await lerPdf(resposta.rawPayload);
    expect(total).toBe(1);
    expect(texto).toContain('Relatório de documentos desarquivados');
    expect(texto).toContain('Unidades: ARQ — Arquivo Central; OUV — Ouvidoria; PROT — Protocolo Central');
    const arq = texto.indexOf('Unidade: ARQ — Arquivo Central');
    const ouv = texto.indexOf('Unidade: OUV — Ouvidoria');
    const prot = texto.indexOf('Unidade: PROT — Protocolo Central');
    expect(arq).toBeGreaterThan(-1);
    expect(ouv).toBeGreaterThan(arq);
    expect(prot).toBeGreaterThan(ouv);
    const grupos = {
      arquivo: [texto.slice(arq, ouv), docs.arquivado?.numero, 'Mariana Arquivista', '05/03/2026 11:20:00'],
      protocolo: [texto.slice(prot), docs.historia?.numero, 'Ana Paula Ferreira', '06/03/2026 16:45:00'],
    };
    for (const [grupo, numero, usuario, data] of Object.values(grupos)) {
      for (const trecho of [numero, usuario, data, 'Documentos desarquivados nesta unidade: 1']) {
        expect(grupo).toContain(trecho);
      }
    }
    expect(grupos.arquivo[0]).toContain('Pedido de vista do interessado');
    expect(grupos.arquivo[0]).toContain('Processo arquivado e retirado');
    expect(texto.slice(ouv, prot)).toContain('Nenhum documento desarquivado nesta unidade no período.');
    expect(grupos.protocolo[0]).toContain('Recurso administrativo');
    expect(texto).toContain('Total geral: 2 documentos desarquivados');
    expect(texto).toContain('Página 1 de 1');
    // Outside the period, or in a unit that was not asked for.
    expect(texto).not.toContain('Auditoria de 2025');
    expect(texto).not.toContain('Transferência de acervo');
  });

  it('aceita uma unidade inativa que registrou desarquivamentos', async () => {
    const resposta = await pedir(`/relatorios/desarquivados?idsUnidades=${u.fechada}&${MARCO}`, relator);
    expect(resposta.statusCode).toBe(200);
    const { texto } = await lerPdf(resposta.rawPayload);
    expect(texto).toContain('Transferência de acervo');
    expect(texto).toContain('Total geral: 1 documento desarquivado');
  });
});

describe('validação e permissões dos relatórios', () => {
  const casos: [string, string][] = [
    ['sem unidades', MARCO],
    ['sem início', `idsUnidades=%UNIDADE%&fim=2026-03-31T23:59`],
    ['sem fim', `idsUnidades=%UNIDADE%&inicio=2026-03-01T00:00`],
    ['unidades vazias na lista', `idsUnidades=,&${MARCO}`],
  ];
  for (const relatorio of ['malote', 'desarquivados']) {
    for (const [nome, consulta] of casos) {
      it(`${relatorio}: ${nome} → 400 com a mensagem da especificação`, async () => {
        const resposta = await pedir(
          `/relatorios/${relatorio}?${consulta.replace('%UNIDADE%', String(u.prot))}`,
          relator,
        );
        expect(resposta.statusCode).toBe(400);
        expect(resposta.json().mensagem).toBe(R.filtroObrigatorio);
      });
    }
  }

  it('recusa datas inválidas, fim antes do início e unidades não disponíveis', async () => {
    const base = `/relatorios/malote?idsUnidades=${u.prot}`;
    const invalida = await pedir(`${base}&inicio=2026-02-30T10:00&fim=2026-03-31T23:59`, relator);
    expect(invalida.statusCode).toBe(400);
    expect(invalida.json().mensagem).toBe(R.dataHoraInvalida);
    const semHora = await pedir(`${base}&inicio=2026-03-01&fim=2026-03-31`, relator);
    expect(semHora.json().mensagem).toBe(R.dataHoraInvalida);
    const invertido = await pedir(`${base}&inicio=2026-03-31T10:00&fim=2026-03-01T10:00`, relator);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().mensagem).toBe(R.fimAntesDoInicio);
    const igual = await pedir(`${base}&inicio=2026-03-01T10:00&fim=2026-03-01T10:00:00`, relator);
    expect(igual.json().mensagem).toBe(R.fimAntesDoInicio);
    const inativa = await pedir(`/relatorios/malote?idsUnidades=${u.fechada}&${MARCO}`, relator);
    expect(inativa.statusCode).toBe(400);
    expect(inativa.json().mensagem).toBe(R.unidadeNaoPermitida);
    const inexistente = await pedir(`/relatorios/desarquivados?idsUnidades=999999&${MARCO}`, relator);
    expect(inexistente.json().mensagem).toBe(R.unidadeNaoPermitida);
    const texto = await pedir(`/relatorios/desarquivados?idsUnidades=abc&${MARCO}`, relator);
    expect(texto.json().mensagem).toBe(R.unidadeNaoPermitida);
  });

  it('exige login (401) e a permissão RELATORIOS (403)', async () => {
    for (const relatorio of ['malote', 'desarquivados']) {
      const url = `/relatorios/${relatorio}?idsUnidades=${u.prot}&${MARCO}`;
      const anonimo = await pedir(url);
      expect(anonimo.statusCode).toBe(401);
      expect(anonimo.json().mensagem).toBe(MENSAGENS.geral.naoAutenticado);
      const proibido = await pedir(url, semPermissao);
      expect(proibido.statusCode).toBe(403);
      expect(proibido.json().mensagem).toBe(MENSAGENS.geral.semPermissao);
      // Even an incomplete request learns nothing before the permission check.
      expect((await pedir(`/relatorios/${relatorio}`, semPermissao)).statusCode).toBe(403);
    }
  });
});

const nup = (n: number) => `99999.${String(n).padStart(6, '0')}/2025-00`;

describe('relatório grande', () => {
  it('3.000 envios: cabeçalhos repetidos e página numerada em todas as páginas, sem linhas repetidas ou perdidas', async () => {
    const db = t.banco.db;
    // Timestamps with microseconds, seven movements per instant: the keyset must not skip or repeat across batches.
    await sql`
      WITH novos AS (
        INSERT INTO documento (numero, numero_digitos, id_tipo_documento, resumo_assunto, id_unidade_procedencia,
          id_unidade_criadora, id_unidade_atual, id_usuario_criador, situacao, estado_processamento)
        SELECT '99999.' || lpad(n::text, 6, '0') || '/2025-00', '99999' || lpad(n::text, 6, '0') || '202500',
          (SELECT id FROM tipo_documento LIMIT 1),
          CASE WHEN n % 10 = 0 THEN repeat('Resumo longo do documento em massa número ' || n || '. ', 6)
               ELSE 'Documento em massa ' || n END,
          ${u.prot}, ${u.prot}, ${u.grande}, (SELECT id FROM usuario WHERE username = 'ana'), 'ENVIADO', 1
        FROM generate_series(1, 3000) AS n
        RETURNING id, numero
      )
      INSERT INTO tramitacao (id_documento, sequencia, id_unidade_origem, id_unidade_destino, id_usuario_remetente,
        dt_despacho)
      SELECT id, 1, ${u.prot}, ${u.grande}, (SELECT id FROM usuario WHERE username = 'ana'),
        '2025-06-10 08:00:00.123456-03'::timestamptz
          + ((3000 - substring(numero, 7, 6)::int) / 7) * interval '1 second 17 microseconds'
      FROM novos`.execute(db);

    const resposta = await pedir(
      `/relatorios/malote?idsUnidades=${u.prot}&inicio=2025-06-01T00:00&fim=2025-06-30T23:59`,
      relator,
    );
    expect(resposta.statusCode).toBe(200);
    // Streamed: no length known in advance.
    expect(resposta.headers['content-length']).toBeUndefined();
    const { paginas, total, texto } = await lerPdf(resposta.rawPayload);
    expect(total).toBeGreaterThan(20);
    paginas.forEach((pagina, indice) => {
      expect(pagina).toContain(`Página ${indice + 1} de ${total}`);
      expect(pagina).toContain('Universidade Federal de Exemplo (UFEX)');
      expect(pagina).toContain('NUP Tipo Resumo do assunto Remetente (procedência) Data e hora do envio');
      expect(pagina).toContain(
        indice === 0
          ? 'Destino: DGR — Diretoria de Grandes Volumes'
          : 'Destino: DGR — Diretoria de Grandes Volumes (continuação)',
      );
    });
    const numeros = texto.match(/99999\.\d{6}\/2025-00/g) ?? [];
    expect(numeros).toHaveLength(3000);
    expect(new Set(numeros).size).toBe(3000);
    // Dispatch order, then id among movements of the same instant: the highest numbers were sent first.
    expect(numeros.slice(0, 8)).toEqual([2994, 2995, 2996, 2997, 2998, 2999, 3000, 2987].map(nup));
    expect(numeros.slice(-5)).toEqual([11, 1, 2, 3, 4].map(nup));
    expect(paginas.at(-1)).toContain('Documentos nesta guia: 3000');
    expect(paginas.at(-1)).toContain('Total geral: 3000 documentos enviados a 1 unidade de destino');
  }, 60_000);
});
