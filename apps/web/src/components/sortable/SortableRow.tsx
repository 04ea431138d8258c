import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import classes from './SortableList.module.css';
import type { HandleAsked } from './sortable-types';

interface SortableRowProps {
  id: number;
  label: string;
  /** True while the previous move is being saved: no new move starts from an unsaved order. */
  locked: boolean;
  /** The user went for this handle before dnd-kit was in: it takes the focus once built, and picks its item up if a key asked. */
  asked?: HandleAsked | null;
  children: ReactNode;
}

/**
 * One item of a SortableList: the drag handle (a real button, so it takes focus and Space starts
 * the keyboard move) and what the caller renders. Only the handle starts a drag, so the buttons
 * and links of the item keep working.
 */
export function SortableRow({ id, label, locked, asked = null, children }: SortableRowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: locked,
    attributes: { roleDescription: t('sortable.roleDescription') },
  });
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const pickUp = asked?.pickUp ?? false;
  const pressed = asked?.pressed ?? false;
  const wanted = asked !== null;
  // In the commit that puts the handle in the still one's place: no key can come in between.
  useLayoutEffect(() => {
    if (!wanted) return;
    const take = () => {
      const handle = handleRef.current;
      handle?.focus();
      // The key that asked, again, for dnd-kit's keyboard sensor, once dnd-kit has set itself up.
      if (pickUp)
        setTimeout(() => handle?.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true })), 0);
    };
    // After a pointer's press is over: its default action would move the focus again.
    if (pressed) setTimeout(take, 0);
    else take();
  }, [wanted, pickUp, pressed]);

  return (
    <li
      ref={setNodeRef}
      className={classes.row}
      data-dragging={isDragging || undefined}
      // Translate only: a scale would stretch rows of different heights into each other.
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <ActionIcon
        ref={(node: HTMLButtonElement | null) => {
          setActivatorNodeRef(node);
          handleRef.current = node;
        }}
        variant="subtle"
        color="gray"
        size="lg"
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={t('sortable.handle', { label })}
      >
        <IconGripVertical size={18} aria-hidden="true" />
      </ActionIcon>
      <div className={classes.content}>{children}</div>
    </li>
  );
}
