import { ROLES } from '@reseau/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { verifyPassword } from '../../auth/passwords.js';
import {
  adherents,
  adminAgencies,
  admins,
  agencies,
  agencyPostalCodes,
  clientAgencies,
  clients,
  notifications,
} from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';

describe('demo seed', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let firstRun: boolean;
  let secondRun: boolean;

  beforeAll(async () => {
    t = await buildTestApp();
    const started = performance.now();
    firstRun = await seedDemoIfEmpty(t.db, t.storage);
    const elapsed = performance.now() - started;
    secondRun = await seedDemoIfEmpty(t.db, t.storage);
    console.info(`demo seed: ${Math.round(elapsed)} ms`);
  });

  const adminByEmail = async (email: string) => {
    const [row] = await t.db.select().from(admins).where(eq(admins.emailAddress, email));
    if (!row) throw new Error(`${email} missing`);
    return row;
  };
  const clientByEmail = async (email: string) => {
    const [row] = await t.db.select().from(clients).where(eq(clients.emailAddress, email));
    if (!row) throw new Error(`${email} missing`);
    return row;
  };
  const agenciesOfAdmin = (adminId: number) =>
    t.db
      .select({ id: agencies.id, name: agencies.name, adherentId: agencies.adherentId })
      .from(adminAgencies)
      .innerJoin(agencies, eq(agencies.id, adminAgencies.agencyId))
      .where(eq(adminAgencies.adminId, adminId));
  const agenciesOfClient = (clientId: number) =>
    t.db
      .select({ id: agencies.id, name: agencies.name, adherentId: agencies.adherentId })
      .from(clientAgencies)
      .innerJoin(agencies, eq(agencies.id, clientAgencies.agencyId))
      .where(eq(clientAgencies.clientId, clientId));

  it('seeds once', () => {
    expect(firstRun).toBe(true);
    expect(secondRun).toBe(false);
  });

  it('creates every promised account with its role and the demo password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      if (account.kind === 'admin') {
        const row = await adminByEmail(account.email);
        expect(row.roleId, account.email).toBe(account.roleId);
        expect(row.isActive, account.email).toBe(true);
        expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD), account.email).toBe(true);
        if ('agencies' in account) {
          expect((await agenciesOfAdmin(row.id)).map((a) => a.name).sort(), account.email).toEqual([...account.agencies].sort());
        }
      } else {
        const row = await clientByEmail(account.email);
        expect((await agenciesOfClient(row.id)).map((a) => a.name).sort(), account.email).toEqual([...account.agencies].sort());
        if (account.email === DEMO_ACCOUNTS.nouveau.email) continue;
        expect(row.emailVerifiedAt, account.email).not.toBeNull();
        expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD), account.email).toBe(true);
      }
    }
  });

  it('gives network roles a region and no adherent, adherent roles an adherent and agencies', async () => {
    const rows = await t.db.select().from(admins);
    for (const row of rows) {
      if (row.roleId <= 3) {
        expect(row.adherentId, row.emailAddress).toBeNull();
        expect(row.regionId, row.emailAddress).not.toBeNull();
      } else {
        expect(row.adherentId, row.emailAddress).not.toBeNull();
        const linked = await agenciesOfAdmin(row.id);
        expect(linked.length, row.emailAddress).toBeGreaterThan(0);
        expect(
          linked.every((a) => a.adherentId === row.adherentId),
          row.emailAddress,
        ).toBe(true);
      }
    }
    expect(rows.filter((r) => !r.isActive)).toHaveLength(1);
  });

  it('makes dirigeant@demo.fr the adherent admin of an adherent with two agencies, linked to both', async () => {
    const dirigeant = await adminByEmail(DEMO_ACCOUNTS.dirigeant.email);
    expect(dirigeant.isAdherentAdmin).toBe(true);
    const own = await t.db.select().from(agencies).where(eq(agencies.adherentId, dirigeant.adherentId!));
    expect(own).toHaveLength(2);
    expect(own.every((a) => a.adminId === dirigeant.id)).toBe(true);
    const linked = await agenciesOfAdmin(dirigeant.id);
    expect(linked.map((a) => a.id).sort()).toEqual(own.map((a) => a.id).sort());
  });

  it('links agence@demo.fr to exactly one agency', async () => {
    const agence = await adminByEmail(DEMO_ACCOUNTS.agence.email);
    expect(await agenciesOfAdmin(agence.id)).toHaveLength(1);
  });

  it('makes client@demo.fr a customer of two agencies, one of them of dirigeant@demo.fr', async () => {
    const client = await clientByEmail(DEMO_ACCOUNTS.client.email);
    expect(`${client.firstName} ${client.lastName}`).toBe('Sophie Lefèvre');
    const own = await agenciesOfClient(client.id);
    expect(own).toHaveLength(2);
    const dirigeant = await adminByEmail(DEMO_ACCOUNTS.dirigeant.email);
    expect(own.some((a) => a.adherentId === dirigeant.adherentId)).toBe(true);
    expect(own.some((a) => a.adherentId !== dirigeant.adherentId)).toBe(true);
  });

  it('leaves nouveau@demo.fr without password, unverified, but known to an agency', async () => {
    const nouveau = await clientByEmail(DEMO_ACCOUNTS.nouveau.email);
    expect(nouveau.passwordHash).toBeNull();
    expect(nouveau.emailVerifiedAt).toBeNull();
    expect(nouveau.firstName).not.toBe('');
    expect(await agenciesOfClient(nouveau.id)).toHaveLength(1);
  });

  it('has at least one user of every role', async () => {
    const rows = await t.db.select({ roleId: admins.roleId, n: sql<number>`count(*)::int` }).from(admins).groupBy(admins.roleId);
    const counts = new Map(rows.map((r) => [r.roleId, r.n]));
    for (const role of ROLES) expect(counts.get(role.id) ?? 0, `role ${role.id}`).toBeGreaterThan(0);
  });

  it('places every agency with coordinates, a postal code and served postal codes', async () => {
    const rows = await t.db.select().from(agencies);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const a of rows) {
      expect(a.latitude, a.name).toBeTypeOf('number');
      expect(a.longitude, a.name).toBeTypeOf('number');
      expect(a.latitude! > 41 && a.latitude! < 51.5 && a.longitude! > -5.5 && a.longitude! < 10, a.name).toBe(true);
      expect(a.postalCode, a.name).toMatch(/^\d{5}$/);
      expect(a.sirenNumber, a.name).toMatch(/^\d{9}$/);
      expect(a.payPlugSecretKey, a.name).toBeNull();
      expect(a.adminId, a.name).not.toBeNull();
    }
    const served = await t.db.selectDistinct({ agencyId: agencyPostalCodes.agencyId }).from(agencyPostalCodes);
    expect(served).toHaveLength(rows.length);
    const withoutAdherent = await t.db
      .select({ id: agencies.id })
      .from(agencies)
      .leftJoin(adherents, eq(adherents.id, agencies.adherentId))
      .where(or(isNull(adherents.id), isNull(agencies.city)));
    expect(withoutAdherent).toHaveLength(0);
  });

  it('gives admin@demo.fr 4 unread notifications and the other demo accounts some of both kinds', async () => {
    for (const email of [DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.dirigeant.email, DEMO_ACCOUNTS.technicien.email]) {
      const admin = await adminByEmail(email);
      const rows = await t.db.select().from(notifications).where(eq(notifications.adminId, admin.id));
      expect(rows.length, email).toBeGreaterThanOrEqual(5);
      expect(rows.some((n) => n.isRead) && rows.some((n) => !n.isRead), email).toBe(true);
      expect(new Set(rows.map((n) => n.type)).size, email).toBeGreaterThanOrEqual(3);
    }
    const admin = await adminByEmail(DEMO_ACCOUNTS.admin.email);
    const unread = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.adminId, admin.id), eq(notifications.isRead, false)));
    expect(unread).toHaveLength(4);
  });

  it('signs the demo accounts in through the API, and shows admin@demo.fr 4 unread notifications', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/count-all-unread-notifications',
      headers: { authorization: `Bearer ${admin.json().accessToken}` },
    });
    expect(count.json()).toEqual({ unreadNotificationsCounter: 4 });
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client',
      payload: { emailAddress: DEMO_ACCOUNTS.client.email, password: DEMO_PASSWORD },
    });
    expect(client.statusCode, client.body).toBe(200);
  });

  it('keeps only customers known to an agency', async () => {
    const orphans = await t.db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`not exists (select 1 from ${clientAgencies} where ${clientAgencies.clientId} = ${clients.id})`);
    expect(orphans).toHaveLength(0);
    const many = await t.db
      .select({ id: clients.id })
      .from(clients)
      .where(inArray(clients.emailAddress, ['client@demo.fr', 'client2@demo.fr']));
    expect(many).toHaveLength(2);
  });
});
