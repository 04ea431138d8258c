import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '../app/shared/use-live-events';
import { clearSession } from '../lib/session';
import { signInAs } from '../test/utils';
import { contactKeys } from './contacts';
import { extranetKeys } from './extranet/keys';
import { createSseParser, isLiveOpen, type LiveMessage, runLiveStream, usePollingFallback } from './live-events';
import { notificationKeys } from './notifications';
import { signatureKeys } from './signature';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** A response whose body is written by the test, chunk by chunk, until it ends it. */
function streamedResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

describe('the SSE parser', () => {
  it('parses id, event and data across chunks, skipping comments and the retry field', () => {
    const parse = createSseParser();
    expect(parse('retry: 3000\n\n: heartbeat\n\nevent: ready\ndata: {"kind":"ready"}\n\nid: 17')).toEqual([
      { event: 'ready', data: '{"kind":"ready"}' },
    ]);
    expect(parse('64\r\nevent: contacts\r\ndata: {"kind":"contacts",')).toEqual([]);
    expect(parse('"agencyId":3}\n\n')).toEqual([{ id: '1764', event: 'contacts', data: '{"kind":"contacts","agencyId":3}' }]);
  });
});

describe('the live stream', () => {
  it('opens with the bearer token, hands on events, and reconnects with Last-Event-ID after a loss', async () => {
    const token = signInAs('intranet', { roleId: 1 });
    const first = streamedResponse();
    const second = streamedResponse();
    const fetchMock = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const events: LiveMessage[] = [];
    const onReconnect = vi.fn();
    const controller = new AbortController();
    const running = runLiveStream({
      signal: controller.signal,
      onEvent: (m) => events.push(m),
      onReconnect,
      fetchImpl: fetchMock,
      sleep: async () => {},
    });

    first.push('event: ready\ndata: {}\n\nid: 42\nevent: notifications\ndata: {"kind":"notifications"}\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({ id: '42', event: 'notifications', data: '{"kind":"notifications"}' });
    expect(isLiveOpen()).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/live-events');
    expect(init.headers.authorization).toBe(`Bearer ${token}`);
    expect(init.headers['last-event-id']).toBeUndefined();

    first.end(); // the connection drops
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![1].headers['last-event-id']).toBe('42');
    // Events may have been missed meanwhile: the screens refetch everything.
    await vi.waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));

    controller.abort();
    second.end();
    await running;
    expect(isLiveOpen()).toBe(false);
  });

  it('leaves polling on while the stream cannot open, and turns it off once it does', async () => {
    signInAs('extranet');
    const later = streamedResponse();
    const refused = new Response('{"code":"database_unavailable"}', { status: 503 });
    const fetchMock = vi.fn().mockResolvedValueOnce(refused).mockResolvedValueOnce(later.response);
    let wake = () => {};
    const sleep = vi.fn(() => new Promise<void>((resolve) => (wake = resolve)));
    const polling = renderHook(() => usePollingFallback(60_000));
    const controller = new AbortController();
    const running = runLiveStream({
      signal: controller.signal,
      onEvent: () => {},
      onReconnect: () => {},
      fetchImpl: fetchMock,
      sleep,
    });

    await vi.waitFor(() => expect(sleep).toHaveBeenCalledTimes(1));
    expect(polling.result.current).toBe(60_000);
    await act(async () => wake());
    await vi.waitFor(() => expect(polling.result.current).toBe(false));

    await act(async () => {
      controller.abort();
      later.end();
      await running;
    });
    expect(polling.result.current).toBe(60_000);
  });

  it('does not open without a session', async () => {
    const fetchMock = vi.fn();
    await runLiveStream({ signal: new AbortController().signal, onEvent: () => {}, onReconnect: () => {}, fetchImpl: fetchMock });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a live event', () => {
  it('invalidates the bell’s queries for `notifications`, the demands’ for `contacts`', async () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.count, 3);
    client.setQueryData(contactKeys.counts(5), { external: 1, quotation: 0, invoice: 0 });
    applyLiveEvent(client, { event: 'notifications', data: '{"kind":"notifications"}' });
    expect(client.getQueryState(notificationKeys.count)?.isInvalidated).toBe(true);
    expect(client.getQueryState(contactKeys.counts(5))?.isInvalidated).toBe(false);
    applyLiveEvent(client, { event: 'contacts', data: '{"kind":"contacts","agencyId":5}' });
    expect(client.getQueryState(contactKeys.counts(5))?.isInvalidated).toBe(true);
  });

  it('invalidates the signature desk’s lists and counts for `signatures`, nothing of the bell or the demands', () => {
    const client = new QueryClient();
    const documents = signatureKeys.documents({ agencyId: 5 });
    const quotations = signatureKeys.quotations({ agencyId: 5 });
    const counts = signatureKeys.counts({});
    for (const key of [documents, quotations, counts, notificationKeys.count, contactKeys.counts(5)])
      client.setQueryData(key, {});
    applyLiveEvent(client, { event: 'signatures', data: '{"kind":"signatures"}' });
    for (const key of [documents, quotations, counts]) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(notificationKeys.count)?.isInvalidated).toBe(false);
    expect(client.getQueryState(contactKeys.counts(5))?.isInvalidated).toBe(false);
  });

  it('invalidates the customer’s quotes, invoices, documents and to-do list for `extranet`, not the signature desk', () => {
    const client = new QueryClient();
    const keys = [extranetKeys.quotations(3), extranetKeys.invoices(3), extranetKeys.documents(3), extranetKeys.toDoList(1)];
    for (const key of [...keys, signatureKeys.documents({})]) client.setQueryData(key, {});
    applyLiveEvent(client, { event: 'extranet', data: '{"kind":"extranet"}' });
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(signatureKeys.documents({}))?.isInvalidated).toBe(false);
  });
});
