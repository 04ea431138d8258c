import { describe, expect, it } from 'vitest';
import { pageCount, pageOffset } from './paging.js';

describe('paging', () => {
  it('skips the rows of the pages before the asked one', () => {
    expect(pageOffset({ pageNumber: 1, pageSize: 20 })).toBe(0);
    expect(pageOffset({ pageNumber: 3, pageSize: 9 })).toBe(18);
  });

  it('counts the pages the rows fill, a partly filled last page included', () => {
    expect(pageCount(0, { pageSize: 20 })).toBe(0);
    expect(pageCount(20, { pageSize: 20 })).toBe(1);
    expect(pageCount(21, { pageSize: 20 })).toBe(2);
  });
});
