import { FILE_TYPES } from '@reseau/contracts';
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { agencyContractQuotations, agencyContracts, clients, files, quotationSignatures } from '../../db/schema/index.js';
import type { ProviderSignatureRequest } from '../../integrations/esign/provider.js';
import { storeFile } from '../../kernel/files/service.js';
import { publishLiveEvent } from '../../kernel/live-events.js';
import { domainMetrics } from '../../lib/metrics.js';
import { recordContractContact } from '../contacts/service.js';
import type { SignatureEnvelopeKind } from '../esign-notifications/envelope-kind.js';
import { OPEN_SIGNATURE_STATUSES, quotationContactData } from './service.js';

type QuotationSignature = typeof quotationSignatures.$inferSelect;

/** File type 14 "Document client": the customer's PDFs, the signed envelope among them. */
const CUSTOMER_DOCUMENT = FILE_TYPES.find((t) => t.fileTypeId === 14)!;

/**
 * The quotes' envelopes for the signature webhook (modules/esign-notifications): a request is
 * a quote's when a signature row of this provider carries its id.
 */
export const quotationEnvelopes: SignatureEnvelopeKind = {
  async find(deps, providerName, requestId) {
    const [signature] = await deps.db
      .select()
      .from(quotationSignatures)
      .where(
        and(
          eq(quotationSignatures.provider, providerName),
          isNotNull(quotationSignatures.providerRequestId),
          eq(quotationSignatures.providerRequestId, requestId),
        ),
      );
    if (!signature?.providerRequestId) return null;
    return { apply: (remote) => applySignatureState(deps, signature, remote) };
  },
};

/**
 * Brings our records in line with the provider's state of a request. Idempotent: every write is
 * conditional, so the same state applied twice (two notifications, a notification racing the
 * customer's return) changes things once.
 */
export async function applySignatureState(deps: AppDeps, signature: QuotationSignature, remote: ProviderSignatureRequest) {
  switch (remote.status) {
    case 'signed':
      return applySigned(deps, signature, remote);
    case 'declined':
      return applyDeclined(deps, signature);
    case 'ongoing': {
      const { openedAt } = remote;
      if (!openedAt) return;
      await deps.db.transaction(async (tx) => {
        const seen = await tx
          .update(quotationSignatures)
          .set({
            status: 'document_seen',
            openingTime: sql`coalesce(${quotationSignatures.openingTime}, ${openedAt.toISOString()}::timestamptz)`,
          })
          .where(and(eq(quotationSignatures.id, signature.id), inArray(quotationSignatures.status, OPEN_SIGNATURE_STATUSES)))
          .returning({ id: quotationSignatures.id });
        if (seen.length > 0) await tellSignatureDesks(tx, signature.quotationId);
      });
      return;
    }
    default: {
      // expired, cancelled, failed: the request is over, the quote still awaits a decision.
      const status = remote.status;
      await deps.db.transaction(async (tx) => {
        const over = await tx
          .update(quotationSignatures)
          .set({ status })
          .where(
            and(eq(quotationSignatures.id, signature.id), notInArray(quotationSignatures.status, ['signed', 'declined', status])),
          )
          .returning({ id: quotationSignatures.id });
        if (over.length > 0) await tellSignatureDesks(tx, signature.quotationId);
      });
    }
  }
}

/**
 * The signature desks of the quote's agency (live events), in the transaction of the change: the
 * desk lists each quote's signature state and the counts of signed ones.
 */
async function tellSignatureDesks(tx: DbOrTx, quotationId: number) {
  const [row] = await tx
    .select({ agencyId: agencyContracts.agencyId })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .where(eq(agencyContractQuotations.id, quotationId));
  if (row) await publishLiveEvent(tx, { kind: 'signatures', agencyId: row.agencyId });
}

async function loadQuotation(deps: AppDeps, quotationId: number) {
  const [row] = await deps.db
    .select({
      quotation: agencyContractQuotations,
      clientId: clients.id,
      clientEmailAddress: clients.emailAddress,
    })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .where(eq(agencyContractQuotations.id, quotationId));
  if (!row) throw new Error(`quotation ${quotationId} not found`);
  return row;
}

/**
 * Signed: the envelope is fetched from the provider and stored (network and storage, outside
 * any transaction), then one transaction sets it on the quote only if none is set yet; the
 * notification that wins records the one "quote accepted" contact. A loser's copy is deleted.
 */
async function applySigned(deps: AppDeps, signature: QuotationSignature, remote: ProviderSignatureRequest) {
  const { quotation, clientId, clientEmailAddress } = await loadQuotation(deps, signature.quotationId);
  if (quotation.envelopeFileId !== null) {
    await markSignatureSigned(deps, signature, remote);
    return;
  }
  // Signed at the provider, so it has the provider's id (only a `creating` row has none).
  if (signature.providerRequestId === null) throw new Error(`signature ${signature.id} has no provider request id`);
  const bytes = await deps.signature.downloadSignedDocument(signature.providerRequestId);
  // The customer is the author of their signed quote: they are recorded as its uploader.
  const envelope = await storeFile(
    deps.db,
    deps.storage,
    { kind: 'client', clientId, emailAddress: clientEmailAddress, sessionId: null },
    { fileType: CUSTOMER_DOCUMENT, clientFileName: `Devis ${quotation.number} signé.pdf`, bytes },
  );
  const won = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(agencyContractQuotations)
      // A signature made while a refusal was on its way still is the customer's signature.
      .set({ envelopeFileId: envelope.id, isAcceptedLocally: true })
      .where(and(eq(agencyContractQuotations.id, quotation.id), isNull(agencyContractQuotations.envelopeFileId)))
      .returning({ id: agencyContractQuotations.id });
    if (updated.length === 0) return false;
    await recordContractContact(tx, {
      agencyContractId: quotation.agencyContractId,
      type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
      data: quotationContactData(quotation, 'signed', envelope.id),
      dedupeKey: `signature:${signature.id}`,
    });
    await publishLiveEvent(tx, { kind: 'extranet', clientId });
    return true;
  });
  await markSignatureSigned(deps, signature, remote);
  if (won) domainMetrics.signaturesCompleted.inc();
  else await deleteStoredFile(deps, envelope.id);
}

async function markSignatureSigned(deps: AppDeps, signature: QuotationSignature, remote: ProviderSignatureRequest) {
  const signedAt = remote.signedAt ?? new Date();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(quotationSignatures)
      .set({
        status: 'signed',
        signedAt: sql`coalesce(${quotationSignatures.signedAt}, ${signedAt.toISOString()}::timestamptz)`,
        openingTime: sql`coalesce(${quotationSignatures.openingTime}, ${(remote.openedAt ?? signedAt).toISOString()}::timestamptz)`,
      })
      .where(eq(quotationSignatures.id, signature.id));
    await tellSignatureDesks(tx, signature.quotationId);
  });
}

async function deleteStoredFile(deps: AppDeps, fileId: number) {
  const [file] = await deps.db.delete(files).where(eq(files.id, fileId)).returning({ storageKey: files.storageKey });
  if (file) await deps.storage.delete(file.storageKey);
}

/** Declined at the provider: the quote is refused (once), unless it was decided meanwhile. */
async function applyDeclined(deps: AppDeps, signature: QuotationSignature) {
  const { quotation, clientId } = await loadQuotation(deps, signature.quotationId);
  await deps.db.transaction(async (tx) => {
    const declined = await tx
      .update(quotationSignatures)
      .set({ status: 'declined' })
      .where(and(eq(quotationSignatures.id, signature.id), notInArray(quotationSignatures.status, ['signed', 'declined'])))
      .returning({ id: quotationSignatures.id });
    if (declined.length > 0) await tellSignatureDesks(tx, signature.quotationId);
    const updated = await tx
      .update(agencyContractQuotations)
      .set({ isRefusedLocally: true })
      .where(
        and(
          eq(agencyContractQuotations.id, quotation.id),
          eq(agencyContractQuotations.isAcceptedLocally, false),
          eq(agencyContractQuotations.isRefusedLocally, false),
          isNull(agencyContractQuotations.envelopeFileId),
        ),
      )
      .returning({ id: agencyContractQuotations.id });
    if (updated.length === 0) return;
    await recordContractContact(tx, {
      agencyContractId: quotation.agencyContractId,
      type: 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
      data: quotationContactData(quotation, 'refused'),
      dedupeKey: `signature-declined:${signature.id}`,
    });
    await publishLiveEvent(tx, { kind: 'extranet', clientId });
  });
}
