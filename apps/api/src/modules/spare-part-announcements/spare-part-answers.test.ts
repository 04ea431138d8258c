import { MESSAGES, SPARE_PART_MESSAGES, type SparePartAnnouncement } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { notifications, sparePartAnnouncementResponses, sparePartAnnouncements } from '../../db/schema/index.js';
import { sparePartCalls } from './test-kit.js';

const t = await buildTestApp();
const { call, publish } = sparePartCalls(t);

const notificationsOf = (adminId: number) =>
  t.db
    .select({ type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.adminId, adminId));
const answer = (who: Parameters<typeof call>[0], kind: 'want' | 'have', agencyId: number, sparePartAnnouncementId: number) =>
  call(who, 'POST', `/spare-part-announcements:${kind}`, { agencyId, sparePartAnnouncementId });

describe('POST /api/spare-part-announcements:have and :want', () => {
  it('answers a request with "J\'en ai": the author is told who, from which agency, and how to reach them', async () => {
    const author = await t.buildAdmin({ roleId: 6, firstName: 'Kévin', lastName: 'Delattre' });
    const applicant = await t.buildAdmin({ roleId: 6, firstName: 'Jérémy', lastName: 'Bonnet', phone: '06 84 12 53 70' });
    const id = await publish(author, { title: 'Circulateur UPM3' });
    const res = await answer(applicant, 'have', applicant.agencyIds[0]!, id);
    expect(res.statusCode).toBe(204);
    expect(await notificationsOf(author.id)).toEqual([
      {
        type: 'SPARE_PART_ANNOUNCEMENT_HAVE',
        data: {
          sparePartAnnouncementId: id,
          sparePartAnnouncementTitle: 'Circulateur UPM3',
          ownerFullName: 'Kévin Delattre',
          applicantFullName: 'Jérémy Bonnet',
          agencyName: expect.stringMatching(/^Agence /),
          emailAddress: applicant.emailAddress,
          phone: '06 84 12 53 70',
        },
      },
    ]);
    const seen = (await call(applicant, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement;
    expect(seen.hasResponse).toBe(true);
    const byAuthor = (await call(author, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement;
    expect(byAuthor.hasResponse).toBe(false);
  });

  it('answers an offer with "Je veux" (WANT)', async () => {
    const author = await t.buildAdmin({ roleId: 4 });
    const applicant = await t.buildAdmin({ roleId: 9 });
    const id = await publish(author, { typeCode: 'OFFRE' });
    expect((await answer(applicant, 'want', applicant.agencyIds[0]!, id)).statusCode).toBe(204);
    expect((await notificationsOf(author.id)).map((n) => n.type)).toEqual(['SPARE_PART_ANNOUNCEMENT_WANT']);
  });

  it('refuses "Je veux" on a request and "J\'en ai" on an offer as bad requests', async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const applicant = await t.buildAdmin({ roleId: 6 });
    const request = await publish(author, { typeCode: 'DEMANDE' });
    const offer = await publish(author, { typeCode: 'OFFRE' });
    const want = await answer(applicant, 'want', applicant.agencyIds[0]!, request);
    expect([want.statusCode, want.json().code, want.json().message]).toEqual([
      400,
      'spare_part_announcement_wrong_answer',
      SPARE_PART_MESSAGES.wantOnRequest,
    ]);
    const have = await answer(applicant, 'have', applicant.agencyIds[0]!, offer);
    expect([have.statusCode, have.json().code]).toEqual([400, 'spare_part_announcement_wrong_answer']);
    expect(await notificationsOf(author.id)).toEqual([]);
  });

  it('refuses a second answer, and of two at once keeps exactly one', async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const applicant = await t.buildAdmin({ roleId: 6 });
    const id = await publish(author);
    const both = await Promise.all([1, 2, 3].map(() => answer(applicant, 'have', applicant.agencyIds[0]!, id)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 409, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      code: 'spare_part_announcement_already_answered',
      message: 'Vous avez déjà répondu à cette annonce',
    });
    const rows = await t.db
      .select()
      .from(sparePartAnnouncementResponses)
      .where(eq(sparePartAnnouncementResponses.sparePartAnnouncementId, id));
    expect(rows).toHaveLength(1);
    expect(await notificationsOf(author.id)).toHaveLength(1);
    const again = await answer(applicant, 'have', applicant.agencyIds[0]!, id);
    expect(again.json().message).toBe(SPARE_PART_MESSAGES.alreadyAnswered);
  });

  it("refuses one's own announcement and one's own agency's, with the spec's message", async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const colleague = await t.buildAdmin({ roleId: 9, agencyIds: author.agencyIds, adherentId: author.adherentId });
    const id = await publish(author);
    for (const who of [author, colleague]) {
      const res = await answer(who, 'have', who.agencyIds[0]!, id);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        403,
        'spare_part_announcement_own',
        'Vous ne pouvez pas répondre à votre propre annonce',
      ]);
    }
    const listed = (await call(colleague, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement;
    expect(listed.isOwn).toBe(true);
  });

  it('refuses an expired announcement, even before the job has marked it', async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const applicant = await t.buildAdmin({ roleId: 6 });
    const id = await publish(author);
    await t.db
      .update(sparePartAnnouncements)
      .set({ expiryDate: new Date(Date.now() - 1000) })
      .where(eq(sparePartAnnouncements.id, id));
    const res = await answer(applicant, 'have', applicant.agencyIds[0]!, id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'spare_part_announcement_expired']);
    expect(
      await t.db
        .select()
        .from(sparePartAnnouncementResponses)
        .where(eq(sparePartAnnouncementResponses.sparePartAnnouncementId, id)),
    ).toEqual([]);
  });

  it("refuses an agency not the caller's, bad input, no permission, a customer, anonymous; unknown is not found", async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const applicant = await t.buildAdmin({ roleId: 6 });
    const id = await publish(author);
    expect((await answer(applicant, 'have', author.agencyIds[0]!, id)).statusCode).toBe(403);
    const bad = await call(applicant, 'POST', '/spare-part-announcements:have', { agencyId: 'x' });
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      errors: { agencyId: [MESSAGES.required], sparePartAnnouncementId: [MESSAGES.required] },
    });
    const accountant = await t.buildAdmin({ roleId: 8 });
    expect((await answer(accountant, 'have', accountant.agencyIds[0]!, id)).statusCode).toBe(403);
    const customer = await t.buildClient();
    expect((await answer(customer, 'have', customer.agencyIds[0]!, id)).statusCode).toBe(403);
    expect((await answer(null, 'have', applicant.agencyIds[0]!, id)).statusCode).toBe(401);
    expect((await answer(applicant, 'have', applicant.agencyIds[0]!, 99999999)).statusCode).toBe(404);
    expect(await notificationsOf(author.id)).toEqual([]);
  });
});
