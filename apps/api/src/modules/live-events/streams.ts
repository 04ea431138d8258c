import type { Principal } from '../../auth/principal.js';
import { type LiveEvent, parseLiveEvent } from '../../kernel/live-events.js';
import { hears, visiblePart } from './policy.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live streams: `openCount` for the metrics, `closeAll` for the stop (serve.ts). */
    liveStreams: Pick<LiveStreams, 'openCount' | 'closeAll'>;
  }
}

/** Where a stream's text goes: the response of one GET /live-events. */
export interface LiveSink {
  write(chunk: string): void;
  end(): void;
}

export interface LiveStreams {
  /** Open streams of this instance (for the metrics). */
  readonly openCount: number;
  /** Whether this instance hears the events: streams open only then (fail closed, the screens poll). */
  readonly isLive: boolean;
  /** Adds a stream; the returned function removes it (the client went away). */
  open(principal: Principal, sink: LiveSink): () => void;
  /** A NOTIFY payload of `live_events`: written to the streams whose caller is in its audience. */
  dispatch(payload: string): void;
  /** Listening stopped (every stream ends: events may be lost) or started again. */
  setLive(live: boolean): void;
  /** Re-resolves every stream's caller; those no longer signed in end. */
  recheck(): Promise<void>;
  /** Ends every stream (app close). */
  closeAll(): void;
}

interface OpenStream {
  principal: Principal;
  sink: LiveSink;
}

export interface LiveStreamsOptions {
  /** The caller's standing now (auth/principal.ts `current`), null when their session is over. */
  current: (principal: Principal) => Promise<Principal | null>;
  /** A comment line every `heartbeatMs` keeps proxies from closing an idle stream, and rechecks the callers. */
  heartbeatMs?: number;
}

/** An SSE message; `data` is one line of JSON. */
export const sseMessage = (id: string, event: string, data: unknown) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The open streams of this instance and the dispatch of events to them. */
export function createLiveStreams({ current, heartbeatMs = 20_000 }: LiveStreamsOptions): LiveStreams {
  const streams = new Set<OpenStream>();
  let live = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let checking: Promise<void> | null = null;
  let checkAgain = false;

  const end = (stream: OpenStream) => {
    if (!streams.delete(stream)) return;
    stream.sink.end();
    if (streams.size === 0) stopHeartbeat();
  };
  const stopHeartbeat = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
  };
  const closeAll = () => {
    for (const stream of [...streams]) end(stream);
  };

  async function checkAll() {
    await Promise.all(
      [...streams].map(async (stream) => {
        // A lookup that fails ends the stream too: the client reconnects, and the route decides.
        const now = await current(stream.principal).catch(() => null);
        if (now) stream.principal = now;
        else end(stream);
      }),
    );
  }

  /** One recheck at a time; a change heard during one makes one more run after it. */
  function recheck(): Promise<void> {
    if (checking) {
      checkAgain = true;
      return checking;
    }
    checking = (async () => {
      do {
        checkAgain = false;
        await checkAll();
      } while (checkAgain);
    })().finally(() => {
      checking = null;
    });
    return checking;
  }

  function beat() {
    for (const stream of streams) stream.sink.write(': heartbeat\n\n');
    void recheck();
  }

  function deliver(id: string, event: LiveEvent) {
    const text = sseMessage(id, event.kind, visiblePart(event));
    for (const stream of streams) if (hears(stream.principal, event)) stream.sink.write(text);
  }

  return {
    get openCount() {
      return streams.size;
    },
    get isLive() {
      return live;
    },
    open(principal, sink) {
      const stream = { principal, sink };
      streams.add(stream);
      if (!heartbeat) {
        heartbeat = setInterval(beat, heartbeatMs);
        heartbeat.unref();
      }
      return () => {
        if (streams.delete(stream) && streams.size === 0) stopHeartbeat();
      };
    },
    dispatch(payload) {
      const parsed = parseLiveEvent(payload);
      if (parsed) deliver(parsed.id, parsed.event);
    },
    setLive(next) {
      live = next;
      if (!next) closeAll();
    },
    recheck,
    closeAll,
  };
}
