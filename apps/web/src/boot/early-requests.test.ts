import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_GETS } from '../api/early-gets';
import { api, takeOverBootGets, untakenEarly } from '../api/http';
import { setCurrentAgency, setImpersonation, setPermissions } from '../lib/session';
import { json, mockApi, signInAs } from '../test/utils';

// The boot script sends the first screen's GETs before the app's code has arrived; the app then
// takes them over as its own: the screen's call takes the answer, nothing is sent twice.

async function boot(pathname: string) {
  window.history.replaceState(null, '', pathname);
  vi.resetModules();
  await import('./early-requests');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete window[BOOT_GETS];
});

describe('the boot script', () => {
  it("sends the page's first GETs as the caller, and the app's calls take their answers", async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    setPermissions(['forum_adherent_administration']);
    setCurrentAgency({ id: 11, name: 'Thermo Services Lille' });
    setImpersonation({ id: 42, name: 'Tom', adherentId: 3, role: 2, regionId: null });
    const server = mockApi({ 'GET /api/forums': () => json(200, { forums: [{ id: 1, title: 'Forum général' }] }) });
    await boot('/intranet/forum');
    const sent = server.calls.map((c) => `${c.url.pathname}${c.url.search}`);
    expect(sent).toEqual(['/api/roles', '/api/agencies', '/api/count-all-unread-notifications', '/api/forums']);
    for (const call of server.calls) {
      expect(call.headers.get('authorization')).toMatch(/^Bearer /);
      expect(call.headers.get('x-impersonated-admin-id')).toBe('42');
    }

    takeOverBootGets();
    expect(untakenEarly()).toEqual(expect.arrayContaining(['/api/forums', '/api/roles']));
    await expect(api.get('/forums')).resolves.toEqual({ forums: [{ id: 1, title: 'Forum général' }] });
    // Taken, not sent again.
    expect(server.calls.filter((c) => c.url.pathname === '/api/forums')).toHaveLength(1);
    expect(untakenEarly()).not.toContain('/api/forums');
  });

  it('sends nothing for a visitor who is not signed in', async () => {
    const server = mockApi({});
    await boot('/intranet/forum');
    expect(server.calls).toEqual([]);
    expect(window[BOOT_GETS]).toEqual([]);
  });

  it('an answer for another caller is not taken: the call goes out again as its own', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    setPermissions(['forum_adherent_administration']);
    const server = mockApi({ 'GET /api/forums': () => json(200, { forums: [] }) });
    await boot('/intranet/forum');
    // Signed in again (another tab, a new account) before the app's code ran.
    signInAs('intranet', { roleId: 2, given_name: 'Bruno' });
    takeOverBootGets();
    await api.get('/forums');
    expect(server.calls.filter((c) => c.url.pathname === '/api/forums')).toHaveLength(2);
  });
});
