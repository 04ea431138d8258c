import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { hashPassword } from '../../auth/passwords.js';
import { agencies, clientAgencies, clients } from '../../db/schema/index.js';
import { discardDemoExtranet, prepareDemoExtranet, seedDemoExtranet } from '../../db/seed/demo-extranet.js';
import { agencyName, DEMO_ADHERENTS } from '../../db/seed/demo-network.js';
import { DEMO_CLIENTS, type DemoClient } from '../../db/seed/demo-people.js';
import { errors } from '../../lib/errors.js';
import { directorFixtureRoute } from './director-fixture.js';
import { forumFixtureRoute } from './forum-fixture.js';
import { loopbackOnly } from './loopback.js';
import { staffUserFixtureRoute } from './staff-user-fixture.js';

const TEMPLATES = DEMO_CLIENTS.map((c) => c.email) as [string, ...string[]];
const customerFixtureBody = z.object({ like: z.enum(TEMPLATES).default('client@demo.fr') }).strict();
const customerFixture = z.object({ emailAddress: z.string(), password: z.string().nullable() });

const agencyNameByKey = new Map(
  DEMO_ADHERENTS.flatMap((adherent) => adherent.agencies.map((agency) => [agency.key, agencyName(adherent, agency)] as const)),
);

/**
 * POST /dev/fixtures/customer, in demo mode and for a caller on this machine only: a new
 * customer made like a demo one (`like`, client@demo.fr by default): the same name and agencies,
 * a copy of their contracts, quotes, invoices, service calls and documents, an account with a
 * password of its own (none, and not verified, like nouveau@demo.fr, for a first connection).
 * A browser journey that changes data works on such a customer, so that no journey depends on
 * what another did before it. Answers the address and the password to sign in with.
 */
export function devFixturesRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', loopbackOnly);
    directorFixtureRoute(app, deps);
    staffUserFixtureRoute(app, deps);
    forumFixtureRoute(app, deps);
    app.post(
      '/dev/fixtures/customer',
      { schema: { hide: true, body: customerFixtureBody, response: { 201: customerFixture } } },
      async (request, reply) => {
        const template = DEMO_CLIENTS.find((c) => c.email === request.body.like)!;
        return reply.status(201).send(await createCustomerLike(deps, template));
      },
    );
  };
}

async function createCustomerLike(deps: AppDeps, template: DemoClient) {
  const names = template.agencies.map((key) => agencyNameByKey.get(key)!);
  const agencyRows = await deps.db.select({ id: agencies.id }).from(agencies).where(inArray(agencies.name, names));
  if (agencyRows.length !== names.length)
    throw errors.conflict('conflict', 'Les données de démonstration ne sont pas chargées (SEED_DEMO) : aucun client à copier.');

  const [local] = template.email.split('@');
  const emailAddress = `${local}.${randomUUID().slice(0, 8)}@demo.fr`;
  // Upper case, lower case and a digit, never a common one: the platform's password rule.
  const password = template.hasPassword ? `Essai${randomBytes(6).toString('hex')}A9` : null;
  const passwordHash = password ? await hashPassword(password) : null;
  const now = Date.now();
  const name = `${template.firstName} ${template.lastName}`;
  // The PDFs are drawn and stored before the transaction, as the demo seed does.
  const plan = await prepareDemoExtranet(deps.storage, now, { template: template.email, name });
  try {
    await deps.db.transaction(async (tx) => {
      const [client] = await tx
        .insert(clients)
        .values({
          emailAddress,
          firstName: template.firstName,
          lastName: template.lastName,
          passwordHash,
          emailVerifiedAt: template.verifiedDaysAgo === null ? null : new Date(now),
        })
        .returning({ id: clients.id });
      await tx.insert(clientAgencies).values(agencyRows.map((a) => ({ clientId: client!.id, agencyId: a.id })));
      await seedDemoExtranet(tx, plan, client!.id);
    });
  } catch (err) {
    await discardDemoExtranet(deps.storage, plan);
    throw err;
  }
  return { emailAddress, password };
}
