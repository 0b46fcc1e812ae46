import { isDeepStrictEqual } from 'node:util';
import { type CompiledQuery, createQueryId } from 'kysely';

// Statements compiled once per form and reused (issue 21). Building and compiling a search with Kysely cost the API
// ~0.8 ms per request, as much as a third of what a rare-word search takes in PostgreSQL. The text of such a
// statement depends only on the search's form (which criteria, which reader, which order); its values go in the
// parameters. So a form's statement is compiled once, from a copy of the criteria whose values are markers, and each
// request puts its own values where the markers are.

/** Where a value of the criteria goes in a statement: read from each request's criteria. */
export class Marcador<C = never> {
  constructor(readonly ler: (criterios: C) => unknown) {}
}

/**
 * `f` of the values, or, when one of them is a marker, a marker of `f` of what they hold in each request: a value the
 * statement computes from the criteria (the next page's offset, the limit plus one).
 */
export function derivar<const T extends readonly unknown[], R>(valores: T, f: (...valores: T) => R): R {
  if (!valores.some((valor) => valor instanceof Marcador)) return f(...valores);
  const ler = (criterios: unknown, valor: unknown) =>
    valor instanceof Marcador ? valor.ler(criterios as never) : valor;
  return new Marcador((criterios) => f(...(valores.map((valor) => ler(criterios, valor)) as unknown as T))) as R;
}

interface Molde {
  compilada: CompiledQuery;
}

export interface OpcoesMoldes<C> {
  /** Paths ('a.b') of the strings and numbers the statement's text depends on: kept as they are, part of the form. */
  decisoes: readonly string[];
  /** Paths whose presence makes a statement that is compiled every time (its value shapes the text in ways not kept). */
  semMolde: readonly string[];
  /** At most this many forms are kept (the oldest dropped first). */
  maximo: number;
  compilar: (criterios: C) => CompiledQuery;
}

/**
 * The statements of one query, by form. A form's statement is checked once, when it is made: with the criteria that
 * made it put back in, it must be exactly the statement compiled from them (text and parameters), else that form is
 * always compiled afresh. Booleans, null and absent values, and the length of lists are part of the form.
 */
export class MoldesDeConsulta<C extends object> {
  readonly #moldes = new Map<string, Molde | null>();
  readonly #decisoes: ReadonlySet<string>;
  readonly #semMolde: ReadonlySet<string>;

  constructor(private readonly opcoes: OpcoesMoldes<C>) {
    this.#decisoes = new Set(opcoes.decisoes);
    this.#semMolde = new Set(opcoes.semMolde);
  }

  compilar(criterios: C): CompiledQuery {
    const marcacao = this.#marcar(criterios, [], []);
    if (marcacao === null) return this.opcoes.compilar(criterios);
    let molde = this.#moldes.get(marcacao.forma);
    if (molde === undefined) {
      molde = this.#criarMolde(criterios, marcacao.marcado as C);
      if (this.#moldes.size >= this.opcoes.maximo) this.#moldes.delete(this.#moldes.keys().next().value as string);
      this.#moldes.set(marcacao.forma, molde);
    }
    return molde === null ? this.opcoes.compilar(criterios) : preencher(molde.compilada, criterios);
  }

  /** How many forms have a statement kept (tests). */
  get tamanho(): number {
    return [...this.#moldes.values()].filter(Boolean).length;
  }

  #criarMolde(criterios: C, marcados: C): Molde | null {
    let compilada: CompiledQuery;
    try {
      compilada = this.opcoes.compilar(marcados);
    } catch {
      return null; // the statement computes something from a value that is not derived with `derivar`
    }
    const esperada = this.opcoes.compilar(criterios);
    const preenchida = preencher(compilada, criterios);
    const igual =
      preenchida.sql === esperada.sql && isDeepStrictEqual([...preenchida.parameters], [...esperada.parameters]);
    return igual ? { compilada } : null;
  }

  /** The criteria with markers for values, and the form: null when a path of `semMolde` is present. */
  #marcar(valor: unknown, caminho: string[], chaves: (string | number)[]): { marcado: unknown; forma: string } | null {
    const nome = caminho.join('.');
    if (valor === undefined) return { marcado: undefined, forma: 'u' };
    if (this.#semMolde.has(nome)) return null;
    if (valor === null) return { marcado: null, forma: 'n' };
    if (typeof valor === 'boolean' || this.#decisoes.has(nome)) return { marcado: valor, forma: JSON.stringify(valor) };
    if (typeof valor === 'string' || typeof valor === 'number') {
      const onde = [...chaves];
      return { marcado: new Marcador((c) => lerCaminho(c, onde)), forma: typeof valor };
    }
    if (Array.isArray(valor)) {
      const itens = valor.map((item, i) => this.#marcar(item, [...caminho, '[]'], [...chaves, i]));
      if (itens.some((item) => item === null)) return null;
      const marcados = itens as { marcado: unknown; forma: string }[];
      return { marcado: marcados.map((i) => i.marcado), forma: `[${marcados.map((i) => i.forma).join(',')}]` };
    }
    if (typeof valor === 'object' && Object.getPrototypeOf(valor) === Object.prototype) {
      const marcado: Record<string, unknown> = {};
      const formas: string[] = [];
      for (const chave of Object.keys(valor).sort()) {
        const item = this.#marcar((valor as Record<string, unknown>)[chave], [...caminho, chave], [...chaves, chave]);
        if (item === null) return null;
        marcado[chave] = item.marcado;
        formas.push(`${JSON.stringify(chave)}:${item.forma}`);
      }
      return { marcado, forma: `{${formas.join(',')}}` };
    }
    // Anything else (a date, a class instance) is not a value this knows how to put back: compiled every time.
    return null;
  }
}

function lerCaminho(criterios: unknown, chaves: readonly (string | number)[]): unknown {
  let valor: unknown = criterios;
  for (const chave of chaves) valor = (valor as Record<string | number, unknown>)[chave];
  return valor;
}

function preencher(compilada: CompiledQuery, criterios: unknown): CompiledQuery {
  return {
    query: compilada.query,
    queryId: createQueryId(),
    sql: compilada.sql,
    parameters: compilada.parameters.map((p) => (p instanceof Marcador ? p.ler(criterios as never) : p)),
  };
}
