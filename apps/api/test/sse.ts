/** One server-sent event as the tests read it (the web app's own reader: apps/web/src/api/live-events.ts). */
export interface ReceivedEvent {
  event: string;
  data: Record<string, unknown>;
  id?: string;
}

/**
 * Reads a live-events response's body into `events` until it ends or is aborted (comments, the
 * heartbeats, are skipped). Resolves once the stream is over.
 */
export async function readEvents(body: ReadableStream<Uint8Array>, events: ReceivedEvent[]): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const fields = Object.fromEntries(
          buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        ) as Record<string, string>;
        buffer = buffer.slice(end + 2);
        if (fields.event) events.push({ event: fields.event, data: JSON.parse(fields.data ?? '{}'), id: fields.id });
      }
    }
  } catch {
    // aborted by the test
  }
}
