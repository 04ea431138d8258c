import { type ReactNode, Suspense, useDeferredValue } from 'react';

/**
 * Its children, rendered in the background once the screen around them is on the page: a frame's
 * heavier parts (the menu, the agency switch, the bell, the profile menu) come right after the
 * screen's content is painted instead of holding that first paint back. On the phone profile, the
 * dashboard's first paint came about 0.2 s sooner (decisions.md). The deferred render is React's
 * (`useDeferredValue` with an initial value): it yields to the browser, and tests see its result
 * once `act` is over. Children may be lazy components (their code loaded then, not with the
 * screen's): `fallback` holds the place until they are in (nothing by default).
 */
export function AfterContent({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useDeferredValue(true, false) ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
