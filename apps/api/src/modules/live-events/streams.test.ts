import { describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import { createLiveStreams } from './streams.js';

const client = (clientId: number): Principal => ({ kind: 'client', clientId, emailAddress: 'c@test.fr', sessionId: 's' });

function sink() {
  const written: string[] = [];
  const state = { ended: false };
  return { written, state, write: (chunk: string) => written.push(chunk), end: () => (state.ended = true) };
}

describe('live streams of one instance', () => {
  it('writes a heartbeat comment and ends a stream whose caller is no longer signed in', async () => {
    let signedIn = true;
    const streams = createLiveStreams({ current: async (p) => (signedIn ? p : null), heartbeatMs: 10 });
    const out = sink();
    streams.open(client(1), out);
    await expect.poll(() => out.written.includes(': heartbeat\n\n')).toBe(true);
    signedIn = false;
    await expect.poll(() => out.state.ended).toBe(true);
    expect(streams.openCount).toBe(0);
  });

  it('ends every stream when it stops hearing the events, and ignores a payload not of its shape', async () => {
    const streams = createLiveStreams({ current: async (p) => p });
    const out = sink();
    streams.setLive(true);
    streams.open(client(2), out);
    streams.dispatch('not an event');
    streams.dispatch('12 {"kind":"extranet","clientId":"2"}');
    expect(out.written).toEqual([]);
    streams.dispatch('13 {"kind":"extranet","clientId":2}');
    expect(out.written).toEqual(['id: 13\nevent: extranet\ndata: {"kind":"extranet"}\n\n']);
    streams.setLive(false);
    expect(out.state.ended).toBe(true);
    expect(streams.isLive).toBe(false);
  });
});
