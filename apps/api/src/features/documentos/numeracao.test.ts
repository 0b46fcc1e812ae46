import { validarNup } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BancoTeste, criarBancoTeste } from '../../testing/banco-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { anoProtocolo, proximoNup } from './numeracao.ts';

let banco: BancoTeste;
let unidade: { id: number; codigo: number };
let usuario: { id: number };
let tipo: { id: number };

beforeAll(async () => {
  banco = await criarBancoTeste();
  unidade = await criarUnidade(banco.db, { sigla: 'PROT' });
  usuario = await criarUsuario(banco.db, { lotacoes: [unidade.id] });
  tipo = await banco.db
    .insertInto('tipoDocumento')
    .values({ descricao: 'Memorando', urlDocumentacao: null, observacao: null })
    .returning('id')
    .executeTakeFirstOrThrow();
});

afterAll(async () => {
  await banco?.fechar();
});

/** An opening as the documents feature does it: number and row in one transaction. */
function abrirDocumento(falharDepoisDoNumero = false) {
  return banco.db.transaction().execute(async (trx) => {
    const nup = await proximoNup(trx, unidade.codigo, 'nup17');
    await trx
      .insertInto('documento')
      .values({
        numero: nup.numero,
        numeroDigitos: nup.numeroDigitos,
        idTipoDocumento: tipo.id,
        idAssunto: null,
        resumoAssunto: 'Teste de numeração',
        observacao: null,
        motivoUrgencia: null,
        tipoInteressado: null,
        idInteressado: null,
        idUnidadeProcedencia: unidade.id,
        idUnidadeCriadora: unidade.id,
        idUnidadeAtual: unidade.id,
        idUsuarioCriador: usuario.id,
        estadoVisibilidadeCaixa: null,
        idDocumentoOrigem: null,
        numeroDocumentoOrigem: null,
        emissorDocumentoOrigem: null,
        dataDocumentoOrigem: null,
        dataRecebimento: null,
        idDocumentoAgregador: null,
      })
      .execute();
    if (falharDepoisDoNumero) throw new Error('falha simulada depois de numerar');
    return nup;
  });
}

describe('numeração NUP no banco', () => {
  it('abre 50 documentos ao mesmo tempo com números únicos e sem lacunas, mesmo com aberturas desfeitas', async () => {
    const tentativas = Array.from({ length: 60 }, (_, i) => abrirDocumento(i % 6 === 5));
    const resultados = await Promise.allSettled(tentativas);
    const abertos = resultados.filter((r) => r.status === 'fulfilled');
    expect(abertos).toHaveLength(50);
    expect(resultados.filter((r) => r.status === 'rejected')).toHaveLength(10);

    const documentos = await banco.db.selectFrom('documento').select(['numero']).execute();
    expect(documentos).toHaveLength(50);
    const sequenciais = documentos.map((d) => Number(d.numero.slice(6, 12))).sort((a, b) => a - b);
    expect(sequenciais).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const { numero } of documentos) {
      expect(validarNup(numero)).toBe(true);
      expect(numero.startsWith(`${String(unidade.codigo).padStart(5, '0')}.`)).toBe(true);
      expect(numero).toContain(`/${anoProtocolo()}-`);
    }
    const contador = await banco.db.selectFrom('sequenciaNup').selectAll().executeTakeFirstOrThrow();
    expect(contador.ultimo).toBe(50);
  });

  it('recomeça a sequência a cada ano', async () => {
    const nup = await banco.db
      .transaction()
      .execute((trx) => proximoNup(trx, unidade.codigo, 'nup17', new Date('2031-06-01T12:00:00Z')));
    expect(nup.sequencial).toBe(1);
    expect(nup.numero).toMatch(/\/2031-\d{2}$/);
  });

  it('usa o ano de Brasília na virada do ano', () => {
    expect(anoProtocolo(new Date('2027-01-01T01:30:00Z'))).toBe(2026);
    expect(anoProtocolo(new Date('2027-01-01T03:30:00Z'))).toBe(2027);
  });
});
