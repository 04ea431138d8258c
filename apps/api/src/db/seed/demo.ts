import { createHash } from 'node:crypto';
import { googleMyBusinessUrlOf } from '@reseau/contracts';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import { createPostgresSearchIndex } from '../../integrations/search/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { Db, DbOrTx } from '../client.js';
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
import { seedDemoAdherentUsers } from './demo-adherent-users.js';
import { discardDemoAgencyImages, prepareDemoAgencyImages, seedDemoAgencyImages } from './demo-agency-images.js';
import { discardDemoAgencyPages, prepareDemoAgencyPages, seedDemoAgencyPages } from './demo-agency-pages.js';
import { discardDemoApplications, prepareDemoApplications, seedDemoApplications } from './demo-applications.js';
import { seedDemoContactCards } from './demo-contact-cards.js';
import { seedDemoContacts } from './demo-contacts.js';
import { seedDemoDirectory } from './demo-directory.js';
import { discardDemoDocuments, prepareDemoDocuments, seedDemoDocuments } from './demo-document-files.js';
import { discardDemoExtranet, prepareDemoExtranet, seedDemoExtranet } from './demo-extranet.js';
import { discardDemoForums, prepareDemoForums, seedDemoForums } from './demo-forums.js';
import { seedDemoJobsResults } from './demo-jobs-results.js';
import { agencyName, DEMO_ADHERENTS, sirenWithKey } from './demo-network.js';
import { discardDemoNews, prepareDemoNews, seedDemoNews } from './demo-news-files.js';
import { DEMO_NOTIFICATIONS } from './demo-notifications.js';
import { DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_CLIENTS, DEMO_PASSWORD } from './demo-people.js';
import { seedDemoPrestations } from './demo-prestations.js';
import { seedSecondFactorDemo } from './demo-second-factor.js';
import { discardDemoSignatures, prepareDemoSignatures, seedDemoSignatures } from './demo-signatures.js';
import { seedDemoSpareParts } from './demo-spare-parts.js';

export { DEMO_CONTENT_REFS } from './demo-notifications.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-people.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function adminCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row?.n ?? 0;
}

/**
 * Seeds the demo network when the database holds no admin yet, in one transaction. Returns
 * whether it seeded. The data is fixed (see demo-*.ts); only the dates follow the clock.
 */
export async function seedDemoIfEmpty(db: Db, storage: FileStorage): Promise<boolean> {
  if ((await adminCount(db)) > 0) return false;
  // One argon2 hash for every demo account: hashing is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  // The extranet's PDFs are drawn and stored before the transaction, never while it holds the database.
  const extranet = await prepareDemoExtranet(storage, now);
  const news = await prepareDemoNews(storage);
  const agencyPages = await prepareDemoAgencyPages(storage);
  const agencyImages = await prepareDemoAgencyImages(storage);
  const applications = await prepareDemoApplications(storage);
  const documents = await prepareDemoDocuments(storage);
  const forums = await prepareDemoForums(storage);
  const signatures = await prepareDemoSignatures(storage, now);
  const discard = () =>
    Promise.all([
      discardDemoExtranet(storage, extranet),
      discardDemoNews(storage, news),
      discardDemoAgencyPages(storage, agencyPages),
      discardDemoAgencyImages(storage, agencyImages),
      discardDemoApplications(storage, applications),
      discardDemoDocuments(storage, documents),
      discardDemoForums(storage, forums),
      discardDemoSignatures(storage, signatures),
    ]);
  const seeded = await db
    .transaction(async (tx) => {
      // Two processes starting on the same empty database: the second waits, then sees the rows.
      await tx.execute(sql`select pg_advisory_xact_lock(727274001)`);
      if ((await adminCount(tx)) > 0) return false;
      await seedDemo(tx, passwordHash, now);
      await seedDemoExtranet(tx, extranet);
      await seedDemoNews(tx, news, now, createPostgresSearchIndex(db));
      await seedDemoAgencyPages(tx, agencyPages);
      await seedDemoAgencyImages(tx, agencyImages);
      await seedDemoApplications(tx, applications);
      await seedDemoDocuments(tx, documents, now, createPostgresSearchIndex(db));
      await seedDemoForums(tx, forums, now, createPostgresSearchIndex(db));
      await seedDemoSpareParts(tx, now, createPostgresSearchIndex(db));
      await seedDemoContactCards(tx, now);
      await seedDemoJobsResults(tx, now);
      await seedDemoDirectory(tx, now);
      await seedDemoSignatures(tx, signatures, now);
      return true;
    })
    .catch(async (err) => {
      await discard();
      throw err;
    });
  if (!seeded) await discard();
  return seeded;
}

async function seedDemo(tx: DbOrTx, passwordHash: string, now: number) {
  const { adherentIdByKey, adherentByKey } = await seedAdherents(tx);
  const adminIdByEmail = await seedAdmins(tx, passwordHash, now, adherentIdByKey, adherentByKey);
  const { agencyRows, agencyIdByKey } = await seedAgencies(tx, adherentIdByKey, adminIdByEmail);

  // The second adherent's users (README: roles 4 and 7 of another region, and a few role 9)
  await seedDemoAdherentUsers(tx, {
    passwordHash,
    adherentOf: (key) => ({
      id: need(adherentIdByKey, key, 'adherent'),
      regionId: need(adherentByKey, key, 'adherent').regionId,
    }),
    agencyIdOf: (key) => need(agencyIdByKey, key, 'agency'),
    createdAt: new Date(now - 30 * DAY),
  });

  // The account that signs in with an authenticator app (README)
  await seedSecondFactorDemo(tx, passwordHash, new Date(now - 30 * DAY));

  const clientIdByEmail = await seedClients(tx, passwordHash, now, agencyIdByKey);

  // Demands received by the agencies (the dashboard counts them)
  await seedDemoContacts(
    tx,
    { agency: (key) => need(agencyIdByKey, key, 'agency'), client: (email) => need(clientIdByEmail, email, 'client') },
    now,
  );

  await seedNotifications(tx, adminIdByEmail, now);

  // The prestation catalogue, priced by every agency
  await seedDemoPrestations(
    tx,
    agencyRows.map((r) => r.id),
  );

  // The promised accounts must come out of the lists above; fail loudly if they drift apart.
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const known = account.kind === 'admin' ? adminIdByEmail.has(account.email) : clientIdByEmail.has(account.email);
    if (!known) throw new Error(`demo seed: ${account.email} is missing`);
  }
}

const byKey = <T>(rows: T[], key: (r: T) => string) => new Map(rows.map((r) => [key(r), r]));
const need = <V>(map: Map<string, V>, key: string, what: string): V => {
  const v = map.get(key);
  if (v === undefined) throw new Error(`demo seed: unknown ${what} "${key}"`);
  return v;
};
type AdherentIds = Map<string, number>;
type DemoAdherent = (typeof DEMO_ADHERENTS)[number];

async function seedAdherents(tx: DbOrTx) {
  // Adherents
  const adherentRows = await tx
    .insert(adherents)
    .values(DEMO_ADHERENTS.map((a) => ({ name: a.name, regionId: a.regionId })))
    .returning({ id: adherents.id, name: adherents.name });
  const adherentIdByName = byKey(adherentRows, (r) => r.name);
  const adherentIdByKey = new Map(DEMO_ADHERENTS.map((a) => [a.key, need(adherentIdByName, a.name, 'adherent').id]));
  const adherentByKey = byKey(DEMO_ADHERENTS, (a) => a.key);

  return { adherentIdByKey, adherentByKey };
}

/** Intranet users (before agencies, which point at their adherent admin). */
async function seedAdmins(
  tx: DbOrTx,
  passwordHash: string,
  now: number,
  adherentIdByKey: AdherentIds,
  adherentByKey: Map<string, DemoAdherent>,
) {
  const adminRows = await tx
    .insert(admins)
    .values(
      DEMO_ADMINS.map((a, i) => {
        const adherent = a.adherent ? need(adherentByKey, a.adherent, 'adherent') : undefined;
        return {
          emailAddress: a.email,
          passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          position: a.position,
          phone: a.phone,
          roleId: a.roleId,
          regionId: adherent ? adherent.regionId : (a.regionId ?? null),
          adherentId: adherent ? need(adherentIdByKey, adherent.key, 'adherent') : null,
          isAdherentAdmin: a.isAdherentAdmin ?? false,
          isActive: a.isActive ?? true,
          // One adherent admin per adherent is visible on the map (spec 00 §5).
          doNotShowOnMap: !a.isAdherentAdmin,
          cooperativeRoles: a.cooperativeRoles ?? [],
          sortOrder: i + 1,
          createdAt: new Date(now - (90 - i) * DAY),
        };
      }),
    )
    .returning({ id: admins.id, emailAddress: admins.emailAddress });
  const adminIdByEmail = new Map(adminRows.map((r) => [r.emailAddress, r.id]));
  return adminIdByEmail;
}

/** Agencies, the postal codes they serve and the intranet users who act for them. */
async function seedAgencies(tx: DbOrTx, adherentIdByKey: AdherentIds, adminIdByEmail: Map<string, number>) {
  const adherentAdminIdByKey = new Map(
    DEMO_ADMINS.filter((a) => a.isAdherentAdmin && a.adherent).map((a) => [a.adherent!, need(adminIdByEmail, a.email, 'admin')]),
  );
  const agencyValues = DEMO_ADHERENTS.flatMap((adherent) =>
    adherent.agencies.map((agency) => {
      const name = agencyName(adherent, agency);
      const placeId = `ChIJ${createHash('sha256').update(name).digest('base64url').slice(0, 23)}`;
      return {
        adherentId: need(adherentIdByKey, adherent.key, 'adherent'),
        adminId: adherentAdminIdByKey.get(adherent.key) ?? null,
        name,
        description: agency.description,
        descriptionIntervention: agency.descriptionIntervention,
        externalLink: agency.externalLink ?? null,
        googleMyBusinessId: placeId,
        googleMyBusinessUrl: googleMyBusinessUrlOf(placeId),
        jobType: agency.jobType,
        salesFigures: agency.salesFigures,
        activities: agency.activities,
        employeeAmount: agency.employeeAmount,
        enteredNetworkAt: agency.enteredNetworkAt,
        address1: agency.address1,
        address2: agency.address2 ?? null,
        postalCode: agency.postalCode,
        city: agency.city,
        latitude: agency.latitude,
        longitude: agency.longitude,
        openingHours: agency.openingHours,
        phones: agency.phones,
        emails: [{ emailAddress: `${agency.key}@${adherent.domain}`, label: 'Contact' }],
        socialLinks: agency.socialLinks ?? [],
        sirenNumber: sirenWithKey(adherent.sirenBase),
        legalOfficer: adherent.legalOfficer,
        businessName: adherent.businessName,
      };
    }),
  );
  const agencyRows = await tx.insert(agencies).values(agencyValues).returning({ id: agencies.id, name: agencies.name });
  const agencyIdByName = new Map(agencyRows.map((r) => [r.name, r.id]));
  const agencyIdByKey = new Map(
    DEMO_ADHERENTS.flatMap((adherent) =>
      adherent.agencies.map((agency) => [agency.key, need(agencyIdByName, agencyName(adherent, agency), 'agency')] as const),
    ),
  );

  await tx
    .insert(agencyPostalCodes)
    .values(
      DEMO_ADHERENTS.flatMap((adherent) =>
        adherent.agencies.flatMap((agency) =>
          agency.servedPostalCodes.map((postalCode) => ({ agencyId: need(agencyIdByKey, agency.key, 'agency'), postalCode })),
        ),
      ),
    );

  await tx.insert(adminAgencies).values(
    DEMO_ADMINS.flatMap((a) =>
      (a.agencies ?? []).map((key) => ({
        adminId: need(adminIdByEmail, a.email, 'admin'),
        agencyId: need(agencyIdByKey, key, 'agency'),
      })),
    ),
  );
  return { agencyRows, agencyIdByKey };
}

/** Extranet customers and the agencies they are customers of. */
async function seedClients(tx: DbOrTx, passwordHash: string, now: number, agencyIdByKey: Map<string, number>) {
  const clientRows = await tx
    .insert(clients)
    .values(
      DEMO_CLIENTS.map((c) => ({
        emailAddress: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        passwordHash: c.hasPassword ? passwordHash : null,
        emailVerifiedAt: c.verifiedDaysAgo === null ? null : new Date(now - c.verifiedDaysAgo * DAY),
        createdAt: new Date(now - ((c.verifiedDaysAgo ?? 3) * DAY + 2 * HOUR)),
      })),
    )
    .returning({ id: clients.id, emailAddress: clients.emailAddress });
  const clientIdByEmail = new Map(clientRows.map((r) => [r.emailAddress, r.id]));
  await tx.insert(clientAgencies).values(
    DEMO_CLIENTS.flatMap((c) =>
      c.agencies.map((key) => ({
        clientId: need(clientIdByEmail, c.email, 'client'),
        agencyId: need(agencyIdByKey, key, 'agency'),
      })),
    ),
  );
  return clientIdByEmail;
}

/** Notifications (oldest first so that ids follow time). */
async function seedNotifications(tx: DbOrTx, adminIdByEmail: Map<string, number>, now: number) {
  await tx.insert(notifications).values(
    [...DEMO_NOTIFICATIONS]
      .sort((a, b) => b.hoursAgo - a.hoursAgo)
      .map((n) => ({
        adminId: need(adminIdByEmail, n.to, 'admin'),
        type: n.type,
        isRead: n.isRead,
        data: n.data,
        createdAt: new Date(now - n.hoursAgo * HOUR),
      })),
  );
}
