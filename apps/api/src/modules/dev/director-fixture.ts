import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { hashPassword } from '../../auth/passwords.js';
import { adherents, adminAgencies, admins, agencies, agencyPageContents } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

const TEMPLATE = 'dirigeant@demo.fr';
const directorFixture = z.object({
  emailAddress: z.string(),
  password: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
});

/**
 * POST /dev/fixtures/director (registered by fixtures.ts, so demo mode and loopback only): a
 * director like dirigeant@demo.fr, of an adherent of their own with one agency, a copy of the
 * demo director's first agency (its form, my-agency data, page and contents). A journey that edits
 * an agency page, my agency or its prices works on it and never changes the demo agencies; the
 * copy has no agency prices or switches yet, and stays off the directory and the map. Answers the
 * address and password to sign in with, and the agency's id and name.
 */
export function directorFixtureRoute(app: FastifyInstance, deps: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/dev/fixtures/director', { schema: { hide: true, response: { 201: directorFixture } } }, async (_request, reply) =>
      reply.status(201).send(await createDirector(deps)),
    );
}

async function createDirector(deps: AppDeps) {
  const [template] = await deps.db
    .select({ admin: admins, agency: agencies })
    .from(admins)
    .innerJoin(adminAgencies, eq(adminAgencies.adminId, admins.id))
    .innerJoin(agencies, eq(agencies.id, adminAgencies.agencyId))
    .where(eq(admins.emailAddress, TEMPLATE))
    .orderBy(agencies.id)
    .limit(1);
  if (!template)
    throw errors.conflict(
      'conflict',
      'Les données de démonstration ne sont pas chargées (SEED_DEMO) : aucun dirigeant à copier.',
    );
  const tag = randomUUID().slice(0, 8);
  const emailAddress = `dirigeant.${tag}@demo.fr`;
  // Upper case, lower case and a digit, never a common one: the platform's password rule.
  const password = `Essai${randomBytes(6).toString('hex')}A9`;
  const passwordHash = await hashPassword(password);
  const { id: _id, createdAt: _created, adherentId: _adherent, adminId: _admin, ...agencyValues } = template.agency;

  const agencyName = `${template.agency.name} ${tag}`;
  const agencyId = await deps.db.transaction(async (tx) => {
    const [adherent] = await tx
      .insert(adherents)
      .values({ name: `Adhérent d'essai ${tag}`, regionId: template.admin.regionId ?? 1 })
      .returning({ id: adherents.id });
    const [director] = await tx
      .insert(admins)
      .values({
        emailAddress,
        passwordHash,
        firstName: template.admin.firstName,
        lastName: template.admin.lastName,
        position: template.admin.position,
        phone: template.admin.phone,
        roleId: template.admin.roleId,
        regionId: template.admin.regionId,
        adherentId: adherent!.id,
        isAdherentAdmin: true,
        doNotShowOnMap: true,
      })
      .returning({ id: admins.id });
    const [agency] = await tx
      .insert(agencies)
      .values({
        ...agencyValues,
        name: agencyName,
        adherentId: adherent!.id,
        adminId: director!.id,
        hideFromDirectory: true,
        hideFromMap: true,
      })
      .returning({ id: agencies.id });
    await tx.insert(adminAgencies).values({ adminId: director!.id, agencyId: agency!.id });
    const contents = await tx.select().from(agencyPageContents).where(eq(agencyPageContents.agencyId, template.agency.id));
    if (contents.length > 0) {
      await tx
        .insert(agencyPageContents)
        .values(contents.map(({ id: _c, createdAt: _a, updatedAt: _u, ...c }) => ({ ...c, agencyId: agency!.id })));
    }
    return agency!.id;
  });
  return { emailAddress, password, agencyId, agencyName };
}
