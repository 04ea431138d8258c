import { useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from './when-idle';

/**
 * Code a screen does not need for its first paint (Mantine's floating components, the rich-text
 * editor): fetched once, when the browser is idle after the screen is up or at once when the user
 * goes for it, and then at hand synchronously (a component renders it without suspending).
 */
export function deferredCode<T>(importer: () => Promise<T>) {
  let code: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => code;

  /** Fetches the code once (a failed fetch is tried again on the next call) and tells who waits. */
  function load(): Promise<T> {
    loading ??= importer().then(
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

  /** The code once it is in (null until then): fetched at idle time, or at once when `now`. */
  function useCode(now: boolean): T | null {
    const loaded = useSyncExternalStore(subscribe, current, current);
    useEffect(() => {
      if (loaded) return;
      const fetchIt = () => void load().catch(() => {});
      if (now) {
        fetchIt();
        return;
      }
      return whenIdle(fetchIt, { afterLoad: true });
    }, [loaded, now]);
    return loaded;
  }

  /** Back to "not fetched yet": for the stand-ins' own tests only (the test setup loads the code). */
  function forgetForTest(): void {
    code = null;
    loading = null;
  }

  return { load, useCode, forgetForTest };
}
