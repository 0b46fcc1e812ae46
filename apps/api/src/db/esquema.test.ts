import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BancoTeste, criarBancoTeste } from '../testing/banco-teste.ts';

// schema.ts is typed by hand, apart from the migrations, and TypeScript types are gone at run time: its interface
// declarations are read as text and reduced to what the database can confirm (column, nullability, a coarse class).
// A migration that adds, drops, renames or retypes a column without schema.ts following fails here.

type Classe = 'number' | 'string' | 'boolean' | 'Date' | 'json' | 'array';

/** Types schema.ts imports from elsewhere, as the class they take in the database. */
const TIPOS_IMPORTADOS = new Map<string, Classe>([['CodigoTipoInteressado', 'string']]);

const CLASSE_DO_BANCO: Record<string, Classe> = {
  smallint: 'number',
  integer: 'number',
  // int8 is parsed as a number (connection.ts).
  bigint: 'number',
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  // date is kept as 'YYYY-MM-DD' text (connection.ts).
  date: 'string',
  tsvector: 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  jsonb: 'json',
  json: 'json',
  ARRAY: 'array',
};

/** Splits `texto` at `separador` where it is not inside <...>. */
function separarNoTopo(texto: string, separador: string): string[] {
  const partes: string[] = [];
  let profundidade = 0;
  let inicio = 0;
  for (let i = 0; i < texto.length; i++) {
    if (texto[i] === '<') profundidade++;
    else if (texto[i] === '>') profundidade--;
    else if (texto[i] === separador && profundidade === 0) {
      partes.push(texto.slice(inicio, i).trim());
      inicio = i + 1;
    }
  }
  partes.push(texto.slice(inicio).trim());
  return partes;
}

const semComentarios = (texto: string) => texto.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

interface Coluna {
  classe: Classe;
  anulavel: boolean;
}

/** `tabela.coluna` (camelCase, as Kysely sees them) → 'classe' or 'classe | null', from the text of schema.ts. */
function descreverSchema(texto: string): Record<string, string> {
  const fonte = semComentarios(texto);
  const interfaces = new Map<string, Map<string, string>>();
  for (const [, nome = '', corpo = ''] of fonte.matchAll(/export interface (\w+) \{([^}]*)\}/g)) {
    const campos = new Map<string, string>();
    for (const declaracao of corpo.split(';')) {
      if (!declaracao.trim()) continue;
      const [, campo, tipo] = /^\s*(\w+)\??:\s*([\s\S]+)$/.exec(declaracao) ?? [];
      if (!campo || !tipo) throw new Error(`Declaração não reconhecida em ${nome}: ${declaracao.trim()}`);
      campos.set(campo, tipo.replace(/\s+/g, ' ').trim());
    }
    interfaces.set(nome, campos);
  }
  const apelidos = new Map<string, string>();
  for (const [, nome = '', definicao = ''] of fonte.matchAll(/^(?:export )?type (\w+) =\s*([^;]+);/gm)) {
    apelidos.set(nome, definicao.replace(/\s+/g, ' ').trim());
  }

  const classificar = (tipo: string): Coluna => {
    const [, , argumentos] = /^(Generated|Default|ColumnType)<([\s\S]*)>$/.exec(tipo) ?? [];
    // A ColumnType's first argument is what a select returns.
    if (argumentos) return classificar(separarNoTopo(argumentos, ',')[0] ?? '');
    const classes = new Set<Classe>();
    let anulavel = false;
    for (const membro of separarNoTopo(tipo, '|')) {
      if (membro === 'null') anulavel = true;
      // A union written over several lines starts with '|'.
      else if (membro === '' || membro === 'undefined' || membro === 'never') continue;
      else if (membro.endsWith('[]')) classes.add('array');
      else if (membro === 'number' || membro === 'string' || membro === 'boolean') classes.add(membro);
      else if (membro === 'Date') classes.add('Date');
      else if (membro === 'unknown') classes.add('json');
      else if (/^'.*'$/.test(membro)) classes.add('string');
      else if (TIPOS_IMPORTADOS.has(membro)) classes.add(TIPOS_IMPORTADOS.get(membro) ?? 'string');
      else if (apelidos.has(membro) || /^(Generated|Default|ColumnType)</.test(membro)) {
        const interno = classificar(apelidos.get(membro) ?? membro);
        classes.add(interno.classe);
        anulavel ||= interno.anulavel;
      } else throw new Error(`Tipo não reconhecido em schema.ts: ${membro}`);
    }
    // `Date | string` is a timestamp that also accepts text on writes.
    if (classes.has('Date')) return { classe: 'Date', anulavel };
    const [classe, ...outras] = classes;
    if (!classe || outras.length > 0) throw new Error(`Tipo sem uma classe só em schema.ts: ${tipo}`);
    return { classe, anulavel };
  };

  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts sem a interface Database');
  const descricao: Record<string, string> = {};
  for (const [tabela, nomeInterface] of database) {
    const campos = interfaces.get(nomeInterface);
    if (!campos) throw new Error(`Interface ${nomeInterface} da tabela ${tabela} não encontrada`);
    for (const [coluna, tipo] of campos) {
      const { classe, anulavel } = classificar(tipo);
      descricao[`${tabela}.${coluna}`] = anulavel ? `${classe} | null` : classe;
    }
  }
  return descricao;
}

const camelCase = (nome: string) => nome.replace(/_([a-z0-9])/g, (_, letra: string) => letra.toUpperCase());

const textoSchema = ['./schema.ts', ...readdirSync(new URL('./schema/', import.meta.url)).map((f) => `./schema/${f}`)]
  .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
  .join('\n');

interface ColunaBanco {
  tabela: string;
  coluna: string;
  classe: string;
  anulavel: boolean;
  visao: boolean;
}

let banco: BancoTeste;
let colunasBanco: ColunaBanco[];

/**
 * What the migrated database says, in descreverSchema's shape. information_schema gives every column of a view as
 * nullable, so a view is compared by its names and classes only, and only when schema.ts declares it.
 */
function descreverBanco(doSchema: Record<string, string>): Record<string, string> {
  const declaradas = new Set(Object.keys(doSchema).map((chave) => chave.split('.')[0]));
  const descricao: Record<string, string> = {};
  for (const { tabela, coluna, classe, anulavel, visao } of colunasBanco) {
    const chave = `${tabela}.${coluna}`;
    if (visao && !declaradas.has(tabela)) continue;
    const nula = visao ? (doSchema[chave]?.endsWith(' | null') ?? false) : anulavel;
    descricao[chave] = nula ? `${classe} | null` : classe;
  }
  return descricao;
}

beforeAll(async () => {
  banco = await criarBancoTeste();
  // migracao and migracao_lock are the migrator's own tables (migrator.ts), outside Database.
  const { rows } = await sql<{
    tableName: string;
    columnName: string;
    isNullable: string;
    dataType: string;
    tableType: string;
  }>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.data_type, t.table_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.table_name NOT IN ('migracao', 'migracao_lock')`.execute(banco.db);
  colunasBanco = rows.map((linha) => ({
    tabela: camelCase(linha.tableName),
    coluna: camelCase(linha.columnName),
    classe: CLASSE_DO_BANCO[linha.dataType] ?? `desconhecida (${linha.dataType})`,
    anulavel: linha.isNullable === 'YES',
    visao: linha.tableType === 'VIEW',
  }));
});

afterAll(async () => {
  await banco?.fechar();
});

describe('db/schema.ts', () => {
  it('descreve cada tabela e coluna do banco migrado: nome, nulidade e classe do tipo', () => {
    const doSchema = descreverSchema(textoSchema);
    expect(doSchema).toEqual(descreverBanco(doSchema));
  });

  it('acusa uma coluna acrescentada, retirada ou renomeada por uma migração sem o schema.ts acompanhar', () => {
    const semColuna = textoSchema.replace(/^\s*oidcSub: string \| null;\n/m, '');
    const renomeada = textoSchema.replace('motivoUrgencia: string | null;', 'motivoDaUrgencia: string | null;');
    const anulavel = textoSchema.replace('numeroDigitos: string;', 'numeroDigitos: string | null;');
    for (const alterado of [semColuna, renomeada, anulavel]) {
      expect(alterado).not.toBe(textoSchema);
      const doSchema = descreverSchema(alterado);
      expect(doSchema).not.toEqual(descreverBanco(doSchema));
    }
    expect(descreverSchema(semColuna)).not.toHaveProperty('usuario.oidcSub');
  });
});
