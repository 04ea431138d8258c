import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { timedQuery } from '../lib/metrics.js';

/**
 * The types drizzle keeps as PostgreSQL's text (drizzle-orm/pglite/session.js): dates,
 * timestamps, intervals, numeric[] and the arrays of the others.
 */
const TEXT_KEPT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const keepText = (value: string) => value;

type Queryable = Pick<PGlite, 'query'> | Transaction;

/** Drizzle's `parsers` option, dropped when it asks exactly for what the client already does. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const oids = Object.keys(parsers);
  if (oids.length !== TEXT_KEPT_TYPES.length || !oids.every((oid) => TEXT_KEPT_TYPES.includes(Number(oid)))) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

function queryWithoutParsers(target: Queryable): PGlite['query'] {
  return (text, params, options) => timedQuery(target.query(text, params, withoutDrizzleParsers(options)));
}

/**
 * The client drizzle is given on PGlite. Drizzle passes its text-keeping parsers with every
 * query, and PGlite copies them over its ~300 default parsers each time (≈ 0.2 ms of CPU, a third
 * of a small query: issue 12's profile). So the same parsers become the client's own defaults,
 * once, and drizzle's copy is dropped on the way; rows are exactly what drizzle asked for.
 * Plain queries on the client itself (Database.withConnection) also see these types as text.
 */
export function drizzleFacingClient(client: PGlite): PGlite {
  for (const oid of TEXT_KEPT_TYPES) client.parsers[oid] = keepText;
  const own: Partial<PGlite> = {
    query: queryWithoutParsers(client),
    transaction: (fn) =>
      // The transaction's other members (exec, rollback, closed) stay the transaction's own.
      client.transaction((tx) => fn(Object.assign(Object.create(tx) as Transaction, { query: queryWithoutParsers(tx) }))),
  };
  // Anything else (db.$client.dumpDataDir in the tests' setup) is the client's, bound to it.
  return new Proxy(client, {
    get(target, prop) {
      if (Object.hasOwn(own, prop)) return own[prop as keyof PGlite];
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
