import { NOT_FOUND_SUBJECTS, SPARE_PART_MESSAGES, type SparePartAnswerBody } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { assertOwnAgency } from '../../auth/guards.js';
import { admins, agencies, sparePartAnnouncementResponses, sparePartAnnouncements } from '../../db/schema/index.js';
import { notify } from '../../kernel/notify.js';
import { AppError, errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { ownAnnouncements } from './policy.js';
import { expiredNow } from './service.js';

const a = sparePartAnnouncements;

/** "Je veux" answers an offer, "J'en ai" a request (spec 02 §4). */
export type SparePartAnswer = 'want' | 'have';
const ANSWERS: Record<
  SparePartAnswer,
  { on: 'OFFRE' | 'DEMANDE'; notification: 'SPARE_PART_ANNOUNCEMENT_WANT' | 'SPARE_PART_ANNOUNCEMENT_HAVE' }
> = {
  want: { on: 'OFFRE', notification: 'SPARE_PART_ANNOUNCEMENT_WANT' },
  have: { on: 'DEMANDE', notification: 'SPARE_PART_ANNOUNCEMENT_HAVE' },
};

const fullName = (p: { firstName: string | null; lastName: string | null } | undefined) =>
  [p?.firstName, p?.lastName].filter(Boolean).join(' ');

/**
 * Records the caller's answer for one of their agencies and tells the author who answered and
 * how to reach them (spec 00 §3 data fields, as the bell reads them). The database decides the
 * races: the answer is inserted only while the announcement is open (share lock against the
 * expiry job), and once per user (unique pair), so two clicks at once give one answer and one
 * "already answered".
 */
export async function answerSparePartAnnouncement(
  { db, caller: admin }: StaffContext,
  answer: SparePartAnswer,
  body: SparePartAnswerBody,
): Promise<void> {
  assertOwnAgency(admin, body.agencyId);
  const [target] = await db
    .select({
      typeCode: a.typeCode,
      title: a.title,
      authorId: a.authorId,
      isExpired: expiredNow.mapWith(Boolean),
      isOwn: sql`(${ownAnnouncements(admin)})`.mapWith(Boolean),
    })
    .from(a)
    .where(eq(a.id, body.sparePartAnnouncementId));
  if (!target) throw errors.notFound(NOT_FOUND_SUBJECTS.sparePartAnnouncement);
  const rule = ANSWERS[answer];
  if (target.typeCode !== rule.on) {
    throw new AppError(
      'spare_part_announcement_wrong_answer',
      400,
      answer === 'want' ? SPARE_PART_MESSAGES.wantOnRequest : SPARE_PART_MESSAGES.haveOnOffer,
    );
  }
  if (target.isOwn) throw new AppError('spare_part_announcement_own', 403, SPARE_PART_MESSAGES.ownAnnouncement);
  if (target.isExpired) throw expired();

  const [applicant] = await db
    .select({ firstName: admins.firstName, lastName: admins.lastName, emailAddress: admins.emailAddress, phone: admins.phone })
    .from(admins)
    .where(eq(admins.id, admin.adminId));
  const [agency] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, body.agencyId));
  if (!agency) throw errors.validation({ agencyId: [SPARE_PART_MESSAGES.unknownAgency] });
  const [owner] = target.authorId
    ? await db
        .select({ firstName: admins.firstName, lastName: admins.lastName })
        .from(admins)
        .where(eq(admins.id, target.authorId))
    : [];

  await db.transaction(async (tx) => {
    // The announcement is read open under a share lock, so the expiry job cannot mark it expired
    // before this answer commits; the unique pair lets one answer per user through.
    const [open] = await tx
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.id, body.sparePartAnnouncementId), sql`not ${expiredNow}`))
      .for('share');
    if (!open) throw expired();
    const inserted = await tx
      .insert(sparePartAnnouncementResponses)
      .values({ sparePartAnnouncementId: body.sparePartAnnouncementId, adminId: admin.adminId, agencyId: body.agencyId })
      .onConflictDoNothing()
      .returning({ id: sparePartAnnouncementResponses.id });
    if (inserted.length === 0) {
      throw new AppError('spare_part_announcement_already_answered', 409, SPARE_PART_MESSAGES.alreadyAnswered);
    }
    if (target.authorId === null) return; // the author's account is gone: nobody to tell
    await notify(tx, [target.authorId], rule.notification, {
      sparePartAnnouncementId: body.sparePartAnnouncementId,
      sparePartAnnouncementTitle: target.title,
      ownerFullName: fullName(owner),
      applicantFullName: fullName(applicant),
      agencyName: agency.name,
      emailAddress: applicant?.emailAddress ?? '',
      phone: applicant?.phone ?? '',
    });
  });
}

const expired = () => new AppError('spare_part_announcement_expired', 409, SPARE_PART_MESSAGES.expired);
