import type { ReactNode } from 'react';
import type { ReorderMove } from '../../lib/reorder';

export interface SortableListProps<T> {
  /** In the order the server gives; a new order from the server replaces the one shown. */
  items: readonly T[];
  /** The row's id (the spec's ids start at 1: 0 means "first" in a reorder call). */
  getId: (item: T) => number;
  /** Names the item in its handle ("Déplacer {label}") and in what a screen reader hears. */
  getLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The reorder call; the new order is shown at once and put back if the promise rejects. */
  onReorder: (move: ReorderMove) => Promise<unknown>;
  /** The list's accessible name. */
  label: string;
  /** The popover text when the call is refused (default: "Le nouvel ordre n’a pas pu être enregistré…"). */
  failureMessage?: string;
}

/**
 * The handle the user went for before dnd-kit was in: whether a key asked to pick its item up, and
 * whether a pointer pressed it (its own focus change is still to come).
 */
export interface HandleAsked {
  id: number;
  pickUp: boolean;
  pressed: boolean;
}
