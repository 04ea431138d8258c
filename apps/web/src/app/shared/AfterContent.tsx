import { type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';

/**
 * Its children, rendered in the background once the screen around them is on the page: a frame's
 * heavier parts (the menu, the agency switch, the bell, the profile menu) come right after the
 * screen's content is painted instead of holding that first paint back. On the phone profile, the
 * dashboard's first paint came about 0.2 s sooner (decisions.md). The deferred render is React's
 * (`useDeferredValue` with an initial value): it yields to the browser, and tests see its result
 * once `act` is over. Children may be lazy components (their code loaded then, not with the
 * screen's): `fallback` holds the place until they are in (nothing by default).
 *
 * With `idle`, they wait further, for the browser to be idle once the screen is up (1.5 s at most):
 * their code is then fetched and run after the screen's own, not beside it. The intranet's header
 * controls (agency switch, search, bell, profile menu) are 65 KB gzip of script with the menus and
 * pop-overs they need; fetched with the screen, they took the phone's bandwidth and processor
 * while its screen was still coming (decisions.md).
 */
export function AfterContent({
  children,
  fallback = null,
  idle = false,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  idle?: boolean;
}) {
  const painted = useDeferredValue(true, false);
  const [waited, setWaited] = useState(!idle);
  useEffect(() => (waited ? undefined : whenIdle(() => setWaited(true), { afterLoad: true })), [waited]);
  return painted && waited ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
