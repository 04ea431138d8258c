import { describe, expect, it } from 'vitest';
import { applyMove, newPrecedingId, reorderMove } from './reorder';

const ids = [10, 20, 30, 40];

describe('newPrecedingId', () => {
  it('is 0 when the item becomes first', () => {
    expect(newPrecedingId(2, 0, ids)).toBe(0);
    expect(newPrecedingId(3, 0, ids)).toBe(0);
  });

  it('is the item now at the target index when moving down', () => {
    expect(newPrecedingId(0, 1, ids)).toBe(20);
    expect(newPrecedingId(0, 3, ids)).toBe(40);
    expect(newPrecedingId(1, 2, ids)).toBe(30);
  });

  it('is the item just above the target index when moving up', () => {
    expect(newPrecedingId(3, 1, ids)).toBe(10);
    expect(newPrecedingId(2, 1, ids)).toBe(10);
    expect(newPrecedingId(3, 2, ids)).toBe(20);
  });

  it('refuses an index outside the list', () => {
    expect(() => newPrecedingId(0, 4, ids)).toThrow(RangeError);
  });
});

describe('reorderMove and applyMove', () => {
  it('give nothing to send when the item is dropped where it was', () => {
    expect(reorderMove(2, 2, ids)).toBeNull();
    expect(reorderMove(7, 1, ids)).toBeNull();
  });

  it('agree with each other for every move of the list (what the server will compute)', () => {
    for (let from = 0; from < ids.length; from++) {
      for (let to = 0; to < ids.length; to++) {
        const move = reorderMove(from, to, ids);
        if (from === to) continue;
        // The expected order: take the item out, put it at `to`.
        const expected = ids.filter((_, i) => i !== from);
        expected.splice(to, 0, ids[from]!);
        expect(move).not.toBeNull();
        expect(applyMove(ids, move!)).toEqual(expected);
      }
    }
  });

  it('leaves the order as it was for an unknown item or predecessor', () => {
    expect(applyMove(ids, { movedId: 99, newPrecedingId: 0 })).toEqual(ids);
    expect(applyMove(ids, { movedId: 20, newPrecedingId: 99 })).toEqual(ids);
  });
});
