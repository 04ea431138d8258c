/**
 * Adherent users of the second demo adherent the README lists (Breizh Énergie Services, region
 * Ouest, agencies Rennes and Vannes): besides its director (role 4, gwenael.lebihan@demo.fr) and
 * its Vannes agency manager (role 7, erwan.legall@demo.fr) of demo-people.ts, a few agency
 * collaborators (role 9), so that /intranet/adherent-users has rows to manage. All sign in with the
 * demo password.
 */
import type { DbOrTx } from '../client.js';
import { adminAgencies, admins } from '../schema/index.js';
import type { DemoAdmin } from './demo-people.js';

export const DEMO_ADHERENT_USERS: DemoAdmin[] = [
  {
    email: 'maelle.kerjean@demo.fr',
    firstName: 'Maëlle',
    lastName: 'Kerjean',
    roleId: 9,
    position: 'Assistante planning SAV',
    phone: '02 99 31 64 08',
    adherent: 'breizh',
    agencies: ['rennes'],
  },
  {
    email: 'yann.quere@demo.fr',
    firstName: 'Yann',
    lastName: 'Quéré',
    roleId: 9,
    position: 'Technicien chauffagiste',
    phone: '06 48 12 77 35',
    adherent: 'breizh',
    agencies: ['rennes'],
  },
  {
    email: 'soizic.tanguy@demo.fr',
    firstName: 'Soizic',
    lastName: 'Tanguy',
    roleId: 9,
    position: 'Chargée de clientèle',
    phone: '02 97 62 18 90',
    adherent: 'breizh',
    agencies: ['vannes'],
  },
  {
    email: 'loic.morvan@demo.fr',
    firstName: 'Loïc',
    lastName: 'Morvan',
    roleId: 9,
    position: 'Technicien pompes à chaleur',
    phone: '06 83 25 41 67',
    adherent: 'breizh',
    agencies: ['rennes', 'vannes'],
  },
];

/** Inserts the users above with their agencies (keys of demo-network.ts resolved by the caller). */
export async function seedDemoAdherentUsers(
  tx: DbOrTx,
  options: {
    passwordHash: string;
    adherentOf: (key: string) => { id: number; regionId: number };
    agencyIdOf: (key: string) => number;
    createdAt: Date;
  },
) {
  const rows = await tx
    .insert(admins)
    .values(
      DEMO_ADHERENT_USERS.map((user) => {
        const adherent = options.adherentOf(user.adherent!);
        return {
          emailAddress: user.email,
          passwordHash: options.passwordHash,
          firstName: user.firstName,
          lastName: user.lastName,
          position: user.position,
          phone: user.phone,
          roleId: user.roleId,
          regionId: adherent.regionId,
          adherentId: adherent.id,
          createdAt: options.createdAt,
        };
      }),
    )
    .returning({ id: admins.id, emailAddress: admins.emailAddress });
  const idOf = new Map(rows.map((r) => [r.emailAddress, r.id]));
  await tx
    .insert(adminAgencies)
    .values(
      DEMO_ADHERENT_USERS.flatMap((user) =>
        (user.agencies ?? []).map((key) => ({ adminId: idOf.get(user.email)!, agencyId: options.agencyIdOf(key) })),
      ),
    );
}
