import { describe, expect, it } from 'vitest';
import { type ConteudoResumo, montarEmailResumo, temConteudo } from './email-resumo.ts';
import type { ItemResumo } from './queries.ts';

const item = (n: number, total: number): ItemResumo => ({
  idDocumento: n,
  numero: `23000.${String(n).padStart(6, '0')}/2026-00`,
  tipo: 'Ofício <urgente> & "especial"',
  siglaUnidade: 'PROGE',
  siglaOutra: null,
  data: '2026-11-20',
  total,
});

const vazio: ConteudoResumo = {
  nome: 'Ana',
  dia: '2026-11-25',
  siglasUnidades: ['PROGE'],
  chegadasDesde: new Date('2026-11-24T11:00:00Z'),
  chegadas: [],
  venceHoje: [],
  vencidos: [],
  retornos: [],
};

describe('e-mail do resumo diário', () => {
  it('sem nenhuma seção com linhas não há o que dizer', () => {
    expect(temConteudo(vazio)).toBe(false);
    expect(temConteudo({ ...vazio, retornos: [item(1, 1)] })).toBe(true);
  });

  it('lista no máximo 50 por seção e diz quantos faltam ("e mais N")', () => {
    const vencidos = Array.from({ length: 50 }, (_, i) => item(i + 1, 53));
    const email = montarEmailResumo({ ...vazio, vencidos }, 'ana@ufex.edu.br', 'https://tramite.ufex.edu.br/');
    expect(email.assunto).toBe('Resumo diário do Trâmite — 25/11/2026');
    expect(email.texto).toContain('Prazos vencidos (53):');
    expect(email.texto.match(/https:\/\/tramite\.ufex\.edu\.br\/documentos\/\d+/g)).toHaveLength(50);
    expect(email.texto).toContain('... e mais 3.');
    expect(email.texto).toContain('para a unidade PROGE.');
    expect(email.texto).not.toContain('Prazos que vencem hoje');
    expect(email.html).toContain('… e mais 3.');
  });

  it('o HTML escapa o texto dos documentos', () => {
    const email = montarEmailResumo({ ...vazio, venceHoje: [item(7, 1)] }, 'ana@ufex.edu.br', 'https://x');
    expect(email.html).toContain('Ofício &lt;urgente&gt; &amp; &quot;especial&quot;');
    expect(email.html).not.toContain('<urgente>');
    expect(email.html).toContain('<a href="https://x/documentos/7">');
  });
});
