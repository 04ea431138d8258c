import {
  IDENTIFIER_MESSAGES,
  MESSAGES,
  SPARE_PART_MESSAGES,
  type SparePartAnnouncement,
  type SparePartAnnouncementList,
} from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog, searchables, sparePartAnnouncements } from '../../db/schema/index.js';
import { sparePartCalls } from './test-kit.js';

const t = await buildTestApp();
const { call, body, publish } = sparePartCalls(t);
const DAY = 86_400_000;
const list = (res: { json: () => unknown }) => (res.json() as SparePartAnnouncementList).sparePartAnnouncements;

describe('POST /api/spare-part-announcements', () => {
  it('publishes for the caller’s agency, a request for one week, audited and indexed', async () => {
    const tech = await t.buildAdmin({ roleId: 6, firstName: 'Kévin', lastName: 'Delattre' });
    const before = Date.now();
    const res = await call(tech, 'POST', '/spare-part-announcements', body(tech.agencyIds[0]!));
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const read = await call(tech, 'GET', `/spare-part-announcements/${id}`);
    expect(read.statusCode).toBe(200);
    const got = read.json() as SparePartAnnouncement;
    expect(got).toEqual({
      id,
      typeCode: 'DEMANDE',
      energyTypeCode: 'GAZ',
      title: 'Circulateur Grundfos UPM3',
      description: 'Circulateur neuf pour chaudière murale, livraison possible sous 48 h.',
      contact: '06 12 34 56 78',
      publicationDate: expect.any(String),
      expiryDate: expect.any(String),
      authorId: tech.id,
      author: 'Kévin Delattre',
      agencyId: tech.agencyIds[0],
      agencyName: expect.stringMatching(/^Agence /),
      isExpired: false,
      hasResponse: false,
      isOwn: true,
      isRead: true,
    });
    const published = Date.parse(got.publicationDate);
    expect(published).toBeGreaterThanOrEqual(before - 5000);
    expect(Date.parse(got.expiryDate) - published).toBe(7 * DAY);
    const [entry] = await t.db
      .select()
      .from(searchables)
      .where(and(eq(searchables.entityType, 'spare_part_announcement'), eq(searchables.entityId, id)));
    expect(entry).toMatchObject({ title: 'Circulateur Grundfos UPM3', url: `/intranet/spare-parts?id=${id}`, isPublic: true });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'spare_part_announcement'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => [a.action, a.actorAdminId])).toEqual([['spare_part_announcement.created', tech.id]]);
  });

  it('keeps an offer six calendar months', async () => {
    const tech = await t.buildAdmin({ roleId: 9 });
    const id = await publish(tech, { typeCode: 'OFFRE' });
    const got = (await call(tech, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement;
    const published = new Date(got.publicationDate);
    const sixMonths = new Date(published);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    // A calendar month: equal to the day, give or take the end of a shorter month.
    expect(Math.abs(Date.parse(got.expiryDate) - sixMonths.getTime())).toBeLessThanOrEqual(3 * DAY);
    expect(Date.parse(got.expiryDate) - published.getTime()).toBeGreaterThan(180 * DAY);
  });

  it('refuses every missing field with the fill-field message', async () => {
    const tech = await t.buildAdmin({ roleId: 6 });
    const res = await call(tech, 'POST', '/spare-part-announcements', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        typeCode: [MESSAGES.required],
        energyTypeCode: [MESSAGES.required],
        title: [MESSAGES.required],
        description: [MESSAGES.required],
        contact: [MESSAGES.required],
        agencyId: [MESSAGES.required],
      },
    });
    const blank = await call(tech, 'POST', '/spare-part-announcements', body(tech.agencyIds[0]!, { title: '   ', contact: '' }));
    expect(blank.json().errors).toEqual({ title: [MESSAGES.required], contact: [MESSAGES.required] });
  });

  it('refuses a contact that is not a French phone number, stores a typed one as "06 12 34 56 78" (issue 25)', async () => {
    const tech = await t.buildAdmin({ roleId: 6 });
    const agencyId = tech.agencyIds[0]!;
    for (const contact of ['rappelez-moi', '12 34', 'Paul 06 12 34 56 78']) {
      const res = await call(tech, 'POST', '/spare-part-announcements', body(agencyId, { contact }));
      expect(res.statusCode, contact).toBe(400);
      expect(res.json().errors, contact).toEqual({ contact: [IDENTIFIER_MESSAGES.phone] });
    }
    const typed = await call(tech, 'POST', '/spare-part-announcements', body(agencyId, { contact: '+33 6 12 34 56 78' }));
    expect(typed.statusCode).toBe(201);
    const { id } = typed.json() as { id: number };
    expect(((await call(tech, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement).contact).toBe(
      '06 12 34 56 78',
    );
    const edit = await call(tech, 'PUT', `/spare-part-announcements/${id}`, body(agencyId, { contact: 'rappelez-moi' }));
    expect(edit.json().errors).toEqual({ contact: [IDENTIFIER_MESSAGES.phone] });
  });

  it('refuses a description over 130 characters, an unknown type or energy, and a title that says request or offer', async () => {
    const tech = await t.buildAdmin({ roleId: 6 });
    const agencyId = tech.agencyIds[0]!;
    const long = await call(tech, 'POST', '/spare-part-announcements', body(agencyId, { description: 'x'.repeat(131) }));
    expect(long.json().errors).toEqual({ description: [SPARE_PART_MESSAGES.descriptionTooLong] });
    const exact = await call(tech, 'POST', '/spare-part-announcements', body(agencyId, { description: 'x'.repeat(130) }));
    expect(exact.statusCode).toBe(201);
    const unknown = await call(tech, 'POST', '/spare-part-announcements', {
      ...body(agencyId),
      typeCode: 'ECHANGE',
      energyTypeCode: 'NUCLEAIRE',
    });
    expect(unknown.json().errors).toEqual({ typeCode: [MESSAGES.required], energyTypeCode: [MESSAGES.required] });
    for (const title of ['Demande : circulateur', 'OFFRE vase', 'Request pump', 'offers of boilers', 'Offres du mois']) {
      const res = await call(tech, 'POST', '/spare-part-announcements', body(agencyId, { title }));
      expect(res.statusCode, title).toBe(400);
      expect(res.json().errors, title).toEqual({ title: [SPARE_PART_MESSAGES.titleNamesType] });
    }
    // A word that only contains one of them is fine.
    expect(
      (await call(tech, 'POST', '/spare-part-announcements', body(agencyId, { title: 'Joint offrande demandeur' }))).statusCode,
    ).toBe(201);
  });

  it("refuses an agency that is not the caller's, a user without the permission, a customer and an anonymous call", async () => {
    const tech = await t.buildAdmin({ roleId: 6 });
    const other = await t.buildAgency();
    expect((await call(tech, 'POST', '/spare-part-announcements', body(other.id))).statusCode).toBe(403);
    const accountant = await t.buildAdmin({ roleId: 8 });
    expect((await call(accountant, 'POST', '/spare-part-announcements', body(accountant.agencyIds[0]!))).statusCode).toBe(403);
    const customer = await t.buildClient();
    expect((await call(customer, 'POST', '/spare-part-announcements', body(customer.agencyIds[0]!))).statusCode).toBe(403);
    expect((await call(null, 'POST', '/spare-part-announcements', body(tech.agencyIds[0]!))).statusCode).toBe(401);
    const rows = await t.db.select().from(sparePartAnnouncements).where(eq(sparePartAnnouncements.agencyId, other.id));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/spare-part-announcements', () => {
  it('lists 9 a page, open ones first then newest, with the filters of the spec', async () => {
    const tech = await t.buildAdmin({ roleId: 6 });
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      ids.push(
        await publish(tech, {
          title: `Pièce ${i}`,
          typeCode: i % 2 ? 'OFFRE' : 'DEMANDE',
          energyTypeCode: i < 3 ? 'FIOUL' : 'GAZ',
        }),
      );
    }
    // Spread the publication dates (newest = the last one), and let the first one be past its date.
    for (const [i, id] of ids.entries()) {
      await t.db
        .update(sparePartAnnouncements)
        .set({ publicationDate: new Date(Date.now() - (20 - i) * 60_000) })
        .where(eq(sparePartAnnouncements.id, id));
    }
    await t.db
      .update(sparePartAnnouncements)
      .set({ expiryDate: new Date(Date.now() - DAY) })
      .where(eq(sparePartAnnouncements.id, ids[10]!));

    const reader = await t.buildAdmin({ roleId: 9 });
    const first = await call(reader, 'GET', `/spare-part-announcements?authorId=${tech.id}`);
    expect(first.statusCode).toBe(200);
    expect((first.json() as SparePartAnnouncementList).pageCount).toBe(2);
    expect(list(first).map((a) => a.title)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1].map((i) => `Pièce ${i}`));
    expect(list(first).every((a) => !a.isOwn && !a.hasResponse && !a.isExpired)).toBe(true);
    const second = await call(reader, 'GET', `/spare-part-announcements?authorId=${tech.id}&pageNumber=2`);
    expect(list(second).map((a) => [a.title, a.isExpired])).toEqual([
      ['Pièce 0', false],
      ['Pièce 10', true],
    ]);

    const offers = await call(reader, 'GET', `/spare-part-announcements?authorId=${tech.id}&typeCode=OFFRE&energyTypeCode=FIOUL`);
    expect(list(offers).map((a) => a.title)).toEqual(['Pièce 1']);
    const expired = await call(reader, 'GET', `/spare-part-announcements?authorId=${tech.id}&isExpired=true`);
    expect(list(expired).map((a) => a.title)).toEqual(['Pièce 10']);
    const open = await call(reader, 'GET', `/spare-part-announcements?authorId=${tech.id}&isExpired=false&pageSize=20`);
    expect(list(open)).toHaveLength(10);
  });

  it('refuses bad filters per field', async () => {
    const reader = await t.buildAdmin({ roleId: 6 });
    const res = await call(reader, 'GET', '/spare-part-announcements?typeCode=ECHANGE&isExpired=maybe&authorId=abc&pageNumber=0');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['authorId', 'isExpired', 'pageNumber', 'typeCode']);
  });

  it('is refused without the permission, to a customer and anonymously; an unknown id is not found', async () => {
    const accountant = await t.buildAdmin({ roleId: 8 });
    const customer = await t.buildClient();
    for (const url of ['/spare-part-announcements', '/spare-part-announcements/1', '/spare-part-energy-types']) {
      expect((await call(accountant, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(customer, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    }
    const reader = await t.buildAdmin({ roleId: 5 });
    const missing = await call(reader, 'GET', '/spare-part-announcements/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("L'annonce demandée est introuvable.");
  });
});

describe('GET /api/spare-part-energy-types', () => {
  it('lists the energy types in their reference order', async () => {
    const reader = await t.buildAdmin({ roleId: 6 });
    const res = await call(reader, 'GET', '/spare-part-energy-types');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sparePartEnergyTypes: [
        { code: 'GAZ', name: 'Gaz' },
        { code: 'FIOUL', name: 'Fioul' },
        { code: 'ELEC', name: 'Électricité' },
        { code: 'PAC', name: 'Pompe à chaleur' },
        { code: 'BOIS', name: 'Bois' },
        { code: 'SOLAIRE', name: 'Solaire' },
      ],
    });
  });
});

describe('PUT and DELETE /api/spare-part-announcements/{id}', () => {
  it("lets a colleague of the author's agency edit, re-indexes, and moves the expiry with the type", async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const colleague = await t.buildAdmin({ roleId: 7, agencyIds: author.agencyIds, adherentId: author.adherentId });
    const id = await publish(author);
    const res = await call(
      colleague,
      'PUT',
      `/spare-part-announcements/${id}`,
      body(author.agencyIds[0]!, { typeCode: 'OFFRE', title: 'Vase 18 L' }),
    );
    expect(res.statusCode).toBe(204);
    const got = (await call(author, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement;
    expect(got).toMatchObject({ typeCode: 'OFFRE', title: 'Vase 18 L', authorId: author.id });
    expect(Date.parse(got.expiryDate) - Date.parse(got.publicationDate)).toBeGreaterThan(180 * DAY);
    const [entry] = await t.db
      .select()
      .from(searchables)
      .where(and(eq(searchables.entityType, 'spare_part_announcement'), eq(searchables.entityId, id)));
    expect(entry?.title).toBe('Vase 18 L');
  });

  it("refuses another agency's user (not found), an agencyId not the caller's, bad input, a customer", async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const stranger = await t.buildAdmin({ roleId: 4 });
    const id = await publish(author);
    expect((await call(stranger, 'PUT', `/spare-part-announcements/${id}`, body(stranger.agencyIds[0]!))).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/spare-part-announcements/${id}`)).statusCode).toBe(404);
    // The author may not move it to an agency that is not theirs.
    expect((await call(author, 'PUT', `/spare-part-announcements/${id}`, body(stranger.agencyIds[0]!))).statusCode).toBe(403);
    const bad = await call(author, 'PUT', `/spare-part-announcements/${id}`, body(author.agencyIds[0]!, { description: '' }));
    expect(bad.json().errors).toEqual({ description: [MESSAGES.required] });
    const customer = await t.buildClient();
    expect((await call(customer, 'PUT', `/spare-part-announcements/${id}`, body(author.agencyIds[0]!))).statusCode).toBe(403);
    expect((await call(customer, 'DELETE', `/spare-part-announcements/${id}`)).statusCode).toBe(403);
    const accountant = await t.buildAdmin({ roleId: 8, agencyIds: author.agencyIds });
    expect((await call(accountant, 'DELETE', `/spare-part-announcements/${id}`)).statusCode).toBe(403);
    expect((await call(author, 'GET', `/spare-part-announcements/${id}`)).json()).toMatchObject({
      title: 'Circulateur Grundfos UPM3',
    });
  });

  it('deletes with its search entry; a second delete is not found', async () => {
    const author = await t.buildAdmin({ roleId: 9 });
    const id = await publish(author);
    expect((await call(author, 'DELETE', `/spare-part-announcements/${id}`)).statusCode).toBe(204);
    expect((await call(author, 'GET', `/spare-part-announcements/${id}`)).statusCode).toBe(404);
    expect((await call(author, 'DELETE', `/spare-part-announcements/${id}`)).statusCode).toBe(404);
    const entries = await t.db
      .select()
      .from(searchables)
      .where(and(eq(searchables.entityType, 'spare_part_announcement'), eq(searchables.entityId, id)));
    expect(entries).toEqual([]);
  });

  it('lets a network role moderate any announcement', async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const network = await t.buildAdmin({ roleId: 2 });
    const id = await publish(author);
    expect((await call(network, 'DELETE', `/spare-part-announcements/${id}`)).statusCode).toBe(204);
  });
});
