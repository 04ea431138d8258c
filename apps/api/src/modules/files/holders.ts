import { and, eq, or, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { admins, agencies, clientAgencies, files } from '../../db/schema/index.js';

/** Whoever uploaded a file may read it back (the form previews it before the entity is saved). */
export async function uploaderHolder(db: DbOrTx, principal: Principal, fileId: number): Promise<boolean> {
  const uploader =
    principal.kind === 'admin'
      ? eq(files.uploadedByAdminId, principal.adminId)
      : eq(files.uploadedByClientId, principal.clientId);
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), uploader))
    .limit(1);
  return rows.length > 0;
}

const agencyHoldsFile = (fileId: number) =>
  or(
    eq(agencies.logoFileId, fileId),
    eq(agencies.illustrationFileId, fileId),
    eq(agencies.extranetAdvertisementFileId, fileId),
    eq(agencies.generalTermsFileId, fileId),
    eq(agencies.pageIllustrationFileId, fileId),
    eq(agencies.publicAdvertisementFileId, fileId),
    sql`${agencies.pageLogosFiles} @> ${JSON.stringify([{ fileId }])}::jsonb`,
  );

/** An agency's pictures and general terms: any admin, and the customers of that agency. */
export async function agencyFilesHolder(db: DbOrTx, principal: Principal, fileId: number): Promise<boolean> {
  const query =
    principal.kind === 'admin'
      ? db.select({ id: agencies.id }).from(agencies).where(agencyHoldsFile(fileId))
      : db
          .select({ id: agencies.id })
          .from(agencies)
          .innerJoin(
            clientAgencies,
            and(eq(clientAgencies.agencyId, agencies.id), eq(clientAgencies.clientId, principal.clientId)),
          )
          .where(agencyHoldsFile(fileId));
  return (await query.limit(1)).length > 0;
}

/** Admin avatars show across the intranet (directory, forums): any admin may read them. */
export async function adminAvatarHolder(db: DbOrTx, principal: Principal, fileId: number): Promise<boolean> {
  if (principal.kind !== 'admin') return false;
  const rows = await db.select({ id: admins.id }).from(admins).where(eq(admins.avatarFileId, fileId)).limit(1);
  return rows.length > 0;
}

/**
 * An agency's pictures are public: its public page shows them, and the web app shows logos and
 * advertisements with a plain <img>, which sends no token. General terms and other files are not.
 */
export async function isPublicAgencyImage(db: DbOrTx, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(
      or(
        eq(agencies.logoFileId, fileId),
        eq(agencies.illustrationFileId, fileId),
        eq(agencies.extranetAdvertisementFileId, fileId),
        eq(agencies.pageIllustrationFileId, fileId),
        eq(agencies.publicAdvertisementFileId, fileId),
        sql`${agencies.pageLogosFiles} @> ${JSON.stringify([{ fileId }])}::jsonb`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
