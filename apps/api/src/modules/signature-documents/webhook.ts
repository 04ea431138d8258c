import { randomUUID } from 'node:crypto';
import { SIGNATURE_PDF_FILE_TYPE_ID } from '@reseau/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { files, signatureDocuments } from '../../db/schema/index.js';
import type { ProviderSignatureRequest } from '../../integrations/esign/provider.js';
import { sanitizeFileName } from '../../kernel/files/file-name.js';
import { publishLiveEvent } from '../../kernel/live-events.js';
import { domainMetrics } from '../../lib/metrics.js';
import type { SignatureEnvelopeKind } from '../esign-notifications/envelope-kind.js';

type SignatureDocumentRow = typeof signatureDocuments.$inferSelect;

/** States a notification may still move a document out of. */
const OPEN_STATUSES = ['created', 'ongoing'];

/**
 * The agencies' signature documents for the signature webhook (modules/esign-notifications):
 * a request is a document's when a document of this provider carries its id.
 */
export const signatureDocumentEnvelopes: SignatureEnvelopeKind = {
  async find(deps, providerName, requestId) {
    const [document] = await deps.db
      .select()
      .from(signatureDocuments)
      .where(and(eq(signatureDocuments.provider, providerName), eq(signatureDocuments.providerRequestId, requestId)));
    if (!document) return null;
    return { apply: (remote) => applyDocumentState(deps, document, remote) };
  },
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Brings a document in line with the provider's state. Every write is conditional, so the same
 * state applied twice changes things once; a finished document (signed, declined, expired)
 * does not move again.
 */
export async function applyDocumentState(deps: AppDeps, document: SignatureDocumentRow, remote: ProviderSignatureRequest) {
  const open = and(eq(signatureDocuments.id, document.id), inArray(signatureDocuments.status, OPEN_STATUSES));
  switch (remote.status) {
    case 'signed':
      return applySigned(deps, document, remote);
    case 'ongoing': {
      const { openedAt } = remote;
      if (!openedAt) return;
      await changeAndTell(deps, document, (tx) =>
        tx
          .update(signatureDocuments)
          .set({ status: 'ongoing', openingTime: sql`coalesce(${signatureDocuments.openingTime}, ${at(openedAt)})` })
          .where(open)
          .returning({ id: signatureDocuments.id }),
      );
      return;
    }
    case 'declined':
    case 'expired': {
      const status = remote.status;
      await changeAndTell(deps, document, (tx) =>
        tx
          .update(signatureDocuments)
          .set({
            status,
            openingTime: remote.openedAt ? sql`coalesce(${signatureDocuments.openingTime}, ${at(remote.openedAt)})` : undefined,
          })
          .where(open)
          .returning({ id: signatureDocuments.id }),
      );
      return;
    }
    default:
      // cancelled or failed at the provider: we never withdraw a document, so nothing to show.
      return;
  }
}

/**
 * Signed: the envelope is fetched from the provider and stored (outside any transaction), then
 * set on the document by one conditional update, only if none is set yet; a loser's copy of the
 * envelope is deleted.
 */
async function applySigned(deps: AppDeps, document: SignatureDocumentRow, remote: ProviderSignatureRequest) {
  if (document.envelopeFileId !== null || document.providerRequestId === null) return;
  const bytes = await deps.signature.downloadSignedDocument(document.providerRequestId);
  const storageKey = `${new Date().toISOString().slice(0, 7).replace('-', '/')}/${randomUUID()}`;
  await deps.storage.put(storageKey, bytes, 'application/pdf');
  const [envelope] = await deps.db
    .insert(files)
    .values({
      typeId: SIGNATURE_PDF_FILE_TYPE_ID,
      storageKey,
      fileName: sanitizeFileName(`${document.title} - signé.pdf`, 'application/pdf'),
      mimeType: 'application/pdf',
      size: bytes.length,
    })
    .returning({ id: files.id });
  const signedAt = remote.signedAt ?? new Date();
  const won = await changeAndTell(deps, document, (tx) =>
    tx
      .update(signatureDocuments)
      .set({
        status: 'signed',
        envelopeFileId: envelope!.id,
        signedAt: at(signedAt),
        openingTime: sql`coalesce(${signatureDocuments.openingTime}, ${at(remote.openedAt ?? signedAt)})`,
      })
      .where(and(eq(signatureDocuments.id, document.id), isNull(signatureDocuments.envelopeFileId)))
      .returning({ id: signatureDocuments.id }),
  );
  if (won) domainMetrics.signaturesCompleted.inc();
  else {
    await deps.db.delete(files).where(eq(files.id, envelope!.id));
    await deps.storage.delete(storageKey);
  }
}

/**
 * A conditional write and, when it changed the document, the agency's signature desks told
 * (live events) in the same transaction: told at its commit, never of a write rolled back.
 */
async function changeAndTell(deps: AppDeps, document: SignatureDocumentRow, write: (tx: DbOrTx) => Promise<unknown[]>) {
  return deps.db.transaction(async (tx) => {
    const changed = await write(tx);
    if (changed.length === 0) return false;
    await publishLiveEvent(tx, { kind: 'signatures', agencyId: document.agencyId });
    return true;
  });
}
