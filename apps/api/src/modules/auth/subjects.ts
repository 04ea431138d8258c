import type { AccessTokenClaims } from '@reseau/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { admins, clients, type SubjectKind } from '../../db/schema/index.js';

export interface SessionSubject {
  kind: SubjectKind;
  claims: AccessTokenClaims;
  /** Staff: what decides whether the account must use a second factor (deps.secondFactorRequired); null for customers. */
  staff: { roleId: number; secondFactorRequired: boolean } | null;
}

const byEmail = (column: typeof admins.emailAddress | typeof clients.emailAddress, email: string) =>
  eq(sql`lower(${column})`, email.trim().toLowerCase());

/** The admin row behind an email, active or not (the caller decides). */
export async function findAdminByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(admins).where(byEmail(admins.emailAddress, email));
  return row ?? null;
}

export async function findClientByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(clients).where(byEmail(clients.emailAddress, email));
  return row ?? null;
}

export const adminClaims = (a: typeof admins.$inferSelect): AccessTokenClaims => ({
  sub: String(a.id),
  given_name: a.firstName,
  family_name: a.lastName,
  email_address: a.emailAddress,
  data: { roleId: a.roleId, regionId: a.regionId },
});

export const clientClaims = (c: typeof clients.$inferSelect): AccessTokenClaims => ({
  sub: String(c.id),
  given_name: c.firstName,
  family_name: c.lastName,
  email_address: c.emailAddress,
  data: { roleId: null, regionId: null },
});

/** Who a refresh token may still open a session for: an active admin, an active verified customer. */
export async function findSessionSubject(db: DbOrTx, kind: SubjectKind, id: number): Promise<SessionSubject | null> {
  if (kind === 'admin') {
    const [a] = await db
      .select()
      .from(admins)
      .where(and(eq(admins.id, id), eq(admins.isActive, true)));
    return a ? { kind, claims: adminClaims(a), staff: a } : null;
  }
  const [c] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.isActive, true), isNotNull(clients.emailVerifiedAt)));
  return c ? { kind, claims: clientClaims(c), staff: null } : null;
}
