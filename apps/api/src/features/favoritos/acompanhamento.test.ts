import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from '../../config.ts';
import { criarCarteiro, TAREFA_ENVIAR_EMAIL, tratadorEnvioEmail } from '../../platform/email.ts';
import { FilaTarefas } from '../../platform/fila.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { tramitarEntre } from '../../testing/cenarios/documentos.ts';
import {
  type CenarioTramitacao,
  chamadas,
  criarCenarioTramitacao,
  rascunho,
} from '../../testing/cenarios/tramitacao.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { enviarPecas } from '../../testing/multipart.ts';
import { iniciarServidorSmtp, type ServidorSmtpTeste } from '../../testing/servidor-smtp.ts';

const URL_PUBLICA = 'https://protocolo.ufex.edu.br';

const t = usarAppTeste({ PUBLIC_URL: URL_PUBLICA });
let c: CenarioTramitacao;
let api: ReturnType<typeof chamadas>;
const s = { ana: '', joao: '', bruno: '', carla: '', duda: '', mariana: '', admin: '' };
type Nome = keyof typeof s;

beforeAll(async () => {
  c = await criarCenarioTramitacao(t.banco.db);
  api = chamadas(t);
  for (const nome of Object.keys(s) as Nome[]) s[nome] = await t.entrar(nome);
  // Who wants e-mail at all (user settings): everyone but Duda; Mariana has no notification address.
  await db()
    .updateTable('usuario')
    .set({ notificacoesPorEmail: true })
    .where('username', 'in', ['ana', 'joao', 'bruno', 'carla', 'mariana', 'admin'])
    .execute();
  await db().updateTable('usuario').set({ email: null }).where('username', '=', 'mariana').execute();
});

const db = () => t.banco.db;
const idDe = (nome: Nome) => c.usuarios[nome].id;
const emailDe = (nome: Nome) => `${nome}@ufex.edu.br`;

const favoritar = async (nome: Nome, id: number, acompanhadoPorEmail: boolean) => {
  await db()
    .insertInto('favorito')
    .values({ idUsuario: idDe(nome), idDocumento: id, acompanhadoPorEmail })
    .onConflict((oc) => oc.columns(['idUsuario', 'idDocumento']).doUpdateSet({ acompanhadoPorEmail }))
    .execute();
};

/**
 * The usual followers of a document: Ana, João and Bruno follow it by e-mail; Carla only favourited it; Duda follows
 * but turned e-mail notifications off; Mariana follows but has no e-mail address.
 */
async function seguir(id: number) {
  for (const nome of ['ana', 'joao', 'bruno', 'duda', 'mariana'] as const) await favoritar(nome, id, true);
  await favoritar('carla', id, false);
}

const ultimoEmail = async () =>
  (
    await db()
      .selectFrom('emailSaida')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id ?? 0;

/** The e-mails queued by `acao`, as { para: [assuntos] }. */
async function emailsDe(acao: () => Promise<unknown>) {
  const antes = Number(await ultimoEmail());
  await acao();
  const novos = await db().selectFrom('emailSaida').selectAll().where('id', '>', antes).orderBy('id').execute();
  const porDestinatario: Record<string, string[]> = {};
  for (const email of novos) porDestinatario[email.para] = [...(porDestinatario[email.para] ?? []), email.assunto];
  return { porDestinatario, novos };
}

const numero = async (id: number) =>
  (await db().selectFrom('documento').select('numero').where('id', '=', id).executeTakeFirstOrThrow()).numero;

/** A document held and received by the Protocolo Central (Ana's and João's unit), in progress. */
async function noProtocolo(): Promise<number> {
  const id = await rascunho(t, c, s.ana);
  await tramitarEntre(db(), c, id, { de: 'bruno', para: 'ana', recebida: true });
  return id;
}

const paraPrograd = () => ({
  idPasso: c.fluxos.livreOficio.encaminhar,
  idDestino: c.unidades.outra.id,
  despacho: 'Encaminho para análise.',
});

describe('acompanhamento por e-mail dos favoritos', () => {
  it('envio: um e-mail por acompanhante, nenhum ao autor, a quem não acompanha ou não quer e-mail', async () => {
    const id = await noProtocolo();
    await seguir(id);
    const n = await numero(id);
    const { porDestinatario, novos } = await emailsDe(async () => {
      expect((await api.enviar(s.ana, id, paraPrograd())).statusCode).toBe(201);
    });
    expect(porDestinatario).toEqual({
      [emailDe('joao')]: [`Documento ${n} enviado à unidade PROGRAD`],
      [emailDe('bruno')]: [`Documento ${n} enviado à unidade PROGRAD`],
    });
    const texto = novos[0]?.texto ?? '';
    expect(texto).toContain(
      `Documento ${n} enviado pela unidade PROT à unidade PROGRAD (Pró-Reitoria de Graduação) (passo: Encaminhar) por Ana Paula em`,
    );
    expect(texto).toContain(`${URL_PUBLICA}/documentos/${id}`);
    // The despacho may be restricted: it never goes out in these e-mails.
    expect(texto).not.toContain('Encaminho para análise');
    const tarefa = await db()
      .selectFrom('job')
      .select(['tipo', 'estado'])
      .where('id', '=', novos[0]?.idJob as number)
      .executeTakeFirstOrThrow();
    expect(tarefa).toEqual({ tipo: TAREFA_ENVIAR_EMAIL, estado: 'PENDENTE' });
  });

  it('recebimento: avisa quem enviou (agora não é o autor) e não quem recebeu', async () => {
    const id = await noProtocolo();
    expect((await api.enviar(s.ana, id, paraPrograd())).statusCode).toBe(201);
    await seguir(id);
    const n = await numero(id);
    const { porDestinatario, novos } = await emailsDe(async () => {
      expect((await api.receber(s.bruno, id)).statusCode).toBe(200);
    });
    const assunto = `Documento ${n} recebido pela unidade PROGRAD`;
    expect(porDestinatario).toEqual({ [emailDe('ana')]: [assunto], [emailDe('joao')]: [assunto] });
    expect(novos[0]?.texto).toContain(`Documento ${n} recebido pela unidade PROGRAD por Bruno Henrique em`);
  });

  it('envio em lote: um e-mail por documento acompanhado e por acompanhante', async () => {
    const [a, b, semSeguidores] = [await noProtocolo(), await noProtocolo(), await noProtocolo()];
    await favoritar('joao', a, true);
    await favoritar('joao', b, true);
    await favoritar('bruno', b, true);
    const { porDestinatario } = await emailsDe(async () => {
      const resposta = await t.app.inject({
        method: 'POST',
        url: '/api/tramitacoes/lote',
        headers: cabecalhosApp(s.ana),
        payload: { idsDocumentos: [a, b, semSeguidores], ...paraPrograd() },
      });
      expect(resposta.json().every((r: { tramitado: boolean }) => r.tramitado)).toBe(true);
    });
    expect(porDestinatario).toEqual({
      [emailDe('joao')]: [
        `Documento ${await numero(a)} enviado à unidade PROGRAD`,
        `Documento ${await numero(b)} enviado à unidade PROGRAD`,
      ],
      [emailDe('bruno')]: [`Documento ${await numero(b)} enviado à unidade PROGRAD`],
    });
  });

  it('reencaminhamento: recebimento em nome da unidade e reenvio também avisam', async () => {
    const id = await noProtocolo();
    expect((await api.enviar(s.ana, id, paraPrograd())).statusCode).toBe(201);
    await seguir(id);
    const n = await numero(id);
    const recebido = await emailsDe(async () => {
      const resposta = await t.app.inject({
        method: 'POST',
        url: `/api/reencaminhamento/documento/${id}/receber`,
        headers: cabecalhosApp(s.admin),
      });
      expect(resposta.statusCode, resposta.body).toBe(200);
    });
    const assuntoRecebido = `Documento ${n} recebido em nome da unidade PROGRAD`;
    expect(recebido.porDestinatario).toEqual({
      [emailDe('ana')]: [assuntoRecebido],
      [emailDe('joao')]: [assuntoRecebido],
      [emailDe('bruno')]: [assuntoRecebido],
    });
    expect(recebido.novos[0]?.texto).toContain('por Administrador em');
    const reenviado = await emailsDe(async () => {
      const resposta = await t.app.inject({
        method: 'POST',
        url: `/api/reencaminhamento/documento/${id}/tramitacoes`,
        headers: cabecalhosApp(s.admin),
        payload: { idPasso: c.fluxos.livreOficio.encaminhar, idDestino: c.unidades.departamento.id },
      });
      expect(resposta.statusCode, resposta.body).toBe(201);
    });
    const assuntoReenviado = `Documento ${n} reencaminhado à unidade DHIS`;
    expect(reenviado.porDestinatario).toEqual({
      [emailDe('ana')]: [assuntoReenviado],
      [emailDe('joao')]: [assuntoReenviado],
      [emailDe('bruno')]: [assuntoReenviado],
    });
  });

  it('juntada: avisa quem acompanha o pai ou o filho, uma vez por pessoa', async () => {
    const pai = await noProtocolo();
    const filho = await noProtocolo();
    await favoritar('joao', pai, true);
    await favoritar('joao', filho, true);
    await favoritar('bruno', filho, true);
    await favoritar('carla', pai, false);
    const [np, nf] = [await numero(pai), await numero(filho)];
    const { porDestinatario, novos } = await emailsDe(async () => {
      const resposta = await t.app.inject({
        method: 'POST',
        url: `/api/documentos/${pai}/agregados`,
        headers: cabecalhosApp(s.ana),
        payload: { idDocumento: filho, tipoAgregacao: 'A' },
      });
      expect(resposta.statusCode, resposta.body).toBe(201);
    });
    expect(porDestinatario).toEqual({
      [emailDe('joao')]: [`Documento ${np} recebeu o documento ${nf} por apensação`],
      [emailDe('bruno')]: [`Documento ${nf} apensado ao documento ${np}`],
    });
    const paraBruno = novos.find((e) => e.para === emailDe('bruno'));
    expect(paraBruno?.texto).toContain(`Documento ${nf} apensado ao documento ${np} por Ana Paula em`);
    expect(paraBruno?.texto).toContain(`${URL_PUBLICA}/documentos/${filho}`);
    expect(novos.find((e) => e.para === emailDe('joao'))?.texto).toContain(`${URL_PUBLICA}/documentos/${pai}`);
  });

  it('nova peça: avisa os acompanhantes, sem o nome do arquivo', async () => {
    const id = await noProtocolo();
    await seguir(id);
    const n = await numero(id);
    const { porDestinatario, novos } = await emailsDe(async () => {
      const resposta = await enviarPecas(t, s.ana, id, { tipoCopia: 'N', nivelAcesso: 'P' }, [
        { nome: 'parecer-sigiloso.pdf', conteudo: pdf(), tipo: 'application/pdf' },
      ]);
      expect(resposta.statusCode, resposta.body).toBe(201);
    });
    const assunto = `Documento ${n}: nova peça incluída`;
    expect(porDestinatario).toEqual({ [emailDe('joao')]: [assunto], [emailDe('bruno')]: [assunto] });
    expect(novos[0]?.texto).toContain(`Nova peça (nº 1) incluída no documento ${n} por Ana Paula em`);
    expect(novos[0]?.texto).not.toContain('parecer-sigiloso');
  });

  it('nada é enfileirado quando a mudança é recusada, nem para quem só favoritou ou desligou o acompanhamento', async () => {
    const id = await noProtocolo();
    await seguir(id);
    const recusado = await emailsDe(async () => {
      const resposta = await api.enviar(s.ana, id, { ...paraPrograd(), idDestino: c.unidades.inativa.id });
      expect(resposta.statusCode).toBe(400);
    });
    expect(recusado.novos).toEqual([]);
    // João turns the follow off through the API: only Bruno is left.
    await favoritar('joao', id, true);
    const desligado = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos-favoritos/${id}`,
      headers: cabecalhosApp(s.joao),
      payload: { acompanhadoPorEmail: false },
    });
    expect(desligado.statusCode).toBe(200);
    const enviado = await emailsDe(async () => {
      expect((await api.enviar(s.ana, id, paraPrograd())).statusCode).toBe(201);
    });
    expect(Object.keys(enviado.porDestinatario)).toEqual([emailDe('bruno')]);
  });
});

describe('entrega a um servidor SMTP real', () => {
  let smtp: ServidorSmtpTeste;

  beforeAll(async () => {
    smtp = await iniciarServidorSmtp();
  });

  afterAll(async () => {
    await smtp?.fechar();
  });

  /** The text part of a message: quoted-printable undone, as a mail reader shows it. */
  function textoDe(dados: string): string {
    const corpo = dados.slice(dados.indexOf('\r\n\r\n') + 4);
    const qp = corpo.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < qp.length; i++) {
      const hex = qp.slice(i + 1, i + 3);
      if (qp[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(qp[i] as string, 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }

  it('o acompanhante recebe a mensagem em português com o NUP e o link', async () => {
    // Only this test's e-mails go to the SMTP peer.
    await db().updateTable('job').set({ estado: 'CONCLUIDO' }).where('tipo', '=', TAREFA_ENVIAR_EMAIL).execute();
    const id = await noProtocolo();
    expect((await api.enviar(s.ana, id, paraPrograd())).statusCode).toBe(201);
    await favoritar('joao', id, true);
    const n = await numero(id);
    const { novos } = await emailsDe(async () => {
      expect((await api.receber(s.bruno, id)).statusCode).toBe(200);
    });
    expect(novos).toHaveLength(1);

    const config = lerConfig({
      DATA_DIR: t.config.dataDir,
      EMAIL_REMETENTE: 'Trâmite <protocolo@ufex.edu.br>',
      SMTP_URL: smtp.url,
    }).email;
    const carteiro = criarCarteiro(config);
    const fila = new FilaTarefas(db(), {
      [TAREFA_ENVIAR_EMAIL]: tratadorEnvioEmail(db(), carteiro, t.app.armazenamento),
    });
    expect(await fila.executarPendentes()).toBe(1);
    carteiro.fechar();

    expect(smtp.recebidas).toHaveLength(1);
    const [mensagem] = smtp.recebidas;
    expect(mensagem?.para).toEqual([emailDe('joao')]);
    expect(mensagem?.dados).toContain(`To: ${emailDe('joao')}`);
    expect(mensagem?.dados).toContain(`Subject: Documento ${n} recebido pela unidade PROGRAD`);
    const texto = textoDe(mensagem?.dados ?? '');
    expect(texto).toContain('Prezado(a) João Carlos,');
    expect(texto).toContain(`Documento ${n} recebido pela unidade PROGRAD por Bruno Henrique em`);
    expect(texto).toContain(`Acompanhe o documento ${n} em ${URL_PUBLICA}/documentos/${id}`);
    expect(texto).toContain('Você recebe esta mensagem porque acompanha este documento por e-mail nos seus favoritos.');
    const email = await db()
      .selectFrom('emailSaida')
      .select('enviadoEm')
      .where('id', '=', novos[0]?.id as number)
      .executeTakeFirstOrThrow();
    expect(email.enviadoEm).not.toBeNull();
  });
});
