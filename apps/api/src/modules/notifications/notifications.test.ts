import type { NotificationList } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { notifications } from '../../db/schema/index.js';
import { notify } from '../../kernel/notify.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(who: Who | null, method: Method, url: string) {
  return t.app.inject({ method, url: `/api${url}`, headers: who ? await t.authHeader(who) : {} });
}

const rowsOf = (adminId: number) =>
  t.db
    .select({ id: notifications.id, isRead: notifications.isRead })
    .from(notifications)
    .where(eq(notifications.adminId, adminId));

/** An admin with `count` notifications (oldest first), and the ids in that order. */
async function adminWithNotifications(count: number) {
  const admin = await t.buildAdmin({ roleId: 6 });
  for (let i = 1; i <= count; i++) {
    await notify(t.db, [admin.id], 'NEW_FORUM_POST', { forumThreadId: i, forumThreadTitle: `Sujet n°${i}` });
  }
  const ids = (await rowsOf(admin.id)).map((r) => r.id).sort((a, b) => a - b);
  return { admin, ids };
}

describe('GET /api/notifications/mine', () => {
  it("lists the caller's notifications newest first, a page at a time", async () => {
    const { admin, ids } = await adminWithNotifications(5);
    await adminWithNotifications(2); // someone else's

    const first = await call(admin, 'GET', '/notifications/mine?pageNumber=1&pageSize=2');
    expect(first.statusCode).toBe(200);
    const body = first.json() as NotificationList;
    expect(body.pageCount).toBe(3);
    expect(body.notifications.map((n) => n.id)).toEqual([ids[4], ids[3]]);
    expect(body.notifications[0]).toEqual({
      id: ids[4],
      type: 'NEW_FORUM_POST',
      isRead: false,
      data: { forumThreadId: 5, forumThreadTitle: 'Sujet n°5' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });

    const last = (await call(admin, 'GET', '/notifications/mine?pageNumber=3&pageSize=2')).json() as NotificationList;
    expect(last.notifications.map((n) => n.id)).toEqual([ids[0]]);
  });

  it('answers an empty first page to an admin without notifications (default paging)', async () => {
    const res = await call(await t.buildAdmin({ roleId: 1 }), 'GET', '/notifications/mine');
    expect(res.json()).toEqual({ notifications: [], pageCount: 0 });
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await call(await t.buildClient(), 'GET', '/notifications/mine')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/notifications/mine')).statusCode).toBe(401);
  });

  it('answers 400 validation_failed to bad paging', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    for (const query of ['pageNumber=0', 'pageSize=1000', 'pageNumber=abc']) {
      const res = await call(admin, 'GET', `/notifications/mine?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('POST /api/notifications/{id}:read', () => {
  it('marks one of the caller’s notifications read, only that one', async () => {
    const { admin, ids } = await adminWithNotifications(2);
    const res = await call(admin, 'POST', `/notifications/${ids[0]}:read`);
    expect(res.statusCode).toBe(204);
    expect(res.payload).toBe('');
    const rows = await rowsOf(admin.id);
    expect(rows.find((r) => r.id === ids[0])!.isRead).toBe(true);
    expect(rows.find((r) => r.id === ids[1])!.isRead).toBe(false);
    // Reading it again is harmless.
    expect((await call(admin, 'POST', `/notifications/${ids[0]}:read`)).statusCode).toBe(204);
  });

  it("answers 404 for another admin's notification and leaves it unread", async () => {
    const { ids } = await adminWithNotifications(1);
    const other = await t.buildAdmin({ roleId: 1 });
    const res = await call(other, 'POST', `/notifications/${ids[0]}:read`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'La notification demandée est introuvable.' });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, ids[0]!));
    expect(row!.isRead).toBe(false);
  });

  it('does not route a non-numeric id or another custom method, and refuses an out-of-range id', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    for (const url of ['/notifications/abc:read', '/notifications/12:unread', '/notifications/12']) {
      const res = await call(admin, 'POST', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await call(admin, 'POST', '/notifications/99999999999:read')).statusCode).toBe(400);
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    const { ids } = await adminWithNotifications(1);
    expect((await call(await t.buildClient(), 'POST', `/notifications/${ids[0]}:read`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/notifications/${ids[0]}:read`)).statusCode).toBe(401);
  });
});

describe('GET /api/count-all-unread-notifications', () => {
  it("counts the caller's unread notifications only", async () => {
    const { admin, ids } = await adminWithNotifications(3);
    await adminWithNotifications(4);
    await call(admin, 'POST', `/notifications/${ids[1]}:read`);
    const res = await call(admin, 'GET', '/count-all-unread-notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadNotificationsCounter: 2 });
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await call(await t.buildClient(), 'GET', '/count-all-unread-notifications')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/count-all-unread-notifications')).statusCode).toBe(401);
  });
});

describe('PUT /api/read-all-notifications', () => {
  it("marks all the caller's notifications read, nobody else's", async () => {
    const { admin } = await adminWithNotifications(3);
    const { admin: other } = await adminWithNotifications(2);
    const res = await call(admin, 'PUT', '/read-all-notifications');
    expect(res.statusCode).toBe(204);
    expect((await rowsOf(admin.id)).every((r) => r.isRead)).toBe(true);
    expect((await rowsOf(other.id)).some((r) => r.isRead)).toBe(false);
    expect((await call(admin, 'GET', '/count-all-unread-notifications')).json()).toEqual({ unreadNotificationsCounter: 0 });
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await call(await t.buildClient(), 'PUT', '/read-all-notifications')).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/read-all-notifications')).statusCode).toBe(401);
  });
});

describe('DELETE /api/delete-all-notifications-read', () => {
  it("deletes the caller's read notifications, keeps the unread ones and everybody else's", async () => {
    const { admin, ids } = await adminWithNotifications(3);
    const { admin: other } = await adminWithNotifications(1);
    await call(other, 'PUT', '/read-all-notifications');
    await call(admin, 'POST', `/notifications/${ids[0]}:read`);
    await call(admin, 'POST', `/notifications/${ids[2]}:read`);

    const res = await call(admin, 'DELETE', '/delete-all-notifications-read');
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(admin.id)).toEqual([{ id: ids[1], isRead: false }]);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await call(await t.buildClient(), 'DELETE', '/delete-all-notifications-read')).statusCode).toBe(403);
    expect((await call(null, 'DELETE', '/delete-all-notifications-read')).statusCode).toBe(401);
  });
});

describe('notify', () => {
  it('notifies each admin once, in one statement, and does nothing without recipients', async () => {
    const a = await t.buildAdmin({ roleId: 1 });
    const b = await t.buildAdmin({ roleId: 4 });
    await notify(t.db, [a.id, b.id, a.id], 'NEW_NETWORK_ACTUALITY', {
      networkActualityId: 3,
      networkActualityTitle: 'Salon 2026',
    });
    await notify(t.db, [], 'NEW_DOCUMENT');
    expect(await rowsOf(a.id)).toHaveLength(1);
    const list = (await call(b, 'GET', '/notifications/mine')).json() as NotificationList;
    expect(list.notifications).toEqual([
      expect.objectContaining({
        type: 'NEW_NETWORK_ACTUALITY',
        data: { networkActualityId: 3, networkActualityTitle: 'Salon 2026' },
      }),
    ]);
  });

  it('with a onceKey, tells each admin once however often and however concurrently the event is raised', async () => {
    const a = await t.buildAdmin({ roleId: 4 });
    const b = await t.buildAdmin({ roleId: 6 });
    const data = { sparePartAnnouncementId: 42, sparePartAnnouncementTitle: 'Brûleur fioul' };
    const key = 'SPARE_PART_ANNOUNCEMENT_EXPIRATION:42';
    const runs = await Promise.all(
      [0, 1, 2].map(() => notify(t.db, [a.id], 'SPARE_PART_ANNOUNCEMENT_EXPIRATION', data, { onceKey: key })),
    );
    expect(runs.flat()).toEqual([a.id]);
    // A later run reaches only who was not told yet; another key is another event.
    expect(await notify(t.db, [a.id, b.id], 'SPARE_PART_ANNOUNCEMENT_EXPIRATION', data, { onceKey: key })).toEqual([b.id]);
    await notify(t.db, [a.id], 'SPARE_PART_ANNOUNCEMENT_EXPIRATION', data, { onceKey: 'SPARE_PART_ANNOUNCEMENT_EXPIRATION:43' });
    expect(await rowsOf(a.id)).toHaveLength(2);
    expect(await rowsOf(b.id)).toHaveLength(1);
    // Without a key nothing is deduplicated (two posts in one thread are two events).
    await notify(t.db, [b.id], 'NEW_FORUM_POST', { forumThreadId: 1 });
    await notify(t.db, [b.id], 'NEW_FORUM_POST', { forumThreadId: 1 });
    expect(await rowsOf(b.id)).toHaveLength(3);
    const list = (await call(a, 'GET', '/notifications/mine')).json() as NotificationList;
    expect(list.notifications.every((n) => !('onceKey' in n))).toBe(true);
  });
});
