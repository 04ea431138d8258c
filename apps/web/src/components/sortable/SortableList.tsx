import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { deferredCode } from '../../lib/deferred-code';
import classes from './SortableList.module.css';
import type { HandleAsked, SortableListProps } from './sortable-types';

export type { SortableListProps } from './sortable-types';

// dnd-kit (14 KB gzip) is not needed to see the list: it comes at idle time once the screen is up,
// or at once when the user goes for a handle (lib/deferred-code.ts).
const dnd = deferredCode(() => import('./DraggableList'));

/** Fetches dnd-kit now (the tests load it before they start). */
export const loadSortableList = dnd.load;
/** Back to "not fetched yet", for the stand-in's own test. */
export const forgetSortableListForTest = dnd.forgetForTest;

/**
 * A vertical list the user reorders by dragging a handle with the pointer, or from the keyboard
 * (Space or Enter picks the item up, arrows move it, Space or Enter drops it, Escape cancels),
 * with French screen-reader announcements (./DraggableList.tsx). Until dnd-kit is in, the same
 * rows and handles, still: focusing or pressing a handle fetches it at once, and that handle of
 * the real list takes the focus (and picks its item up, if Space or Enter asked for it).
 */
export function SortableList<T>(props: SortableListProps<T>) {
  const [asked, setAsked] = useState<HandleAsked | null>(null);
  const code = dnd.useCode(asked !== null);
  if (code) return <code.DraggableList {...props} handleAsked={asked} />;
  return (
    <StillList
      props={props}
      onAsk={(ask) =>
        setAsked((was) =>
          was?.id === ask.id ? { id: ask.id, pickUp: was.pickUp || ask.pickUp, pressed: was.pressed || ask.pressed } : ask,
        )
      }
    />
  );
}

/** The list as dnd-kit will draw it, its handles waiting for it. */
function StillList<T>({ props, onAsk }: { props: SortableListProps<T>; onAsk: (ask: HandleAsked) => void }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.list} aria-label={props.label}>
      {props.items.map((item) => {
        const id = props.getId(item);
        return (
          <li key={id} className={classes.row}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              className={classes.handle}
              aria-roledescription={t('sortable.roleDescription')}
              aria-label={t('sortable.handle', { label: props.getLabel(item) })}
              onFocus={() => onAsk({ id, pickUp: false, pressed: false })}
              onPointerDown={() => onAsk({ id, pickUp: false, pressed: true })}
              onKeyDown={(event) => {
                if (event.key !== ' ' && event.key !== 'Enter') return;
                event.preventDefault();
                onAsk({ id, pickUp: true, pressed: false });
              }}
            >
              <IconGripVertical size={18} aria-hidden="true" />
            </ActionIcon>
            <div className={classes.content}>{props.renderItem(item)}</div>
          </li>
        );
      })}
    </ul>
  );
}
