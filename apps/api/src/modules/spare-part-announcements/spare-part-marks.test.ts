import type { SparePartAnnouncement } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { sparePartCalls } from './test-kit.js';

/** Spec 00 §4: announcements "can be marked read, unread or over". */
const t = await buildTestApp();
const { call, publish } = sparePartCalls(t);
const shown = async (who: Parameters<typeof call>[0], id: number) =>
  (await call(who, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement;

describe('POST /api/spare-part-announcements/{id}:read and :unread', () => {
  it('marks an announcement read then unread for the caller only; the author’s own is read', async () => {
    const author = await t.buildAdmin({ roleId: 4 });
    const reader = await t.buildAdmin({ roleId: 9 });
    const other = await t.buildAdmin({ roleId: 7 });
    const id = await publish(author);
    expect((await shown(author, id)).isRead).toBe(true);
    expect((await shown(reader, id)).isRead).toBe(false);

    expect((await call(reader, 'POST', `/spare-part-announcements/${id}:read`)).statusCode).toBe(204);
    expect((await call(reader, 'POST', `/spare-part-announcements/${id}:read`)).statusCode).toBe(204);
    expect((await shown(reader, id)).isRead).toBe(true);
    expect((await shown(other, id)).isRead).toBe(false);
    const listed = (await call(reader, 'GET', '/spare-part-announcements?pageSize=50')).json() as {
      sparePartAnnouncements: SparePartAnnouncement[];
    };
    expect(listed.sparePartAnnouncements.find((x) => x.id === id)?.isRead).toBe(true);

    expect((await call(reader, 'POST', `/spare-part-announcements/${id}:unread`)).statusCode).toBe(204);
    expect((await shown(reader, id)).isRead).toBe(false);
  });

  it('two marks at once make one; an unknown announcement is not found; refused without the permission', async () => {
    const author = await t.buildAdmin({ roleId: 4 });
    const reader = await t.buildAdmin({ roleId: 9 });
    const id = await publish(author);
    const both = await Promise.all([1, 2, 3].map(() => call(reader, 'POST', `/spare-part-announcements/${id}:read`)));
    expect(both.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    for (const mark of ['read', 'unread', 'over']) {
      expect((await call(reader, 'POST', `/spare-part-announcements/2000000000:${mark}`)).statusCode).toBe(404);
      expect((await call(await t.buildAdmin({ roleId: 8 }), 'POST', `/spare-part-announcements/${id}:${mark}`)).statusCode).toBe(
        403,
      );
      expect((await call(await t.buildClient(), 'POST', `/spare-part-announcements/${id}:${mark}`)).statusCode).toBe(403);
      expect((await call(null, 'POST', `/spare-part-announcements/${id}:${mark}`)).statusCode).toBe(401);
      expect((await call(reader, 'POST', `/spare-part-announcements/abc:${mark}`)).statusCode).toBe(404);
    }
  });
});

describe('POST /api/spare-part-announcements/{id}:over', () => {
  it('lets the announcement’s agency end it before its date: expired at once, answers refused', async () => {
    const author = await t.buildAdmin({ roleId: 4 });
    const colleague = await t.buildAdmin({ roleId: 9, adherentId: author.adherentId, agencyIds: author.agencyIds });
    const answerer = await t.buildAdmin({ roleId: 9 });
    const id = await publish(author);
    expect((await call(answerer, 'POST', `/spare-part-announcements/${id}:over`)).statusCode).toBe(404);
    expect((await shown(answerer, id)).isExpired).toBe(false);

    expect((await call(colleague, 'POST', `/spare-part-announcements/${id}:over`)).statusCode).toBe(204);
    const over = await shown(answerer, id);
    expect(over.isExpired).toBe(true);
    expect(Date.parse(over.expiryDate)).toBeLessThanOrEqual(Date.now());
    // Ending it again changes nothing; an ended request takes no more answers.
    expect((await call(author, 'POST', `/spare-part-announcements/${id}:over`)).statusCode).toBe(204);
    const answer = await call(answerer, 'POST', '/spare-part-announcements:have', {
      agencyId: answerer.agencyIds[0],
      sparePartAnnouncementId: id,
    });
    expect(answer.statusCode).toBe(409);
    const closed = (await call(answerer, 'GET', '/spare-part-announcements?isExpired=true&pageSize=50')).json() as {
      sparePartAnnouncements: SparePartAnnouncement[];
    };
    expect(closed.sparePartAnnouncements.map((x) => x.id)).toContain(id);
  });

  it('lets a network role end any announcement', async () => {
    const author = await t.buildAdmin({ roleId: 7 });
    const id = await publish(author);
    expect((await call(await t.buildAdmin({ roleId: 3 }), 'POST', `/spare-part-announcements/${id}:over`)).statusCode).toBe(204);
    expect((await shown(author, id)).isExpired).toBe(true);
  });
});
