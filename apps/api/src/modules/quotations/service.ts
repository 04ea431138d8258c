import { type AgencyContractQuotation, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { ClientPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencyContractQuotations, agencyContracts, quotationSignatures } from '../../db/schema/index.js';
import { publishLiveEvent } from '../../kernel/live-events.js';
import { errors } from '../../lib/errors.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { ownContracts } from '../agency-contracts/policy.js';
import { findOwnContract } from '../agency-contracts/service.js';
import { recordContractContact } from '../contacts/service.js';
import { assertAwaitingDecision, quotationErrors } from './policy.js';

type Quotation = typeof agencyContractQuotations.$inferSelect;

/**
 * Signature requests still open: being created at the provider (`creating`, no id yet) or open
 * there. The same list as the partial unique index `quotation_signatures_one_open`.
 */
export const OPEN_SIGNATURE_STATUSES = ['creating', 'created', 'ongoing', 'document_seen'];

/** The `data` of a quote decision contact (spec 02 §3). */
export function quotationContactData(
  q: Pick<Quotation, 'number' | 'amountIncludingTax' | 'fileId'>,
  state: 'accepted' | 'signed' | 'refused',
  envelopeFileId?: number,
) {
  return {
    quotationNumber: q.number,
    amountIncludingTax: q.amountIncludingTax,
    quotationState: state,
    ...(envelopeFileId === undefined ? { quotationFileId: q.fileId } : { envelopeFileId }),
  };
}

/** The caller's quote with its contract, or a 404 whether it is someone else's or does not exist. */
export async function findOwnQuotation(db: DbOrTx, client: ClientPrincipal, quotationId: number) {
  const [row] = await db
    .select({
      quotation: agencyContractQuotations,
      contract: { id: agencyContracts.id, agencyId: agencyContracts.agencyId, clientId: agencyContracts.clientId },
    })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .where(and(ownContracts(client), eq(agencyContractQuotations.id, quotationId)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.agencyContractQuotation);
  return row;
}

/** The caller's quotes, newest first: of one contract, of the contracts at one agency, or all. */
export async function listMyQuotations(
  { db, caller: client }: CustomerContext,
  query: { agencyContractId?: number; agencyId?: number },
): Promise<AgencyContractQuotation[]> {
  // An explicit contract that is not the caller's is a 404, as on every contract route.
  if (query.agencyContractId !== undefined) await findOwnContract(db, client, query.agencyContractId);
  const conditions: SQL[] = [ownContracts(client, query.agencyId)];
  if (query.agencyContractId !== undefined) conditions.push(eq(agencyContracts.id, query.agencyContractId));
  const rows = await db
    .select({
      id: agencyContractQuotations.id,
      number: agencyContractQuotations.number,
      amountIncludingTax: agencyContractQuotations.amountIncludingTax,
      issueDate: agencyContractQuotations.issueDate,
      fileId: agencyContractQuotations.fileId,
      isAccepted: agencyContractQuotations.isAccepted,
      isAcceptedLocally: agencyContractQuotations.isAcceptedLocally,
      isRefusedLocally: agencyContractQuotations.isRefusedLocally,
      envelopeFileId: agencyContractQuotations.envelopeFileId,
      agencyContractId: agencyContractQuotations.agencyContractId,
    })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .where(and(...conditions))
    .orderBy(desc(agencyContractQuotations.issueDate), desc(agencyContractQuotations.id));
  return rows.map((r) => ({ ...r, hasFile: r.fileId !== null }));
}

/** The file id of the caller's quote document or signed envelope (null when it has none). */
export async function ownQuotationFileId(
  { db, caller: client }: CustomerContext,
  quotationId: number,
  which: 'file' | 'envelope',
) {
  const { quotation } = await findOwnQuotation(db, client, quotationId);
  return which === 'file' ? quotation.fileId : quotation.envelopeFileId;
}

/**
 * The conditional update of a decision: it applies only while the quote still awaits one, so
 * two clicks (or two tabs) decide once.
 */
const stillAwaiting = (quotationId: number) =>
  and(
    eq(agencyContractQuotations.id, quotationId),
    eq(agencyContractQuotations.isAccepted, false),
    eq(agencyContractQuotations.isAcceptedLocally, false),
    eq(agencyContractQuotations.isRefusedLocally, false),
    isNull(agencyContractQuotations.envelopeFileId),
  );

/** Direct acceptance (spec 03 §4): only a quote without a file; one with a file is signed. */
export async function acceptQuotation({ deps, caller: client }: CustomerContext, quotationId: number) {
  const { quotation } = await findOwnQuotation(deps.db, client, quotationId);
  assertAwaitingDecision(quotation);
  if (quotation.fileId !== null) throw quotationErrors.signatureRequired();
  const accepted = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(agencyContractQuotations)
      .set({ isAcceptedLocally: true })
      .where(and(stillAwaiting(quotationId), isNull(agencyContractQuotations.fileId)))
      .returning({ id: agencyContractQuotations.id });
    if (updated.length === 0) return false;
    await recordContractContact(tx, {
      agencyContractId: quotation.agencyContractId,
      type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
      data: quotationContactData(quotation, 'accepted'),
    });
    // The customer's other tabs (their to-do list, this quote).
    await publishLiveEvent(tx, { kind: 'extranet', clientId: client.clientId });
    return true;
  });
  // Someone decided in between: answer as if this call had come second.
  if (!accepted) assertAwaitingDecision((await findOwnQuotation(deps.db, client, quotationId)).quotation);
}

/**
 * Refusal, with or without a file. A signature request still open at the provider is withdrawn
 * afterwards (outside the transaction: a network call), so the link no longer signs.
 */
export async function refuseQuotation({ deps, caller: client, log }: CustomerContext, quotationId: number) {
  const { quotation } = await findOwnQuotation(deps.db, client, quotationId);
  assertAwaitingDecision(quotation);
  const refused = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(agencyContractQuotations)
      .set({ isRefusedLocally: true })
      .where(stillAwaiting(quotationId))
      .returning({ id: agencyContractQuotations.id });
    if (updated.length === 0) return false;
    await recordContractContact(tx, {
      agencyContractId: quotation.agencyContractId,
      type: 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
      data: quotationContactData(quotation, 'refused'),
    });
    // The customer's other tabs (their to-do list, this quote).
    await publishLiveEvent(tx, { kind: 'extranet', clientId: client.clientId });
    return true;
  });
  if (!refused) {
    assertAwaitingDecision((await findOwnQuotation(deps.db, client, quotationId)).quotation);
    return;
  }
  await withdrawOpenSignatures(deps, quotationId, (err) => log.warn({ err }, 'signature request not withdrawn at the provider'));
}

async function withdrawOpenSignatures(deps: AppDeps, quotationId: number, log: (err: unknown) => void) {
  const provider = deps.signature;
  const open = await deps.db
    .update(quotationSignatures)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(quotationSignatures.quotationId, quotationId),
        eq(quotationSignatures.provider, provider.name),
        inArray(quotationSignatures.status, OPEN_SIGNATURE_STATUSES),
      ),
    )
    .returning({ providerRequestId: quotationSignatures.providerRequestId });
  for (const { providerRequestId } of open) {
    // Still being created: its creator withdraws it when it finds the row cancelled.
    if (providerRequestId === null) continue;
    // The refusal stands either way; a request left open at Yousign expires on its own.
    await provider.cancelRequest(providerRequestId).catch(log);
  }
}
