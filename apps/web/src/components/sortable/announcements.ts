import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from '../../i18n';

/**
 * What a screen reader hears while an item is moved (dnd-kit reads these into its live region),
 * in French and with the items' own labels rather than dnd-kit's English "draggable item 3".
 * `order` is the list as shown when the move started; positions count from 1. Make it once per
 * order (useMemo): it remembers whether the item has left its place during the current move.
 */
export function frenchAnnouncements(t: TFunction, order: readonly number[], labelOf: (id: number) => string): Announcements {
  const total = order.length;
  const label = (id: UniqueIdentifier) => labelOf(Number(id));
  const position = (id: UniqueIdentifier) => order.indexOf(Number(id)) + 1;
  // Right after the pick-up the item is "over" its own place: saying so would cut the pick-up
  // announcement short, so that first one is kept silent (a later return to its place is said).
  let hasMoved = false;
  return {
    onDragStart: ({ active }) => {
      hasMoved = false;
      return t('sortable.picked', { label: label(active.id), position: position(active.id), total });
    },
    onDragOver: ({ active, over }) => {
      if (!hasMoved && over?.id === active.id) return undefined;
      hasMoved = true;
      return over
        ? t('sortable.over', { label: label(active.id), position: position(over.id), total })
        : t('sortable.outside', { label: label(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('sortable.dropped', { label: label(active.id), position: position(over.id), total })
        : t('sortable.droppedOutside', { label: label(active.id) }),
    onDragCancel: ({ active }) => t('sortable.cancelled', { label: label(active.id), position: position(active.id), total }),
  };
}

export const frenchInstructions = (t: TFunction): ScreenReaderInstructions => ({ draggable: t('sortable.instructions') });
