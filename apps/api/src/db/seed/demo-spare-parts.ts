import { SPARE_PART_VISIBILITY, type SparePartAnnouncementTypeCode, type SparePartEnergyTypeCode } from '@reseau/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { SearchIndex } from '../../integrations/search/index.js';
import { sparePartSearchEntry } from '../../modules/spare-part-announcements/writes.js';
import type { DbOrTx } from '../client.js';
import { admins, agencies, sparePartAnnouncementResponses, sparePartAnnouncements } from '../schema/index.js';
import { agencyName, DEMO_ADHERENTS } from './demo-network.js';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const refs = DEMO_CONTENT_REFS.sparePartAnnouncements;

interface DemoAnnouncement {
  typeCode: SparePartAnnouncementTypeCode;
  energyTypeCode: SparePartEnergyTypeCode;
  title: string;
  description: string;
  author: string;
  agency: string;
  daysAgo: number;
  /** Who answered, and when (the answer's notification of demo-notifications.ts, where there is one). */
  answers?: { by: string; agency: string; hoursAgo: number }[];
}

/**
 * The spare-parts board of the demo: requests and offers of several adherents over several
 * energies, some expired, some answered. The first four are DEMO_CONTENT_REFS (same order, so
 * ids 1 to 4 on the empty database, same titles and owners) that the demo notifications open.
 */
export const DEMO_SPARE_PARTS: DemoAnnouncement[] = [
  {
    typeCode: 'OFFRE',
    energyTypeCode: 'GAZ',
    title: refs[0].title,
    description: 'Carte principale neuve, jamais montée, référence S1068900. Retrait à Valenciennes ou envoi.',
    author: 'dirigeant@demo.fr',
    agency: 'valenciennes',
    daysAgo: 5,
    answers: [{ by: 'bruno.vanderhaeghe@demo.fr', agency: 'dunkerque', hoursAgo: 25 }],
  },
  {
    typeCode: 'DEMANDE',
    energyTypeCode: 'GAZ',
    title: refs[1].title,
    description: "Vase d'expansion chauffage 18 L, raccord 3/4, pour un dépannage urgent.",
    author: 'dirigeant@demo.fr',
    agency: 'lille',
    daysAgo: 19,
  },
  {
    typeCode: 'DEMANDE',
    energyTypeCode: 'GAZ',
    title: refs[2].title,
    description: 'Circulateur pour chaudière murale en panne chez un client, besoin sous 48 h.',
    author: 'technicien@demo.fr',
    agency: 'lille',
    daysAgo: 3,
    answers: [{ by: 'jeremy.bonnet@demo.fr', agency: 'orleans', hoursAgo: 32 }],
  },
  {
    typeCode: 'OFFRE',
    energyTypeCode: 'GAZ',
    title: refs[3].title,
    description: 'Échangeur récupéré sur une chaudière remplacée, en bon état, testé en atelier.',
    author: 'technicien@demo.fr',
    agency: 'lille',
    daysAgo: 20,
    answers: [{ by: 'romain.leroux@demo.fr', agency: 'nantes', hoursAgo: 13 * 24 + 5 }],
  },
  {
    typeCode: 'DEMANDE',
    energyTypeCode: 'ELEC',
    title: 'Pompe de relevage des condensats Sauermann Si-1801',
    description: 'Pompe de relevage pour une chaudière à condensation, compatible 230 V.',
    author: 'bruno.vanderhaeghe@demo.fr',
    agency: 'dunkerque',
    daysAgo: 2,
  },
  {
    typeCode: 'OFFRE',
    energyTypeCode: 'FIOUL',
    title: 'Brûleur fioul Riello 40 G10',
    description: 'Brûleur révisé, gicleur neuf, idéal pour un dépannage en attendant un remplacement.',
    author: 'romain.leroux@demo.fr',
    agency: 'nantes',
    daysAgo: 10,
  },
  {
    typeCode: 'OFFRE',
    energyTypeCode: 'PAC',
    title: 'Détendeur électronique pour PAC Daikin Altherma',
    description: "Détendeur neuf en carton d'origine, commandé en trop pour un chantier.",
    author: 'jeremy.bonnet@demo.fr',
    agency: 'orleans',
    daysAgo: 30,
  },
  {
    typeCode: 'DEMANDE',
    energyTypeCode: 'GAZ',
    title: 'Sonde extérieure QAC34 Siemens',
    description: 'Sonde extérieure pour régulation, une pièce suffit.',
    author: 'jeremy.bonnet@demo.fr',
    agency: 'tours',
    daysAgo: 1,
  },
  {
    typeCode: 'OFFRE',
    energyTypeCode: 'BOIS',
    title: 'Vis sans fin pour poêle à granulés',
    description: 'Vis d’alimentation avec motoréducteur, compatible avec plusieurs marques italiennes.',
    author: 'romain.leroux@demo.fr',
    agency: 'nantes',
    daysAgo: 40,
  },
  {
    typeCode: 'DEMANDE',
    energyTypeCode: 'SOLAIRE',
    title: 'Capteur solaire plan 2,5 m²',
    description: 'Capteur pour remplacer un panneau grêlé sur un chauffe-eau solaire individuel.',
    author: 'bruno.vanderhaeghe@demo.fr',
    agency: 'dunkerque',
    daysAgo: 12,
  },
  {
    typeCode: 'OFFRE',
    energyTypeCode: 'GAZ',
    title: 'Vanne 3 voies Honeywell VC4013',
    description: 'Vanne avec son moteur, démontée en état de marche.',
    author: 'bruno.vanderhaeghe@demo.fr',
    agency: 'dunkerque',
    daysAgo: 200,
  },
  {
    typeCode: 'DEMANDE',
    energyTypeCode: 'GAZ',
    title: "Électrode d'allumage Frisquet",
    description: "Électrode d'allumage et d'ionisation pour Frisquet Hydromotrix.",
    author: 'jeremy.bonnet@demo.fr',
    agency: 'orleans',
    daysAgo: 4,
  },
];

const PHONE = '03 20 55 41 10';

/** Writes the demo board, its answers and search entries, in the seed's transaction. */
export async function seedDemoSpareParts(tx: DbOrTx, now: number, search: SearchIndex) {
  const people = await tx
    .select({ id: admins.id, email: admins.emailAddress, phone: admins.phone })
    .from(admins)
    .where(
      inArray(admins.emailAddress, [
        ...new Set(DEMO_SPARE_PARTS.flatMap((a) => [a.author, ...(a.answers ?? []).map((r) => r.by)])),
      ]),
    );
  const person = (email: string) => {
    const found = people.find((p) => p.email === email);
    if (!found) throw new Error(`demo spare parts: unknown admin ${email}`);
    return found;
  };
  const names = new Map(
    DEMO_ADHERENTS.flatMap((adherent) => adherent.agencies.map((agency) => [agency.key, agencyName(adherent, agency)] as const)),
  );
  const agencyRows = await tx.select({ id: agencies.id, name: agencies.name }).from(agencies);
  const agencyId = (key: string) => {
    const found = agencyRows.find((r) => r.name === names.get(key));
    if (!found) throw new Error(`demo spare parts: unknown agency ${key}`);
    return found.id;
  };
  // One statement for the board and one for the answers: the demo seed is already long.
  const rows = await tx
    .insert(sparePartAnnouncements)
    .values(
      DEMO_SPARE_PARTS.map((demo) => {
        const published = sql`${new Date(now - demo.daysAgo * DAY).toISOString()}::timestamptz`;
        const expiry = sql`(${published} + ${SPARE_PART_VISIBILITY[demo.typeCode]}::interval)`;
        return {
          typeCode: demo.typeCode,
          energyTypeCode: demo.energyTypeCode,
          title: demo.title,
          description: demo.description,
          contact: person(demo.author).phone ?? PHONE,
          agencyId: agencyId(demo.agency),
          authorId: person(demo.author).id,
          publicationDate: new Date(now - demo.daysAgo * DAY),
          expiryDate: expiry,
          isExpired: sql`${expiry} <= ${new Date(now).toISOString()}::timestamptz`,
        };
      }),
    )
    .returning({ id: sparePartAnnouncements.id, title: sparePartAnnouncements.title });
  const idOf = (title: string) => rows.find((r) => r.title === title)!.id;
  await tx.insert(sparePartAnnouncementResponses).values(
    DEMO_SPARE_PARTS.flatMap((demo) =>
      (demo.answers ?? []).map((answer) => ({
        sparePartAnnouncementId: idOf(demo.title),
        adminId: person(answer.by).id,
        agencyId: agencyId(answer.agency),
        createdAt: new Date(now - answer.hoursAgo * HOUR),
      })),
    ),
  );
  for (const demo of DEMO_SPARE_PARTS) {
    await search.index(sparePartSearchEntry(idOf(demo.title), demo), tx);
  }
}
