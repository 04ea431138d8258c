import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { adherents, admins } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { moveAfter } from './reorder.js';

const database = await openTestDatabase();
const db = database.db;
afterAll(() => database.close());

const sorted = { table: admins, id: admins.id, sortOrder: admins.sortOrder };
const fields = { moved: 'reorderedAdminId', preceding: 'newPrecedingAdminId' };
let seq = 0;

/** An adherent with `count` users ordered 1…count: a list of its own, so tests never share rows. */
async function buildList(count: number) {
  const [adherent] = await db
    .insert(adherents)
    .values({ name: `Adhérent ${++seq}`, regionId: 1 })
    .returning();
  const rows = await db
    .insert(admins)
    .values(
      Array.from({ length: count }, (_, i) => ({
        emailAddress: `ordre-${seq}-${i}@test.fr`,
        firstName: `Prénom ${i}`,
        lastName: 'Ordre',
        roleId: 9,
        adherentId: adherent!.id,
        sortOrder: i + 1,
      })),
    )
    .returning({ id: admins.id });
  const scope = eq(admins.adherentId, adherent!.id);
  const ids = rows.map((row) => row.id);
  const move = (movedId: number, newPrecedingId: number) => moveAfter(db, sorted, { movedId, newPrecedingId, scope, fields });
  async function order() {
    const list = await db
      .select({ id: admins.id, sortOrder: admins.sortOrder })
      .from(admins)
      .where(scope)
      .orderBy(asc(admins.sortOrder), asc(admins.id));
    return { ids: list.map((row) => row.id), sortOrders: list.map((row) => row.sortOrder) };
  }
  return { ids, scope, move, order };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('moveAfter', () => {
  it('moves a row down, up, to the top (0) and to the end, numbering the list 1…n', async () => {
    const { ids, move, order } = await buildList(4);
    const [a, b, c, d] = ids as [number, number, number, number];

    await move(a, c);
    expect((await order()).ids).toEqual([b, c, a, d]);
    await move(d, b);
    expect((await order()).ids).toEqual([b, d, c, a]);
    await move(a, 0);
    expect((await order()).ids).toEqual([a, b, d, c]);
    await move(a, c);
    expect(await order()).toEqual({ ids: [b, d, c, a], sortOrders: [1, 2, 3, 4] });
  });

  it('mends gaps and ties, and leaves rows outside the scope alone', async () => {
    const list = await buildList(3);
    const other = await buildList(2);
    const [a, b, c] = list.ids as [number, number, number];
    await db.update(admins).set({ sortOrder: 7 }).where(eq(admins.id, b));
    await db.update(admins).set({ sortOrder: 7 }).where(eq(admins.id, c));

    await list.move(c, a);

    expect(await list.order()).toEqual({ ids: [a, c, b], sortOrders: [1, 2, 3] });
    expect(await other.order()).toEqual({ ids: other.ids, sortOrders: [1, 2] });
  });

  it('refuses a row outside the list (404), a predecessor outside it, and a row after itself', async () => {
    const list = await buildList(2);
    const other = await buildList(1);
    const [a, b] = list.ids as [number, number];

    const missing = await failure(list.move(other.ids[0]!, a));
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    const foreign = await failure(list.move(a, other.ids[0]!));
    expect(foreign).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(Object.keys(foreign.errors ?? {})).toEqual(['newPrecedingAdminId']);
    const itself = await failure(list.move(b, b));
    expect(itself).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(Object.keys(itself.errors ?? {})).toEqual(['newPrecedingAdminId']);

    expect(await list.order()).toEqual({ ids: [a, b], sortOrders: [1, 2] });
    expect(await other.order()).toEqual({ ids: other.ids, sortOrders: [1] });
  });

  it('applies concurrent moves one after the other: none is lost, no position is shared', async () => {
    // Each call moves one of the last four rows to the top. Whatever order they commit in, those
    // four end up first; a move computed from a stale read would put one of them back.
    const { ids, move, order } = await buildList(8);
    const moved = ids.slice(4);

    await Promise.all(moved.map((id) => move(id, 0)));

    const after = await order();
    expect(after.sortOrders).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(after.ids.slice(0, 4).sort((x, y) => x - y)).toEqual(moved);
    expect(after.ids.slice(4)).toEqual(ids.slice(0, 4));
  });

  it('runs inside the caller’s transaction: a rolled-back write takes the move with it', async () => {
    const { ids, scope, order } = await buildList(3);
    const [a, b, c] = ids as [number, number, number];
    const rollback = db.transaction(async (tx) => {
      await moveAfter(tx, sorted, { movedId: c, newPrecedingId: 0, scope, fields });
      throw new Error('rollback');
    });
    await expect(rollback).rejects.toThrow('rollback');
    expect((await order()).ids).toEqual([a, b, c]);
  });
});
