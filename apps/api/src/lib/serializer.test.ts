import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer.js';

const serializerFor = (schema: z.ZodType, check: boolean) =>
  compiledSerializerCompiler({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

const agency = z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable() });

describe('compiled response serializer', () => {
  it('writes only the declared fields, in production as in tests', () => {
    for (const check of [true, false]) {
      const write = serializerFor(z.object({ agencies: z.array(agency) }), check);
      const out = JSON.parse(write({ agencies: [{ id: 1, name: 'Lyon', city: null, payPlugSecretKey: 'sk_live_x' }] }));
      expect(out).toEqual({ agencies: [{ id: 1, name: 'Lyon', city: null }] });
    }
  });

  it('refuses, outside production, a response that breaks its schema', () => {
    const write = serializerFor(agency, true);
    expect(() => write({ id: 'un', name: 'Lyon', city: null })).toThrow();
  });

  it('keeps zod’s choice of branch for a union of shapes', () => {
    const list = z.union([
      z.object({ items: z.array(z.number()) }),
      z.object({ items: z.array(z.number()), pageCount: z.number() }),
    ]);
    // zod takes the first branch that accepts the data, and strips what it does not declare.
    expect(JSON.parse(serializerFor(list, true)({ items: [], pageCount: 0 }))).toEqual({ items: [] });
    expect(JSON.parse(serializerFor(list, false)({ items: [], pageCount: 0 }))).toEqual({ items: [] });
  });
});
