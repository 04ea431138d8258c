import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { DbOrTx } from '../client.js';
import { agencies, files } from '../schema/index.js';
import { PALETTES } from './demo-agency-pages.js';
import { type Illustration, illustrationPng } from './demo-images.js';
import { agencyName, DEMO_ADHERENTS } from './demo-network.js';

/**
 * Every demo agency's logo (file type 2) and extranet advertisement (file type 18, spec 03 §2
 * "Advertisement"), so that the agency chooser, the extranet menu and the dashboard's modal show
 * real pictures. One colour (the agency pages' palettes) per adherent: each picture is drawn once
 * per colour and its file shared by the adherent's agencies (a replaced logo is never deleted, so
 * sharing is safe), which keeps the seed fast.
 */
const LOGO_FILE_TYPE = 2;
const EXTRANET_ADVERTISEMENT_FILE_TYPE = 18;

type Colour = (typeof PALETTES)[number];

const logo = ([from, to]: Colour): Illustration => ({
  width: 96,
  height: 96,
  from,
  to,
  discs: [{ x: 0.5, y: 0.5, r: 0.32, alpha: 0.85 }],
});

const advertisement = ([from, to]: Colour): Illustration => ({
  width: 480,
  height: 320,
  from: to,
  to: from,
  discs: [
    { x: 0.25, y: 0.4, r: 0.35, alpha: 0.2 },
    { x: 0.8, y: 0.75, r: 0.25, alpha: 0.16 },
  ],
});

interface StoredPicture {
  storageKey: string;
  fileName: string;
  typeId: number;
  size: number;
}

/** Per adherent key: its logo and its advertisement, stored before the seed's transaction. */
export interface DemoAgencyImagesPlan {
  byAdherent: Map<string, { logo: StoredPicture; advertisement: StoredPicture }>;
}

async function store(storage: FileStorage, bytes: Buffer, fileName: string, typeId: number): Promise<StoredPicture> {
  const storageKey = `demo/${randomUUID()}`;
  await storage.put(storageKey, bytes, 'image/png');
  return { storageKey, fileName, typeId, size: bytes.length };
}

export async function prepareDemoAgencyImages(storage: FileStorage): Promise<DemoAgencyImagesPlan> {
  const plan: DemoAgencyImagesPlan = { byAdherent: new Map() };
  // Drawing is the slow part (per pixel, in JS): once per colour, however many adherents share it.
  const drawn = PALETTES.map((colour) => ({
    logo: illustrationPng(logo(colour)),
    advertisement: illustrationPng(advertisement(colour)),
  }));
  for (const [index, adherent] of DEMO_ADHERENTS.entries()) {
    const bytes = drawn[index % drawn.length] ?? drawn[0]!;
    plan.byAdherent.set(adherent.key, {
      logo: await store(storage, bytes.logo, `logo-${adherent.key}.png`, LOGO_FILE_TYPE),
      advertisement: await store(
        storage,
        bytes.advertisement,
        `publicite-extranet-${adherent.key}.png`,
        EXTRANET_ADVERTISEMENT_FILE_TYPE,
      ),
    });
  }
  return plan;
}

export async function discardDemoAgencyImages(storage: FileStorage, plan: DemoAgencyImagesPlan): Promise<void> {
  const stored = [...plan.byAdherent.values()].flatMap((p) => [p.logo, p.advertisement]);
  await Promise.all(stored.map((p) => storage.delete(p.storageKey).catch(() => {})));
}

/** Inside the seed's transaction, once the agencies exist: the file rows, then each agency points at them. */
export async function seedDemoAgencyImages(tx: DbOrTx, plan: DemoAgencyImagesPlan): Promise<void> {
  for (const adherent of DEMO_ADHERENTS) {
    const pictures = plan.byAdherent.get(adherent.key);
    if (!pictures) continue;
    const [logoRow, advertisementRow] = await tx
      .insert(files)
      .values([pictures.logo, pictures.advertisement].map((p) => ({ ...p, mimeType: 'image/png' })))
      .returning({ id: files.id });
    await tx
      .update(agencies)
      .set({ logoFileId: logoRow?.id ?? null, extranetAdvertisementFileId: advertisementRow?.id ?? null })
      .where(
        inArray(
          agencies.name,
          adherent.agencies.map((agency) => agencyName(adherent, agency)),
        ),
      );
  }
}
