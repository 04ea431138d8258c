import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import type { DbOrTx } from '../../db/client.js';
import { adherents, adminAgencies, admins, agencies } from '../../db/schema/index.js';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-people.js';
import { errors } from '../../lib/errors.js';

/** The adherent manager's role (a director, like dirigeant@demo.fr). */
const DIRECTOR_ROLE_ID = 4;

/**
 * A director of an agency of their own, made for one browser journey: a new adherent in the
 * demo director's region, one agency (kept off the directory and the map) and its adherent admin
 * with a password of their own. What the journey prices or switches off, no demo account sees.
 */
export async function createAgencyDirector(db: DbOrTx) {
  const [template] = await db
    .select({ regionId: admins.regionId })
    .from(admins)
    .where(eq(admins.emailAddress, DEMO_ACCOUNTS.dirigeant.email));
  if (!template?.regionId)
    throw errors.conflict(
      'conflict',
      'Les données de démonstration ne sont pas chargées (SEED_DEMO) : aucun dirigeant à copier.',
    );

  const tag = randomUUID().slice(0, 8);
  const emailAddress = `dirigeant.${tag}@demo.fr`;
  // Upper case, lower case and a digit, never a common one: the platform's password rule.
  const password = `Essai${randomBytes(6).toString('hex')}A9`;
  const passwordHash = await hashPassword(password);
  const agencyName = `Agence d’essai ${tag}`;
  await db.transaction(async (tx) => {
    const [adherent] = await tx
      .insert(adherents)
      .values({ name: `Adhérent d’essai ${tag}`, regionId: template.regionId! })
      .returning({ id: adherents.id });
    const [admin] = await tx
      .insert(admins)
      .values({
        emailAddress,
        passwordHash,
        firstName: 'Camille',
        lastName: `Essai ${tag}`,
        roleId: DIRECTOR_ROLE_ID,
        regionId: template.regionId,
        adherentId: adherent!.id,
        isAdherentAdmin: true,
      })
      .returning({ id: admins.id });
    const [agency] = await tx
      .insert(agencies)
      .values({ adherentId: adherent!.id, adminId: admin!.id, name: agencyName, hideFromDirectory: true, hideFromMap: true })
      .returning({ id: agencies.id });
    await tx.insert(adminAgencies).values({ adminId: admin!.id, agencyId: agency!.id });
  });
  return { emailAddress, password, agencyName };
}
