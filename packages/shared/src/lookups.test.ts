import { describe, expect, it } from 'vitest';
import {
  alterarTipoDocumentoSchema,
  compararDescricao,
  consultaEntidadesSchema,
  consultaTiposDocumentoSchema,
  consultaUsuariosLotadosSchema,
  lerTipoInteressado,
  lerTipoResponsavel,
  mascararCpf,
  SERVIDOR_TODOS,
  salvarItemGlossarioSchema,
  tiposInteressado,
  tiposResponsavelTramitacao,
} from './lookups.ts';
import { MENSAGENS } from './mensagens.ts';

describe('ordenação por descrição', () => {
  it('ignora maiúsculas e acentos: ata fica entre Ajuda e Boletim', () => {
    const tipos = ['Boletim', 'ata', 'Ajuda', 'Éfeméride', 'edital', 'Zebra'].map((descricao) => ({ descricao }));
    expect(tipos.sort(compararDescricao).map((t) => t.descricao)).toEqual([
      'Ajuda',
      'ata',
      'Boletim',
      'edital',
      'Éfeméride',
      'Zebra',
    ]);
  });
});

describe('parâmetros de consulta', () => {
  it('lê as opções de GET tipos-documentos como true/false, ausente é false', () => {
    expect(consultaTiposDocumentoSchema.parse({})).toEqual({
      paraInclusaoEmVocabularioControlado: false,
      todosTipos: false,
      incluirInativos: false,
      paraPecas: false,
    });
    expect(consultaTiposDocumentoSchema.parse({ todosTipos: 'true', incluirInativos: 'false' })).toMatchObject({
      todosTipos: true,
      incluirInativos: false,
    });
    expect(consultaTiposDocumentoSchema.safeParse({ todosTipos: 'sim' }).success).toBe(false);
  });

  it('lê nome, código, id e somenteAtivos da busca de interessados', () => {
    expect(consultaEntidadesSchema.parse({ nome: '  Ana ', id: '12', somenteAtivos: 'true' })).toEqual({
      nome: 'Ana',
      id: 12,
      somenteAtivos: true,
    });
    expect(consultaEntidadesSchema.safeParse({ id: 'abc' }).success).toBe(false);
  });

  it('aceita as unidades separadas por vírgula ou repetidas e exige ao menos uma', () => {
    expect(consultaUsuariosLotadosSchema.parse({ idsUnidades: '1, 2,3' }).idsUnidades).toEqual([1, 2, 3]);
    expect(consultaUsuariosLotadosSchema.parse({ idsUnidades: ['4', '5,6'] }).idsUnidades).toEqual([4, 5, 6]);
    const vazio = consultaUsuariosLotadosSchema.safeParse({});
    expect(vazio.success).toBe(false);
    expect(vazio.error?.issues[0]?.message).toBe(MENSAGENS.lookups.unidadesProcedenciaObrigatorias);
    expect(consultaUsuariosLotadosSchema.safeParse({ idsUnidades: '1,x' }).success).toBe(false);
  });
});

describe('tipos de interessado e de responsável', () => {
  it('lista os 8 tipos de interessado com código de letra e rótulo', () => {
    expect(tiposInteressado()).toEqual([
      { nome: 'ALUNO', codigo: 'A', descricao: 'Aluno' },
      { nome: 'FORNECEDOR', codigo: 'F', descricao: 'Fornecedor' },
      { nome: 'CURSO', codigo: 'K', descricao: 'Curso' },
      { nome: 'ENTIDADE_EXTERNA', codigo: 'O', descricao: 'Entidade externa' },
      { nome: 'SERVIDOR', codigo: 'S', descricao: 'Servidor' },
      { nome: 'UNIDADE', codigo: 'U', descricao: 'Unidade' },
      { nome: 'CONTRIBUINTE', codigo: 'C', descricao: 'Contribuinte' },
      { nome: 'REQUERENTE_EXTERNO', codigo: 'Q', descricao: 'Requerente externo' },
    ]);
  });

  it('lista os responsáveis pela tramitação: Pessoa específica, Unidade e Comissão', () => {
    expect(tiposResponsavelTramitacao()).toEqual([
      { nome: 'SERVIDOR', codigo: 'S', descricao: 'Pessoa específica' },
      { nome: 'UNIDADE', codigo: 'U', descricao: 'Unidade' },
      { nome: 'COMISSAO', codigo: 'C', descricao: 'Comissão' },
    ]);
  });

  it('reconhece o tipo pela letra ou pelo nome, sem diferenciar maiúsculas', () => {
    expect(lerTipoInteressado('a')).toBe('ALUNO');
    expect(lerTipoInteressado('ENTIDADE_EXTERNA')).toBe('ENTIDADE_EXTERNA');
    expect(lerTipoInteressado(' requerente_externo ')).toBe('REQUERENTE_EXTERNO');
    expect(lerTipoInteressado('X')).toBeNull();
    expect(lerTipoInteressado('')).toBeNull();
    expect(lerTipoInteressado(undefined)).toBeNull();
    expect(lerTipoResponsavel('s')).toBe('SERVIDOR');
    expect(lerTipoResponsavel('Comissao')).toBe('COMISSAO');
    expect(lerTipoResponsavel('ALUNO')).toBeNull();
  });
});

describe('servidores das unidades de procedência', () => {
  it('mascara o CPF sem nenhum dígito: nada que estreite uma busca pelo CPF exato', () => {
    expect(mascararCpf('12345678901')).toBe('***.***.***-**');
    expect(mascararCpf('123.456.789-01')).toBe('***.***.***-**');
    expect(mascararCpf(null)).toBeNull();
    expect(mascararCpf('123')).toBeNull();
  });

  it('tem a entrada sintética TODOS com id -1', () => {
    expect(SERVIDOR_TODOS).toMatchObject({ id: -1, nome: 'TODOS' });
  });
});

describe('corpos de alteração', () => {
  it('aceita qualquer subconjunto das propriedades do tipo documental', () => {
    expect(alterarTipoDocumentoSchema.parse({ ativo: false })).toEqual({ ativo: false });
    expect(alterarTipoDocumentoSchema.parse({ urlDocumentacao: null, descricao: ' Ata ' })).toEqual({
      urlDocumentacao: null,
      descricao: 'Ata',
    });
    expect(alterarTipoDocumentoSchema.safeParse({ descricao: '   ' }).success).toBe(false);
    expect(alterarTipoDocumentoSchema.safeParse({ urlDocumentacao: 'não é endereço' }).success).toBe(false);
    const perigosa = alterarTipoDocumentoSchema.safeParse({ urlDocumentacao: 'javascript:alert(1)' });
    expect(perigosa.error?.issues[0]?.message).toBe('Informe um endereço válido, começando com http:// ou https://');
    expect(alterarTipoDocumentoSchema.safeParse({ urlDocumentacao: 'http://intranet.ufex.edu.br/a' }).success).toBe(
      true,
    );
  });

  it('exige a descrição do item do vocabulário', () => {
    const vazio = salvarItemGlossarioSchema.safeParse({ idTipoDocumento: 1, idAssunto: 2, descricao: ' ' });
    expect(vazio.error?.issues[0]?.message).toBe('Informe a descrição');
    const semAssunto = salvarItemGlossarioSchema.safeParse({ idTipoDocumento: 1, idAssunto: '', descricao: 'x' });
    expect(semAssunto.error?.issues.map((issue) => issue.message)).toEqual(['Escolha o assunto']);
    const semTipo = salvarItemGlossarioSchema.safeParse({ idAssunto: 2, descricao: 'x' });
    expect(semTipo.error?.issues.map((issue) => issue.message)).toEqual(['Escolha o tipo de documento']);
    expect(salvarItemGlossarioSchema.parse({ idTipoDocumento: '1', idAssunto: '2', descricao: 'Férias' })).toEqual({
      idTipoDocumento: 1,
      idAssunto: 2,
      descricao: 'Férias',
      detalhamento: null,
    });
  });
});
