import type { ReactNode } from 'react';
import classes from './Hint.module.css';

/**
 * A word of help beside an icon button, shown on hover and keyboard focus, in CSS alone: the
 * button's own label (`aria-label`) is what assistive technology reads, this only shows it. Used
 * where Mantine's Tooltip would cost a landing screen its floating-ui code and a positioning hook
 * per row (the documents of a contract's page, the to-do list). Shown to the button's left, so
 * that a list that clips its overflow does not cut it.
 */
export function Hint({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.hint} data-hint={label}>
      {children}
    </span>
  );
}
