import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { hashPassword } from '../../auth/passwords.js';
import { adherents, adminAgencies, admins, agencies } from '../../db/schema/index.js';

const forumUser = z.object({ emailAddress: z.string(), password: z.string(), agencyId: z.number().int(), fullName: z.string() });

/**
 * POST /dev/fixtures/forum-user (registered by fixtures.ts: demo mode and loopback only): a
 * technician (role 6, the technical forum) of an adherent and agency of their own, off the
 * directory and the map. A forum journey writes and answers threads as two of them, so the demo
 * accounts and their notifications stay as seeded.
 */
export function forumFixtureRoute(app: FastifyInstance, deps: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/dev/fixtures/forum-user', { schema: { hide: true, response: { 201: forumUser } } }, async (_request, reply) =>
      reply.status(201).send(await createForumUser(deps)),
    );
}

async function createForumUser(deps: AppDeps) {
  const tag = randomUUID().slice(0, 8);
  const emailAddress = `technicien.${tag}@demo.fr`;
  const password = `Essai${randomBytes(6).toString('hex')}A9`;
  const passwordHash = await hashPassword(password);
  const lastName = `Essai ${tag}`;
  const agencyId = await deps.db.transaction(async (tx) => {
    const [adherent] = await tx
      .insert(adherents)
      .values({ name: `Adhérent d'essai ${tag}`, regionId: 1 })
      .returning({ id: adherents.id });
    const [agency] = await tx
      .insert(agencies)
      .values({
        name: `Agence d'essai ${tag}`,
        city: 'Lille',
        postalCode: '59000',
        adherentId: adherent!.id,
        hideFromDirectory: true,
        hideFromMap: true,
      })
      .returning({ id: agencies.id });
    const [user] = await tx
      .insert(admins)
      .values({
        emailAddress,
        passwordHash,
        firstName: 'Julien',
        lastName,
        roleId: 6,
        regionId: 1,
        adherentId: adherent!.id,
        doNotShowOnMap: true,
      })
      .returning({ id: admins.id });
    await tx.insert(adminAgencies).values({ adminId: user!.id, agencyId: agency!.id });
    return agency!.id;
  });
  return { emailAddress, password, agencyId, fullName: `Julien ${lastName}` };
}
