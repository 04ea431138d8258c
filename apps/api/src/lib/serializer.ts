import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type Stringify = (data: unknown) => string;

function resolve(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * A union of two shapes or more (not a mere "or null"): fast-json-stringify picks the branch by
 * JSON Schema validation, where `additionalProperties: false` rejects what zod's union would strip,
 * so the two could write different objects. Such schemas keep zod's encoder.
 */
function hasUnionOfShapes(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasUnionOfShapes);
  if (node === null || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const shapes = value.filter((branch) => (branch as { type?: unknown }).type !== 'null');
      if (shapes.length > 1) return true;
    }
    if (hasUnionOfShapes(value)) return true;
  }
  return false;
}

/**
 * The response's zod schema compiled once into a fast-json-stringify function (the JSON Schema of
 * its output), or null when the schema says what JSON Schema cannot (a transform, a codec, a
 * date, a file's bytes) or what the two would write differently (a union of shapes): those keep
 * zod's encoder.
 */
function compile(schema: $ZodType): Stringify | null {
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    if (hasUnionOfShapes(json)) return null;
    return fastJson(json as Parameters<typeof fastJson>[0]) as Stringify;
  } catch {
    return null;
  }
}

/**
 * Response serialisation compiled once per route schema (issue 12 §2): fast-json-stringify writes
 * only the schema's properties, so nothing undeclared leaves the server, without zod walking every
 * response. `check` (everywhere but production, so in every test) also runs zod's encoder and
 * refuses a response that does not match its schema or that the compiled function writes
 * differently: the whole API suite proves the two agree on what it sends.
 */
export function compiledSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolve(maybeSchema);
    const compiled = compile(schema);
    const encode = (data: unknown) => {
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    if (!compiled) return (data: unknown) => JSON.stringify(encode(data));
    if (!check) return compiled;
    return (data: unknown) => {
      const expected = encode(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(expected)))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written}, zod ${JSON.stringify(expected)}`);
      }
      return written;
    };
  };
}
