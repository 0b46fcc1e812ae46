import { MENSAGENS, type Tramitacao } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { passosDe, usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { adicionarPecas } from '../../testing/fabricas.ts';

const m = usarTramitacao();
const { db, novo, encaminhar, naPrograd, documento, juntar, fluxosDe } = m;

describe('POST documentos/{id}/tramitacoes', () => {
  it('documentos juntados vão junto no envio e são recebidos junto', async () => {
    const pai = await novo();
    const filho = await novo();
    const neto = await novo();
    await adicionarPecas(m.t, { idDocumento: filho, idUsuario: m.c.usuarios.ana.id });
    await juntar(pai, filho);
    await juntar(filho, neto);
    const envio = await m.api.enviar(m.s.ana, pai, encaminhar(m.c.unidades.outra.id));
    expect(envio.statusCode).toBe(201);
    const principal = (envio.json() as Tramitacao).id;
    const movimentos = await db()
      .selectFrom('tramitacao')
      .select([
        'idDocumento',
        'sequencia',
        'idUnidadeOrigem',
        'idUnidadeDestino',
        'idTramitacaoPrincipal',
        'dtRecebimento',
      ])
      .where('idDocumento', 'in', [filho, neto])
      .orderBy('idDocumento')
      .execute();
    expect(movimentos).toEqual(
      [filho, neto].map((idDocumento) => ({
        idDocumento,
        sequencia: 1,
        idUnidadeOrigem: m.c.unidades.protocolo.id,
        idUnidadeDestino: m.c.unidades.outra.id,
        idTramitacaoPrincipal: principal,
        dtRecebimento: null,
      })),
    );
    const pecaFilho = await db()
      .selectFrom('peca')
      .select(['situacaoTramitacao', 'sequenciaTramitacao'])
      .where('idDocumento', '=', filho)
      .executeTakeFirstOrThrow();
    expect(pecaFilho).toEqual({ situacaoTramitacao: 'T', sequenciaTramitacao: 1 });
    const filhos = await db()
      .selectFrom('documento')
      .select(['situacao', 'estadoProcessamento', 'idUnidadeAtual'])
      .where('id', 'in', [filho, neto])
      .execute();
    expect(filhos.every((f) => f.situacao === 'E' && f.estadoProcessamento === 1)).toBe(true);

    expect((await m.api.receber(m.s.bruno, pai)).statusCode).toBe(200);
    const recebidos = await db()
      .selectFrom('tramitacao')
      .select(['idUsuarioRecebedor', 'dtRecebimento'])
      .where('idTramitacaoPrincipal', '=', principal)
      .execute();
    expect(recebidos).toHaveLength(2);
    expect(recebidos.every((r) => r.idUsuarioRecebedor === m.c.usuarios.bruno.id && r.dtRecebimento !== null)).toBe(
      true,
    );
    const depois = await db()
      .selectFrom('documento')
      .select('idUnidadeAtual')
      .where('id', 'in', [filho, neto])
      .execute();
    expect(depois.every((d) => d.idUnidadeAtual === m.c.unidades.outra.id)).toBe(true);
    // The child's own history shows the movement it made with its parent.
    const historico = (await m.api.get(m.s.bruno, `/documentos/${filho}/tramitacoes`)).json() as Tramitacao[];
    expect(historico).toHaveLength(1);
    expect(historico[0]).toMatchObject({ idTramitacaoPrincipal: principal, recebedor: 'Bruno Henrique' });
  });

  it('ARQUIVAR leva ao arquivo (2001 = 2); DESARQUIVAR exige motivo, volta a 1 e registra o desarquivamento', async () => {
    const id = await novo();
    const livre = m.c.fluxos.livreOficio;
    const arquivar = await m.api.enviar(m.s.ana, id, { idPasso: livre.arquivar, idDestino: m.c.unidades.arquivo.id });
    expect(arquivar.statusCode).toBe(201);
    const arquivado = await db()
      .selectFrom('documento')
      .select(['estadoProcessamento', 'estadoVisibilidadeCaixa'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(arquivado).toEqual({ estadoProcessamento: 2, estadoVisibilidadeCaixa: null });
    expect((await m.api.receber(m.s.mariana, id)).statusCode).toBe(200);
    const fluxos = await fluxosDe(m.s.mariana, id);
    expect(passosDe(fluxos, 'Tramitação livre')).toEqual(['Desarquivar']);
    expect(passosDe(fluxos, 'Análise de férias')).toEqual([]);

    const semMotivo = await m.api.enviar(m.s.mariana, id, {
      idPasso: livre.desarquivar,
      idDestino: m.c.unidades.protocolo.id,
    });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().mensagem).toBe(MENSAGENS.tramitacao.motivoDesarquivamento);
    const encaminharArquivado = await m.api.enviar(m.s.mariana, id, encaminhar(m.c.unidades.protocolo.id));
    expect(encaminharArquivado.statusCode).toBe(403);

    const desarquivar = await m.api.enviar(m.s.mariana, id, {
      idPasso: livre.desarquivar,
      idDestino: m.c.unidades.protocolo.id,
      despacho: 'Pedido de vista pelo interessado',
    });
    expect(desarquivar.statusCode).toBe(201);
    const tramitacao = desarquivar.json() as Tramitacao;
    expect((await documento(id)).estadoProcessamento).toBe(1);
    const registro = await db()
      .selectFrom('desarquivamento')
      .select(['idUnidade', 'idUsuario', 'idTramitacao', 'motivo', 'em'])
      .where('idDocumento', '=', id)
      .execute();
    expect(registro).toHaveLength(1);
    expect(registro[0]).toMatchObject({
      idUnidade: m.c.unidades.arquivo.id,
      idUsuario: m.c.usuarios.mariana.id,
      idTramitacao: tramitacao.id,
      motivo: 'Pedido de vista pelo interessado',
    });
  });

  it('CONCLUIR marca 2001 = 3', async () => {
    const id = await naPrograd();
    const resposta = await m.api.enviar(m.s.bruno, id, {
      idPasso: m.c.fluxos.livreOficio.concluir,
      idDestino: m.c.unidades.protocolo.id,
      despacho: 'Concluído',
    });
    expect(resposta.statusCode).toBe(201);
    expect((await documento(id)).estadoProcessamento).toBe(3);
  });

  it('de 10 envios simultâneos do mesmo documento, exatamente um vale; os outros dão 409', async () => {
    const id = await novo();
    const respostas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        m.api.enviar(
          i % 2 ? m.s.ana : m.s.joao,
          id,
          encaminhar(i % 3 ? m.c.unidades.outra.id : m.c.unidades.departamento.id),
        ),
      ),
    );
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of respostas.filter((x) => x.statusCode === 409)) {
      expect(r.json().mensagem).toBe(MENSAGENS.tramitacao.jaTramitado);
    }
    const linhas = await db().selectFrom('tramitacao').select('id').where('idDocumento', '=', id).execute();
    expect(linhas).toHaveLength(1);
  });
});
