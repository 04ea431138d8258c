import { useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../../lib/when-idle';

type OverlaysCode = typeof import('./mantine-overlays');

let code: OverlaysCode | null = null;
let loading: Promise<OverlaysCode> | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches Mantine's floating components once (a failed fetch is tried again on the next call), and
 * tells every overlay waiting for them.
 */
export function loadOverlays(): Promise<OverlaysCode> {
  loading ??= import('./mantine-overlays').then(
    (loaded) => {
      code = loaded;
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Back to "not fetched yet": for the stand-ins' own test only (the test setup loads the code). */
export function forgetOverlaysForTest(): void {
  code = null;
  loading = null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => code;

/**
 * Mantine's floating components once they are in (null until then). Their code is fetched when
 * the browser is idle after the screen is up, or at once when `now` (an opened dialog, a select
 * the user went for).
 */
export function useOverlays(now: boolean): OverlaysCode | null {
  const loaded = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (loaded) return;
    const load = () => void loadOverlays().catch(() => {});
    if (now) {
      load();
      return;
    }
    return whenIdle(load);
  }, [loaded, now]);
  return loaded;
}
