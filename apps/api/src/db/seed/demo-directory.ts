import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { adherents, adminAgencies, admins, agencies } from '../schema/index.js';
import { agencyName, DEMO_ADHERENTS } from './demo-network.js';

const DAY = 86_400_000;

/** An agency of the demo network by its adherent's and its own key. */
function demoAgencyName(adherentKey: string, agencyKey: string): string {
  const adherent = DEMO_ADHERENTS.find((a) => a.key === adherentKey);
  const agency = adherent?.agencies.find((a) => a.key === agencyKey);
  if (!adherent || !agency) throw new Error(`demo directory: unknown agency ${adherentKey}/${agencyKey}`);
  return agencyName(adherent, agency);
}

/**
 * Directory people beyond the one adherent admin per adherent that demo-people.ts places on the
 * map: co-managers listed in the directory but off the map (`doNotShowOnMap`), and one marked
 * hidden (`isHidden`), in neither. They do not sign in (no password).
 */
export const DEMO_DIRECTORY_PEOPLE = [
  {
    adherent: 'atlantique',
    agency: 'saint-nazaire',
    firstName: 'Sophie',
    lastName: 'Le Gall',
    position: 'Directrice adjointe',
    phone: '02 40 22 61 18',
    email: 'sophie.legall@atlantique-chauffage.demo.fr',
    roleId: 7,
    cooperativeRoles: ['BoardMember'],
    isHidden: false,
  },
  {
    adherent: 'val-de-loire',
    agency: 'tours',
    firstName: 'Julien',
    lastName: 'Moreau',
    position: 'Responsable d’agence',
    phone: '02 47 05 33 90',
    email: 'julien.moreau@vdl-thermique.demo.fr',
    roleId: 7,
    cooperativeRoles: ['TrainingCommission'],
    isHidden: false,
  },
  {
    adherent: 'rhone-alpes',
    agency: 'grenoble',
    firstName: 'Marc',
    lastName: 'Fabre',
    position: 'Associé',
    phone: '04 76 44 12 07',
    email: 'marc.fabre@ra-energies.demo.fr',
    roleId: 4,
    cooperativeRoles: ['Other'],
    isHidden: true,
  },
] as const;

/** Agencies left out of one answer each: the map (its adherent keeps another agency there) or the directory. */
export const DEMO_HIDDEN_AGENCIES = {
  fromMap: [demoAgencyName('garonne', 'libourne')],
  fromDirectory: [demoAgencyName('pyrenees', 'pau')],
} as const;

/** The member directory's demo (issue 10): extra adherent admins and hidden agencies. Set-based, a few statements. */
export async function seedDemoDirectory(tx: DbOrTx, now: number) {
  const agencyRows = await tx
    .select({ id: agencies.id, name: agencies.name, adherentId: agencies.adherentId, regionId: adherents.regionId })
    .from(agencies)
    .innerJoin(adherents, eq(adherents.id, agencies.adherentId))
    .where(
      inArray(
        agencies.name,
        DEMO_DIRECTORY_PEOPLE.map((p) => demoAgencyName(p.adherent, p.agency)),
      ),
    );
  const agencyOf = (p: (typeof DEMO_DIRECTORY_PEOPLE)[number]) => {
    const row = agencyRows.find((a) => a.name === demoAgencyName(p.adherent, p.agency));
    if (!row) throw new Error(`demo directory: agency of ${p.email} not seeded`);
    return row;
  };
  const people = await tx
    .insert(admins)
    .values(
      DEMO_DIRECTORY_PEOPLE.map((p) => ({
        emailAddress: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        position: p.position,
        phone: p.phone,
        roleId: p.roleId,
        regionId: agencyOf(p).regionId,
        adherentId: agencyOf(p).adherentId,
        isAdherentAdmin: true,
        isHidden: p.isHidden,
        doNotShowOnMap: true,
        cooperativeRoles: [...p.cooperativeRoles],
        createdAt: new Date(now - 30 * DAY),
      })),
    )
    .returning({ id: admins.id, email: admins.emailAddress });
  await tx.insert(adminAgencies).values(
    people.map((person) => ({
      adminId: person.id,
      agencyId: agencyOf(DEMO_DIRECTORY_PEOPLE.find((p) => p.email === person.email)!).id,
    })),
  );
  await tx
    .update(agencies)
    .set({ hideFromMap: true })
    .where(inArray(agencies.name, [...DEMO_HIDDEN_AGENCIES.fromMap]));
  await tx
    .update(agencies)
    .set({ hideFromDirectory: true })
    .where(inArray(agencies.name, [...DEMO_HIDDEN_AGENCIES.fromDirectory]));
}
