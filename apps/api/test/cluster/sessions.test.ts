// Issue 31 §1: two instances behind nginx behave as one system for sessions. Each request below
// names the instance it goes to (directly, by its own address) where the point is that the other
// one answers; the proxy is used where a browser would use it.
import { describe, expect, it } from 'vitest';
import { signInStaff, useCluster } from './use-cluster.js';

const cluster = useCluster();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions across the instances', () => {
  it('a session opened on one instance works on the other, and its refresh too', async () => {
    const [app1, app2] = cluster.current.instances;
    const tokens = await signInStaff(app1!.url, 'admin@demo.fr');
    const me = await fetch(`${app2!.url}/api/roles`, { headers: bearer(tokens.accessToken) });
    expect(me.status).toBe(200);
    const refreshed = await fetch(`${app2!.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
  });

  it('signing out on one instance ends the session on the other at once', async () => {
    const [app1, app2] = cluster.current.instances;
    const tokens = await signInStaff(cluster.current.address, 'animateur@demo.fr');
    // The other instance has seen (and cached) this session before it ends.
    expect((await fetch(`${app2!.url}/api/roles`, { headers: bearer(tokens.accessToken) })).status).toBe(200);
    const out = await fetch(`${app1!.url}/api/auth/logout`, {
      method: 'POST',
      headers: { ...bearer(tokens.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(out.status).toBe(204);
    expect((await fetch(`${app2!.url}/api/roles`, { headers: bearer(tokens.accessToken) })).status).toBe(401);
    expect((await fetch(`${app1!.url}/api/roles`, { headers: bearer(tokens.accessToken) })).status).toBe(401);
  });
});
