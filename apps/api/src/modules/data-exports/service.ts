import {
  DATA_EXPORT_FILE_NAME,
  DATA_EXPORT_JSON_NAME,
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_VALID_DAYS,
  type DataExportRequested,
} from '@reseau/contracts';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { hashToken, newOpaqueToken } from '../../auth/tokens.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clients, dataExports, type SubjectKind } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { deleteQueuedKeys, queueStorageDeletion } from '../../kernel/files/storage-deletion.js';
import { isUniqueViolationOf } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import type { CustomerContext, PublicContext, StaffContext } from '../../lib/request-context.js';
import { type ZipEntry, zipStream } from '../../lib/zip.js';
import { adminExportContent } from './admin-content.js';
import { clientExportContent, type ExportedFile } from './client-content.js';
import { dataExportMails } from './mails.js';
import { assertMayExportClient, assertMayExportOwnAdminData, exportableClients } from './policy.js';

export const DATA_EXPORT_JOB = 'data_export';
const DAY_MS = 86_400_000;
/** A request still pending after this long belongs to a job that died: it no longer blocks a new one. */
export const DATA_EXPORT_STALE_MS = 3_600_000;
/** A personal export stays far below this; past it something is wrong. */
const DATA_EXPORT_MAX_BYTES = 2 * 1024 ** 3;

/** Where an export's ZIP is on the storage: one key per export, so a replayed job writes the same one. */
const dataExportKey = (id: number) => `data-exports/${id}`;

const inProgress = () => new AppError('data_export_in_progress', 409, DATA_EXPORT_MESSAGES.inProgress);
const linkInvalid = () => new AppError('not_found', 404, DATA_EXPORT_MESSAGES.linkInvalid);

interface ExportRequest {
  subjectKind: SubjectKind;
  subjectId: number;
  requestedByAdminId: number | null;
  audit: { actorAdminId?: number | null; actorClientId?: number | null; impersonatedAdminId?: number | null };
  agencyId?: number | null;
  ip: string;
}

/**
 * Records the request, its audit entry and its job in one transaction. The database decides "one
 * at a time per account" (`data_exports_one_pending`): a second request while one is pending is
 * a 409. A pending one older than DATA_EXPORT_STALE_MS (its job died) is marked failed first.
 */
async function requestExport(deps: AppDeps, req: ExportRequest): Promise<DataExportRequested> {
  const subject = and(eq(dataExports.subjectKind, req.subjectKind), eq(dataExports.subjectId, req.subjectId));
  try {
    const id = await deps.db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({ status: 'failed' })
        .where(
          and(subject, eq(dataExports.status, 'pending'), lt(dataExports.createdAt, new Date(Date.now() - DATA_EXPORT_STALE_MS))),
        );
      const [row] = await tx
        .insert(dataExports)
        .values({ subjectKind: req.subjectKind, subjectId: req.subjectId, requestedByAdminId: req.requestedByAdminId })
        .returning({ id: dataExports.id });
      await audit(tx, {
        action: 'data_export.requested',
        ...req.audit,
        entity: req.subjectKind,
        entityId: req.subjectId,
        agencyId: req.agencyId ?? null,
        details: { dataExportId: row!.id },
        ip: req.ip,
      });
      await deps.jobs.enqueue(DATA_EXPORT_JOB, { dataExportId: row!.id }, tx);
      return row!.id;
    });
    deps.jobs.kick();
    return { dataExportId: id, status: 'pending' };
  } catch (err) {
    if (isUniqueViolationOf(err, 'data_exports_one_pending')) throw inProgress();
    throw err;
  }
}

/** POST /clients/me/data-exports: the signed-in customer's own data. */
export function requestOwnClientExport({ deps, caller: client, ip }: CustomerContext) {
  return requestExport(deps, {
    subjectKind: 'client',
    subjectId: client.clientId,
    requestedByAdminId: null,
    audit: { actorClientId: client.clientId },
    ip,
  });
}

/** POST /admins/me/data-exports: the signed-in staff member's own data (not while acting as someone else). */
export function requestOwnAdminExport({ deps, caller: admin, ip }: StaffContext) {
  assertMayExportOwnAdminData(admin);
  return requestExport(deps, {
    subjectKind: 'admin',
    subjectId: admin.adminId,
    requestedByAdminId: admin.adminId,
    audit: auditActor(admin),
    ip,
  });
}

/**
 * POST /clients/{clientId}/data-exports: an agency exports a customer's data for a customer who
 * asked by phone or mail; the link goes to the customer's address, never to the staff member.
 */
export async function requestClientExportForAgency({ deps, caller: admin, ip }: StaffContext, clientId: number) {
  const [found] = await deps.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), exportableClients(admin)));
  assertMayExportClient(found);
  return requestExport(deps, {
    subjectKind: 'client',
    subjectId: found.id,
    requestedByAdminId: admin.adminId,
    audit: auditActor(admin),
    agencyId: admin.agencyIds?.length === 1 ? admin.agencyIds[0] : null,
    ip,
  });
}

/** The ZIP's entries: the JSON first, then each PDF read from the storage one at a time. */
async function* entriesOf(storage: FileStorage, json: string, pdfs: ExportedFile[], now: Date): AsyncGenerator<ZipEntry> {
  yield { name: DATA_EXPORT_JSON_NAME, bytes: Buffer.from(json, 'utf8'), modifiedAt: now };
  for (const pdf of pdfs) {
    const bytes = await storage.get(pdf.storageKey);
    // A PDF the storage lost is left out rather than failing the whole export.
    if (bytes) yield { name: pdf.name, bytes, modifiedAt: pdf.modifiedAt };
  }
}

const contentOf = (db: DbOrTx, kind: SubjectKind, id: number) =>
  kind === 'client' ? clientExportContent(db, id) : adminExportContent(db, id);

/**
 * The `data_export` job: builds the ZIP, stores it under a key of its own (a replay writes the same
 * key again), then, in one transaction, marks the export ready with the link's hashed token and
 * queues the mail (key `data-export:<id>`). Only the run whose conditional UPDATE wins mails: a job
 * that runs twice sends one mail.
 */
export async function runDataExport(
  deps: Pick<AppDeps, 'db' | 'storage' | 'mailer' | 'config'>,
  dataExportId: number,
): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, dataExportId));
  if (row?.status !== 'pending') return;
  const content = await contentOf(deps.db, row.subjectKind, row.subjectId);
  if (!content) {
    await deps.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, row.id));
    return;
  }
  const now = new Date();
  const json = JSON.stringify({ exportedAt: now.toISOString(), ...content.data }, null, 2);
  const storageKey = dataExportKey(row.id);
  const size = await deps.storage.putStream(storageKey, zipStream(entriesOf(deps.storage, json, content.files, now)), {
    maxBytes: DATA_EXPORT_MAX_BYTES,
  });
  const { token, hash } = newOpaqueToken();
  await deps.db.transaction(async (tx) => {
    const [ready] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        storageKey,
        size,
        tokenHash: hash,
        readyAt: sql`now()`,
        expiresAt: sql`now() + ${`${DATA_EXPORT_VALID_DAYS} days`}::interval`,
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'pending')))
      .returning({ id: dataExports.id });
    if (!ready) return;
    const area = row.subjectKind === 'client' ? 'extranet' : 'intranet';
    const askedByAgency = row.subjectKind === 'client' && row.requestedByAdminId !== null;
    const mail = dataExportMails.ready(deps.config.PUBLIC_URL, area, content.firstName, token, askedByAgency);
    await deps.mailer.send({ to: content.emailAddress, ...mail }, { db: tx, key: `data-export:${row.id}` });
  });
}

/** The export a mailed token opens: ready and not expired; anything else is the same 404. */
async function readyExport(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(eq(dataExports.tokenHash, hashToken(token)), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, sql`now()`)),
    );
  if (!row?.storageKey) throw linkInvalid();
  return { ...row, storageKey: row.storageKey };
}

/**
 * GET /data-exports/{token}: the ZIP, streamed from the storage. The token (32 random bytes, only
 * its hash stored) is the credential; each download is audited, the first one dated.
 */
export async function downloadDataExport({ deps, log, ip }: PublicContext, token: string) {
  const row = await readyExport(deps.db, token);
  const content = await deps.storage.getStream(row.storageKey);
  if (!content) {
    log.error({ dataExportId: row.id }, 'data export missing from storage');
    throw linkInvalid();
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(dataExports)
      .set({ downloadedAt: sql`coalesce(${dataExports.downloadedAt}, now())` })
      .where(eq(dataExports.id, row.id));
    await audit(tx, {
      action: 'data_export.downloaded',
      ...(row.subjectKind === 'client' ? { actorClientId: row.subjectId } : { actorAdminId: row.subjectId }),
      entity: row.subjectKind,
      entityId: row.subjectId,
      details: { dataExportId: row.id },
      ip,
    });
  });
  return { ...content, fileName: DATA_EXPORT_FILE_NAME };
}

/**
 * Deletes the exports past their time (issue 28 §1, for the daily retention job): the ready ones
 * whose link expired, and the failed ones older than the link's validity. Rows first (a download
 * then answers 404, never a missing object), in the transaction that queues their bytes' deletion
 * (kernel/files/storage-deletion.ts), then the bytes. Answers how many exports went.
 */
export async function purgeExpiredDataExports(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const { gone, jobId } = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(dataExports)
      .where(
        or(
          and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)),
          and(
            eq(dataExports.status, 'failed'),
            lt(dataExports.createdAt, new Date(now.getTime() - DATA_EXPORT_VALID_DAYS * DAY_MS)),
          ),
        ),
      )
      .returning({ id: dataExports.id });
    // Every export's key, ready or not: a job that outlived its request's staleness may have left bytes.
    const keys = rows.map((r) => dataExportKey(r.id));
    return { gone: { count: rows.length, keys }, jobId: await queueStorageDeletion(tx, keys) };
  });
  const failed = await deleteQueuedKeys({ db, storage }, jobId, gone.keys);
  if (failed > 0) throw new Error(`${failed} of ${gone.keys.length} expired data exports left on the storage`);
  return gone.count;
}
