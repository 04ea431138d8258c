import { FAQ_THEME_CODES, ROLES } from '@reseau/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { verifyPassword } from '../../auth/passwords.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import {
  adherents,
  adminAgencies,
  admins,
  agencies,
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  agencyPostalCodes,
  clientAgencies,
  clients,
  equipmentTypeDetails,
  faqEntries,
  files,
  notifications,
} from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { DEMO_TOTP_ACCOUNT } from './demo-second-factor.js';

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

  it('the second-factor account signs in with the demo password, then a code of the README secret', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, payload });
    const first = await post('/auth/admin', { emailAddress: DEMO_TOTP_ACCOUNT.email, password: DEMO_PASSWORD });
    const { challengeToken, methods } = first.json().secondFactorChallenge;
    expect(methods).toEqual(['totp']);
    const code = generateSync({ secret: DEMO_TOTP_ACCOUNT.secret });
    const second = await post('/auth/second-factor', { challengeToken, code });
    expect(second.statusCode).toBe(200);
    expect((await adminByEmail(DEMO_TOTP_ACCOUNT.email)).roleId).toBe(2);
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

  it("gives every equipment type network prestations that the director's agencies price, network texts and the agency's own", async () => {
    const dirigeant = await adminByEmail(DEMO_ACCOUNTS.dirigeant.email);
    const [agency] = await agenciesOfAdmin(dirigeant.id);
    const headers = await t.authHeader(dirigeant);
    for (const equipmentTypeId of [1, 2, 3, 4, 5, 6]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/equipment-types/${equipmentTypeId}?agencyId=${agency!.id}`,
        headers,
      });
      const view = res.json() as {
        networkPrestations: { isMandatory: boolean; agencyNetworkPrestation: { price: number | null } | null }[];
        agencyPrestations: { price: number }[];
        details: { agencyId: number | null; prestationTypeId: number }[];
      };
      // The three text blocks (SAV, installation, advice), the network's and the agency's.
      for (const owner of [null, agency!.id])
        expect(view.details.filter((d) => d.agencyId === owner).map((d) => d.prestationTypeId)).toEqual([1, 2, 3]);
      expect(view.agencyPrestations.length).toBeGreaterThanOrEqual(1);
      expect(view.networkPrestations.length).toBeGreaterThanOrEqual(3);
      expect(view.networkPrestations.some((p) => p.isMandatory)).toBe(true);
      expect(view.networkPrestations.every((p) => typeof p.agencyNetworkPrestation?.price === 'number')).toBe(true);
    }
    const [texts] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipmentTypeDetails)
      .where(isNull(equipmentTypeDetails.agencyId));
    expect(texts!.n).toBe(18);
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

  it('has a second adherent outside Nord with two agencies, a role 4 and a role 7 account and role 9 users', async () => {
    const director = await adminByEmail(DEMO_ACCOUNTS.dirigeantOuest.email);
    const manager = await adminByEmail(DEMO_ACCOUNTS.responsableOuest.email);
    const nord = await adminByEmail(DEMO_ACCOUNTS.dirigeant.email);
    expect(director.adherentId).toBe(manager.adherentId);
    expect(director.adherentId).not.toBe(nord.adherentId);
    const [adherent] = await t.db.select().from(adherents).where(eq(adherents.id, director.adherentId!));
    expect(adherent?.regionId).not.toBe(1);
    expect(await t.db.select().from(agencies).where(eq(agencies.adherentId, director.adherentId!))).toHaveLength(2);
    // The director manages its users through the API: the agency collaborators, without the adherent admin.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: director.emailAddress, password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/adherent-users',
      headers: { authorization: `Bearer ${signedIn.json().accessToken}` },
    });
    const users = res.json().adherentUsers as { roleId: number; emailAddress: string }[];
    expect(users.filter((u) => u.roleId === 9).length).toBeGreaterThanOrEqual(3);
    expect(users.map((u) => u.emailAddress)).toContain(manager.emailAddress);
    expect(users.map((u) => u.emailAddress)).not.toContain(director.emailAddress);
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

  // Extranet -------------------------------------------------------------------------------------

  const signInClient = async (emailAddress: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client',
      payload: { emailAddress, password: DEMO_PASSWORD },
    });
    return { authorization: `Bearer ${res.json().accessToken}` };
  };
  const api = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res;
  };
  const contractsOf = async (email: string) => {
    const client = await clientByEmail(email);
    return t.db.select().from(agencyContracts).where(eq(agencyContracts.clientId, client.id));
  };
  const today = () => new Date().toISOString().slice(0, 10);

  it('gives client@demo.fr three contracts at two addresses with two agencies, each with documents', async () => {
    const contracts = await contractsOf(DEMO_ACCOUNTS.client.email);
    expect(contracts).toHaveLength(3);
    expect(new Set(contracts.map((c) => c.agencyId)).size).toBe(2);
    expect(new Set(contracts.map((c) => `${c.route} ${c.postalCode}`)).size).toBe(2);
    const client = await clientByEmail(DEMO_ACCOUNTS.client.email);
    const own = await agenciesOfClient(client.id);
    expect(contracts.every((c) => own.some((a) => a.id === c.agencyId))).toBe(true);
    const documents = await t.db
      .select()
      .from(agencyContractDocuments)
      .where(
        inArray(
          agencyContractDocuments.agencyContractId,
          contracts.map((c) => c.id),
        ),
      );
    for (const c of contracts) {
      expect(
        documents.some((d) => d.agencyContractId === c.id && d.fileId !== null),
        c.reference,
      ).toBe(true);
    }
    expect(documents.some((d) => d.fileId === null)).toBe(true);
  });

  it('gives client@demo.fr quotes in every state and invoices to pay, paid and of unknown status', async () => {
    const contracts = await contractsOf(DEMO_ACCOUNTS.client.email);
    const ids = contracts.map((c) => c.id);
    const quotes = await t.db
      .select()
      .from(agencyContractQuotations)
      .where(inArray(agencyContractQuotations.agencyContractId, ids));
    const awaiting = quotes.filter((q) => q.isAccepted === false && q.fileId !== null && !q.envelopeFileId);
    expect(awaiting.length).toBeGreaterThanOrEqual(2);
    expect(quotes.some((q) => q.fileId === null)).toBe(true);
    expect(quotes.some((q) => q.isAccepted === true && q.envelopeFileId !== null && q.fileId !== null)).toBe(true);
    expect(quotes.some((q) => q.isAccepted === null && q.fileId !== null)).toBe(true);

    const invoices = await t.db
      .select()
      .from(agencyContractInvoices)
      .where(inArray(agencyContractInvoices.agencyContractId, ids));
    expect(invoices.every((i) => i.fileId !== null)).toBe(true);
    // Spec 03 §4: to be paid, paid, or unknown (a file but neither).
    const toBePaid = invoices.filter((i) => i.leftToPayIncludingTax > 0 && !i.isPaidLocally);
    const paid = invoices.filter((i) => i.leftToPayIncludingTax === 0 || i.isPaidLocally);
    const unknown = invoices.filter((i) => !toBePaid.includes(i) && !paid.includes(i));
    expect(toBePaid.map((i) => i.leftToPayIncludingTax)).toContain(18_900);
    expect(paid.some((i) => i.paymentMean === 'CB' && i.paymentDate !== null && i.paymentDate < today())).toBe(true);
    expect(unknown).toHaveLength(1);
    for (const i of invoices) expect(i.amountIncludingTax, i.number).not.toBe(0);
  });

  it('gives client@demo.fr a service call at each of the tracker’s five steps', async () => {
    const contracts = await contractsOf(DEMO_ACCOUNTS.client.email);
    const calls = await t.db
      .select()
      .from(agencyContractServiceCalls)
      .where(
        inArray(
          agencyContractServiceCalls.agencyContractId,
          contracts.map((c) => c.id),
        ),
      );
    const now = today();
    expect(calls.some((c) => c.appointmentDate === null && !c.isFinished)).toBe(true);
    expect(calls.some((c) => c.appointmentDate !== null && c.appointmentDate > now && !c.voucherId)).toBe(true);
    expect(calls.some((c) => c.appointmentDate! < now && c.voucherId && !c.invoiceId && !c.isFinished)).toBe(true);
    expect(calls.some((c) => c.voucherId && c.invoiceId && !c.isFinished)).toBe(true);
    expect(calls.some((c) => c.isFinished)).toBe(true);
    for (const c of calls) expect(c.requestDate <= now).toBe(true);
  });

  it('shows client@demo.fr their to-do list, contracts and service calls through the API', async () => {
    const headers = await signInClient(DEMO_ACCOUNTS.client.email);
    const [lille] = await t.db.select().from(agencies).where(eq(agencies.name, "Thermi'Nord Lille"));
    const [dunkerque] = await t.db.select().from(agencies).where(eq(agencies.name, 'Flandres Énergies Dunkerque'));
    const lilleList = (await api(`/my-to-do-list?agencyId=${lille!.id}`, headers)).json().toDoList;
    expect(lilleList.filter((i: { type: string }) => i.type === 'quotation')).toHaveLength(2);
    expect(
      lilleList
        .filter((i: { type: string }) => i.type === 'invoice')
        .map((i: { amountIncludingTax: number }) => i.amountIncludingTax),
    ).toEqual([18_900]);
    for (const item of lilleList) {
      const file = await api(`/files/${item.fileId}`, headers);
      expect(file.headers['content-type']).toBe('application/pdf');
    }
    expect((await api(`/my-to-do-list?agencyId=${dunkerque!.id}`, headers)).json().toDoList).toHaveLength(1);
    expect((await api('/agency-contracts/mine', headers)).json().agencyContracts).toHaveLength(3);
    expect(
      (await api('/agency-contract-service-calls/mine?isFinished=false', headers)).json().agencyContractServiceCalls,
    ).toHaveLength(4);
  });

  it('gives client2@demo.fr one contract with a quote to sign and an invoice to pay', async () => {
    const contracts = await contractsOf(DEMO_ACCOUNTS.client2.email);
    expect(contracts).toHaveLength(1);
    const headers = await signInClient(DEMO_ACCOUNTS.client2.email);
    const list = (await api(`/my-to-do-list?agencyId=${contracts[0]!.agencyId}`, headers)).json().toDoList;
    expect(list.map((i: { type: string }) => i.type).sort()).toEqual(['invoice', 'quotation']);
  });

  it('stores every extranet file as a real PDF', async () => {
    const rows = await t.db.select().from(files).where(eq(files.typeId, 14));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      const bytes = await t.storage.get(row.storageKey);
      expect(bytes, row.fileName).not.toBeNull();
      expect(bytes!.length, row.fileName).toBe(row.size);
      const pdf = await PDFDocument.load(bytes!);
      expect(pdf.getPageCount(), row.fileName).toBe(1);
      expect(row.fileName).toMatch(/\.pdf$/);
    }
  });

  it('fills the FAQ: at least four sanitized entries per theme', async () => {
    const rows = await t.db.select().from(faqEntries);
    for (const theme of FAQ_THEME_CODES) {
      expect(rows.filter((r) => r.theme === theme).length, theme).toBeGreaterThanOrEqual(4);
    }
    for (const row of rows) {
      expect(row.answer, row.question).toBe(sanitizeRichText(row.answer));
      expect(row.answer).not.toMatch(/<script|onerror|javascript:/i);
    }
  });
});
