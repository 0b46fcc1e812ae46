import { documentoSchema, erroApiSchema, pecaSchema, tramitacaoSchema } from '@tramite/shared';
import { serializerCompiler as serializadorZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { criarCompiladorSerializacao, esquemaDeSaida } from './serializacao.ts';

type Serializar = (dados: unknown) => string;
const rota = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/teste', httpStatus: '200' });
const rapido = (schema: z.ZodType) =>
  criarCompiladorSerializacao({ conferir: false })(rota(schema) as never) as Serializar;
const conferido = (schema: z.ZodType) =>
  criarCompiladorSerializacao({ conferir: true })(rota(schema) as never) as Serializar;
const porZod = (schema: z.ZodType) => serializadorZod(rota(schema) as never) as Serializar;

const unidade = { id: 2, sigla: 'PROGE', nome: 'Procuradoria' };
const tramitacao = {
  id: 10,
  sequencia: 1,
  idPasso: null,
  passo: null,
  tipoPasso: null,
  fluxo: null,
  unidadeOrigem: unidade,
  unidadeDestino: { ...unidade, id: 3, extra: 'descartado' },
  remetente: 'Ana',
  recebedor: null,
  despacho: 'Segue "entre aspas" e \\ barra\n',
  despachoPreparatorio: null,
  despachoOculto: false,
  tipoDespacho: 'D',
  nivelAcesso: 'P',
  idHipoteseLegal: null,
  descricaoHipoteseLegal: null,
  dtDespacho: '2026-01-02T03:04:05.000Z',
  dtRecebimento: null,
  dias: 3,
  reencaminhamento: false,
  idTramitacaoPrincipal: null,
  prazo: '2026-01-09',
  origemPrazo: 'PASSO',
  prazoAlterado: null,
  retornoProgramado: null,
  cancelamento: null,
  naoDeclarado: 'some',
};

describe('serialização das respostas', () => {
  it('escreve os mesmos bytes que o zod (ordem do schema, campos extras descartados, nulos, textos escapados)', () => {
    const schema = z.array(tramitacaoSchema);
    const dados = [
      tramitacao,
      { ...tramitacao, id: 11, recebedor: 'Bruno', dtRecebimento: '2026-01-03T00:00:00.000Z' },
      {
        ...tramitacao,
        id: 12,
        prazo: null,
        origemPrazo: null,
        prazoAlterado: { em: '2026-01-02T04:00:00.000Z', usuario: 'Bruno' },
        cancelamento: { em: '2026-01-02T05:00:00.000Z', usuario: 'Ana', motivo: null, extra: 'descartado' },
      },
    ];
    expect(esquemaDeSaida(schema)).not.toBeNull();
    const texto = rapido(schema)(dados);
    expect(texto).toBe(porZod(schema)(dados));
    expect(texto).not.toContain('naoDeclarado');
    expect(texto).not.toContain('descartado');
  });

  it('mantém a ordem do schema com opcionais ausentes ou presentes (erros da API)', () => {
    const dados = {
      erros: [{ mensagem: 'm', campo: 'c' }, { mensagem: 'sem campo' }],
      mensagem: 'x',
      codigo: 'CONFLITO',
    };
    expect(rapido(erroApiSchema)(dados)).toBe(porZod(erroApiSchema)(dados));
    expect(rapido(erroApiSchema)(dados)).toBe(
      '{"codigo":"CONFLITO","mensagem":"x","erros":[{"campo":"c","mensagem":"m"},{"mensagem":"sem campo"}]}',
    );
  });

  it('converte os schemas das leituras medidas (documento com registro de estado, peças) sem cair no zod', () => {
    expect(esquemaDeSaida(documentoSchema)).not.toBeNull();
    expect(esquemaDeSaida(z.array(pecaSchema))).not.toBeNull();
    const registro = z.object({ estado: z.record(z.string(), z.number().int()), nome: z.string().nullable() });
    const dados = { estado: { '32005': 2, '2001': 1 }, nome: null };
    expect(rapido(registro)(dados)).toBe(porZod(registro)(dados));
  });

  it('deixa com o zod as uniões de objetos, que só o zod escolhe como o zod', () => {
    const uniao = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(esquemaDeSaida(uniao)).toBeNull();
    const dados = { b: 1, a: 'x' };
    expect(rapido(uniao)(dados)).toBe(porZod(uniao)(dados));
  });

  it('conferindo (testes e desenvolvimento), recusa o que não cumpre o schema', () => {
    const schema = z.object({ id: z.number().int(), nome: z.string() });
    expect(conferido(schema)({ id: 1, nome: 'a' })).toBe('{"id":1,"nome":"a"}');
    expect(() => conferido(schema)({ id: 1, nome: 5 })).toThrow();
    expect(() => conferido(schema)({ id: 1.5, nome: 'a' })).toThrow();
  });
});
