import { type ArquivoAssinado, LIMITE_BUSCA_ARQUIVOS_ASSINADOS, MENSAGENS } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { usarArquivosAssinados } from '../../testing/cenarios/arquivos-assinados.ts';
import { criarDocumento } from '../../testing/fabricas.ts';

const M = MENSAGENS.arquivosAssinados;
const a = usarArquivosAssinados();
const { campos, assinarUm, listar, idsListados, vincular } = a;

describe('GET arquivos-assinados/', () => {
  it('exige login', async () => {
    expect((await listar(undefined)).statusCode).toBe(401);
  });

  it('filtra por vínculo, assinante (id ou parte do nome), período da assinatura e arquivos próprios', async () => {
    const doBruno = await assinarUm('do-bruno.pdf', a.bruno, campos({ matrSiape: '7654321' }));
    const ligadoBruno = await assinarUm('do-bruno-vinculado.pdf', a.bruno, campos({ matrSiape: '7654321' }));
    const daAna = await assinarUm('da-ana.pdf');
    const assinadoEm = async (nome: string, quando: string) => {
      const assinado = await assinarUm(nome);
      await a.t.banco.db
        .updateTable('arquivoAssinado')
        .set({ assinadoEm: new Date(quando) })
        .where('id', '=', assinado.idArquivoAssinado)
        .execute();
      return assinado;
    };
    const antigo = await assinadoEm('antigo.pdf', '2025-01-15T12:00:00-03:00');
    // Signed at 23:30 in Brasília on 2025-01-16 (02:30 UTC on the 17th): it belongs to the 16th.
    const noite = await assinadoEm('noite.pdf', '2025-01-17T02:30:00Z');
    // Bruno's document in his unit, to link his file.
    const documentoBruno = await criarDocumento(a.t.banco.db, {
      idUnidade: a.ids.outra,
      idUsuario: a.ids.bruno,
      idTipoDocumento: (await a.t.banco.db.selectFrom('tipoDocumento').select('id').executeTakeFirstOrThrow()).id,
    });
    expect((await vincular(a.bruno, ligadoBruno.idArquivoAssinado, documentoBruno)).statusCode).toBe(200);

    const todos = await idsListados(a.ana);
    expect(todos).toContain(daAna.idArquivoAssinado);
    expect(todos).toContain(ligadoBruno.idArquivoAssinado);
    // Bruno's unlinked file is his alone.
    expect(todos).not.toContain(doBruno.idArquivoAssinado);
    // Newest first.
    expect(todos.indexOf(daAna.idArquivoAssinado)).toBeLessThan(todos.indexOf(noite.idArquivoAssinado));
    expect(todos.indexOf(noite.idArquivoAssinado)).toBeLessThan(todos.indexOf(antigo.idArquivoAssinado));

    const vinculados = await idsListados(a.ana, { vinculados: 'true' });
    expect(vinculados).toContain(ligadoBruno.idArquivoAssinado);
    expect(vinculados).not.toContain(daAna.idArquivoAssinado);
    const livres = await idsListados(a.ana, { vinculados: 'false' });
    expect(livres).toContain(daAna.idArquivoAssinado);
    expect(livres).not.toContain(ligadoBruno.idArquivoAssinado);

    expect(await idsListados(a.ana, { usuarioAssinante: String(a.ids.bruno) })).toEqual([
      ligadoBruno.idArquivoAssinado,
    ]);
    expect(await idsListados(a.ana, { usuarioAssinante: 'conceicao' })).toEqual([ligadoBruno.idArquivoAssinado]);
    expect(await idsListados(a.ana, { usuarioAssinante: '%' })).toEqual([]);
    expect(await idsListados(a.bruno, { usuarioAssinante: 'bruno' })).toEqual([
      ligadoBruno.idArquivoAssinado,
      doBruno.idArquivoAssinado,
    ]);

    const proprios = await idsListados(a.ana, { arquivosAssinadosUsuario: 'true' });
    expect(proprios).toContain(daAna.idArquivoAssinado);
    expect(proprios).not.toContain(ligadoBruno.idArquivoAssinado);

    expect(await idsListados(a.ana, { dataAssinaturaInicio: '2025-01-16', dataAssinaturaFim: '2025-01-16' })).toEqual([
      noite.idArquivoAssinado,
    ]);
    expect(await idsListados(a.ana, { dataAssinaturaInicio: '2025-01-01', dataAssinaturaFim: '2025-01-31' })).toEqual([
      noite.idArquivoAssinado,
      antigo.idArquivoAssinado,
    ]);
    const metade = await listar(a.ana, { dataAssinaturaInicio: '2025-01-01' });
    expect(metade.statusCode).toBe(400);
    expect(metade.json().mensagem).toBe(M.dataAssinaturaIncompleta);
    const invertida = await listar(a.ana, { dataAssinaturaInicio: '2025-02-01', dataAssinaturaFim: '2025-01-01' });
    expect(invertida.statusCode).toBe(400);
    expect(
      (await listar(a.ana, { dataAssinaturaInicio: '2025-02-30', dataAssinaturaFim: '2025-03-01' })).statusCode,
    ).toBe(400);
    expect((await listar(a.ana, { vinculados: 'talvez' })).statusCode).toBe(400);

    const linha = ((await listar(a.bruno, { usuarioAssinante: String(a.ids.bruno) })).json() as ArquivoAssinado[])[0];
    expect(linha).toMatchObject({ proprio: true, podeExcluir: false, nomeAssinante: 'Bruno Conceição' });
  });

  it(`responde no máximo ${LIMITE_BUSCA_ARQUIVOS_ASSINADOS} arquivos, os mais recentes`, async () => {
    const modelo = await assinarUm('modelo.pdf');
    const linhas = Array.from({ length: 60 }, (_, i) => ({
      idUsuario: a.ids.ana,
      nomeOriginal: `lote-${i}.pdf`,
      sha256: modelo.sha256,
      sha256Original: modelo.sha256Original,
      idTipoAssinatura: a.ids.tipo,
      tipoAssinatura: 'Assinatura digital institucional (PAdES)',
      matrSiape: '1234567',
      assinadoEm: new Date(Date.UTC(2030, 0, 1, 0, i)),
    }));
    await a.t.banco.db.insertInto('arquivoAssinado').values(linhas).execute();
    const resposta = await listar(a.ana, { arquivosAssinadosUsuario: 'true' });
    const lista = resposta.json() as ArquivoAssinado[];
    expect(lista).toHaveLength(LIMITE_BUSCA_ARQUIVOS_ASSINADOS);
    expect(lista[0]?.nomeOriginal).toBe('lote-59.pdf');
    expect(lista[49]?.nomeOriginal).toBe('lote-10.pdf');
  });
});
