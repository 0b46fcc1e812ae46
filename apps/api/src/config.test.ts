import { describe, expect, it } from 'vitest';
import { ErroConfiguracao, lerConfig } from './config.ts';

describe('lerConfig', () => {
  it('usa o PGlite em DATA_DIR com dados de demonstração por padrão', () => {
    const config = lerConfig({ DATA_DIR: '/tmp/tramite-x' });
    expect(config.porta).toBe(3000);
    expect(config.banco).toEqual({ tipo: 'pglite', dataDir: '/tmp/tramite-x/pglite' });
    expect(config.demo).toBe(true);
    expect(config.arquivosDir).toBe('/tmp/tramite-x/arquivos');
    expect(config.email.pastaSaida).toBe('/tmp/tramite-x/outbox');
    expect(config.nupFormato).toBe('nup17');
  });

  it('usa o servidor PostgreSQL de DATABASE_URL sem dados de demonstração, salvo DEMO=1', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/tramite';
    expect(lerConfig({ DATABASE_URL: url }).banco).toEqual({ tipo: 'postgres', url });
    expect(lerConfig({ DATABASE_URL: url }).demo).toBe(false);
    expect(lerConfig({ DATABASE_URL: url, DEMO: '1' }).demo).toBe(true);
    expect(lerConfig({ DATABASE_URL: '' }).banco.tipo).toBe('pglite');
  });

  it('lê de TRUST_PROXY os proxies em que confia, e nenhum por padrão', () => {
    expect(lerConfig({}).proxiesConfiaveis).toEqual([]);
    expect(lerConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback,::1,fd00::/8' }).proxiesConfiaveis).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const invalido of ['true', '10.0.0.0/33', 'nginx.interno', '10.0.0.1/8/2', '*']) {
      expect(() => lerConfig({ TRUST_PROXY: invalido }), invalido).toThrow(/TRUST_PROXY/);
    }
  });

  it('recusa configurações inválidas com uma mensagem clara', () => {
    expect(() => lerConfig({ PORT: 'abc' })).toThrow(ErroConfiguracao);
    expect(() => lerConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => lerConfig({ NUP_FORMATO: 'nup21' })).toThrow(/NUP_FORMATO/);
  });

  it('lê a réplica de leitura de DATABASE_URL_LEITURA, só junto com DATABASE_URL', () => {
    const url = 'postgres://tramite@primario:5432/tramite';
    const leitura = 'postgres://tramite_leitura@replica:5432/tramite';
    expect(lerConfig({ DATABASE_URL: url }).bancoLeitura).toBeNull();
    expect(lerConfig({ DATABASE_URL: url, DATABASE_URL_LEITURA: '' }).bancoLeitura).toBeNull();
    const config = lerConfig({ DATABASE_URL: url, DATABASE_URL_LEITURA: leitura });
    expect(config.banco).toEqual({ tipo: 'postgres', url });
    expect(config.bancoLeitura).toEqual({ tipo: 'postgres', url: leitura });
    expect(() => lerConfig({ DATABASE_URL_LEITURA: leitura })).toThrow(ErroConfiguracao);
    expect(() => lerConfig({ DATABASE_URL: '', DATABASE_URL_LEITURA: leitura })).toThrow(
      'Configuração inválida: DATABASE_URL_LEITURA (réplica de leitura) só vale junto com DATABASE_URL; o banco embutido (PGlite) não tem réplica',
    );
    expect(() => lerConfig({ DATABASE_URL: url, DATABASE_URL_LEITURA: 'mysql://replica/x' })).toThrow(
      /DATABASE_URL_LEITURA/,
    );
    expect(lerConfig({}).bancoLeitura).toBeNull();
  });

  it('marca o cookie como seguro quando o endereço público é https', () => {
    expect(lerConfig({ PUBLIC_URL: 'https://protocolo.ufex.edu.br' }).sessao.cookieSeguro).toBe(true);
    expect(lerConfig({}).sessao.cookieSeguro).toBe(false);
  });
});
