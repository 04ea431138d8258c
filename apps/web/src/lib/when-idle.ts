/**
 * Runs `work` when the browser has a moment to spare, at the latest after `timeoutMs`; where it
 * cannot tell (no requestIdleCallback: Safari, the tests' DOM), after `fallbackMs`. Returns what
 * cancels it. Work that can wait for the screen (the header's controls, the dashboard's map, the
 * menu's other screens) goes through here, so that it does not hold that screen back.
 */
export function whenIdle(work: () => void, { timeoutMs = 1500, fallbackMs = 50 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(id);
}
