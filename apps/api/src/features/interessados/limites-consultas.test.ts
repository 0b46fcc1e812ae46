import { MENSAGENS } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { usarInteressados } from '../../testing/cenarios/interessados.ts';
import { criarUsuario } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';
import { LIMITE_BUSCA_ANONIMA, LIMITE_BUSCA_USUARIO, LIMITE_CONSULTA_CPF, LIMITE_CONSULTA_EMAIL } from './service.ts';

const a = usarInteressados();
const { buscar, auditoria, nomes } = a;

describe('limites das consultas (issue 17)', () => {
  async function entrarComo(username: string) {
    await criarUsuario(a.t.banco.db, { username, lotacoes: [a.unidades.PROT as number] });
    return a.t.entrar(username);
  }

  it('o público busca nomes até o limite por endereço; depois 429 com Retry-After, auditado', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < LIMITE_BUSCA_ANONIMA.maximo; i++) {
      expect((await buscar('/api/interessados/A?nome=araujo', undefined, ip)).statusCode).toBe(200);
    }
    const recusada = await buscar('/api/interessados/A?nome=araujo', undefined, ip);
    esperarErro(recusada, 429, 'LIMITE_TAXA', MENSAGENS.lookups.muitasConsultas);
    expect(Number(recusada.headers['retry-after'])).toBeGreaterThan(0);
    // Looking up by code or id counts too: an id walk is a harvest as well.
    expect((await buscar(`/api/interessados/A?id=${a.ids['Álvaro Araújo']}`, undefined, ip)).statusCode).toBe(429);
    expect((await buscar('/api/interessados/A?nome=araujo', undefined, '203.0.113.8')).statusCode).toBe(200);
    const registros = await auditoria('LIMITE_CONSULTA_EXCEDIDO');
    expect(registros.filter((r) => r.ip === ip)).toHaveLength(2);
    expect(registros.find((r) => r.ip === ip)).toMatchObject({
      idUsuario: null,
      entidade: 'interessado',
      depois: { regra: LIMITE_BUSCA_ANONIMA.nome },
    });
  });

  it('quem entrou busca nomes até o limite por usuário, qualquer que seja o endereço', async () => {
    const cookie = await entrarComo('colecionador');
    for (let i = 0; i < LIMITE_BUSCA_USUARIO.maximo; i++) {
      const ip = `198.51.100.${i % 200}`;
      expect((await buscar('/api/interessados/A?nome=araujo', cookie, ip)).statusCode).toBe(200);
    }
    const recusada = await buscar('/api/interessados/A?nome=araujo', cookie, '198.51.100.250');
    expect(recusada.statusCode).toBe(429);
    expect(recusada.json().mensagem).toBe(MENSAGENS.lookups.muitasConsultas);
    // Another user behind the same address is not affected.
    expect((await buscar('/api/interessados/A?nome=araujo', a.cookieAna, '198.51.100.250')).statusCode).toBe(200);
    const [registro] = (await auditoria('LIMITE_CONSULTA_EXCEDIDO')).filter((r) => r.ip === '198.51.100.250');
    expect(registro).toMatchObject({ entidade: 'interessado', depois: { regra: LIMITE_BUSCA_USUARIO.nome } });
    expect(registro?.idUsuario).not.toBeNull();
  });

  it('consultas por CPF: só os 11 dígitos acham, e cada usuário tem um limite, auditado ao recusar', async () => {
    const cookie = await entrarComo('adivinho');
    const idAdivinho = (
      await a.t.banco.db.selectFrom('usuario').select('id').where('username', '=', 'adivinho').executeTakeFirstOrThrow()
    ).id;
    // A SIAPE number or an enrolment code is not a CPF: those look-ups do not count.
    for (let i = 0; i < LIMITE_CONSULTA_CPF.maximo + 5; i++) {
      expect(await nomes('/api/responsaveis-tramitacao/S?codigo=1234567', cookie)).toEqual(['João Carlos Almeida']);
    }
    // Part of a CPF never matches.
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=529982247', cookie)).toEqual([]);
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=982.247', cookie)).toEqual([]);
    // Wrong guesses, in both look-ups, use up the same allowance.
    for (let i = 0; i < LIMITE_CONSULTA_CPF.maximo - 1; i++) {
      const palpite = String(52998224000 + i).padStart(11, '0');
      const url = i % 2 ? `/api/responsaveis-tramitacao/S?codigo=${palpite}` : `/api/interessados/A?codigo=${palpite}`;
      expect(await nomes(url, cookie)).toEqual([]);
    }
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=529.982.247-25', cookie)).toEqual([
      'João Carlos Almeida',
    ]);
    const recusada = await buscar('/api/responsaveis-tramitacao/S?codigo=52998224725', cookie);
    esperarErro(recusada, 429, 'LIMITE_TAXA', MENSAGENS.lookups.muitasConsultasCpf);
    expect(Number(recusada.headers['retry-after'])).toBeGreaterThan(0);
    expect(recusada.body).not.toContain('João');
    const porCpf = await buscar('/api/interessados/A?codigo=111.444.777-35', cookie);
    expect(porCpf.statusCode).toBe(429);
    const registros = (await auditoria('LIMITE_CONSULTA_EXCEDIDO')).filter((r) => r.idUsuario === idAdivinho);
    expect(registros).toHaveLength(2);
    expect(registros[0]).toMatchObject({ depois: { regra: LIMITE_CONSULTA_CPF.nome } });
    // The guess itself is not written down: the audit says who tried, not which CPF.
    expect(JSON.stringify(registros)).not.toContain('52998224725');
    // Other users keep their own allowance.
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=52998224725', a.cookieAna)).toEqual([
      'João Carlos Almeida',
    ]);
  });

  it('cada consulta de e-mail é auditada (quem, qual interessado, endereço) e limitada por usuário', async () => {
    const cookie = await entrarComo('carteiro');
    const idCarteiro = (
      await a.t.banco.db.selectFrom('usuario').select('id').where('username', '=', 'carteiro').executeTakeFirstOrThrow()
    ).id;
    const idAlvaro = a.ids['Álvaro Araújo'] as number;
    const url = `/api/interessados/${idAlvaro}/A/email`;
    expect((await buscar(url, cookie, '192.0.2.10')).json()).toEqual({ email: 'alvaro@aluno.example' });
    const [registro] = (await auditoria('CONSULTAR_EMAIL_INTERESSADO')).filter((r) => r.idUsuario === idCarteiro);
    expect(registro).toMatchObject({ entidade: 'interessado', idEntidade: String(idAlvaro), ip: '192.0.2.10' });
    // A miss is a look-up too (walking the a.ids is what this limit is about).
    expect((await buscar('/api/interessados/999999/A/email', cookie)).statusCode).toBe(404);
    for (let i = 2; i < LIMITE_CONSULTA_EMAIL.maximo; i++) expect((await buscar(url, cookie)).statusCode).toBe(200);
    const recusada = await buscar(url, cookie);
    esperarErro(recusada, 429, 'LIMITE_TAXA', MENSAGENS.lookups.muitasConsultasEmail);
    expect(recusada.body).not.toContain('alvaro@');
    const consultas = (await auditoria('CONSULTAR_EMAIL_INTERESSADO')).filter((r) => r.idUsuario === idCarteiro);
    expect(consultas).toHaveLength(LIMITE_CONSULTA_EMAIL.maximo);
    const recusas = (await auditoria('LIMITE_CONSULTA_EXCEDIDO')).filter((r) => r.idUsuario === idCarteiro);
    expect(recusas).toEqual([
      expect.objectContaining({ entidade: 'interessado', depois: { regra: LIMITE_CONSULTA_EMAIL.nome } }),
    ]);
  });
});
