/**
 * Runs `work` when the browser has a moment to spare, at the latest after `timeoutMs`; where it
 * cannot tell (no requestIdleCallback: Safari, the tests' DOM), after `fallbackMs`. Returns what
 * cancels it. Work that can wait for the screen (the header's controls, the dashboard's map, the
 * menu's other screens) goes through here, so that it does not hold that screen back.
 *
 * With `afterLoad`, the wait starts once the page's own files are in (the `load` event): a phone
 * is idle whenever it waits for the network, and code fetched then would share the link with the
 * screen's code and styles still coming. A page whose load never ends (a file that hangs) starts
 * the wait after `loadTimeoutMs` anyway.
 */
export function whenIdle(
  work: () => void,
  {
    timeoutMs = 1500,
    fallbackMs = 50,
    afterLoad = false,
    loadTimeoutMs = 4000,
  }: { timeoutMs?: number; fallbackMs?: number; afterLoad?: boolean; loadTimeoutMs?: number } = {},
): () => void {
  let cancel = () => {};
  let started = false;
  const wait = () => {
    if (started) return;
    started = true;
    if (typeof window.requestIdleCallback === 'function') {
      // The pair as it is now: a stub put back meanwhile (a test) must not break the cancel.
      const cancelIdle = window.cancelIdleCallback.bind(window);
      const id = window.requestIdleCallback(work, { timeout: timeoutMs });
      cancel = () => cancelIdle(id);
    } else {
      const id = window.setTimeout(work, fallbackMs);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (!afterLoad || document.readyState === 'complete') {
    wait();
    return () => cancel();
  }
  window.addEventListener('load', wait, { once: true });
  const late = window.setTimeout(wait, loadTimeoutMs);
  return () => {
    window.removeEventListener('load', wait);
    window.clearTimeout(late);
    cancel();
  };
}
