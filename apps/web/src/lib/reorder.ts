/**
 * The body of the spec's reorder calls (spec 01 §7: `POST /network-admins:reorder
 * {reorderedAdminId, newPrecedingAdminId}`, same shape for prestations): the moved row and the
 * row it now follows, 0 when it became first.
 */
export interface ReorderMove {
  movedId: number;
  newPrecedingId: number;
}

/**
 * The id the item at `oldIndex` follows once moved to `newIndex` of `ids` (the order before the
 * move); 0 when it becomes first. Moving down, it lands after the item now at `newIndex`; moving
 * up, after the one just above `newIndex`.
 */
export function newPrecedingId(oldIndex: number, newIndex: number, ids: readonly number[]): number {
  if (newIndex === 0) return 0;
  const preceding = newIndex > oldIndex ? ids[newIndex] : ids[newIndex - 1];
  if (preceding === undefined) throw new RangeError(`index ${newIndex} outside a list of ${ids.length}`);
  return preceding;
}

/** The call to send for a drop, or null when the item was put back where it was. */
export function reorderMove(oldIndex: number, newIndex: number, ids: readonly number[]): ReorderMove | null {
  const movedId = ids[oldIndex];
  if (movedId === undefined || oldIndex === newIndex) return null;
  return { movedId, newPrecedingId: newPrecedingId(oldIndex, newIndex, ids) };
}

/** The order after `move`, as the server computes it (an unknown predecessor leaves it as it was). */
export function applyMove(ids: readonly number[], move: ReorderMove): number[] {
  const rest = ids.filter((id) => id !== move.movedId);
  if (rest.length === ids.length) return [...ids];
  const at = move.newPrecedingId === 0 ? 0 : rest.indexOf(move.newPrecedingId) + 1;
  if (at === 0 && move.newPrecedingId !== 0) return [...ids];
  rest.splice(at, 0, move.movedId);
  return rest;
}
