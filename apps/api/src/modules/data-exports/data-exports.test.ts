import {
  DATA_EXPORT_JSON_NAME,
  DATA_EXPORT_MESSAGES,
  IMPERSONATION_HEADER,
  NOT_FOUND_SUBJECTS,
  notFoundMessage,
} from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildContract,
  buildDocument,
  buildInvoice,
  buildQuotation,
  buildServiceCall,
} from '../../../test/extranet-factories.js';
import { apiCaller, buildTestApp, tokenFromMail } from '../../../test/helper.js';
import { readStoredZip } from '../../../test/zip-reader.js';
import { auditLog, contacts, dataExports } from '../../db/schema/index.js';
import { createMailer } from '../../integrations/mail/mailer.js';
import { createMemoryStorage } from '../../integrations/storage/storage.js';
import { purgeExpiredDataExports, runDataExport } from './service.js';

/** The memory storage, with a gate the concurrency test closes to hold a job in the middle of its ZIP. */
const memory = createMemoryStorage();
let gate: Promise<void> | null = null;
const storage: typeof memory = {
  ...memory,
  async putStream(key, source, opts) {
    if (gate && key.startsWith('data-exports/')) await gate;
    return memory.putStream(key, source, opts);
  },
};

const t = await buildTestApp({}, { storage });
const call = apiCaller(t);
type Caller = Parameters<typeof call>[0] & {};

/** Asks for the export as `who`, waits for the job and answers the link's token from the mail to `to`. */
async function exportThroughMail(who: Caller, url: string, to: string, area: 'extranet' | 'intranet' = 'extranet') {
  const res = await call(who, 'POST', url);
  expect(res.statusCode, res.body).toBe(202);
  await t.settled();
  const [mail] = await t.mailsTo(to);
  expect(mail?.subject).toBe('Vos données sont prêtes à être téléchargées');
  expect(mail!.text).toContain(`${t.config.PUBLIC_URL}/${area}/data-export?token=`);
  return tokenFromMail(mail!.text);
}

async function downloadZip(token: string) {
  const res = await call(null, 'GET', `/data-exports/${token}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const entries = readStoredZip(res.rawPayload);
  const json = entries.get(DATA_EXPORT_JSON_NAME)!.toString('utf8');
  return { entries, json, data: JSON.parse(json) };
}

/** Two customers of one agency, each with a contract, a quote, an invoice, a service call and a document. */
async function twoCustomersOfOneAgency() {
  const agency = await t.buildAgency();
  const customer = async (name: string) => {
    const client = await t.buildClient({ agencyIds: [agency.id], lastName: name });
    const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const quotation = await buildQuotation(t, { agencyContractId: contract.id, withFile: true });
    const invoice = await buildInvoice(t, { agencyContractId: contract.id, leftToPayIncludingTax: 0, withFile: true });
    await buildServiceCall(t, { agencyContractId: contract.id, withVoucher: true });
    await buildDocument(t, { agencyContractId: contract.id, withFile: true });
    await t.db.insert(contacts).values({
      agencyId: agency.id,
      type: 'extranet',
      clientId: client.id,
      fullName: name,
      data: { message: `Message de ${name}` },
    });
    return { client, contract, quotation, invoice };
  };
  return { agency, mine: await customer('Durand'), theirs: await customer('Lefebvre') };
}

describe('POST /clients/me/data-exports', () => {
  it('mails the customer a link to a ZIP of their own data and PDFs, never another customer’s', async () => {
    const { mine, theirs } = await twoCustomersOfOneAgency();
    const token = await exportThroughMail(mine.client, '/clients/me/data-exports', mine.client.emailAddress);
    const { entries, json, data } = await downloadZip(token);
    expect(data.account.emailAddress).toBe(mine.client.emailAddress);
    expect(data.agencyContracts.map((c: { reference: string }) => c.reference)).toEqual([mine.contract.reference]);
    expect(data.agencyContracts[0].quotations[0].number).toBe(mine.quotation.number);
    expect(data.agencyContracts[0].invoices[0].number).toBe(mine.invoice.number);
    expect(data.agencyContracts[0].equipment.equipmentType).toBe(mine.contract.equipmentType);
    expect(data.contacts.map((c: { data: { message: string } }) => c.data.message)).toEqual(['Message de Durand']);
    expect(data.sessions.length).toBeGreaterThan(0);
    // Four PDFs: the quote, the invoice, the service call's voucher and the document.
    const pdfs = [...entries.keys()].filter((name) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(4);
    expect(pdfs.every((name) => name.startsWith(`documents/${mine.contract.reference}/`))).toBe(true);
    expect(entries.get(pdfs[0]!)!.subarray(0, 5).toString()).toBe('%PDF-');
    // Nothing of the other customer, and no secret.
    for (const other of [
      theirs.client.emailAddress,
      theirs.contract.reference,
      theirs.quotation.number,
      theirs.invoice.number,
      'Lefebvre',
    ]) {
      expect(json).not.toContain(other);
    }
    expect(json).not.toMatch(/passwordHash|tokenHash|endLinkHash|totpSecret|publicKey|\$argon2/);
  });

  it('audits the request and each download, and the link works 7 days only', async () => {
    const client = await t.buildClient();
    const token = await exportThroughMail(client, '/clients/me/data-exports', client.emailAddress);
    await downloadZip(token);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorClientId, client.id));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['data_export.requested', 'data_export.downloaded']));
    const [row] = await t.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.subjectKind, 'client'), eq(dataExports.subjectId, client.id)));
    expect(row!.downloadedAt).not.toBeNull();
    expect(row!.expiresAt!.getTime() - row!.readyAt!.getTime()).toBe(7 * 86_400_000);
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, row!.id));
    const expired = await call(null, 'GET', `/data-exports/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(DATA_EXPORT_MESSAGES.linkInvalid);
  });

  it('makes one export at a time per account: two requests at once get one 202 and one 409', async () => {
    const client = await t.buildClient();
    let open!: () => void;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    try {
      const answers = await Promise.all([1, 2].map(() => call(client, 'POST', '/clients/me/data-exports')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!.json();
      expect(refused).toMatchObject({ code: 'data_export_in_progress', message: DATA_EXPORT_MESSAGES.inProgress });
      // Still in the making: a third is refused too.
      expect((await call(client, 'POST', '/clients/me/data-exports')).statusCode).toBe(409);
    } finally {
      gate = null;
      open();
    }
    await t.settled();
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(1);
    // Once ready, a new export may be asked.
    expect((await call(client, 'POST', '/clients/me/data-exports')).statusCode).toBe(202);
    await t.settled();
  });

  it('refuses staff and anonymous callers', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await call(admin, 'POST', '/clients/me/data-exports')).statusCode).toBe(403);
    expect((await call(null, 'POST', '/clients/me/data-exports')).statusCode).toBe(401);
  });
});

describe('the data_export job', () => {
  it('mails once when it runs twice', async () => {
    const client = await t.buildClient();
    const [row] = await t.db.insert(dataExports).values({ subjectKind: 'client', subjectId: client.id }).returning();
    const deps = {
      db: t.db,
      storage,
      config: t.config,
      mailer: createMailer(t.db, { from: t.config.MAIL_FROM, maxAttempts: 1, log: () => {} }),
    };
    await Promise.all([runDataExport(deps, row!.id), runDataExport(deps, row!.id)]);
    await runDataExport(deps, row!.id);
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(1);
  });
});

describe('POST /admins/me/data-exports', () => {
  it('mails the staff member a ZIP of their account, sessions and authored content', async () => {
    const admin = await t.buildAdmin({ roleId: 5 });
    const news = await t.buildNetworkActuality({ authorId: admin.id });
    const token = await exportThroughMail(admin, '/admins/me/data-exports', admin.emailAddress, 'intranet');
    const { json, data } = await downloadZip(token);
    expect(data.account).toMatchObject({ id: admin.id, emailAddress: admin.emailAddress, roleId: 5 });
    expect(data.agencies.map((a: { id: number }) => a.id)).toEqual(admin.agencyIds);
    expect(data.authoredContent.networkActualities.map((n: { title: string }) => n.title)).toEqual([news.title]);
    expect(data.auditLog.map((e: { action: string }) => e.action)).toContain('data_export.requested');
    expect(json).not.toMatch(/passwordHash|tokenHash|totpSecret|\$argon2/);
  });

  it('refuses customers, and a staff member acting as another user (the data would be that user’s)', async () => {
    const client = await t.buildClient();
    expect((await call(client, 'POST', '/admins/me/data-exports')).statusCode).toBe(403);
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const director = await t.buildAdmin({ roleId: 4 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admins/me/data-exports',
      headers: {
        ...(await t.authHeader(superAdmin, 'intranet', { secondFactor: true })),
        [IMPERSONATION_HEADER]: String(director.id),
      },
    });
    expect(res.statusCode, res.body).toBe(403);
    const mine = and(eq(dataExports.subjectKind, 'admin'), eq(dataExports.subjectId, director.id));
    expect(await t.db.select().from(dataExports).where(mine)).toHaveLength(0);
  });
});

describe('POST /clients/{clientId}/data-exports', () => {
  it('lets the agency export a customer of theirs; the link goes to the customer, not to the staff member', async () => {
    const { agency, mine } = await twoCustomersOfOneAgency();
    const assistant = await t.buildAdmin({ roleId: 5, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const token = await exportThroughMail(assistant, `/clients/${mine.client.id}/data-exports`, mine.client.emailAddress);
    expect(await t.mailsTo(assistant.emailAddress)).toHaveLength(0);
    const { data } = await downloadZip(token);
    expect(data.agencyContracts[0].reference).toBe(mine.contract.reference);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data_export.requested'), eq(auditLog.actorAdminId, assistant.id)));
    expect(entry).toMatchObject({ entity: 'client', entityId: String(mine.client.id) });
  });

  it('answers 404 for a customer of another agency, 403 without contact_administration or as a customer', async () => {
    const { mine } = await twoCustomersOfOneAgency();
    const elsewhere = await t.buildAdmin({ roleId: 5 });
    const res = await call(elsewhere, 'POST', `/clients/${mine.client.id}/data-exports`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(notFoundMessage(NOT_FOUND_SUBJECTS.client));
    const technician = await t.buildAdmin({ roleId: 6, agencyIds: mine.client.agencyIds });
    expect((await call(technician, 'POST', `/clients/${mine.client.id}/data-exports`)).statusCode).toBe(403);
    expect((await call(mine.client, 'POST', `/clients/${mine.client.id}/data-exports`)).statusCode).toBe(403);
    expect(await t.mailsTo(mine.client.emailAddress)).toHaveLength(0);
  });

  it('refuses a bad id', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const res = await call(admin, 'POST', '/clients/0/data-exports');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect((await call(admin, 'POST', '/clients/2147483648/data-exports')).statusCode).toBe(400);
  });
});

describe('GET /data-exports/{token}', () => {
  it('answers 404 with its message for an unknown or cut token', async () => {
    for (const token of ['a'.repeat(43), 'abc']) {
      const res = await call(null, 'GET', `/data-exports/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: DATA_EXPORT_MESSAGES.linkInvalid });
    }
  });
});

describe('purgeExpiredDataExports', () => {
  it('deletes the ZIP and the row once the link expired, not before', async () => {
    const client = await t.buildClient();
    await exportThroughMail(client, '/clients/me/data-exports', client.emailAddress);
    const [row] = await t.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.subjectKind, 'client'), eq(dataExports.subjectId, client.id)));
    expect(await storage.get(row!.storageKey!)).not.toBeNull();
    await purgeExpiredDataExports(t.db, storage, new Date());
    expect(await t.db.select().from(dataExports).where(eq(dataExports.id, row!.id))).toHaveLength(1);
    const later = new Date(row!.expiresAt!.getTime() + 1000);
    expect(await purgeExpiredDataExports(t.db, storage, later)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.id, row!.id))).toHaveLength(0);
    expect(await storage.get(row!.storageKey!)).toBeNull();
  });

  it('deletes a failed export a week old, with any bytes its job left', async () => {
    const client = await t.buildClient();
    const [failed] = await t.db
      .insert(dataExports)
      .values({ subjectKind: 'client', subjectId: client.id, status: 'failed', createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .returning();
    const key = `data-exports/${failed!.id}`;
    await storage.put(key, Buffer.from('PK'), 'application/zip');
    expect(await purgeExpiredDataExports(t.db, storage)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.id, failed!.id))).toHaveLength(0);
    expect(await storage.get(key)).toBeNull();
  });
});
