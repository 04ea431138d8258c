import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { whenIdle } from '../../lib/when-idle';

/** Whether this device should spend bandwidth on screens not asked for yet. */
function mayPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return false;
  // A phone's menu is a drawer: its screens are fetched when opened, not all at once on a mobile link.
  return typeof matchMedia !== 'function' || matchMedia('(min-width: 773px)').matches;
}

/** The table's routes whose path is one of `paths` (as `/intranet/<path>`). */
function routesOf(table: RouteObject[], paths: readonly string[]): RouteObject[] {
  return table.filter((route) => route.path !== undefined && paths.includes(`/intranet/${route.path}`));
}

/**
 * Once the first screen is on the page and the browser idle, fetches the code of the screens the
 * menu links to (`paths`): a click on the menu then opens its screen without waiting for its code
 * (on a desktop, 0.3 to 1 s on the first visit of a screen). Only on a wide screen and when the
 * user has not asked to save data; the requests a screen makes are its route's own.
 */
export function useScreenPrefetch(paths: readonly string[]): void {
  const key = paths.join('|');
  useEffect(() => {
    if (!key || !mayPrefetch()) return;
    let cancelled = false;
    const stop = whenIdle(
      () => {
        void import('./routes').then(({ intranetChildren }) => {
          for (const route of routesOf(intranetChildren, key.split('|'))) {
            if (cancelled) return;
            // The table's `lazy` is a function importing the screen's module: called now, the
            // router's own call later finds the module already loaded.
            if (typeof route.lazy === 'function') void route.lazy().catch(() => {});
          }
        });
      },
      { timeoutMs: 3000, fallbackMs: 500 },
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [key]);
}
