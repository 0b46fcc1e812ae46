import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as serializadorZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialisation. The zod type provider's serializer encodes every response with zod (a full parse of each
 * row) and then calls JSON.stringify: for a 200-row history that was ~5 ms of a ~30 ms request. Here each route's
 * zod response schema is turned once into JSON Schema by zod's own z.toJSONSchema (the OpenAPI document is built as
 * before, by the type provider) and compiled by fast-json-stringify, which writes only the declared properties, in the schema's order — the same bytes zod's
 * strip-and-stringify gives for data that matches the schema.
 *
 * Outside production (tests, development) every response is also encoded by zod and the two texts compared: zod
 * still rejects data that does not match its schema, and any difference between the two serialisers is an error
 * there instead of a silent change. A schema that cannot be converted or compiled keeps the zod serializer.
 */

type Serializar = (dados: unknown) => string;

/** Schema nodes fast-json-stringify does not serialise like zod's encode; a schema with one keeps zod. */
const PALAVRAS_NAO_SUPORTADAS = [
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'contains',
  '$ref',
];

/** JSON Schema of a zod schema for serialisation, or null when it holds something only zod serialises faithfully. */
export function esquemaDeSaida(schema: z.ZodType): Record<string, unknown> | null {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
  return ajustar(json) ? json : null;
}

/**
 * Walks the schema: drops `additionalProperties: false` (fast-json-stringify writes only declared properties anyway,
 * and without it an anyOf branch accepts an object with extra keys, which zod strips) and answers false on a node
 * it cannot serialise like zod.
 */
function ajustar(no: unknown): boolean {
  if (Array.isArray(no)) return no.every(ajustar);
  if (no === null || typeof no !== 'object') return true;
  const objeto = no as Record<string, unknown>;
  for (const palavra of PALAVRAS_NAO_SUPORTADAS) if (palavra in objeto) return false;
  if (objeto.additionalProperties === false) delete objeto.additionalProperties;
  else if (objeto.additionalProperties !== undefined) {
    // A record (z.record of string keys): every key written in the object's own order, as zod does.
    const chaves = objeto.propertyNames as { type?: unknown } | undefined;
    const registro =
      typeof objeto.additionalProperties === 'object' &&
      objeto.properties === undefined &&
      (chaves === undefined || (Object.keys(chaves).length === 1 && chaves.type === 'string'));
    if (!registro) return false;
    delete objeto.propertyNames;
  }
  // fast-json-stringify writes required properties first; zod keeps the schema's order. Without `required` the
  // order is the schema's and an absent optional property is skipped, as zod does.
  if (Array.isArray(objeto.required)) delete objeto.required;
  // A union is chosen by validating each branch: only unions of one structured schema with plain values (the
  // nullable object, the string-or-null) are chosen by type alone, as zod's first-match does.
  for (const uniao of ['anyOf', 'oneOf', 'allOf']) {
    const ramos = objeto[uniao];
    if (ramos === undefined) continue;
    if (uniao === 'allOf' || !Array.isArray(ramos)) return false;
    if (ramos.filter((ramo) => !ramoSimples(ramo)).length > 1) return false;
  }
  // Tuples and arrays of several item schemas keep zod.
  if (Array.isArray(objeto.items) || 'prefixItems' in objeto || 'additionalItems' in objeto) return false;
  for (const [chave, valor] of Object.entries(objeto)) {
    // Literal values (enum, const, default, examples) are data, not schemas.
    if (chave === 'enum' || chave === 'const' || chave === 'default' || chave === 'examples') continue;
    if (!ajustar(valor)) return false;
  }
  return true;
}

/** A branch that holds a plain value (string, number, boolean, null), told apart from the others by its type. */
function ramoSimples(ramo: unknown): boolean {
  if (ramo === null || typeof ramo !== 'object') return false;
  const tipo = (ramo as { type?: unknown }).type;
  return (
    typeof tipo === 'string' &&
    ['string', 'number', 'integer', 'boolean', 'null'].includes(tipo) &&
    !('anyOf' in ramo) &&
    !('oneOf' in ramo)
  );
}

function resolver(schema: unknown): z.ZodType | null {
  if (schema instanceof $ZodType) return schema as unknown as z.ZodType;
  const propriedades = (schema as { properties?: unknown } | null)?.properties;
  if (propriedades instanceof $ZodType) return propriedades as unknown as z.ZodType;
  return null;
}

/** The serializer compiler for Fastify: fast-json-stringify, compared with zod when `conferir` is true. */
export function criarCompiladorSerializacao(opcoes: { conferir: boolean }): FastifySerializerCompiler<unknown> {
  return (rota) => {
    const porZod = serializadorZod(rota as Parameters<typeof serializadorZod>[0]) as Serializar;
    const schema = resolver(rota.schema);
    const json = schema ? esquemaDeSaida(schema) : null;
    if (!json) return porZod;
    let rapido: Serializar;
    try {
      rapido = fastJsonStringify(json as unknown as Parameters<typeof fastJsonStringify>[0]) as Serializar;
    } catch {
      return porZod;
    }
    if (!opcoes.conferir) return rapido;
    return (dados) => {
      const esperado = porZod(dados);
      const texto = rapido(dados);
      if (texto !== esperado) {
        throw new Error(
          `Serialização rápida difere da do zod em ${rota.method} ${rota.url} (status ${rota.httpStatus}): ${texto.slice(0, 300)} ≠ ${esperado.slice(0, 300)}`,
        );
      }
      return texto;
    };
  };
}
