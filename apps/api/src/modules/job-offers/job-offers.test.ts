import { JOB_OFFER_MESSAGES, type JobOffer, type JobOfferList, MESSAGES } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog, jobOffers } from '../../db/schema/index.js';
import { frenchToday } from '../../lib/french.js';
import { jobOfferCalls } from './test-kit.js';

const t = await buildTestApp();
const { call, body, create } = jobOfferCalls(t);
const offers = (res: { json: () => unknown }) => (res.json() as JobOfferList).jobOffers;

/** A director (role 4, job_offer_administration) of a fresh agency, and a network administrator. */
const director = () => t.buildAdmin({ roleId: 4 });
const networkAdmin = () => t.buildAdmin({ roleId: 2 });

describe('POST /api/job-offers', () => {
  it('creates an inactive offer of the caller’s agency, description sanitized, audited', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    const res = await call(
      boss,
      'POST',
      '/job-offers',
      body(agencyId, {
        description: '<p onclick="x()">Poste <em>en CDI</em></p><script>alert(1)</script><img src="/api/files/3">',
        contacts: [{ emailAddress: 'recrutement@exemple.fr' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const read = await call(boss, 'GET', `/job-offers/${id}`);
    expect(read.json()).toEqual({
      id,
      title: 'Technicien de maintenance chauffage (H/F)',
      description: '<p>Poste <em>en CDI</em></p>',
      jobOfferTypeCode: 'CDI',
      jobOfferDomainCode: 'MAINTENANCE',
      geographicSector: 'Lille et métropole',
      isTemplate: false,
      isActive: false,
      publicationDate: null,
      expirationDate: null,
      agencyId,
      agencyName: expect.stringMatching(/^Agence /),
      regionId: 1,
      contacts: [{ emailAddress: 'recrutement@exemple.fr' }],
    } satisfies JobOffer);
    // Inactive: nobody is mailed yet.
    expect(await t.mailsTo('recrutement@exemple.fr')).toEqual([]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'job_offer'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => [a.action, a.actorAdminId])).toEqual([['job_offer.created', boss.id]]);
  });

  it('refuses missing fields, an empty description and a bad recipient, naming it', async () => {
    const boss = await director();
    const empty = await call(boss, 'POST', '/job-offers', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        jobOfferTypeCode: [MESSAGES.required],
        jobOfferDomainCode: [MESSAGES.required],
        title: [MESSAGES.required],
        description: [MESSAGES.required],
      },
    });
    const blank = await call(boss, 'POST', '/job-offers', body(boss.agencyIds[0]!, { title: '  ', description: '<p></p>' }));
    expect(blank.json().errors).toEqual({ title: [MESSAGES.required], description: [MESSAGES.required] });
    const onlyScript = await call(boss, 'POST', '/job-offers', body(boss.agencyIds[0]!, { description: '<script>x</script>' }));
    expect(onlyScript.json().errors).toEqual({ description: [MESSAGES.required] });
    const badMail = await call(
      boss,
      'POST',
      '/job-offers',
      body(boss.agencyIds[0]!, { contacts: [{ emailAddress: 'rh@exemple.fr' }, { emailAddress: 'pas-une-adresse' }] }),
    );
    expect(badMail.json().errors).toEqual({ contacts: [JOB_OFFER_MESSAGES.invalidRecipient('pas-une-adresse')] });
    const twice = await call(
      boss,
      'POST',
      '/job-offers',
      body(boss.agencyIds[0]!, { contacts: [{ emailAddress: 'rh@exemple.fr' }, { emailAddress: 'RH@exemple.fr' }] }),
    );
    expect(twice.json().errors).toEqual({ contacts: [JOB_OFFER_MESSAGES.duplicateRecipient('RH@exemple.fr')] });
    const unknown = await call(boss, 'POST', '/job-offers', {
      ...body(boss.agencyIds[0]!),
      jobOfferTypeCode: 'CDX',
      regionId: 99,
    });
    expect(unknown.json().errors).toEqual({ jobOfferTypeCode: [MESSAGES.required] });
    const region = await call(boss, 'POST', '/job-offers', body(boss.agencyIds[0]!, { regionId: 99 }));
    expect(region.json().errors).toEqual({ regionId: [JOB_OFFER_MESSAGES.unknownRegion] });
    const past = await call(boss, 'POST', '/job-offers', body(boss.agencyIds[0]!, { expirationDate: '2020-01-31' }));
    expect(past.json().errors).toEqual({ expirationDate: [JOB_OFFER_MESSAGES.expiredBeforeToday] });
    const noAgency = await call(boss, 'POST', '/job-offers', body(null));
    expect(noAgency.json().errors).toEqual({ agencyId: [JOB_OFFER_MESSAGES.agencyRequired] });
  });

  it('lets only network roles mark a template, which has no agency and is never active', async () => {
    const boss = await director();
    const refused = await call(boss, 'POST', '/job-offers', body(boss.agencyIds[0]!, { isTemplate: true }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', message: JOB_OFFER_MESSAGES.templateForbidden });
    const admin = await networkAdmin();
    const active = await call(admin, 'POST', '/job-offers', body(null, { isTemplate: true, isActive: true }));
    expect(active.json().errors).toEqual({ isActive: [JOB_OFFER_MESSAGES.templateNotActive] });
    const agency = await t.buildAgency();
    const id = await create(admin, { isTemplate: true, agencyId: agency.id, contacts: [{ emailAddress: 'modele@exemple.fr' }] });
    const [row] = await t.db.select().from(jobOffers).where(eq(jobOffers.id, id));
    expect(row).toMatchObject({ isTemplate: true, isActive: false, agencyId: null });
  });

  it('refuses another agency, a user without the permission, a customer and an anonymous call', async () => {
    const boss = await director();
    const other = await t.buildAgency();
    expect((await call(boss, 'POST', '/job-offers', body(other.id))).statusCode).toBe(403);
    const tech = await t.buildAdmin({ roleId: 6 });
    expect((await call(tech, 'POST', '/job-offers', body(tech.agencyIds[0]!))).statusCode).toBe(403);
    // Role 3 (network animator) does not hold job_offer_administration.
    const animator = await t.buildAdmin({ roleId: 3 });
    expect((await call(animator, 'POST', '/job-offers', body(null))).statusCode).toBe(403);
    const customer = await t.buildClient();
    expect((await call(customer, 'POST', '/job-offers', body(customer.agencyIds[0]!))).statusCode).toBe(403);
    expect((await call(null, 'POST', '/job-offers', body(boss.agencyIds[0]!))).statusCode).toBe(401);
    expect(await t.db.select().from(jobOffers).where(eq(jobOffers.agencyId, other.id))).toEqual([]);
  });
});

describe('GET /api/job-offers', () => {
  it('gives a network role the whole network, an agency its own offers, everyone the templates', async () => {
    const admin = await networkAdmin();
    const boss = await director();
    const stranger = await director();
    const template = await create(admin, { isTemplate: true, title: 'Modèle frigoriste' });
    const own = await create(boss, { agencyId: boss.agencyIds[0]!, title: 'Plombier chauffagiste' });
    const theirs = await create(stranger, { agencyId: stranger.agencyIds[0]!, title: 'Assistante administrative' });

    const network = offers(await call(admin, 'GET', '/job-offers?isNetwork=true')).map((o) => o.id);
    expect(network).toEqual(expect.arrayContaining([template, own, theirs]));
    expect(offers(await call(admin, 'GET', '/job-offers?isNetwork=true&isTemplate=false')).map((o) => o.id)).not.toContain(
      template,
    );

    const mine = offers(await call(boss, 'GET', `/job-offers?agencyId=${boss.agencyIds[0]}`));
    expect(mine.map((o) => o.id)).toEqual([own]);
    expect(offers(await call(boss, 'GET', '/job-offers')).map((o) => o.id)).toEqual([own]);
    const templates = offers(await call(boss, 'GET', '/job-offers?isTemplate=true'));
    expect(templates.map((o) => o.id)).toContain(template);
    expect(templates.every((o) => o.isTemplate)).toBe(true);

    expect((await call(boss, 'GET', '/job-offers?isNetwork=true')).statusCode).toBe(403);
    expect((await call(boss, 'GET', `/job-offers?agencyId=${stranger.agencyIds[0]}`)).statusCode).toBe(403);
    expect((await call(await t.buildAdmin({ roleId: 9 }), 'GET', '/job-offers')).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'GET', '/job-offers')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/job-offers')).statusCode).toBe(401);
    expect((await call(boss, 'GET', '/job-offers?isNetwork=peut-etre')).statusCode).toBe(400);
  });

  it('reads a template and its own offers, another agency’s offer is not found', async () => {
    const admin = await networkAdmin();
    const boss = await director();
    const stranger = await director();
    const template = await create(admin, { isTemplate: true });
    const theirs = await create(stranger, { agencyId: stranger.agencyIds[0]! });
    expect((await call(boss, 'GET', `/job-offers/${template}`)).statusCode).toBe(200);
    expect((await call(boss, 'GET', `/job-offers/${theirs}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/job-offers/${theirs}`)).statusCode).toBe(200);
  });

  it('lists the types and domains in their reference order', async () => {
    const boss = await director();
    const types = (await call(boss, 'GET', '/job-offer-types')).json() as { jobOfferTypes: { code: string; name: string }[] };
    expect(types.jobOfferTypes.slice(0, 4)).toEqual([
      { code: 'CDI', name: 'CDI' },
      { code: 'CDD', name: 'CDD' },
      { code: 'ALTERNANCE', name: 'Alternance' },
      { code: 'STAGE', name: 'Stage' },
    ]);
    const domains = (await call(boss, 'GET', '/job-offer-domains')).json() as { jobOfferDomains: { name: string }[] };
    expect(domains.jobOfferDomains.map((d) => d.name)).toContain("Bureau d'études");
    expect((await call(await t.buildClient(), 'GET', '/job-offer-types')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/job-offer-domains')).statusCode).toBe(401);
  });
});

describe('PUT /api/job-offers/{id}', () => {
  it('switches an offer active with today’s date and mails each recipient once, however often it is switched', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    const contacts = [{ emailAddress: 'candidats@exemple.fr' }, { emailAddress: 'ecole@exemple.fr' }];
    const description = '<p>Poste <strong>basé à Lille</strong></p>';
    const id = await create(boss, { agencyId, contacts, description });
    const on = await call(boss, 'PUT', `/job-offers/${id}`, {
      ...body(agencyId, { contacts, description }),
      isActive: true,
      publicationDate: '2001-01-01',
    });
    expect(on.statusCode).toBe(204);
    const read = (await call(boss, 'GET', `/job-offers/${id}`)).json() as JobOffer;
    expect(read).toMatchObject({ isActive: true, publicationDate: frenchToday() });
    const [mail] = await t.mailsTo('candidats@exemple.fr');
    expect(mail?.subject).toBe("Offre d'emploi : Technicien de maintenance chauffage (H/F)");
    expect(mail?.text).toContain('Type de contrat : CDI');
    expect(mail?.text).toContain('Domaine : Maintenance');
    expect(mail?.text).toContain('Zone géographique : Lille et métropole');
    expect(mail?.text).toContain('Poste basé à Lille');
    expect(mail?.text).not.toContain('<strong>');
    expect(mail?.html).toContain('<p>Poste <strong>basé à Lille</strong></p>');
    // Off, on, saved again: no second mail.
    await call(boss, 'PUT', `/job-offers/${id}`, { ...body(agencyId, { contacts }), isActive: false });
    await call(boss, 'PUT', `/job-offers/${id}`, { ...body(agencyId, { contacts }), isActive: true });
    await call(boss, 'PUT', `/job-offers/${id}`, body(agencyId, { contacts, title: 'Technicien confirmé' }));
    expect(await t.mailsTo('candidats@exemple.fr')).toHaveLength(1);
    expect(await t.mailsTo('ecole@exemple.fr')).toHaveLength(1);
    // isActive left out keeps the switch.
    expect(((await call(boss, 'GET', `/job-offers/${id}`)).json() as JobOffer).isActive).toBe(true);
  });

  it('mails once when concurrent saves activate the offer at the same time', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    const contacts = [{ emailAddress: 'course@exemple.fr' }];
    const id = await create(boss, { agencyId, contacts });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(boss, 'PUT', `/job-offers/${id}`, { ...body(agencyId, { contacts }), isActive: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await t.mailsTo('course@exemple.fr')).toHaveLength(1);
  });

  it('mails an offer created active, and one activated once it has recipients', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    await create(boss, { agencyId, isActive: true, contacts: [{ emailAddress: 'direct@exemple.fr' }] });
    expect(await t.mailsTo('direct@exemple.fr')).toHaveLength(1);
    const id = await create(boss, { agencyId, isActive: true });
    await call(boss, 'PUT', `/job-offers/${id}`, body(agencyId, { contacts: [{ emailAddress: 'tardif@exemple.fr' }] }));
    expect(await t.mailsTo('tardif@exemple.fr')).toHaveLength(1);
  });

  it('never lets an agency edit a template or another agency’s offer', async () => {
    const admin = await networkAdmin();
    const boss = await director();
    const stranger = await director();
    const template = await create(admin, { isTemplate: true });
    const theirs = await create(stranger, { agencyId: stranger.agencyIds[0]! });
    const own = await create(boss, { agencyId: boss.agencyIds[0]! });
    expect((await call(boss, 'PUT', `/job-offers/${template}`, body(boss.agencyIds[0]!))).statusCode).toBe(404);
    expect((await call(boss, 'PUT', `/job-offers/${theirs}`, body(boss.agencyIds[0]!))).statusCode).toBe(404);
    expect((await call(boss, 'PUT', `/job-offers/${own}`, body(stranger.agencyIds[0]!))).statusCode).toBe(403);
    expect((await call(boss, 'PUT', `/job-offers/${own}`, body(boss.agencyIds[0]!, { isTemplate: true }))).statusCode).toBe(403);
    expect((await call(boss, 'PUT', `/job-offers/${own}`, { ...body(boss.agencyIds[0]!), title: '' })).statusCode).toBe(400);
    const [row] = await t.db.select().from(jobOffers).where(eq(jobOffers.id, theirs));
    expect(row?.agencyId).toBe(stranger.agencyIds[0]);
    // A network administrator edits any offer.
    expect((await call(admin, 'PUT', `/job-offers/${theirs}`, body(stranger.agencyIds[0]!, { title: 'Revu' }))).statusCode).toBe(
      204,
    );
  });

  it('reads an offer past its expiration date as inactive', async () => {
    const boss = await director();
    const id = await create(boss, { agencyId: boss.agencyIds[0]!, isActive: true });
    await t.db.update(jobOffers).set({ expirationDate: '2020-01-01' }).where(eq(jobOffers.id, id));
    expect(((await call(boss, 'GET', `/job-offers/${id}`)).json() as JobOffer).isActive).toBe(false);
  });
});

describe('DELETE /api/job-offers/{id}', () => {
  it('deletes an own offer; a template, another agency’s offer or a second delete are not found', async () => {
    const admin = await networkAdmin();
    const boss = await director();
    const stranger = await director();
    const template = await create(admin, { isTemplate: true });
    const theirs = await create(stranger, { agencyId: stranger.agencyIds[0]! });
    const own = await create(boss, { agencyId: boss.agencyIds[0]! });
    expect((await call(boss, 'DELETE', `/job-offers/${template}`)).statusCode).toBe(404);
    expect((await call(boss, 'DELETE', `/job-offers/${theirs}`)).statusCode).toBe(404);
    expect((await call(await t.buildClient(), 'DELETE', `/job-offers/${own}`)).statusCode).toBe(403);
    expect((await call(null, 'DELETE', `/job-offers/${own}`)).statusCode).toBe(401);
    expect((await call(boss, 'DELETE', `/job-offers/${own}`)).statusCode).toBe(204);
    expect((await call(boss, 'DELETE', `/job-offers/${own}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/job-offers/${template}`)).statusCode).toBe(204);
  });
});
