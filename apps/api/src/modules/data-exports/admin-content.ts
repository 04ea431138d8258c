import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  adminAgencies,
  admins,
  agencies,
  auditLog,
  forumPosts,
  forumThreads,
  jobOffers,
  networkActualities,
  roles,
  sparePartAnnouncements,
} from '../../db/schema/index.js';
import { accountSecurity } from './account-security.js';

/** The staff member's account, role and agencies. Never the password's hash. */
async function staffAccountOf(db: DbOrTx, adminId: number) {
  const [account] = await db
    .select({
      id: admins.id,
      emailAddress: admins.emailAddress,
      firstName: admins.firstName,
      lastName: admins.lastName,
      position: admins.position,
      phone: admins.phone,
      roleId: admins.roleId,
      roleName: roles.name,
      regionId: admins.regionId,
      adherentId: admins.adherentId,
      isAdherentAdmin: admins.isAdherentAdmin,
      isActive: admins.isActive,
      isHidden: admins.isHidden,
      doNotShowOnMap: admins.doNotShowOnMap,
      cooperativeRoles: admins.cooperativeRoles,
      archivedAt: admins.archivedAt,
    })
    .from(admins)
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .where(eq(admins.id, adminId));
  const agencyRows = await db
    .select({ id: agencies.id, name: agencies.name, city: agencies.city })
    .from(adminAgencies)
    .innerJoin(agencies, eq(agencies.id, adminAgencies.agencyId))
    .where(eq(adminAgencies.adminId, adminId))
    .orderBy(asc(agencies.name));
  return { account, agencies: agencyRows };
}

/** What the staff member wrote on the intranet: titles and dates (the content stays on the intranet). */
async function authoredContentOf(db: DbOrTx, adminId: number) {
  const networkActualityRows = await db
    .select({ id: networkActualities.id, title: networkActualities.title, publicationDate: networkActualities.publicationDate })
    .from(networkActualities)
    .where(eq(networkActualities.authorId, adminId));
  const threadRows = await db
    .select({ id: forumThreads.id, title: forumThreads.title, publicationDate: forumThreads.publicationDate })
    .from(forumThreads)
    .where(eq(forumThreads.authorId, adminId));
  const postRows = await db
    .select({
      id: forumPosts.id,
      forumThreadId: forumPosts.forumThreadId,
      threadTitle: forumThreads.title,
      publicationDate: forumPosts.publicationDate,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.forumThreadId))
    .where(eq(forumPosts.authorId, adminId));
  const announcementRows = await db
    .select({
      id: sparePartAnnouncements.id,
      title: sparePartAnnouncements.title,
      publicationDate: sparePartAnnouncements.publicationDate,
    })
    .from(sparePartAnnouncements)
    .where(eq(sparePartAnnouncements.authorId, adminId));
  const jobOfferRows = await db
    .select({ id: jobOffers.id, title: jobOffers.title, createdAt: jobOffers.createdAt })
    .from(jobOffers)
    .where(eq(jobOffers.authorId, adminId));
  return {
    networkActualities: networkActualityRows,
    forumThreads: threadRows,
    forumPosts: postRows,
    sparePartAnnouncements: announcementRows,
    jobOffers: jobOfferRows,
  };
}

/** What the audit log says the staff member did, did as someone else, or had done to their account. */
async function auditAbout(db: DbOrTx, adminId: number) {
  return db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      actorAdminId: auditLog.actorAdminId,
      impersonatedAdminId: auditLog.impersonatedAdminId,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .where(
      or(
        eq(auditLog.actorAdminId, adminId),
        eq(auditLog.impersonatedAdminId, adminId),
        and(eq(auditLog.entity, 'admin'), eq(auditLog.entityId, String(adminId))),
      ),
    )
    .orderBy(desc(auditLog.at));
}

/** What the platform holds about a staff member (issue 28 §1): the JSON's content; no PDF. */
export async function adminExportContent(db: DbOrTx, adminId: number) {
  const { account, agencies: agencyRows } = await staffAccountOf(db, adminId);
  if (!account) return null;
  const data = {
    account,
    agencies: agencyRows,
    ...(await accountSecurity(db, 'admin', adminId)),
    authoredContent: await authoredContentOf(db, adminId),
    auditLog: await auditAbout(db, adminId),
  };
  return { emailAddress: account.emailAddress, firstName: account.firstName, data, files: [] };
}
