import { randomUUID } from 'node:crypto';
import { AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE, AGENCY_PAGE_FILE_TYPES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { DbOrTx } from '../client.js';
import { agencies, agencyPageContents, files } from '../schema/index.js';
import { type Illustration, illustrationPng } from './demo-images.js';
import { agencyName, DEMO_ADHERENTS, type DemoAdherent, type DemoAgency } from './demo-network.js';

/**
 * The agencies' public pages (spec 01 §2 "Agency page"): a subtitle, a "who are we" text, an
 * illustration, logos and an advertisement image for every demo agency, 2 or 3 contents each, and
 * the network-wide contents. Pictures are drawn once and shared (a file may sit on several pages).
 */

type Rgb = readonly [number, number, number];
/** Shared with demo-agency-images.ts: an adherent's logo and advertisement take one of these. */
export const PALETTES: ReadonlyArray<readonly [Rgb, Rgb]> = [
  [
    [6, 47, 115],
    [28, 126, 214],
  ],
  [
    [8, 127, 91],
    [64, 192, 87],
  ],
  [
    [230, 119, 0],
    [250, 176, 5],
  ],
  [
    [95, 61, 196],
    [132, 94, 247],
  ],
  [
    [201, 42, 42],
    [250, 82, 82],
  ],
];

const picture = (size: { width: number; height: number }, [from, to]: readonly [Rgb, Rgb], seed: number): Illustration => ({
  ...size,
  from,
  to,
  discs: [
    { x: 0.2 + 0.15 * (seed % 4), y: 0.35, r: 0.3, alpha: 0.18 },
    { x: 0.85, y: 0.2 + 0.15 * (seed % 3), r: 0.2, alpha: 0.14 },
  ],
});

interface Planned {
  key: string;
  fileName: string;
  typeId: number;
  bytes: Buffer;
}

function plannedPictures(): Planned[] {
  return PALETTES.flatMap((palette, i) => [
    {
      key: `illustration:${i}`,
      fileName: `page-illustration-${i + 1}.png`,
      typeId: AGENCY_PAGE_FILE_TYPES.illustration,
      bytes: illustrationPng(picture({ width: 960, height: 400 }, palette, i)),
    },
    {
      key: `advertisement:${i}`,
      fileName: `publicite-${i + 1}.png`,
      typeId: AGENCY_PAGE_FILE_TYPES.advertisement,
      bytes: illustrationPng(picture({ width: 800, height: 600 }, [palette[1], palette[0]], i + 1)),
    },
    {
      key: `logo:${i}`,
      fileName: `logo-${i + 1}.png`,
      typeId: AGENCY_PAGE_FILE_TYPES.logo,
      bytes: illustrationPng(picture({ width: 240, height: 120 }, palette, i + 2)),
    },
    {
      key: `content:${i}`,
      fileName: `contenu-${i + 1}.png`,
      typeId: AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE,
      bytes: illustrationPng(picture({ width: 640, height: 360 }, [palette[0], palette[0]], i + 3)),
    },
  ]);
}

interface StoredPicture {
  storageKey: string;
  fileName: string;
  typeId: number;
  size: number;
}

export interface DemoAgencyPagesPlan {
  pictures: Map<string, StoredPicture>;
}

/** Draws and stores the pictures before the seed's transaction. */
export async function prepareDemoAgencyPages(storage: FileStorage): Promise<DemoAgencyPagesPlan> {
  const plan: DemoAgencyPagesPlan = { pictures: new Map() };
  for (const p of plannedPictures()) {
    const storageKey = `demo/${randomUUID()}`;
    await storage.put(storageKey, p.bytes, 'image/png');
    plan.pictures.set(p.key, { storageKey, fileName: p.fileName, typeId: p.typeId, size: p.bytes.length });
  }
  return plan;
}

export async function discardDemoAgencyPages(storage: FileStorage, plan: DemoAgencyPagesPlan): Promise<void> {
  await Promise.all([...plan.pictures.values()].map((p) => storage.delete(p.storageKey).catch(() => {})));
}

const ACTIVITY_LABELS: Record<string, string> = {
  GAZ: 'chaudières gaz',
  PAC: 'pompes à chaleur',
  CLIM: 'climatisation',
  Biomasse: 'chauffage bois et granulés',
  PV: 'panneaux photovoltaïques',
  Sanitaire: 'sanitaire',
  Tertiaire: 'bâtiments tertiaires',
};

function pageOf(adherent: DemoAdherent, agency: DemoAgency) {
  const activities = agency.activities.map((a) => ACTIVITY_LABELS[a] ?? a).join(', ');
  return {
    pageTitle: `Votre chauffagiste à ${agency.city} et alentours`,
    pageDescription: sanitizeRichText(
      `<h2>${adherent.brand}, à ${agency.city}</h2>` +
        `<p>${agency.description}</p>` +
        `<p>Nos techniciens installent et entretiennent : <strong>${activities}</strong>.</p>` +
        `<ul><li>Intervention en 48 h pour nos clients sous contrat</li><li>Devis gratuit et détaillé</li>` +
        `<li>Techniciens certifiés RGE</li></ul>` +
        `<p>Zone d'intervention : ${agency.descriptionIntervention}</p>`,
    ),
  };
}

/** An agency's own contents; `{city}` is replaced by the agency's city. */
const AGENCY_CONTENTS: ReadonlyArray<{ title: string; content: string; videoUrl?: string; isActive?: boolean }> = [
  {
    title: 'Entretien annuel de votre chaudière',
    content:
      "<p>L'entretien annuel est obligatoire pour les chaudières de 4 à 400 kW. À {city}, nos techniciens passent chez vous à la date qui vous convient et vous remettent l'attestation le jour même.</p>",
  },
  {
    title: 'Passer à la pompe à chaleur',
    content:
      '<p>Étude thermique, choix du matériel, aides (MaPrimeRénov’, CEE) : nous vous accompagnons de A à Z.</p><ul><li>Visite technique gratuite</li><li>Installation en 2 à 3 jours</li></ul>',
    videoUrl: 'https://www.youtube.com/watch?v=7yNpz6yY3w0',
  },
  {
    title: 'Notre équipe recrute',
    content: '<p>Vous êtes technicien chauffagiste et vous aimez le travail bien fait ? Rejoignez notre agence de {city}.</p>',
    isActive: false,
  },
];

const NETWORK_CONTENTS: ReadonlyArray<{ title: string; content: string; videoUrl?: string; isActive?: boolean }> = [
  {
    title: 'Un réseau de chauffagistes indépendants',
    content:
      '<p>Plus de quarante agences en France partagent les mêmes engagements de qualité : devis clairs, interventions rapides, techniciens formés chaque année.</p>',
  },
  {
    title: 'Nos contrats d’entretien',
    content:
      '<p>Trois formules, de la visite annuelle au contrat tout compris avec dépannage prioritaire 7 j/7. Demandez conseil à votre agence.</p>',
  },
  {
    title: 'Les aides à la rénovation énergétique',
    content:
      '<p>MaPrimeRénov’, certificats d’économies d’énergie, éco-prêt à taux zéro : nos agences montent le dossier avec vous.</p>',
    videoUrl: 'https://www.youtube.com/watch?v=VY8rWc1qvJU',
  },
  {
    title: 'Charte qualité du réseau',
    content: '<p>La charte révisée entre en vigueur au printemps : elle sera publiée ici dès sa validation.</p>',
    isActive: false,
  },
];

/** Writes the files, each agency's page fields and contents, and the network contents (agencies exist). */
export async function seedDemoAgencyPages(tx: DbOrTx, plan: DemoAgencyPagesPlan): Promise<void> {
  const entries = [...plan.pictures.entries()];
  const rows = await tx
    .insert(files)
    .values(
      entries.map(([, p]) => ({
        typeId: p.typeId,
        storageKey: p.storageKey,
        fileName: p.fileName,
        mimeType: 'image/png',
        size: p.size,
      })),
    )
    .returning({ id: files.id, storageKey: files.storageKey });
  const idByStorageKey = new Map(rows.map((r) => [r.storageKey, r.id]));
  const fileId = (key: string): number => {
    const id = idByStorageKey.get(plan.pictures.get(key)?.storageKey ?? '');
    if (id === undefined) throw new Error(`demo seed: no picture "${key}"`);
    return id;
  };

  const stored = await tx.select({ id: agencies.id, name: agencies.name }).from(agencies);
  const idByName = new Map(stored.map((r) => [r.name, r.id]));
  const count = PALETTES.length;
  let index = 0;
  for (const adherent of DEMO_ADHERENTS) {
    for (const agency of adherent.agencies) {
      const agencyId = idByName.get(agencyName(adherent, agency));
      if (agencyId === undefined) throw new Error(`demo seed: agency of ${agency.key} missing`);
      const i = index++;
      const logoCount = 2 + (i % 3);
      await tx
        .update(agencies)
        .set({
          ...pageOf(adherent, agency),
          pageIllustrationFileId: fileId(`illustration:${i % count}`),
          pageLogosFiles: Array.from({ length: logoCount }, (_, k) => ({ fileId: fileId(`logo:${(i + k) % count}`) })),
          publicAdvertisementFileId: fileId(`advertisement:${i % count}`),
        })
        .where(eq(agencies.id, agencyId));
      const contents = AGENCY_CONTENTS.slice(0, 2 + (i % 2));
      await tx.insert(agencyPageContents).values(
        contents.map((c, k) => ({
          agencyId,
          title: c.title,
          content: sanitizeRichText(c.content.replaceAll('{city}', agency.city)),
          videoUrl: c.videoUrl ?? null,
          illustrationFileId: k === 0 ? fileId(`content:${i % count}`) : null,
          isActive: c.isActive ?? true,
        })),
      );
    }
  }
  await tx.insert(agencyPageContents).values(
    NETWORK_CONTENTS.map((c, k) => ({
      agencyId: null,
      title: c.title,
      content: sanitizeRichText(c.content),
      videoUrl: c.videoUrl ?? null,
      illustrationFileId: k < 2 ? fileId(`content:${k}`) : null,
      isActive: c.isActive ?? true,
    })),
  );
}
