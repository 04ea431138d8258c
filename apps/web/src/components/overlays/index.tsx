import {
  type ComboboxData,
  type ComboboxItem,
  InputBase,
  type InputBaseProps,
  type ModalProps,
  type MultiSelectProps,
  type SelectProps,
  type TooltipProps,
} from '@mantine/core';
import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useOverlays } from './load';

/*
 * Mantine's Modal, Select, MultiSelect and Tooltip with the same props, whose code comes after the
 * screen's first paint. Imported from '@mantine/core', they put the floating-UI library, the
 * scroll lock and the combobox (about 45 KB gzip, 150 KB of script to run) into the first load of
 * every list with a filter, a tooltip or a dialog; on the phone profile that was about a tenth of
 * the 2.5 s budget. A boundaries test keeps the app importing them from here.
 *
 * Until the code is in: a closed dialog is nothing (an opened one waits for it), a tooltip is its
 * target alone, and a select is a read-only field that looks the same and shows the chosen label;
 * focusing or pressing it fetches the code at once and puts the real one, focused, in its place
 * (the code is usually in by then: it is fetched as soon as the browser is idle).
 */

/** A dialog: rendered once its code is in; opening it fetches that code if the idle time did not. */
export function Modal(props: ModalProps) {
  const code = useOverlays(props.opened);
  return code ? <code.Modal {...props} /> : null;
}

/** A tooltip: its target alone until the code is in. */
export function Tooltip({ children, ...props }: TooltipProps) {
  const code = useOverlays(false);
  return code ? <code.Tooltip {...props}>{children}</code.Tooltip> : children;
}

/** The label of `value` in a select's data (plain values, items or groups). */
export function labelOf(data: ComboboxData | undefined, value: string | null | undefined): string {
  if (value === null || value === undefined || !data) return '';
  for (const entry of data as Array<string | ComboboxItem | { group: string; items: Array<string | ComboboxItem> }>) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if ('group' in entry) {
      const found = labelOf(entry.items, value);
      if (found) return found;
    } else if (entry.value === value) return entry.label;
  }
  return '';
}

/** What the user did to the stand-in: reached it (focus), or pressed it or a key that opens a list (open). */
type Asked = 'focus' | 'open' | null;

/**
 * The select's chevron, drawn here: an icon of the icon set would tie this file to the kit that
 * holds that icon (build/chunk-groups.ts), and the kits would import each other.
 */
function Chevron() {
  return (
    <svg width={15} height={15} viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.26618 11.9026 7.38064 11.95 7.49999 11.95C7.61933 11.95 7.73379 11.9026 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** The props a select shares with the read-only field that stands for it. */
const SHOWN_PROPS = [
  'label',
  'description',
  'error',
  'required',
  'withAsterisk',
  'placeholder',
  'size',
  'radius',
  'disabled',
  'id',
  'name',
  'className',
  'style',
  'w',
  'maw',
  'miw',
  'mt',
  'mb',
  'ml',
  'mr',
  'flex',
  'aria-label',
] as const satisfies ReadonlyArray<keyof SelectProps & keyof MultiSelectProps>;

/** The read-only field that stands for a select: what shows and places it, the chosen text, and what asks for the real one. */
function standInProps(
  props: SelectProps | MultiSelectProps,
  text: string,
  ask: (how: Exclude<Asked, null>, pressed?: boolean) => void,
): InputBaseProps & Record<string, unknown> {
  // What shows and places the field; the rest (data, handlers of the list) is the real one's.
  const shown = Object.fromEntries(SHOWN_PROPS.map((key) => [key, props[key]]));
  return {
    ...shown,
    value: text,
    readOnly: true,
    // The same role and state as the real one: a user or a test finds the same field.
    role: 'combobox',
    'aria-haspopup': 'listbox',
    'aria-expanded': false,
    rightSection: <Chevron />,
    rightSectionPointerEvents: 'none',
    // The press starts the fetch; its click asks for the list. If the real select takes the place
    // before the click ends, the click reaches it and opens its list itself (a list opened here
    // too would be closed by that click).
    onPointerDown: () => ask('focus', true),
    onClick: () => ask('open'),
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      props.onFocus?.(event);
      ask('focus');
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        ask('open');
      }
    },
  };
}

/**
 * Whether the user went for the stand-in, what asks for the code, and the ref that focuses the
 * real field once, when it takes the stand-in's place after that.
 */
function useAsked(): [Asked, (how: Exclude<Asked, null>, pressed?: boolean) => void, (input: HTMLInputElement | null) => void] {
  const [asked, setAsked] = useState<Asked>(null);
  const focused = useRef(false);
  const pressed = useRef(false);
  // The ref runs in the commit that puts the real field in place: no key can come in between.
  const focusOnce = (input: HTMLInputElement | null) => {
    if (!asked || !input || focused.current) return;
    focused.current = true;
    // After a pointer's press is over: its default action would move the focus again.
    if (pressed.current) setTimeout(() => input.focus(), 0);
    else input.focus();
  };
  const ask = (how: Exclude<Asked, null>, byPointer = false) => {
    if (byPointer) pressed.current = true;
    // A press stays a press when the focus that comes with it is reported after it.
    setAsked((was) => (was === 'open' ? was : how));
  };
  return [asked, ask, focusOnce];
}

/** Mantine's Select; a look-alike read-only field until its code is in. */
export function Select(props: SelectProps) {
  const [asked, ask, focusOnce] = useAsked();
  const code = useOverlays(asked !== null);
  if (code)
    return <code.Select {...props} ref={focusOnce} defaultDropdownOpened={props.defaultDropdownOpened || asked === 'open'} />;
  return <InputBase {...standInProps(props, labelOf(props.data, props.value ?? props.defaultValue), ask)} />;
}

/** Mantine's MultiSelect; a look-alike read-only field (the chosen labels) until its code is in. */
export function MultiSelect(props: MultiSelectProps) {
  const [asked, ask, focusOnce] = useAsked();
  const code = useOverlays(asked !== null);
  if (code)
    return (
      <code.MultiSelect {...props} ref={focusOnce} defaultDropdownOpened={props.defaultDropdownOpened || asked === 'open'} />
    );
  const chosen = (props.value ?? props.defaultValue ?? []).map((value) => labelOf(props.data, value)).join(', ');
  return <InputBase {...standInProps(props, chosen, ask)} />;
}
