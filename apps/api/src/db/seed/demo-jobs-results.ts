import { MONTHLY_RESULT_BRANDS, MONTHLY_RESULT_EQUIPMENTS, type MonthlyResultSection } from '@reseau/contracts';
import { frenchToday } from '../../lib/french.js';
import type { DbOrTx } from '../client.js';
import { admins, agencies, jobOffers, monthlyResults, monthlyResultValues } from '../schema/index.js';
import { agencyName, DEMO_ADHERENTS } from './demo-network.js';

const DAY = 86_400_000;

interface DemoJobOffer {
  /** An agency key of demo-network.ts; none for the network's templates. */
  agency?: string;
  author: string;
  title: string;
  type: string;
  domain: string;
  sector: string;
  description: string;
  isTemplate?: boolean;
  /** Published this many days ago (active), or never (inactive). */
  publishedDaysAgo?: number;
  contacts?: string[];
}

const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

/** The network's templates and a few agencies' offers, some active (already mailed), some not. */
export const DEMO_JOB_OFFERS: DemoJobOffer[] = [
  {
    author: 'admin@demo.fr',
    isTemplate: true,
    title: 'Technicien de maintenance chauffage (H/F)',
    type: 'CDI',
    domain: 'MAINTENANCE',
    sector: '',
    description:
      p(
        "Au sein d'une agence du réseau, vous assurez l'entretien annuel et le dépannage des chaudières gaz et fioul chez nos clients particuliers.",
        '<strong>Votre profil</strong> : CAP/BEP ou Bac pro en maintenance des systèmes énergétiques, permis B, sens du service client.',
      ) +
      '<ul><li>Véhicule de service et outillage fournis</li><li>Formations constructeurs</li><li>Primes sur objectifs</li></ul>',
  },
  {
    author: 'admin@demo.fr',
    isTemplate: true,
    title: 'Frigoriste – pompes à chaleur et climatisation (H/F)',
    type: 'CDI',
    domain: 'INSTALLATION',
    sector: '',
    description: p(
      'Vous installez et mettez en service des pompes à chaleur air/eau et des climatisations, et vous en assurez le suivi.',
      '<strong>Votre profil</strong> : attestation de capacité fluides frigorigènes catégorie I, première expérience souhaitée.',
    ),
  },
  {
    author: 'admin@demo.fr',
    isTemplate: true,
    title: 'Apprenti(e) installateur thermique (H/F)',
    type: 'ALTERNANCE',
    domain: 'INSTALLATION',
    sector: '',
    description: p(
      'En alternance avec votre CFA, vous accompagnez nos techniciens sur les chantiers de remplacement de chaudières et de pose de pompes à chaleur.',
      'Préparation du CAP Monteur en installations thermiques ou du Bac pro TMSEC.',
    ),
  },
  {
    author: 'admin@demo.fr',
    isTemplate: true,
    title: 'Assistant(e) administratif(ve) SAV (H/F)',
    type: 'CDD',
    domain: 'ADMINISTRATIF',
    sector: '',
    description: p(
      "Vous planifiez les interventions, accueillez les clients au téléphone et suivez les contrats d'entretien.",
      'Maîtrise des outils bureautiques, aisance relationnelle.',
    ),
  },
  {
    agency: 'lille',
    author: 'dirigeant@demo.fr',
    title: 'Technicien de maintenance chauffage – Lille (H/F)',
    type: 'CDI',
    domain: 'MAINTENANCE',
    sector: 'Lille et métropole',
    publishedDaysAgo: 12,
    contacts: ['recrutement@thermi-nord.demo.fr', 'emploi-lille@france-travail.demo.fr'],
    description: p(
      "Notre agence de Lille recrute un technicien pour l'entretien et le dépannage des chaudières gaz de ses 2 400 clients sous contrat.",
      'Véhicule, téléphone et tablette fournis. Astreintes rémunérées.',
    ),
  },
  {
    agency: 'valenciennes',
    author: 'dirigeant@demo.fr',
    title: 'Apprenti(e) installateur thermique – Valenciennes (H/F)',
    type: 'ALTERNANCE',
    domain: 'INSTALLATION',
    sector: 'Valenciennois',
    contacts: ['recrutement@thermi-nord.demo.fr'],
    description: p('Rentrée de septembre : nous accueillons un(e) apprenti(e) en CAP Monteur en installations thermiques.'),
  },
  {
    agency: 'nantes',
    author: 'stephane.guerin@demo.fr',
    title: 'Frigoriste pompes à chaleur (H/F)',
    type: 'CDI',
    domain: 'INSTALLATION',
    sector: 'Loire-Atlantique',
    publishedDaysAgo: 30,
    contacts: ['rh@atlantique-chauffage.demo.fr'],
    description: p(
      'Installation et mise en service de pompes à chaleur air/eau en maison individuelle, secteur Nantes et Saint-Nazaire.',
    ),
  },
  {
    agency: 'lyon',
    author: 'admin@demo.fr',
    title: 'Chargé(e) d’affaires chauffage collectif (H/F)',
    type: 'CDI',
    domain: 'COMMERCIAL',
    sector: 'Lyon et Villeurbanne',
    contacts: ['recrutement@rhone-alpes-energies.demo.fr'],
    description: p('Vous développez le portefeuille de copropriétés et de bailleurs sociaux de l’agence.'),
  },
];

/** A stable pseudo-random integer in [0, 1) for a set of keys (the demo has no randomness). */
function noise(...keys: number[]): number {
  let h = 2166136261;
  for (const k of keys) h = Math.imul(h ^ (k + 0x9e3779b9), 16777619) >>> 0;
  return (h % 10_000) / 10_000;
}

/** Heating work peaks in autumn and winter: a factor per month (1 = January). */
const SEASON = [1.3, 1.1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.6, 0.9, 1.3, 1.5, 1.4];
/** What a typical agency does per month on each equipment, before its size and the season. */
const BASE: Record<MonthlyResultSection, number> = {
  brandsValues: 3,
  equipmentSales: 3,
  equipmentContracts: 14,
  equipmentCommissionings: 2,
};
/** The share of each equipment in an agency's work (gas boilers first, softeners last). */
const WEIGHT: Record<number, number> = { 1: 2.2, 2: 0.8, 3: 1.6, 4: 0.7, 5: 0.9, 6: 0.4, 7: 0.6, 8: 0.7, 9: 0.2, 10: 0.3 };

/**
 * Twelve months of figures for every demo agency (the last twelve before this one), but not the
 * previous month of Thermi'Nord Valenciennes, so that dirigeant@demo.fr sees the spec's refusal
 * there. Two statements: the results, then all their values.
 */
async function seedDemoMonthlyResults(tx: DbOrTx, now: number, agencyIds: { key: string; id: number }[]) {
  const [year, month] = frenchToday(new Date(now)).split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - 1 - i;
    return { year: Math.floor(index / 12), month: (index % 12) + 1, back: i };
  });
  const entries = agencyIds.flatMap((agency, a) =>
    months
      .filter((m) => !(agency.key === 'valenciennes' && m.back === 0))
      .map((m) => ({ agencyId: agency.id, year: m.year, month: m.month, a })),
  );
  const rows = await tx
    .insert(monthlyResults)
    .values(
      entries.map(({ agencyId, year, month }) => ({ agencyId, year, month, createdAt: new Date(Date.UTC(year, month, 3)) })),
    )
    .returning({
      id: monthlyResults.id,
      agencyId: monthlyResults.agencyId,
      year: monthlyResults.year,
      month: monthlyResults.month,
    });
  const lines: { section: MonthlyResultSection; id: number; weight: number }[] = [
    ...MONTHLY_RESULT_BRANDS.map((b, i) => ({ section: 'brandsValues' as const, id: b.id, weight: i < 5 ? 1.4 - i * 0.2 : 0.4 })),
    ...MONTHLY_RESULT_EQUIPMENTS.flatMap((e) => [
      ...(e.hasSales ? [{ section: 'equipmentSales' as const, id: e.id, weight: WEIGHT[e.id] ?? 0.5 }] : []),
      ...(e.hasContracts ? [{ section: 'equipmentContracts' as const, id: e.id, weight: WEIGHT[e.id] ?? 0.5 }] : []),
      ...(e.hasCommissionings ? [{ section: 'equipmentCommissionings' as const, id: e.id, weight: WEIGHT[e.id] ?? 0.5 }] : []),
    ]),
  ];
  const values = rows.flatMap((row) => {
    const a = entries.find((e) => e.agencyId === row.agencyId)!.a;
    const size = 0.6 + noise(a) * 1.2;
    return lines.map((line, l) => ({
      monthlyResultId: row.id,
      section: line.section,
      itemId: line.id,
      value: Math.round(
        BASE[line.section] * line.weight * size * SEASON[row.month - 1]! * (0.6 + noise(a, row.year, row.month, l) * 0.8),
      ),
    }));
  });
  // Bounded statements (PostgreSQL takes at most 65 535 parameters in one).
  for (let i = 0; i < values.length; i += 5000) await tx.insert(monthlyResultValues).values(values.slice(i, i + 5000));
}

/** The demo's job offers and monthly results (spec 02: job offers, monthly result). */
export async function seedDemoJobsResults(tx: DbOrTx, now: number) {
  const names = new Map(
    DEMO_ADHERENTS.flatMap((adherent) => adherent.agencies.map((agency) => [agency.key, agencyName(adherent, agency)] as const)),
  );
  const agencyRows = await tx.select({ id: agencies.id, name: agencies.name }).from(agencies);
  const agencyIds = [...names.entries()].flatMap(([key, name]) => {
    const found = agencyRows.find((r) => r.name === name);
    return found ? [{ key, id: found.id }] : [];
  });
  const idOf = (key: string) => {
    const found = agencyIds.find((a) => a.key === key);
    if (!found) throw new Error(`demo job offers: unknown agency ${key}`);
    return found.id;
  };
  const people = await tx.select({ id: admins.id, email: admins.emailAddress }).from(admins);
  await tx.insert(jobOffers).values(
    DEMO_JOB_OFFERS.map((offer, i) => {
      const published = offer.publishedDaysAgo === undefined ? null : new Date(now - offer.publishedDaysAgo * DAY);
      return {
        title: offer.title,
        description: offer.description,
        jobOfferTypeCode: offer.type,
        jobOfferDomainCode: offer.domain,
        geographicSector: offer.sector,
        isTemplate: offer.isTemplate ?? false,
        isActive: published !== null,
        publicationDate: published ? frenchToday(published) : null,
        agencyId: offer.agency ? idOf(offer.agency) : null,
        regionId: null,
        contacts: (offer.contacts ?? []).map((emailAddress) => ({ emailAddress })),
        // The active ones went out when they were published: switching them again mails nobody.
        mailedAt: published,
        authorId: people.find((person) => person.email === offer.author)?.id ?? null,
        createdAt: new Date(now - (60 - i) * DAY),
      };
    }),
  );
  await seedDemoMonthlyResults(tx, now, agencyIds);
}
