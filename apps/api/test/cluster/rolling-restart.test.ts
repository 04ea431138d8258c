// Issue 31 §1: a rolling restart under load ends with zero failed requests at the proxy. Each
// instance in turn is stopped with SIGTERM (it drains: unready, then finishes what is in flight)
// and started again while a few loops of a signed-in staff member's requests run through nginx:
// reads nginx may retry on the other instance, and POSTs it must never send twice (a forum reply,
// a refresh-token rotation: a second sending would be seen as a reused token).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signInStaff, useCluster } from './use-cluster.js';

const cluster = useCluster();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };

interface Outcome {
  what: string;
  status: number | string;
  expected: number;
}

/** Requests per upstream address in the proxy's log, from line `from` on. */
async function servedBy(from = 0): Promise<{ lines: number; byUpstream: Map<string, number> }> {
  const text = await readFile(join(cluster.current.workDir, 'nginx-access.log'), 'utf8');
  const lines = text.split('\n').filter(Boolean);
  const byUpstream = new Map<string, number>();
  for (const line of lines.slice(from)) {
    // A request nginx passed on twice names both addresses; the last one answered.
    const upstream = /upstream=(.*)$/.exec(line)?.[1]?.split(', ').at(-1);
    if (upstream) byUpstream.set(upstream, (byUpstream.get(upstream) ?? 0) + 1);
  }
  return { lines: lines.length, byUpstream };
}

async function until(what: string, condition: () => Promise<boolean>, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${seconds} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let stopLoad = () => {};
afterAll(() => stopLoad());

describe('rolling restart under load', () => {
  it('each instance stopped and started in turn: no request fails, no POST is sent twice, both serve before and after', async () => {
    const { address, instances } = cluster.current;
    const upstreamOf = (name: string) => `127.0.0.1:${instances.find((i) => i.name === name)!.port}`;
    const admin = await signInStaff(address, 'admin@demo.fr');
    const thread = await fetch(`${address}/api/forum-threads`, {
      method: 'POST',
      headers: { ...bearer(admin.accessToken), ...json },
      body: JSON.stringify({
        forumId: 2,
        forumThemeId: 4,
        title: 'Redémarrage',
        content: '<p>Charge</p>',
        agencyId: null,
        joinedFiles: [],
      }),
    });
    expect(thread.status, await thread.clone().text()).toBe(201);
    const threadId = ((await thread.json()) as { id: number }).id;

    const outcomes: Outcome[] = [];
    let running = true;
    stopLoad = () => {
      running = false;
    };
    const record = async (what: string, expected: number, send: () => Promise<Response>) => {
      try {
        const res = await send();
        await res.arrayBuffer();
        outcomes.push({ what, status: res.status, expected });
        return res;
      } catch (err) {
        outcomes.push({ what, status: `${(err as Error).message} ${String((err as Error).cause ?? '')}`, expected });
        return null;
      }
    };

    const reads = ['/api/roles', '/api/agencies', '/api/notifications/mine?pageNumber=1&pageSize=10'];
    const readLoop = async (offset: number) => {
      for (let n = offset; running; n++) {
        const path = reads[n % reads.length]!;
        await record(`GET ${path}`, 200, () => fetch(`${address}${path}`, { headers: bearer(admin.accessToken) }));
      }
    };
    let replies = 0;
    const replyLoop = async () => {
      while (running) {
        const res = await record('POST /api/forum-posts', 201, () =>
          fetch(`${address}/api/forum-posts`, {
            method: 'POST',
            headers: { ...bearer(admin.accessToken), ...json },
            body: JSON.stringify({
              forumThreadId: threadId,
              content: `<p>Réponse ${replies}</p>`,
              agencyId: null,
              joinedFiles: [],
            }),
          }),
        );
        if (res?.status === 201) replies++;
      }
    };
    // A refresh token is spent by its rotation: had nginx sent one twice, the second would be a
    // reuse (400, and the whole session revoked). Paced under the route's limit (60 a minute).
    const session = await signInStaff(address, 'animateur@demo.fr');
    let refreshToken = session.refreshToken;
    let accessToken = session.accessToken;
    const refreshLoop = async () => {
      while (running) {
        const started = Date.now();
        const res = await fetch(`${address}/api/auth/refresh`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ refreshToken }),
        }).then(
          async (r) => ({ status: r.status, body: r.status === 200 ? ((await r.json()) as typeof session) : await r.text() }),
          (err: Error) => ({ status: `${err.message} ${String(err.cause ?? '')}`, body: null }),
        );
        outcomes.push({ what: 'POST /api/auth/refresh', status: res.status, expected: 200 });
        if (res.status !== 200 || typeof res.body !== 'object' || !res.body) return;
        ({ refreshToken, accessToken } = res.body);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1500 - (Date.now() - started))));
      }
    };

    const load = Promise.all([readLoop(0), readLoop(1), readLoop(2), replyLoop(), refreshLoop()]);
    const bothServe = async (from: number) => {
      const { byUpstream } = await servedBy(from);
      return (byUpstream.get(upstreamOf('app1')) ?? 0) >= 5 && (byUpstream.get(upstreamOf('app2')) ?? 0) >= 5;
    };
    try {
      await until('both instances serve the load before the restart', () => bothServe(0));
      for (const name of ['app1', 'app2']) {
        await cluster.current.stopInstance(name, 'SIGTERM');
        const { lines: fromRestart } = await servedBy();
        await cluster.current.startInstance(name);
        await until(
          `${name} serves again once restarted`,
          async () => ((await servedBy(fromRestart)).byUpstream.get(upstreamOf(name)) ?? 0) >= 5,
        );
      }
      const { lines: afterRestarts } = await servedBy();
      await until('both instances serve the load after the restarts', () => bothServe(afterRestarts));
    } finally {
      running = false;
      await load;
    }

    const failed = outcomes.filter((o) => o.status !== o.expected);
    expect(failed).toEqual([]);
    expect(outcomes.filter((o) => o.what.startsWith('GET')).length).toBeGreaterThan(50);
    expect(replies).toBeGreaterThan(10);
    // Each answered reply was written once, none twice.
    const after = await fetch(`${address}/api/forum-threads/${threadId}`, { headers: bearer(admin.accessToken) });
    expect(((await after.json()) as { numberOfAnswers: number }).numberOfAnswers).toBe(replies);
    // The refreshed session is still alive: no rotation was ever replayed.
    expect((await fetch(`${address}/api/roles`, { headers: bearer(accessToken) })).status).toBe(200);
  }, 300_000);
});
