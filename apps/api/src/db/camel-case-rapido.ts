import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';

const ehObjetoSimples = (valor: unknown): valor is Record<string, unknown> => {
  if (typeof valor !== 'object' || valor === null || Array.isArray(valor)) return false;
  const prototipo = Object.getPrototypeOf(valor);
  return prototipo === Object.prototype || prototipo === null;
};

/**
 * Kysely's CamelCasePlugin with the same result, found faster: the plugin maps every key of every row through a
 * reduce and tests every value with Object.prototype.toString; here the keys of a result are mapped once (every row
 * of a result has the same columns) and a value is descended into only when it is a plain object or an array (json
 * columns). On the 200-row movement history this mapping was the API's largest own cost (bench, issue 11).
 */
export class CamelCaseRapido extends CamelCasePlugin {
  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    if (!Array.isArray(rows) || rows.length === 0) return args.result;
    const colunas = Object.keys(rows[0] as object);
    const nomes = colunas.map((coluna) => this.camelCase(coluna));
    const mapeadas = new Array<UnknownRow>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const linha = rows[i] as Record<string, unknown>;
      const saida: Record<string, unknown> = {};
      // A row with other columns than the first (never from pg, but possible from a driver) takes the slow path.
      if (Object.keys(linha).length !== colunas.length) {
        mapeadas[i] = this.mapRow(linha);
        continue;
      }
      for (let c = 0; c < colunas.length; c++) {
        const coluna = colunas[c] as string;
        if (!(coluna in linha)) {
          Object.assign(saida, this.mapRow(linha));
          break;
        }
        saida[nomes[c] as string] = this.mapearValor(linha[coluna]);
      }
      mapeadas[i] = saida;
    }
    return { ...args.result, rows: mapeadas };
  }

  private mapearValor(valor: unknown): unknown {
    if (typeof valor !== 'object' || valor === null) return valor;
    if (Array.isArray(valor)) return valor.map((item) => (ehObjetoSimples(item) ? this.mapRow(item) : item));
    return ehObjetoSimples(valor) ? this.mapRow(valor) : valor;
  }
}
