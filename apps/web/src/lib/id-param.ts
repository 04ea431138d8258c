import { MAX_ID } from '@reseau/contracts/constants/pagination';

/**
 * An id read from the address (`?id=`, `?prestation=`): a positive integer the API takes (int4),
 * or null (a new item, or a hand-edited link).
 */
export function idParam(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= MAX_ID ? value : null;
}
