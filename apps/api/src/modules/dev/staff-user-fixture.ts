import { randomBytes, randomUUID } from 'node:crypto';
import { NETWORK_ROLE_IDS } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { hashPassword } from '../../auth/passwords.js';
import { adminAgencies, admins } from '../../db/schema/index.js';
import { DEMO_ADMINS } from '../../db/seed/demo-people.js';
import { errors } from '../../lib/errors.js';

/**
 * Staff a journey may copy: the demo accounts of an adherent (not adherent admins), and the
 * network accounts (a search journey compares a role 1 reader with a technician).
 */
const TEMPLATES = DEMO_ADMINS.filter((a) => (a.adherent && !a.isAdherentAdmin) || NETWORK_ROLE_IDS.includes(a.roleId)).map(
  (a) => a.email,
) as [string, ...string[]];
/** `secondFactorRequired`: the copy must enrol an authenticator at its first sign-in (issue 27 journey). */
const staffUserBody = z.object({ like: z.enum(TEMPLATES), secondFactorRequired: z.boolean().optional() }).strict();
const staffUser = z.object({
  emailAddress: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  agencies: z.array(z.object({ id: z.number().int() })),
});

/**
 * POST /dev/fixtures/staff-user (registered by fixtures.ts, so demo mode and loopback only): a
 * new user like a demo staff account (`like`): same name, role, adherent and agencies, an address
 * and password of its own. A journey that publishes or answers (spare parts) acts as such users,
 * so the demo accounts' notifications and answers stay as seeded.
 */
export function staffUserFixtureRoute(app: FastifyInstance, deps: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/dev/fixtures/staff-user',
      { schema: { hide: true, body: staffUserBody, response: { 201: staffUser } } },
      async (request, reply) =>
        reply.status(201).send(await createStaffUserLike(deps, request.body.like, request.body.secondFactorRequired ?? false)),
    );
}

async function createStaffUserLike(deps: AppDeps, like: string, secondFactorRequired: boolean) {
  const [template] = await deps.db.select().from(admins).where(eq(admins.emailAddress, like));
  if (!template)
    throw errors.conflict(
      'conflict',
      'Les données de démonstration ne sont pas chargées (SEED_DEMO) : aucun utilisateur à copier.',
    );
  const links = await deps.db
    .select({ id: adminAgencies.agencyId })
    .from(adminAgencies)
    .where(eq(adminAgencies.adminId, template.id));
  const [local] = like.split('@');
  const emailAddress = `${local}.${randomUUID().slice(0, 8)}@demo.fr`;
  // Upper case, lower case and a digit, never a common one: the platform's password rule.
  const password = `Essai${randomBytes(6).toString('hex')}A9`;
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(admins)
      .values({
        emailAddress,
        passwordHash,
        firstName: template.firstName,
        lastName: template.lastName,
        position: template.position,
        phone: template.phone,
        roleId: template.roleId,
        regionId: template.regionId,
        adherentId: template.adherentId,
        doNotShowOnMap: true,
        // A network copy stays off the directory's network heads.
        isHidden: template.adherentId === null,
        secondFactorRequired,
      })
      .returning({ id: admins.id });
    if (links.length > 0) await tx.insert(adminAgencies).values(links.map((l) => ({ adminId: user!.id, agencyId: l.id })));
  });
  return { emailAddress, password, firstName: template.firstName, lastName: template.lastName, agencies: links };
}
