import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { isApiError } from '../../lib/api-error';
import { genericErrorText } from '../../lib/error-text';
import { notifyError } from '../../lib/notify';
import { applyMove, reorderMove } from '../../lib/reorder';
import { frenchAnnouncements, frenchInstructions } from './announcements';
import classes from './SortableList.module.css';
import { SortableRow } from './SortableRow';
import type { HandleAsked, SortableListProps } from './sortable-types';

// A vertical list: the dragged row follows the pointer up and down only.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * SortableList's list once dnd-kit is in (./SortableList.tsx): a vertical list the user reorders by dragging a handle with the pointer, or from the keyboard
 * (Space or Enter picks the item up, arrows move it, Space or Enter drops it, Escape cancels),
 * with French screen-reader announcements. A drop calls `onReorder` with the body of the spec's
 * `:reorder` calls (`{ movedId, newPrecedingId }`, 0 = first), shows the new order at once, and
 * puts the previous one back with the error popover when the call fails. While a move is being
 * saved no other starts, so the order a move is computed from is always one the server has.
 */
export function DraggableList<T>({
  items,
  getId,
  getLabel,
  renderItem,
  onReorder,
  label,
  failureMessage,
  handleAsked,
}: SortableListProps<T> & { handleAsked: HandleAsked | null }) {
  const { t } = useTranslation();
  const byId = useMemo(() => new Map(items.map((item) => [getId(item), item])), [items, getId]);
  const serverOrder = useMemo(() => [...byId.keys()], [byId]);
  const serverKey = serverOrder.join(',');
  // The order shown until the server's changes: it is tied to the server order it was made from,
  // so a refetch (ours or someone else's move) replaces it without an effect.
  const [optimistic, setOptimistic] = useState<{ from: string; order: number[] } | null>(null);
  const order = optimistic?.from === serverKey ? optimistic.order : serverOrder;
  const [saving, setSaving] = useState(false);

  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useMemo(() => {
    const labelOf = (id: number) => {
      const item = byId.get(id);
      return item === undefined ? '' : getLabel(item);
    };
    return { announcements: frenchAnnouncements(t, order, labelOf), screenReaderInstructions: frenchInstructions(t) };
  }, [t, order, byId, getLabel]);

  async function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || saving) return;
    const move = reorderMove(order.indexOf(Number(active.id)), order.indexOf(Number(over.id)), order);
    if (!move) return;
    setOptimistic({ from: serverKey, order: applyMove(order, move) });
    setSaving(true);
    try {
      await onReorder(move);
    } catch (error) {
      setOptimistic(null);
      const fallback = failureMessage ?? t('sortable.failed');
      notifyError(isApiError(error) && error.status >= 400 ? fallback : genericErrorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      accessibility={accessibility}
      onDragEnd={handleDragEnd}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ul className={classes.list} aria-label={label} aria-busy={saving}>
          {order.map((id) => {
            const item = byId.get(id);
            if (item === undefined) return null;
            return (
              <SortableRow
                key={id}
                id={id}
                label={getLabel(item)}
                locked={saving}
                asked={handleAsked?.id === id ? handleAsked : null}
              >
                {renderItem(item)}
              </SortableRow>
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
