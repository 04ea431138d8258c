import { randomUUID } from 'node:crypto';
import {
  NETWORK_ACTUALITY_CATEGORIES,
  NETWORK_ACTUALITY_ILLUSTRATION_FILE_TYPE,
  NETWORK_ACTUALITY_JOINED_FILE_TYPE,
} from '@reseau/contracts';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { SearchIndex } from '../../integrations/search/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { newsSearchEntry } from '../../modules/network-actualities/writes.js';
import type { DbOrTx } from '../client.js';
import { admins, files, networkActualities, networkActualityReads } from '../schema/index.js';
import { type Illustration, illustrationPng } from './demo-images.js';
import { DEMO_NEWS, type DemoNews, type DemoNewsIllustration, type DemoNewsPdf } from './demo-news.js';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';

const HOUR = 3_600_000;
const SIZE = { width: 960, height: 540 } as const;

const ILLUSTRATIONS: Record<DemoNewsIllustration, Illustration> = {
  assembly: {
    ...SIZE,
    from: [6, 47, 115],
    to: [12, 79, 182],
    discs: [
      { x: 0.8, y: 0.25, r: 0.35, alpha: 0.18 },
      { x: 0.2, y: 0.85, r: 0.25, alpha: 0.12 },
    ],
  },
  maintenance: {
    ...SIZE,
    from: [8, 127, 91],
    to: [18, 184, 134],
    discs: [
      { x: 0.3, y: 0.35, r: 0.3, alpha: 0.2 },
      { x: 0.85, y: 0.8, r: 0.2, alpha: 0.15 },
    ],
  },
  partner: {
    ...SIZE,
    from: [230, 119, 0],
    to: [250, 176, 5],
    discs: [
      { x: 0.65, y: 0.5, r: 0.4, alpha: 0.16 },
      { x: 0.15, y: 0.2, r: 0.15, alpha: 0.2 },
    ],
  },
  fair: {
    ...SIZE,
    from: [95, 61, 196],
    to: [132, 94, 247],
    discs: [
      { x: 0.5, y: 0.3, r: 0.28, alpha: 0.18 },
      { x: 0.9, y: 0.9, r: 0.3, alpha: 0.12 },
    ],
  },
  regulation: {
    ...SIZE,
    from: [52, 58, 64],
    to: [73, 80, 87],
    discs: [
      { x: 0.25, y: 0.3, r: 0.22, alpha: 0.16 },
      { x: 0.75, y: 0.7, r: 0.32, alpha: 0.1 },
    ],
  },
  training: {
    ...SIZE,
    from: [11, 114, 133],
    to: [21, 170, 191],
    discs: [
      { x: 0.7, y: 0.25, r: 0.25, alpha: 0.2 },
      { x: 0.2, y: 0.7, r: 0.3, alpha: 0.12 },
    ],
  },
  heatPump: {
    ...SIZE,
    from: [24, 100, 171],
    to: [34, 139, 230],
    discs: [
      { x: 0.5, y: 0.5, r: 0.38, alpha: 0.14 },
      { x: 0.1, y: 0.9, r: 0.18, alpha: 0.2 },
    ],
  },
  network: {
    ...SIZE,
    from: [166, 30, 77],
    to: [230, 73, 128],
    discs: [
      { x: 0.3, y: 0.4, r: 0.2, alpha: 0.2 },
      { x: 0.7, y: 0.6, r: 0.2, alpha: 0.2 },
    ],
  },
  survey: {
    ...SIZE,
    from: [43, 138, 62],
    to: [64, 192, 87],
    discs: [
      { x: 0.85, y: 0.2, r: 0.3, alpha: 0.15 },
      { x: 0.35, y: 0.75, r: 0.22, alpha: 0.18 },
    ],
  },
  boiler: {
    ...SIZE,
    from: [201, 42, 42],
    to: [240, 62, 62],
    discs: [
      { x: 0.4, y: 0.6, r: 0.34, alpha: 0.14 },
      { x: 0.85, y: 0.2, r: 0.16, alpha: 0.22 },
    ],
  },
  parts: {
    ...SIZE,
    from: [217, 72, 15],
    to: [253, 126, 20],
    discs: [
      { x: 0.6, y: 0.35, r: 0.26, alpha: 0.18 },
      { x: 0.15, y: 0.8, r: 0.24, alpha: 0.12 },
    ],
  },
};

/** A demo file drawn and stored before the seed's transaction, written to `files` inside it. */
export interface PreparedFile {
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
  typeId: number;
}

/** Writes the prepared files' rows in one statement; answers their ids by storage key. */
export async function insertPreparedFiles(tx: DbOrTx, prepared: Iterable<PreparedFile>): Promise<Map<string, number>> {
  const list = [...prepared];
  if (list.length === 0) return new Map();
  const rows = await tx
    .insert(files)
    .values(
      list.map((f) => ({ typeId: f.typeId, storageKey: f.storageKey, fileName: f.fileName, mimeType: f.mimeType, size: f.size })),
    )
    .returning({ id: files.id, storageKey: files.storageKey });
  return new Map(rows.map((r) => [r.storageKey, r.id]));
}

/** The stored files of the demo news, keyed `illustration:{news}:{n}` and `joined:{news}:{n}`. */
export interface DemoNewsPlan {
  files: Map<string, PreparedFile>;
}

/** A one-page PDF with a heading and lines (attachments of the demo news, documents and forums). */
export async function attachedPdf(file: DemoNewsPdf): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(file.heading);
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(file.heading, { x: 56, y: 770, size: 22, font: bold, color: rgb(0.02, 0.18, 0.45) });
  file.lines.forEach((line, i) => {
    page.drawText(line.replace(/’/g, "'"), { x: 56, y: 720 - i * 22, size: 12, font: regular });
  });
  // A fixed date keeps the bytes the same from one seed to the next.
  pdf.setCreationDate(new Date('2026-01-05T09:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-05T09:00:00Z'));
  return Buffer.from(await pdf.save());
}

/** Draws and stores the news files before the seed's transaction (no slow work while it holds the database). */
export async function prepareDemoNews(storage: FileStorage): Promise<DemoNewsPlan> {
  const plan: DemoNewsPlan = { files: new Map() };
  const put = async (key: string, bytes: Buffer, meta: Omit<PreparedFile, 'storageKey' | 'size'>) => {
    const storageKey = `demo/${randomUUID()}`;
    await storage.put(storageKey, bytes, meta.mimeType);
    plan.files.set(key, { ...meta, storageKey, size: bytes.length });
  };
  // One stored file per news item and picture (each news item holds its own), drawn once per picture.
  const drawn = new Map<DemoNewsIllustration, Buffer>();
  const picture = (name: DemoNewsIllustration) => {
    const bytes = drawn.get(name) ?? illustrationPng(ILLUSTRATIONS[name]);
    drawn.set(name, bytes);
    return bytes;
  };
  for (const [index, news] of DEMO_NEWS.entries()) {
    for (const [n, name] of news.illustrations.entries()) {
      await put(`illustration:${index}:${n}`, picture(name), {
        fileName: `illustration-${name}.png`,
        mimeType: 'image/png',
        typeId: NETWORK_ACTUALITY_ILLUSTRATION_FILE_TYPE,
      });
    }
    for (const [n, file] of (news.joinedFiles ?? []).entries()) {
      await put(`joined:${index}:${n}`, await attachedPdf(file), {
        fileName: file.fileName,
        mimeType: 'application/pdf',
        typeId: NETWORK_ACTUALITY_JOINED_FILE_TYPE,
      });
    }
  }
  return plan;
}

export async function discardDemoNews(storage: FileStorage, plan: DemoNewsPlan): Promise<void> {
  await Promise.all([...plan.files.values()].map((f) => storage.delete(f.storageKey).catch(() => {})));
}

/** Who read what in the demo, as their notifications say (read notification, read news). */
const DEMO_NEWS_READS: ReadonlyArray<{ email: string; newsIndex: number }> = [
  { email: 'admin@demo.fr', newsIndex: 1 },
  { email: 'dirigeant@demo.fr', newsIndex: 1 },
  { email: 'technicien@demo.fr', newsIndex: 2 },
];
const AUTHOR_EMAIL = 'helene.marchand@demo.fr';

/** Writes the news rows, their files, search entries and read marks inside the seed's transaction, once admins exist. */
export async function seedDemoNews(tx: DbOrTx, plan: DemoNewsPlan, now: number, search: SearchIndex): Promise<void> {
  const idByStorageKey = await insertPreparedFiles(tx, plan.files.values());
  /** The stored ids of a news item's files of one kind, in their order. */
  const fileIdsOf = (kind: 'illustration' | 'joined', index: number, count: number) =>
    Array.from({ length: count }, (_, n) => plan.files.get(`${kind}:${index}:${n}`)).flatMap((f) => {
      const id = f && idByStorageKey.get(f.storageKey);
      return id === undefined ? [] : [{ fileId: id }];
    });

  const [author] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.emailAddress, AUTHOR_EMAIL));
  const categoryId = (code: DemoNews['category']) => NETWORK_ACTUALITY_CATEGORIES.find((c) => c.code === code)!.id;
  const rows = await tx
    .insert(networkActualities)
    .values(
      DEMO_NEWS.map((news, index) => {
        const at = new Date(now - news.hoursAgo * HOUR);
        return {
          title: news.title,
          content: news.content,
          categoryId: categoryId(news.category),
          publicationDate: at,
          illustrationFiles: fileIdsOf('illustration', index, news.illustrations.length),
          joinedFiles: fileIdsOf('joined', index, news.joinedFiles?.length ?? 0),
          isPublic: news.isPublic,
          authorId: author?.id ?? null,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({
      id: networkActualities.id,
      title: networkActualities.title,
      content: networkActualities.content,
      isPublic: networkActualities.isPublic,
    });
  for (const row of rows) await search.index(newsSearchEntry(row.id, row), tx);

  // The demo notifications carry the ids of the first four: fail loudly if they drift apart.
  for (const ref of DEMO_CONTENT_REFS.networkActualities) {
    if (!rows.some((r) => r.id === ref.id && r.title === ref.title))
      throw new Error(`demo seed: news ${ref.id} is not "${ref.title}"`);
  }

  const readers = await tx
    .select({ id: admins.id, emailAddress: admins.emailAddress })
    .from(admins)
    .where(
      inArray(
        admins.emailAddress,
        DEMO_NEWS_READS.map((r) => r.email),
      ),
    );
  const adminIdByEmail = new Map(readers.map((r) => [r.emailAddress, r.id]));
  await tx.insert(networkActualityReads).values(
    DEMO_NEWS_READS.flatMap(({ email, newsIndex }) => {
      const adminId = adminIdByEmail.get(email);
      const news = rows[newsIndex];
      return adminId === undefined || !news ? [] : [{ networkActualityId: news.id, adminId }];
    }),
  );
}
