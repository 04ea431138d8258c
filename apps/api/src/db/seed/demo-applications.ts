import { randomUUID } from 'node:crypto';
import { NETWORK_APPLICATION_ILLUSTRATION_FILE_TYPE } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { DbOrTx } from '../client.js';
import { admins, files, networkApplications } from '../schema/index.js';
import { pngOf } from './demo-images.js';

type Rgb = readonly [number, number, number];

/** The demo directory (spec 02 §2): the network's own tools and two public ones. */
export const DEMO_APPLICATIONS: ReadonlyArray<{ title: string; url: string; initials: string; from: Rgb; to: Rgb }> = [
  {
    title: 'Catalogue pièces détachées',
    url: 'https://pieces.reseau-energie.fr',
    initials: 'CP',
    from: [217, 72, 15],
    to: [253, 126, 20],
  },
  {
    title: 'Espace formation',
    url: 'https://formation.reseau-energie.fr',
    initials: 'EF',
    from: [11, 114, 133],
    to: [21, 170, 191],
  },
  {
    title: 'Planning des interventions',
    url: 'https://planning.reseau-energie.fr',
    initials: 'PI',
    from: [6, 47, 115],
    to: [12, 79, 182],
  },
  {
    title: 'Calculateur primes CEE',
    url: 'https://cee.reseau-energie.fr',
    initials: 'CC',
    from: [43, 138, 62],
    to: [64, 192, 87],
  },
  {
    title: 'Boutique du réseau',
    url: 'https://boutique.reseau-energie.fr',
    initials: 'BO',
    from: [166, 30, 77],
    to: [230, 73, 128],
  },
  {
    title: 'Annuaire des artisans RGE',
    url: 'https://france-renov.gouv.fr/annuaires-professionnels/artisan-rge',
    initials: 'AR',
    from: [52, 58, 64],
    to: [73, 80, 87],
  },
  {
    title: 'Messagerie du réseau',
    url: 'https://mail.reseau-energie.fr',
    initials: 'MR',
    from: [95, 61, 196],
    to: [132, 94, 247],
  },
];

/** 5 × 7 capitals, a row a string: enough letters for the demo initials. */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
};

const SIZE = 192;
const CELL = 14;

/** A square logo: a diagonal gradient with the initials in white, drawn without an image library. */
export function applicationLogoPng(initials: string, from: Rgb, to: Rgb): Buffer {
  const letters = [...initials].map((c) => GLYPHS[c] ?? GLYPHS.O!);
  const textWidth = (letters.length * 5 + (letters.length - 1)) * CELL;
  const left = Math.floor((SIZE - textWidth) / 2);
  const top = Math.floor((SIZE - 7 * CELL) / 2);
  const inText = (x: number, y: number) => {
    const col = Math.floor((x - left) / CELL);
    const row = Math.floor((y - top) / CELL);
    if (x < left || y < top || row > 6) return false;
    const letter = letters[Math.floor(col / 6)];
    return letter?.[row]?.[col % 6] === '1';
  };
  return pngOf(SIZE, SIZE, (x, y) => {
    if (inText(x, y)) return [255, 255, 255];
    const t = (x + y) / (2 * SIZE);
    return from.map((f, i) => f + ((to[i] ?? f) - f) * t);
  });
}

/** The logos, stored before the seed's transaction (no slow work while it holds the database). */
export interface DemoApplicationsPlan {
  logos: Array<{ storageKey: string; size: number; fileName: string }>;
}

export async function prepareDemoApplications(storage: FileStorage): Promise<DemoApplicationsPlan> {
  const logos: DemoApplicationsPlan['logos'] = [];
  for (const application of DEMO_APPLICATIONS) {
    const bytes = applicationLogoPng(application.initials, application.from, application.to);
    const storageKey = `demo/${randomUUID()}`;
    await storage.put(storageKey, bytes, 'image/png');
    logos.push({ storageKey, size: bytes.length, fileName: `logo-${application.initials.toLowerCase()}.png` });
  }
  return { logos };
}

export async function discardDemoApplications(storage: FileStorage, plan: DemoApplicationsPlan): Promise<void> {
  await Promise.all(plan.logos.map((logo) => storage.delete(logo.storageKey).catch(() => {})));
}

const AUTHOR_EMAIL = 'helene.marchand@demo.fr';

/** Writes the logos' file rows and the applications inside the seed's transaction, once admins exist. */
export async function seedDemoApplications(tx: DbOrTx, plan: DemoApplicationsPlan): Promise<void> {
  const logoRows = await tx
    .insert(files)
    .values(
      plan.logos.map((logo) => ({
        typeId: NETWORK_APPLICATION_ILLUSTRATION_FILE_TYPE,
        storageKey: logo.storageKey,
        fileName: logo.fileName,
        mimeType: 'image/png',
        size: logo.size,
      })),
    )
    .returning({ id: files.id });
  const [author] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.emailAddress, AUTHOR_EMAIL));
  await tx.insert(networkApplications).values(
    DEMO_APPLICATIONS.map((application, index) => ({
      title: application.title,
      url: application.url,
      illustrationFileId: logoRows[index]!.id,
      authorId: author?.id ?? null,
    })),
  );
}
