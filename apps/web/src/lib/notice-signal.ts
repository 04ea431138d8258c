/*
 * Whether a popover notice was ever asked for (lib/notify.ts): the app mounts the notices' host
 * from then on (app/providers.tsx). Apart from notify.ts so that the entry chunk does not carry
 * Mantine's notifications store, which only the pages that notify load.
 */
let asked = false;
const listeners = new Set<() => void>();

export function markNoticeAsked() {
  if (asked) return;
  asked = true;
  for (const listener of listeners) listener();
}

export function subscribeNoticeAsked(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const wasNoticeAsked = (): boolean => asked;
