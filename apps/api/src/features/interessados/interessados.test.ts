import {
  type Entidade,
  LIMITE_ENTIDADES,
  LIMITE_ENTIDADES_PUBLICO,
  MENSAGENS,
  tiposInteressado,
} from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { usarInteressados } from '../../testing/cenarios/interessados.ts';
import { esperarErro } from '../../testing/respostas.ts';

const a = usarInteressados();
const { buscar, nomes } = a;

describe('GET /api/interessados', () => {
  it('lista os 8 tipos de interessado com código de letra e rótulo', async () => {
    const resposta = await buscar(`/api/interessados?idTipoDocumento=${a.idTipoDocumento}`);
    expect(resposta.statusCode).toBe(200);
    // The list itself, letter by letter, is pinned by the shared package's test of tiposInteressado.
    expect(resposta.json()).toEqual(tiposInteressado());
    expect(resposta.json()).toHaveLength(8);
    expect((await buscar('/api/interessados')).json()).toHaveLength(8);
  });

  it('responde 404 para um tipo de documento que não existe', async () => {
    const resposta = await buscar('/api/interessados?idTipoDocumento=987654');
    esperarErro(resposta, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.tipoDocumentoNaoEncontrado);
  });
});

describe('GET /api/interessados/{tipo}', () => {
  it('aceita o tipo pela letra ou pelo nome, sem diferenciar maiúsculas, e ordena pelo nome (pt-BR)', async () => {
    const esperado = ['Álvaro Araújo', 'Bruna Araujo Siqueira'];
    for (const tipo of ['A', 'a', 'ALUNO', 'aluno']) {
      expect(await nomes(`/api/interessados/${tipo}?nome=araujo`)).toEqual(esperado);
    }
  });

  it('lista sem dados pessoais: id, tipo, nome, código e situação', async () => {
    const [primeiro] = (await buscar('/api/interessados/A?nome=alvaro', a.cookieAna)).json<Entidade[]>();
    expect(primeiro).toEqual({
      id: a.ids['Álvaro Araújo'],
      tipo: 'A',
      nome: 'Álvaro Araújo',
      codigo: '2022011872',
      ativo: true,
    });
  });

  it("recusa um tipo desconhecido: 'Não é possível buscar um interessado sem definir seu tipo'", async () => {
    for (const tipo of ['X', 'COMISSAO', '%20']) {
      const resposta = await buscar(`/api/interessados/${tipo}?nome=ana`);
      esperarErro(resposta, 400, 'REQUISICAO_INVALIDA', 'Não é possível buscar um interessado sem definir seu tipo', [
        { campo: 'tipo', mensagem: MENSAGENS.busca.interessadoSemTipo },
      ]);
    }
  });

  it('acha por parte do nome, sem diferenciar acentos e maiúsculas', async () => {
    expect(await nomes('/api/interessados/A?nome=ARAUJO')).toEqual(['Álvaro Araújo', 'Bruna Araujo Siqueira']);
    expect(await nomes('/api/interessados/A?nome=álv')).toEqual(['Álvaro Araújo']);
    expect(await nomes('/api/interessados/A?nome=zzz')).toEqual([]);
  });

  it('toma % e _ digitados ao pé da letra', async () => {
    expect(await nomes('/api/interessados/A?nome=0%25%20isenta')).toEqual(['Taxa 100% Isenta_Silva']);
    expect(await nomes('/api/interessados/A?nome=a_silva')).toEqual(['Taxa 100% Isenta_Silva']);
    expect(await nomes('/api/interessados/A?nome=%25%25%25')).toEqual([]);
    expect(await nomes('/api/interessados/A?nome=___')).toEqual([]);
  });

  it('somenteAtivos deixa de fora os inativos', async () => {
    expect(await nomes('/api/interessados/A?nome=araujo&somenteAtivos=true')).toEqual(['Álvaro Araújo']);
  });

  it('acha pelo código exato ou pelo id', async () => {
    expect(await nomes('/api/interessados/A?codigo=2021003456')).toEqual(['carlos Eduardo Lima']);
    expect(await nomes('/api/interessados/A?codigo=202100345')).toEqual([]);
    expect(await nomes(`/api/interessados/A?id=${a.ids['Bruna Araujo Siqueira']}`)).toEqual(['Bruna Araujo Siqueira']);
    // The id of another kind of party is not found under this kind.
    expect(await nomes(`/api/interessados/F?id=${a.ids['Bruna Araujo Siqueira']}`)).toEqual([]);
  });

  it('acha pelo CPF ou CNPJ só quem entrou no sistema', async () => {
    expect(await nomes('/api/interessados/A?codigo=111.444.777-35', a.cookieAna)).toEqual(['carlos Eduardo Lima']);
    expect(await nomes('/api/interessados/A?codigo=111.444.777-35')).toEqual([]);
    expect(await nomes('/api/interessados/F?codigo=11.222.333/0001-81', a.cookieAna)).toEqual([
      'Papelaria Central Ltda.',
    ]);
    expect(await nomes('/api/interessados/F?codigo=11222333000181')).toEqual([]);
  });

  it(`lista no máximo ${LIMITE_ENTIDADES} a quem entrou e ${LIMITE_ENTIDADES_PUBLICO} ao público`, async () => {
    await a.t.banco.db
      .insertInto('interessado')
      .values(
        Array.from({ length: LIMITE_ENTIDADES + 10 }, (_, i) => ({
          tipo: 'C' as const,
          nome: `Contribuinte ${String(i).padStart(3, '0')}`,
          codigo: null,
          cpf: null,
          cnpj: null,
          email: null,
          idPessoa: null,
          idUnidade: null,
        })),
      )
      .execute();
    const lista = await nomes('/api/interessados/CONTRIBUINTE?nome=contribuinte', a.cookieAna);
    expect(lista).toHaveLength(LIMITE_ENTIDADES);
    expect(lista[0]).toBe('Contribuinte 000');
    const publica = await nomes('/api/interessados/CONTRIBUINTE?nome=contribuinte');
    expect(publica).toEqual(lista.slice(0, LIMITE_ENTIDADES_PUBLICO));
  });

  it('exige ao menos 3 caracteres do nome (sem contar espaços), ou o código, ou o id', async () => {
    for (const consulta of ['', '?nome=al', '?nome=a%20b', '?nome=%20%20%20%20', '?somenteAtivos=true']) {
      for (const cookie of [undefined, a.cookieAna]) {
        const resposta = await buscar(`/api/interessados/A${consulta}`, cookie);
        expect(resposta.statusCode, consulta).toBe(400);
        expect(resposta.json()).toEqual({
          codigo: 'REQUISICAO_INVALIDA',
          mensagem: MENSAGENS.busca.nomeInteressadoCurto,
          erros: [{ campo: 'nome', mensagem: MENSAGENS.busca.nomeInteressadoCurto }],
        });
      }
    }
    expect(await nomes('/api/interessados/A?nome=a%20b%20c')).toEqual([]);
    expect(await nomes('/api/interessados/A?codigo=2021003456')).toEqual(['carlos Eduardo Lima']);
  });

  it('recusa parâmetros inválidos (400)', async () => {
    const resposta = await buscar('/api/interessados/A?id=abc');
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().erros[0]).toMatchObject({ campo: 'querystring.id' });
    expect((await buscar('/api/interessados/A?somenteAtivos=1')).statusCode).toBe(400);
  });
});

describe('GET /api/interessados/{id}/{tipo}/email', () => {
  it('exige login (401)', async () => {
    const resposta = await buscar(`/api/interessados/${a.ids['Álvaro Araújo']}/A/email`);
    esperarErro(resposta, 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
  });

  it('devolve o e-mail do interessado, ou o da sua pessoa', async () => {
    const aluno = await buscar(`/api/interessados/${a.ids['Álvaro Araújo']}/ALUNO/email`, a.cookieAna);
    expect(aluno.statusCode).toBe(200);
    expect(aluno.json()).toEqual({ email: 'alvaro@aluno.example' });
    const servidor = await buscar(`/api/interessados/${a.ids['Marcelo Tavares']}/s/email`, a.cookieAna);
    expect(servidor.json()).toEqual({ email: 'marcelo.tavares@ufex.edu.br' });
  });

  it('responde 404 para um interessado que não existe ou sem e-mail, e 400 para um tipo desconhecido', async () => {
    const inexistente = await buscar('/api/interessados/999999/A/email', a.cookieAna);
    esperarErro(inexistente, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.interessadoNaoEncontrado);
    const outroTipo = await buscar(`/api/interessados/${a.ids['Álvaro Araújo']}/Q/email`, a.cookieAna);
    expect(outroTipo.statusCode).toBe(404);
    const semEmail = await buscar(`/api/interessados/${a.ids['Sem E-mail da Silva']}/Q/email`, a.cookieAna);
    esperarErro(semEmail, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.interessadoSemEmail);
    const tipo = await buscar(`/api/interessados/${a.ids['Álvaro Araújo']}/Z/email`, a.cookieAna);
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().mensagem).toBe(MENSAGENS.busca.interessadoSemTipo);
  });
});
