import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';

type MapeadorLinha = (linha: Record<string, unknown>, valor: (v: unknown) => unknown) => Record<string, unknown>;

/** Column sets seen are few (one per query shape); the bound only guards against a runaway of dynamic aliases. */
const MAXIMO_MAPEADORES = 2000;

const ehObjetoSimples = (valor: unknown): valor is Record<string, unknown> => {
  if (typeof valor !== 'object' || valor === null || Array.isArray(valor)) return false;
  const prototipo = Object.getPrototypeOf(valor);
  return prototipo === Object.prototype || prototipo === null;
};

/**
 * Kysely's CamelCasePlugin with the same result, found faster: the plugin maps every key of every row through a
 * reduce and tests every value with Object.prototype.toString. Here each set of columns gets, once, a function that
 * builds the row as an object literal with the camelCase names (V8 gives those a fixed shape), and a value is
 * descended into only when it is an object (json columns). On the 200-row movement history this mapping was the
 * API's largest own cost (bench, issue 11).
 */
export class CamelCaseRapido extends CamelCasePlugin {
  readonly #mapeadores = new Map<string, MapeadorLinha>();
  readonly #mapearValor = (valor: unknown): unknown => {
    if (typeof valor !== 'object' || valor === null) return valor;
    if (Array.isArray(valor)) return valor.map((item) => (ehObjetoSimples(item) ? this.mapRow(item) : item));
    return ehObjetoSimples(valor) ? this.mapRow(valor) : valor;
  };

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    if (!Array.isArray(rows) || rows.length === 0) return args.result;
    const colunas = Object.keys(rows[0] as object);
    const mapear = this.#mapeadorDe(colunas);
    const mapeadas = new Array<UnknownRow>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const linha = rows[i] as Record<string, unknown>;
      // Every row of a pg result has the first row's columns; anything else takes the plugin's own path.
      mapeadas[i] = mesmasColunas(linha, colunas) ? mapear(linha, this.#mapearValor) : this.mapRow(linha);
    }
    return { ...args.result, rows: mapeadas };
  }

  #mapeadorDe(colunas: string[]): MapeadorLinha {
    const chave = colunas.join('\0');
    let mapear = this.#mapeadores.get(chave);
    if (!mapear) {
      const campos = colunas.map(
        (coluna) => `${JSON.stringify(this.camelCase(coluna))}: valor(linha[${JSON.stringify(coluna)}])`,
      );
      mapear = new Function('linha', 'valor', `return { ${campos.join(', ')} };`) as MapeadorLinha;
      if (this.#mapeadores.size >= MAXIMO_MAPEADORES) this.#mapeadores.clear();
      this.#mapeadores.set(chave, mapear);
    }
    return mapear;
  }
}

function mesmasColunas(linha: Record<string, unknown>, colunas: string[]): boolean {
  let quantidade = 0;
  for (const coluna in linha) {
    if (colunas[quantidade] !== coluna) return false;
    quantidade++;
  }
  return quantidade === colunas.length;
}
