import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { drizzleFacingClient } from './pglite-drizzle-client.js';

const client = await PGlite.create('memory://');
afterAll(() => client.close());
const query = vi.spyOn(client, 'query');
const db = drizzle({ client: drizzleFacingClient(client) });

const ROW = sql`select '2026-01-02 03:04:05+00'::timestamptz as at, '2026-01-02'::date as day,
  '1 day'::interval as span, array['2026-01-02'::date] as days, 42::int as n, array[1, 2]::int[] as ids`;

describe('drizzleFacingClient', () => {
  it('gives drizzle dates, timestamps and intervals as text, without sending its parsers each time', async () => {
    const { rows } = await db.execute(ROW);
    expect(rows).toEqual([
      { at: '2026-01-02 03:04:05+00', day: '2026-01-02', span: '1 day', days: '{2026-01-02}', n: 42, ids: [1, 2] },
    ]);
    const options = query.mock.calls.at(-1)?.[2];
    expect(options).toEqual({ rowMode: 'object' });
  });

  it('does the same inside a transaction, which still rolls back', async () => {
    await db.execute(sql`create table kept (at timestamptz)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values ('2026-01-02 03:04:05+00')`);
        const { rows } = await tx.execute(sql`select at from kept`);
        expect(rows).toEqual([{ at: '2026-01-02 03:04:05+00' }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await db.execute(sql`select count(*)::int as n from kept`)).rows).toEqual([{ n: 0 }]);
  });

  it('passes any other parsers through untouched', async () => {
    const shout = (value: string) => `${value}!`;
    const { rows } = await client.query<{ t: string }>(`select 'a'::text as t`, [], { parsers: { [types.TEXT]: shout } });
    expect(rows).toEqual([{ t: 'a!' }]);
  });
});
