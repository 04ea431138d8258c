import { hasRichTextContent, JOB_OFFER_MESSAGES, type JobOfferValues, MESSAGES } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { assertOwnAgency } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, jobOffers, regions } from '../../db/schema/index.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import { frenchToday } from '../../lib/french.js';
import type { StaffContext } from '../../lib/request-context.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { jobOfferMail } from './mails.js';
import { editableJobOffers, isNetworkRole } from './policy.js';
import { referenceNames } from './service.js';

const o = jobOffers;

/**
 * The stored fields of a body, once every rule of spec 02 §5–§6 holds: only network roles mark a
 * template; a template belongs to the network (no agency) and is never active; another role's
 * offer belongs to one of their agencies; the description is sanitized (images dropped: the
 * recipients outside the network could not open them); an expiration date is not in the past.
 */
async function storedFields(db: DbOrTx, admin: AdminPrincipal, body: JobOfferValues, today: string) {
  if (body.isTemplate && !isNetworkRole(admin)) throw new AppError('forbidden', 403, JOB_OFFER_MESSAGES.templateForbidden);
  const problems: Record<string, string[]> = {};
  if (body.isTemplate && body.isActive) problems.isActive = [JOB_OFFER_MESSAGES.templateNotActive];
  const agencyId = body.isTemplate ? null : (body.agencyId ?? null);
  if (agencyId === null && !body.isTemplate && !isNetworkRole(admin)) problems.agencyId = [JOB_OFFER_MESSAGES.agencyRequired];
  if (agencyId !== null) {
    assertOwnAgency(admin, agencyId);
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
    if (!agency) problems.agencyId = [JOB_OFFER_MESSAGES.agencyRequired];
  }
  const regionId = body.regionId ?? null;
  if (regionId !== null) {
    const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
    if (!region) problems.regionId = [JOB_OFFER_MESSAGES.unknownRegion];
  }
  const expirationDate = body.expirationDate ?? null;
  if (expirationDate !== null && expirationDate < today) problems.expirationDate = [JOB_OFFER_MESSAGES.expiredBeforeToday];
  const description = sanitizeRichText(body.description).replace(/<img[^>]*>/g, '');
  if (!hasRichTextContent(description)) problems.description = [MESSAGES.required];
  if (Object.keys(problems).length > 0) throw errors.validation(problems);
  return {
    title: body.title,
    description,
    jobOfferTypeCode: body.jobOfferTypeCode,
    jobOfferDomainCode: body.jobOfferDomainCode,
    geographicSector: body.geographicSector,
    isTemplate: body.isTemplate,
    agencyId,
    regionId,
    expirationDate,
    contacts: body.contacts.map(({ emailAddress }) => ({ emailAddress })),
  };
}

/**
 * Mails an offer to its recipients the first time it is seen active with recipients: the
 * conditional update lets one caller win however many saves or switches race, so each recipient
 * hears of it once. Run inside the write's transaction: the mails are queued rows (no network),
 * and they commit with the offer and its `mailedAt`, or not at all.
 */
export async function mailJobOfferOnce(db: DbOrTx, mailer: Mailer, id: number): Promise<number> {
  const [won] = await db
    .update(o)
    .set({ mailedAt: sql`now()` })
    .where(
      and(
        eq(o.id, id),
        sql`${o.mailedAt} is null and ${o.isActive} and not ${o.isTemplate}`,
        sql`(${o.expirationDate} is null or ${o.expirationDate} >= current_date)`,
        sql`jsonb_array_length(${o.contacts}) > 0`,
      ),
    )
    .returning();
  if (!won) return 0;
  const [agency] =
    won.agencyId === null ? [] : await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, won.agencyId));
  const mail = jobOfferMail({
    ...won,
    ...(await referenceNames(db, won.jobOfferTypeCode, won.jobOfferDomainCode)),
    agencyName: agency?.name ?? null,
  });
  for (const { emailAddress } of won.contacts) {
    await mailer.send({ to: emailAddress, ...mail }, { db, key: `job-offer:${id}:${emailAddress.toLowerCase()}` });
  }
  return won.contacts.length;
}

export interface JobOfferDeps {
  db: DbOrTx;
  mailer: Mailer;
}

/** Creates an offer (inactive unless `isActive`), then mails it if it is active. */
export async function createJobOffer({ deps, caller: admin, ip }: StaffContext, body: JobOfferValues) {
  const today = frenchToday();
  const fields = await storedFields(deps.db, admin, body, today);
  const isActive = body.isActive === true;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(o)
      .values({ ...fields, isActive, publicationDate: isActive ? today : null, authorId: admin.adminId })
      .returning({ id: o.id });
    await audit(tx, { action: 'job_offer.created', ...auditActor(admin), entity: 'job_offer', entityId: row!.id, ip });
    await mailJobOfferOnce(tx, deps.mailer, row!.id);
    return row!.id;
  });
  return { id };
}

/**
 * Rewrites an offer the caller may edit. `isActive` absent keeps the stored switch; an offer that
 * turns active is dated today (spec 02 §4: the switch publishes it today). False when out of reach.
 */
export async function updateJobOffer({ deps, caller: admin, ip }: StaffContext, id: number, body: JobOfferValues) {
  const today = frenchToday();
  const fields = await storedFields(deps.db, admin, body, today);
  const isActive = fields.isTemplate ? sql`false` : body.isActive === undefined ? o.isActive : sql`${body.isActive}::boolean`;
  const updated = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(o)
      .set({
        ...fields,
        isActive,
        publicationDate: sql`case when ${isActive} and not ${o.isActive} then ${today}::date else ${o.publicationDate} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(o.id, id), editableJobOffers(admin)))
      .returning({ id: o.id });
    if (rows.length === 0) return false;
    await audit(tx, { action: 'job_offer.updated', ...auditActor(admin), entity: 'job_offer', entityId: id, ip });
    await mailJobOfferOnce(tx, deps.mailer, id);
    return true;
  });
  return updated;
}

export async function deleteJobOffer({ db, caller: admin, ip }: StaffContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(o)
      .where(and(eq(o.id, id), editableJobOffers(admin)))
      .returning({ id: o.id });
    if (rows.length === 0) return false;
    await audit(tx, { action: 'job_offer.deleted', ...auditActor(admin), entity: 'job_offer', entityId: id, ip });
    return true;
  });
}
