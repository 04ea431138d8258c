import { describe, expect, it } from 'vitest';
import { countHiddenBelow } from './use-hidden-below';

describe('countHiddenBelow (the to-do list cue)', () => {
  const bottoms = [60, 120, 180, 240];

  it('counts the items that end below the visible part of the box', () => {
    expect(countHiddenBelow(0, 170, bottoms)).toBe(2);
    expect(countHiddenBelow(20, 170, bottoms)).toBe(1);
  });

  it('counts nothing once scrolled to the end, or when everything fits', () => {
    expect(countHiddenBelow(70, 170, bottoms)).toBe(0);
    expect(countHiddenBelow(0, 400, bottoms)).toBe(0);
  });
});
