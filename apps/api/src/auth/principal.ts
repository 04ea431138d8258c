import { IMPERSONATION_HEADER, IMPERSONATION_PERMISSION, MAX_ID, type PermissionCode } from '@reseau/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { adminAgencies, admins, clients, secondFactors, sessions } from '../db/schema/index.js';
import { errors } from '../lib/errors.js';
import type { RoleCatalog } from '../modules/roles/catalog.js';
import type { PrincipalCache } from './principal-cache.js';
import type { SecondFactorRule } from './second-factor-requirement.js';
import type { TokenSigner } from './tokens.js';

export interface AdminPrincipal {
  kind: 'admin';
  adminId: number;
  roleId: number;
  adminTypeId: number;
  regionId: number | null;
  adherentId: number | null;
  permissions: ReadonlySet<PermissionCode>;
  /** Agencies the admin may act for; `null` means every agency (network roles). */
  agencyIds: readonly number[] | null;
  /** Set when a network admin acts as this adherent user through the impersonation header. */
  impersonatedBy: number | null;
  /** The session of the access token (the real caller's when impersonating). */
  sessionId: string | null;
}

export interface ClientPrincipal {
  kind: 'client';
  clientId: number;
  emailAddress: string;
  /** The session (refresh-token family) of the access token; null for a customer acting through a server-side flow. */
  sessionId: string | null;
}

export type Principal = AdminPrincipal | ClientPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The token's session, if open: it exists for this very account, is not revoked and has not ended. */
const openSession = (kind: 'admin' | 'client', subjectId: typeof admins.id | typeof clients.id) =>
  and(
    sql`${sessions.id} = ${sql.placeholder('sid')}::uuid`,
    eq(sessions.subjectKind, kind),
    eq(sessions.subjectId, subjectId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  );

/** The three prepared queries of a caller's standing: staff in a session, impersonated staff, customer in a session. */
function preparePrincipalQueries(db: Db) {
  const adminColumns = {
    adminId: admins.id,
    roleId: admins.roleId,
    regionId: admins.regionId,
    adherentId: admins.adherentId,
    agencyIds: sql<
      number[]
    >`coalesce((select array_agg(${adminAgencies.agencyId}) from ${adminAgencies} where ${adminAgencies.adminId} = ${admins.id}), '{}')`,
  };
  const adminInSessionQuery = db
    .select({
      ...adminColumns,
      sessionEnd: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      secondFactorRequired: admins.secondFactorRequired,
      hasSecondFactor: sql<boolean>`exists (select 1 from ${secondFactors} where ${secondFactors.subjectKind} = 'admin' and ${secondFactors.subjectId} = ${admins.id} and ${secondFactors.totpEnabledAt} is not null)`,
    })
    .from(admins)
    .innerJoin(sessions, openSession('admin', admins.id))
    .where(and(eq(admins.id, sql.placeholder('id')), eq(admins.isActive, true)))
    .prepare('principal_admin');
  // The impersonated user has no session of their own: the caller's was checked just before.
  const impersonatedAdmin = db
    .select(adminColumns)
    .from(admins)
    .where(and(eq(admins.id, sql.placeholder('id')), eq(admins.isActive, true)))
    .prepare('principal_impersonated_admin');
  const clientInSession = db
    .select({ clientId: clients.id, emailAddress: clients.emailAddress, sessionEnd: sessions.expiresAt })
    .from(clients)
    .innerJoin(sessions, openSession('client', clients.id))
    .where(and(eq(clients.id, sql.placeholder('id')), eq(clients.isActive, true)))
    .prepare('principal_client');
  return { adminInSessionQuery, impersonatedAdmin, clientInSession };
}

/**
 * Who calls: reads the bearer token, then the caller's current standing from the database (a
 * disabled account, a changed role or a revoked session takes effect at once, not when the
 * token expires). One prepared query per request, unless `cache` (auth/principal-cache.ts) still
 * holds the answer; permissions come from the role catalogue. The search key (searchables)
 * names a session too, and is resolved through the same `adminInSession`.
 */
export function createPrincipalResolver(
  db: Db,
  signer: TokenSigner,
  { roles, cache, secondFactorRequired }: { roles: RoleCatalog; cache: PrincipalCache; secondFactorRequired: SecondFactorRule },
) {
  const { adminInSessionQuery, impersonatedAdmin, clientInSession } = preparePrincipalQueries(db);

  type AdminStanding = Omit<AdminPrincipal, 'impersonatedBy' | 'sessionId'>;
  /** What the session's sign-in proved: impersonation asks for the second factor (decisions.md). */
  type SessionStanding = AdminStanding & { mayImpersonate: boolean };
  type AdminRow = { adminId: number; roleId: number; regionId: number | null; adherentId: number | null; agencyIds: number[] };

  function standingOf(row: AdminRow): AdminStanding | null {
    const role = roles.get(row.roleId);
    if (!role) return null;
    return {
      kind: 'admin',
      adminId: row.adminId,
      roleId: row.roleId,
      regionId: row.regionId,
      adherentId: row.adherentId,
      adminTypeId: role.adminTypeId,
      permissions: role.permissions,
      // Network roles act for every agency.
      agencyIds: role.adminTypeId === 1 ? null : row.agencyIds.map(Number),
    };
  }

  function loadAdmin(adminId: number, sessionId: string | null): Promise<SessionStanding | AdminStanding | null> {
    if (sessionId) {
      return cache.load(`admin:${adminId}:${sessionId}`, async () => {
        const [row] = await adminInSessionQuery.execute({ id: adminId, sid: sessionId });
        const standing = row && standingOf(row);
        if (!standing) return null;
        // Fail closed: an account that must use a second factor opens nothing with a session
        // its sign-in did not check one in (one opened before the rule, or before a reset).
        const secondFactorChecked = row.secondFactorAt !== null;
        if (!secondFactorChecked && secondFactorRequired(row)) return null;
        // "Log me in as" needs the second factor when the account must have one or has one.
        const value: SessionStanding = { ...standing, mayImpersonate: secondFactorChecked || !row.hasSecondFactor };
        return { value, validUntil: row.sessionEnd };
      });
    }
    return cache.load(`impersonated:${adminId}`, async () => {
      const [row] = await impersonatedAdmin.execute({ id: adminId });
      const value = row && standingOf(row);
      return value ? { value } : null;
    });
  }

  const loadClient = (clientId: number, sessionId: string) =>
    cache.load(`client:${clientId}:${sessionId}`, async () => {
      const [row] = await clientInSession.execute({ id: clientId, sid: sessionId });
      return row ? { value: { clientId: row.clientId, emailAddress: row.emailAddress }, validUntil: row.sessionEnd } : null;
    });

  /**
   * The staff member of an open session as an access token of that session resolves them, acting
   * as `impersonatedId` when given (only with the impersonation permission, only towards an
   * adherent-level account: refused otherwise). Null when the session is over or the account off.
   */
  async function adminInSession(
    adminId: number,
    sessionId: string,
    impersonatedId: number | null,
    log: FastifyBaseLogger,
  ): Promise<AdminPrincipal | null> {
    const session = (await loadAdmin(adminId, sessionId)) as SessionStanding | null;
    if (!session) return null;
    const { mayImpersonate, ...admin } = session;
    if (impersonatedId === null) return { ...admin, impersonatedBy: null, sessionId };
    if (!admin.permissions.has(IMPERSONATION_PERMISSION) || !validId(impersonatedId)) {
      log.warn({ adminId: admin.adminId, impersonatedAdminId: impersonatedId }, 'impersonation refused');
      throw errors.forbidden();
    }
    if (!mayImpersonate) {
      log.warn({ adminId: admin.adminId, impersonatedAdminId: impersonatedId }, 'impersonation refused: no second factor');
      throw errors.impersonationNeedsSecondFactor();
    }
    const target = await loadAdmin(impersonatedId, null);
    // Only adherent-level users may be impersonated: never a network admin.
    if (target?.adminTypeId !== 2) throw errors.forbidden();
    log.info({ adminId: admin.adminId, impersonatedAdminId: impersonatedId }, 'impersonated request');
    return { ...target, impersonatedBy: admin.adminId, sessionId };
  }

  async function fromRequest(request: FastifyRequest): Promise<Principal | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await signer.verify(header.slice(7));
    if (!claims) return null;
    const id = Number(claims.sub);
    if (!validId(id)) return null;
    // Every access token belongs to a session; one without (or with a malformed id) opens nothing.
    const sessionId = claims.sid;
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;

    if (claims.aud === 'extranet') {
      const client = await loadClient(id, sessionId);
      return client ? { kind: 'client', ...client, sessionId } : null;
    }
    const impersonated = request.headers[IMPERSONATION_HEADER];
    const impersonatedId = impersonated === undefined || impersonated === '' ? null : Number(impersonated);
    return adminInSession(id, sessionId, impersonatedId, request.log);
  }

  /**
   * The caller's standing now, for a request that outlives its start (a live stream): the same
   * session, account and impersonation checks as `fromRequest`, without the access token, whose
   * short life would end the stream while the session is still open. Null when any of them fails.
   */
  async function current(principal: Principal, log: FastifyBaseLogger): Promise<Principal | null> {
    if (!principal.sessionId) return null;
    if (principal.kind === 'client') {
      const client = await loadClient(principal.clientId, principal.sessionId);
      return client ? { kind: 'client', ...client, sessionId: principal.sessionId } : null;
    }
    const real = principal.impersonatedBy ?? principal.adminId;
    const acting = principal.impersonatedBy === null ? null : principal.adminId;
    return adminInSession(real, principal.sessionId, acting, log).catch(() => null);
  }

  return { fromRequest, adminInSession, current, secondFactorRequired };
}

export type CallerResolver = ReturnType<typeof createPrincipalResolver>;

/** A positive int4: what an account id can be (anything else is refused before a query). */
const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;
