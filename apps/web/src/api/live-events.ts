import { useSyncExternalStore } from 'react';
import { buildUrl, callerHeaders } from './request';
import { renewAfter401 } from './session-refresh';

/*
 * GET /live-events (server-sent events), read with fetch and a ReadableStream rather than
 * EventSource: EventSource cannot send the bearer token, which lives in localStorage. An event
 * says only what changed; the screens refetch it (use-live-events.ts). While no stream is open,
 * the queries that the events refresh poll instead (`useLiveUpdatesOn`).
 */

export interface LiveMessage {
  id?: string;
  event: string;
  data: string;
}

/** An SSE parser: feed it text as it arrives, it answers the complete messages (comments skipped). */
export function createSseParser() {
  let buffer = '';
  return (text: string): LiveMessage[] => {
    buffer += text.replace(/\r\n?/g, '\n');
    const messages: LiveMessage[] = [];
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message: LiveMessage = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') message.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') message.id = value;
      }
      if (data.length === 0 && message.id === undefined && message.event === 'message') continue;
      message.data = data.join('\n');
      messages.push(message);
    }
    return messages;
  };
}

/* Whether a stream is open in this tab: the polling of the queries it refreshes is off meanwhile. */
let open = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const isLiveOpen = () => open;

/** True while live updates reach this tab: a query then sets `refetchInterval: false`. */
export function useLiveUpdatesOn(): boolean {
  return useSyncExternalStore(subscribe, isLiveOpen, isLiveOpen);
}

/** The polling interval of a query the live events refresh: none while they do. */
export function usePollingFallback(intervalMs: number): number | false {
  return useLiveUpdatesOn() ? false : intervalMs;
}

export interface LiveStreamOptions {
  /** Every event but `ready`. */
  onEvent: (message: LiveMessage) => void;
  /** A stream opened again after one was lost: events may have been missed, everything is refetched. */
  onReconnect: () => void;
  signal: AbortSignal;
  /** Test seams. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps one stream open until `signal` aborts: reconnects with backoff (and `Last-Event-ID`), a
 * 401 renews the session once as any call does. Streams are unsupported (no `ReadableStream`):
 * it gives up at once, and the screens keep polling.
 */
export async function runLiveStream(options: LiveStreamOptions): Promise<void> {
  const { signal, fetchImpl = fetch, sleep = defaultSleep } = options;
  if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') return;
  let lastEventId: string | undefined;
  let failures = 0;
  let opened = false;
  while (!signal.aborted) {
    const outcome = await readOnce();
    setOpen(false);
    if (signal.aborted || outcome === 'stop') break;
    failures = outcome === 'read' ? 0 : failures + 1;
    await sleep(BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!, signal);
  }
  setOpen(false);

  /** One connection: `read` when it was open and ended, `failed` when it did not open, `stop` when it never will. */
  async function readOnce(): Promise<'read' | 'failed' | 'stop'> {
    let response: Response;
    const headers: Record<string, string> = { accept: 'text/event-stream', ...callerHeaders() };
    if (!headers.authorization) return 'stop';
    if (lastEventId) headers['last-event-id'] = lastEventId;
    try {
      response = await fetchImpl(buildUrl('/live-events'), { headers, signal, cache: 'no-store' });
    } catch {
      return 'failed';
    }
    if (response.status === 401) {
      const renewed = await renewAfter401(headers.authorization);
      return renewed === 'refused' ? 'stop' : 'failed';
    }
    if (!response.ok || !response.body) return 'failed';
    setOpen(true);
    if (opened) options.onReconnect();
    opened = true;
    const parse = createSseParser();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const message of parse(decoder.decode(value, { stream: true }))) {
          if (message.id) lastEventId = message.id;
          if (message.event !== 'ready') options.onEvent(message);
        }
      }
    } catch {
      // The connection dropped: reconnect.
    }
    return 'read';
  }
}
