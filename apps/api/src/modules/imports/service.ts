import {
  IMPORT_ITEM_TYPES,
  type ImportAnswer,
  type ImportItemResult,
  type ImportItemType,
  type ImportList,
  type ImportReport,
  type ImportSummary,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { admins, agencies, agencyApiKeys, imports } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { domainMetrics } from '../../lib/metrics.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import { assertMayManageAgencyKeys } from '../agency-api-keys/policy.js';
import type { ImportContext, ImportReader, ImportReaderContext } from './context.js';
import { type ImportEffects, noEffects } from './mails.js';
import { checkItems, type ValidItem } from './normalise.js';
import { writeChunk } from './writers.js';

/**
 * Items written per transaction: short transactions (PGlite has one connection, and other
 * requests wait for it), few enough round trips per commit.
 */
export const IMPORT_CHUNK_SIZE = 500;

/** Who sends an import: a key of the agency, or (CSV from the intranet) a staff member. */
export interface ImportSender {
  agencyId: number;
  keyId: number | null;
  adminId: number | null;
}

/**
 * Writes a batch for the sender's agency and stores its report. Items are checked one by one;
 * the good ones are written by type (clients, then contracts, quotations, invoices, service
 * calls, documents), so an item may point at one sent earlier in the same batch, and within a
 * type in the order of their references, so that two batches racing lock in the same order. The
 * context's caller is who sends: the agency's key (an import route), or a staff member.
 */
export async function runImport(
  { db, caller: sender }: ImportContext<ImportSender>,
  rawItems: readonly unknown[],
  {
    source = 'api',
    itemType = null,
    withChunk,
    withReport,
  }: {
    source?: 'api' | 'csv';
    itemType?: ImportItemType | null;
    /**
     * Runs in each chunk's transaction with what that chunk's writes leave to tell the customers
     * (their mails): what it writes commits with the chunk or not at all.
     */
    withChunk?: (tx: Tx, effects: ImportEffects) => Promise<void>;
    /** Runs in the transaction that writes the report, the import's last change. */
    withReport?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<ImportAnswer> {
  // Started minus completed, over a window: the batches that failed (items refused one by one do not count).
  domainMetrics.importsStarted.inc();
  const { valid, invalid } = checkItems(rawItems);
  const results: ImportItemResult[] = invalid.map((i) => ({ ...i, status: 'error' }));
  for (const type of IMPORT_ITEM_TYPES) {
    const ofType = valid
      .filter((v) => v.item.type === type)
      .sort((a, b) => (a.item.externalRef < b.item.externalRef ? -1 : a.item.externalRef > b.item.externalRef ? 1 : 0));
    for (let start = 0; start < ofType.length; start += IMPORT_CHUNK_SIZE) {
      const chunk = ofType.slice(start, start + IMPORT_CHUNK_SIZE);
      results.push(...(await writeChunkOf(db, sender.agencyId, type, chunk, withChunk)));
    }
  }
  results.sort((a, b) => a.index - b.index);
  const count = (status: ImportItemResult['status']) => results.filter((r) => r.status === status).length;
  const row = await db.transaction(async (tx) => {
    const [report] = await tx
      .insert(imports)
      .values({
        agencyId: sender.agencyId,
        keyId: sender.keyId,
        adminId: sender.adminId,
        source,
        itemType,
        createdCount: count('created'),
        updatedCount: count('updated'),
        unchangedCount: count('unchanged'),
        errorCount: count('error'),
        results,
      })
      .returning({ id: imports.id });
    await withReport?.(tx);
    return report;
  });
  domainMetrics.importsCompleted.inc();
  return { importId: row!.id, results };
}

async function writeChunkOf(
  db: Db,
  agencyId: number,
  type: ImportItemType,
  chunk: ValidItem[],
  withChunk: ((tx: Tx, effects: ImportEffects) => Promise<void>) | undefined,
): Promise<ImportItemResult[]> {
  const outcomes = await db.transaction(async (tx) => {
    const effects = noEffects();
    const written = await writeChunk({ tx, agencyId, effects }, type, chunk);
    await withChunk?.(tx, effects);
    return written;
  });
  return chunk.map(({ index, item }) => {
    const outcome = outcomes.get(index);
    if (!outcome) throw new Error(`import item ${index} left without an outcome`);
    return {
      index,
      externalRef: item.externalRef,
      status: outcome.status,
      errors: outcome.status === 'error' ? outcome.errors : null,
    };
  });
}

// Reading the reports ---------------------------------------------------------------------------

function assertMayRead(reader: ImportReader, agencyId: number, notFound: () => Error) {
  if (reader.kind === 'key') {
    if (reader.agencyId !== agencyId) throw notFound();
    return;
  }
  assertMayManageAgencyKeys(reader.admin, agencyId, notFound);
}

const summaryColumns = {
  id: imports.id,
  agencyId: imports.agencyId,
  source: imports.source,
  itemType: imports.itemType,
  createdAt: imports.createdAt,
  created: imports.createdCount,
  updated: imports.updatedCount,
  unchanged: imports.unchangedCount,
  error: imports.errorCount,
  keyLabel: agencyApiKeys.label,
  adminName: sql<string | null>`${admins.firstName} || ' ' || ${admins.lastName}`,
};

type SummaryRow = {
  id: number;
  agencyId: number;
  source: 'api' | 'csv';
  itemType: string | null;
  createdAt: Date;
  created: number;
  updated: number;
  unchanged: number;
  error: number;
  keyLabel: string | null;
  adminName: string | null;
};

const toSummary = (r: SummaryRow): ImportSummary => ({
  id: r.id,
  agencyId: r.agencyId,
  source: r.source,
  itemType: r.itemType as ImportItemType | null,
  sentBy: r.keyLabel ?? r.adminName,
  createdAt: r.createdAt.toISOString(),
  counts: { created: r.created, updated: r.updated, unchanged: r.unchanged, error: r.error },
});

const importNotFound = () => errors.notFound(NOT_FOUND_SUBJECTS.import);

export async function getImportReport({ db, caller: reader }: ImportReaderContext, id: number): Promise<ImportReport> {
  const [row] = await db
    .select({ ...summaryColumns, results: imports.results })
    .from(imports)
    .leftJoin(agencyApiKeys, eq(agencyApiKeys.id, imports.keyId))
    .leftJoin(admins, eq(admins.id, imports.adminId))
    .where(eq(imports.id, id));
  if (!row) throw importNotFound();
  assertMayRead(reader, row.agencyId, importNotFound);
  return { ...toSummary(row), results: row.results };
}

/**
 * One page of an agency's history, newest first (an agency importing every hour makes 700 a
 * month); the reports themselves stay behind GET /imports/{id}. Same order for the page and the
 * count: (createdAt, id) descending.
 */
export async function listImports(
  { db, caller: reader }: ImportReaderContext,
  { agencyId, pageNumber, pageSize }: { agencyId: number; pageNumber: number; pageSize: number },
): Promise<ImportList> {
  const agencyNotFound = () => errors.notFound(NOT_FOUND_SUBJECTS.agency);
  assertMayRead(reader, agencyId, agencyNotFound);
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw agencyNotFound();
  const ofAgency = eq(imports.agencyId, agencyId);
  const [rows, total] = await Promise.all([
    db
      .select(summaryColumns)
      .from(imports)
      .leftJoin(agencyApiKeys, eq(agencyApiKeys.id, imports.keyId))
      .leftJoin(admins, eq(admins.id, imports.adminId))
      .where(ofAgency)
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(pageSize)
      .offset(pageOffset({ pageNumber, pageSize })),
    db.$count(imports, ofAgency),
  ]);
  return { imports: rows.map(toSummary), pageCount: pageCount(total, { pageSize }) };
}
