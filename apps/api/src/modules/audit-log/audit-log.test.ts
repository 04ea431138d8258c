import type { AuditLogEntry } from '@reseau/contracts';
import { AUDIT_LOG_MESSAGES, IMPERSONATION_HEADER } from '@reseau/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract, buildDocument } from '../../../test/extranet-factories.js';
import { apiCaller, buildTestApp, PASSWORD } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';

const t = await buildTestApp();
const call = apiCaller(t);

const superAdmin = await t.buildAdmin({ roleId: 1, firstName: 'Sophie', lastName: 'Réseau' });
const director = await t.buildAdmin({ roleId: 4, firstName: 'Gaël', lastName: 'Dirigeant' });
const colleague = await t.buildAdmin({
  roleId: 9,
  adherentId: director.adherentId,
  agencyIds: director.agencyIds,
  firstName: 'Inès',
  lastName: 'Collègue',
});
const stranger = await t.buildAdmin({ roleId: 9, firstName: 'Paul', lastName: 'Ailleurs' });

const entriesOf = (res: { json: () => unknown }) => (res.json() as { auditLogEntries: AuditLogEntry[] }).auditLogEntries;
const ids = (entries: AuditLogEntry[]) => entries.map((e) => e.id);

async function entry(values: Parameters<typeof audit>[1]) {
  await audit(t.db, values);
  const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1);
  return row!.id;
}

describe('GET /audit-log: who reads what', () => {
  it('shows role 1 the whole network, newest first, with names, impersonation and a French summary', async () => {
    const own = await entry({
      action: 'adherent_user.archived',
      actorAdminId: colleague.id,
      entity: 'admin',
      entityId: stranger.id,
    });
    const other = await entry({ action: 'job_offer.deleted', actorAdminId: stranger.id, ip: '203.0.113.9' });
    const asSomeone = await entry({
      action: 'impersonated_request',
      actorAdminId: superAdmin.id,
      impersonatedAdminId: director.id,
      details: { method: 'POST', route: '/api/job-offers', status: 201, secret: 'jamais' },
    });
    const res = await call(superAdmin, 'GET', '/audit-log?pageSize=100');
    expect(res.statusCode).toBe(200);
    const entries = entriesOf(res);
    expect(ids(entries).slice(0, 3)).toEqual([asSomeone, other, own]);
    expect(entries[0]).toMatchObject({
      action: 'impersonated_request',
      actionLabel: 'Modification faite en tant qu’un autre utilisateur',
      actor: { id: superAdmin.id, name: 'Sophie Réseau', kind: 'admin' },
      impersonatedAdmin: { id: director.id, name: 'Gaël Dirigeant' },
      summary: 'POST /api/job-offers (201)',
    });
    expect(JSON.stringify(entries[0])).not.toContain('jamais');
    expect(entries[1]).toMatchObject({ actor: { name: 'Paul Ailleurs' }, impersonatedAdmin: null, ipAddress: '203.0.113.9' });
  });

  it("shows a director only the entries of their adherent's accounts, as actors or as subjects", async () => {
    const byColleague = await entry({ action: 'forum_thread.deleted', actorAdminId: colleague.id });
    const onColleague = await entry({
      action: 'adherent_user.updated',
      actorAdminId: superAdmin.id,
      entity: 'admin',
      entityId: colleague.id,
    });
    const asColleague = await entry({
      action: 'impersonated_request',
      actorAdminId: superAdmin.id,
      impersonatedAdminId: colleague.id,
    });
    const onAgency = await entry({
      action: 'agency.updated',
      actorAdminId: superAdmin.id,
      entity: 'agency',
      entityId: director.agencyIds[0],
    });
    const elsewhere = await entry({ action: 'forum_thread.deleted', actorAdminId: stranger.id });
    const network = await entry({ action: 'network_actuality.deleted', actorAdminId: superAdmin.id });
    const seen = ids(entriesOf(await call(director, 'GET', '/audit-log?pageSize=100')));
    expect(seen).toEqual(expect.arrayContaining([byColleague, onColleague, asColleague, onAgency]));
    expect(seen).not.toContain(elsewhere);
    expect(seen).not.toContain(network);
    // The other adherent's director sees none of them.
    const otherDirector = await t.buildAdmin({ roleId: 4, adherentId: stranger.adherentId, agencyIds: stranger.agencyIds });
    const theirs = ids(entriesOf(await call(otherDirector, 'GET', '/audit-log?pageSize=100')));
    expect(theirs).toContain(elsewhere);
    expect(theirs).not.toContain(byColleague);
  });

  it('refuses every other staff role (403), a customer (403) and an anonymous caller (401), on the list, the CSV and the people', async () => {
    for (const path of ['/audit-log', '/audit-log.csv', '/audit-log/people']) {
      for (const roleId of [2, 3, 5, 6, 7, 8, 9]) {
        expect((await call(await t.buildAdmin({ roleId }), 'GET', path)).statusCode, `role ${roleId} ${path}`).toBe(403);
      }
      expect((await call(await t.buildClient(), 'GET', path)).statusCode).toBe(403);
      expect((await call(null, 'GET', path)).statusCode).toBe(401);
    }
  });

  it('reads as the impersonated account: role 1 acting as a director sees that adherent only', async () => {
    const elsewhere = await entry({ action: 'forum_post.deleted', actorAdminId: stranger.id });
    const mine = await entry({ action: 'forum_post.deleted', actorAdminId: colleague.id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?pageSize=100',
      headers: { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(director.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(ids(entriesOf(res))).toContain(mine);
    expect(ids(entriesOf(res))).not.toContain(elsewhere);
  });
});

describe('GET /audit-log: filters and paging', () => {
  it('filters by person (acting or acted as), action, agency and Paris days', async () => {
    const person = await t.buildAdmin({ roleId: 6 });
    const did = await entry({ action: 'spare_part_announcement.deleted', actorAdminId: person.id });
    const asPerson = await entry({ action: 'impersonated_request', actorAdminId: superAdmin.id, impersonatedAdminId: person.id });
    await entry({ action: 'spare_part_announcement.deleted', actorAdminId: stranger.id });
    const byPerson = ids(entriesOf(await call(superAdmin, 'GET', `/audit-log?personId=${person.id}`)));
    expect(byPerson.sort()).toEqual([did, asPerson].sort());

    const byAction = entriesOf(await call(superAdmin, 'GET', `/audit-log?personId=${person.id}&action=impersonated_request`));
    expect(ids(byAction)).toEqual([asPerson]);

    // An agency: its own entries and its accounts' entries.
    const aboutAgency = await entry({
      action: 'agency.updated',
      actorAdminId: superAdmin.id,
      entity: 'agency',
      entityId: person.agencyIds[0],
    });
    const byAgency = ids(entriesOf(await call(superAdmin, 'GET', `/audit-log?agencyId=${person.agencyIds[0]}`)));
    expect(byAgency.sort()).toEqual([did, asPerson, aboutAgency].sort());

    // 23:30 in Paris on 1 March 2026 is 22:30 UTC: it belongs to the 1st, not to the 2nd.
    const late = await t.db
      .insert(auditLog)
      .values({ action: 'job_offer.created', actorAdminId: person.id, at: new Date('2026-03-01T22:30:00Z') })
      .returning({ id: auditLog.id });
    const onFirst = ids(
      entriesOf(await call(superAdmin, 'GET', `/audit-log?personId=${person.id}&dateFrom=2026-03-01&dateTo=2026-03-01`)),
    );
    expect(onFirst).toEqual([late[0]!.id]);
    const onSecond = entriesOf(
      await call(superAdmin, 'GET', `/audit-log?personId=${person.id}&dateFrom=2026-03-02&dateTo=2026-03-02`),
    );
    expect(onSecond).toEqual([]);
  });

  it('pages newest first with pageNumber and pageSize', async () => {
    const person = await t.buildAdmin({ roleId: 6 });
    const made: number[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await entry({ action: 'job_offer.updated', actorAdminId: person.id }));
    const first = (await call(superAdmin, 'GET', `/audit-log?personId=${person.id}&pageSize=2`)).json();
    expect(first.pageCount).toBe(3);
    expect(ids(first.auditLogEntries)).toEqual([made[4], made[3]]);
    const last = (await call(superAdmin, 'GET', `/audit-log?personId=${person.id}&pageSize=2&pageNumber=3`)).json();
    expect(ids(last.auditLogEntries)).toEqual([made[0]]);
  });

  it('refuses bad filters with French messages per field (400)', async () => {
    const res = await call(superAdmin, 'GET', '/audit-log?action=tout.casser&dateFrom=2026-02-30&personId=abc&pageSize=0');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.action).toEqual([AUDIT_LOG_MESSAGES.unknownAction]);
    expect(Object.keys(body.errors).sort()).toEqual(['action', 'dateFrom', 'pageSize', 'personId']);
    const reversed = (await call(superAdmin, 'GET', '/audit-log?dateFrom=2026-03-02&dateTo=2026-03-01')).json();
    expect(reversed.errors.dateTo).toEqual([AUDIT_LOG_MESSAGES.dateOrder]);
    const csv = await call(superAdmin, 'GET', '/audit-log.csv?agencyId=0');
    expect(csv.statusCode).toBe(400);
  });
});

describe('GET /audit-log.csv', () => {
  it('gives the same entries as a French spreadsheet file (BOM, ;, formulas defused) and records the export', async () => {
    // A name that starts like a formula (names and typed addresses come from anyone).
    const person = await t.buildAdmin({ roleId: 4, firstName: '=SOMME(A1)', lastName: 'Export' });
    await entry({
      action: 'auth.admin_sign_in_failed',
      actorAdminId: person.id,
      details: { emailAddress: '=HYPERLINK("http://x";"y")' },
      ip: '198.51.100.7',
    });
    const res = await call(superAdmin, 'GET', `/audit-log.csv?personId=${person.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="journal-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFFdate;action;code;personne;')).toBe(true);
    const [, line] = res.body.slice(1).split('\r\n');
    expect(line).toContain(";Échec de connexion à l’intranet;auth.admin_sign_in_failed;'=SOMME(A1) Export;;;;198.51.100.7;");
    // A cell holding ; or quotes is quoted, its quotes doubled.
    expect(line).toContain('"Adresse saisie : =HYPERLINK(""http://x"";""y"")"');
    const exported = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit_log.exported'));
    expect(exported.at(-1)).toMatchObject({
      actorAdminId: superAdmin.id,
      details: { count: 1, filters: { personId: person.id } },
    });
  });

  it("gives a director only their adherent's entries", async () => {
    const mine = await entry({ action: 'job_offer.deleted', actorAdminId: colleague.id, details: {} });
    await entry({ action: 'job_offer.deleted', actorAdminId: stranger.id });
    const res = await call(director, 'GET', '/audit-log.csv?action=job_offer.deleted');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Inès Collègue');
    expect(res.body).not.toContain('Paul Ailleurs');
    expect(mine).toBeGreaterThan(0);
  });
});

describe('GET /audit-log/people', () => {
  it('offers role 1 every staff account and a director their adherent’s', async () => {
    const all = (await call(superAdmin, 'GET', '/audit-log/people')).json().people.map((p: { id: number }) => p.id);
    expect(all).toEqual(expect.arrayContaining([superAdmin.id, director.id, colleague.id, stranger.id]));
    const theirs = (await call(director, 'GET', '/audit-log/people')).json().people;
    expect(theirs.map((p: { id: number }) => p.id).sort()).toEqual([director.id, colleague.id].sort());
    expect(theirs).toContainEqual({ id: colleague.id, name: 'Inès Collègue' });
  });
});

describe('what is audited', () => {
  it('a refused sign-in: the address as typed (cut to 100 characters), the account when known, never the password', async () => {
    const typed = `${'x'.repeat(120)}@test.fr`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: colleague.emailAddress, password: 'Mauvais123' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/client', payload: { emailAddress: typed, password: 'Mauvais123' } });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['auth.admin_sign_in_failed', 'auth.client_sign_in_failed']));
    const staff = rows.find((r) => r.action === 'auth.admin_sign_in_failed' && r.actorAdminId === colleague.id);
    expect(staff).toMatchObject({ details: { emailAddress: colleague.emailAddress }, adherentId: director.adherentId });
    const unknown = rows.find((r) => r.action === 'auth.client_sign_in_failed');
    expect(unknown).toMatchObject({ actorClientId: null, details: { emailAddress: typed.slice(0, 100) } });
    expect(JSON.stringify(rows)).not.toContain('Mauvais123');
    // The director reads the failure of their user.
    const seen = entriesOf(await call(director, 'GET', '/audit-log?action=auth.admin_sign_in_failed'));
    expect(seen.map((e) => e.summary)).toContain(`Adresse saisie : ${colleague.emailAddress}`);
    // A right password still signs in and is audited as before.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: colleague.emailAddress, password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('an impersonation: its start once per session, however many requests arrive at once', async () => {
    const target = await t.buildAdmin({ roleId: 9, adherentId: director.adherentId, agencyIds: director.agencyIds });
    const headers = { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(target.id) };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/api/roles', headers })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    await t.app.inject({ method: 'GET', url: '/api/roles', headers });
    // Written once the answer is sent (onResponse): waited for, then never more than one.
    const starts = () =>
      t.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'auth.impersonation_started' and ${auditLog.impersonatedAdminId} = ${target.id}`);
    await expect.poll(async () => (await starts()).length).toBe(1);
    const [started] = await starts();
    expect(started).toMatchObject({ actorAdminId: superAdmin.id, entity: 'admin', entityId: String(target.id) });
    // The director sees it: « Sophie Réseau en tant que … ».
    const seen = entriesOf(await call(director, 'GET', '/audit-log?action=auth.impersonation_started'));
    expect(seen.find((e) => e.impersonatedAdmin?.id === target.id)?.actor.name).toBe('Sophie Réseau');
    // A new session is a new start.
    const again = { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(target.id) };
    await t.app.inject({ method: 'GET', url: '/api/roles', headers: again });
    await expect.poll(async () => (await starts()).length).toBe(2);
  });

  it("a customer's document downloaded by staff: one entry per download; the customer's own downloads are not staff reads", async () => {
    const client = await t.buildClient({ agencyIds: director.agencyIds });
    const contract = await buildContract(t, { clientId: client.id, agencyId: director.agencyIds[0]! });
    const document = await buildDocument(t, { agencyContractId: contract.id, withFile: true });
    const download = (who: Parameters<typeof call>[0]) => call(who, 'GET', `/files/${document.fileId}`);
    expect((await download(director)).statusCode).toBe(200);
    expect((await download(director)).statusCode).toBe(200);
    expect((await download(client)).statusCode).toBe(200);
    expect((await download(stranger)).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'file.customer_document_downloaded' and ${auditLog.entityId} = ${String(document.fileId)}`);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorAdminId: director.id,
      agencyId: director.agencyIds[0],
      details: { holder: 'contractDocument', fileName: 'attestation.pdf' },
    });
    const seen = entriesOf(await call(director, 'GET', '/audit-log?action=file.customer_document_downloaded'));
    expect(seen[0]?.summary).toBe('Document de contrat : attestation.pdf');
    // The network's staff reading it: the customer's agency names the adherent whose director reads the entry.
    expect((await download(superAdmin)).statusCode).toBe(200);
    const byNetwork = entriesOf(
      await call(director, 'GET', `/audit-log?personId=${superAdmin.id}&action=file.customer_document_downloaded`),
    );
    expect(byNetwork.map((e) => e.entityId)).toContain(String(document.fileId));
  });

  it('a role change and a disabled account, in the words of the screen', async () => {
    const id = await entry({
      action: 'network_admin.updated',
      actorAdminId: superAdmin.id,
      entity: 'admin',
      entityId: stranger.id,
      details: { isActive: false, roleId: { from: 3, to: 2 } },
    });
    const found = entriesOf(await call(superAdmin, 'GET', '/audit-log?action=network_admin.updated')).find((e) => e.id === id);
    expect(found?.summary).toBe('Compte désactivé ; Rôle : Animateur réseau → Administrateur réseau');
  });
});
