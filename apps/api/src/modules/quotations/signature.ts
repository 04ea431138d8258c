import { REDIRECT_URL_MESSAGE } from '@reseau/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { ClientPrincipal } from '../../auth/principal.js';
import { clients, files, quotationSignatures } from '../../db/schema/index.js';
import { checkSignablePdf } from '../../integrations/esign/pdf.js';
import {
  type CreateSignatureRequestInput,
  SignatureDocumentRejectedError,
  type SignatureProvider,
} from '../../integrations/esign/provider.js';
import { errors } from '../../lib/errors.js';
import { formatEuros } from '../../lib/french.js';
import { domainMetrics } from '../../lib/metrics.js';
import { safeRedirect } from '../../lib/redirect.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { assertAwaitingDecision, quotationErrors } from './policy.js';
import { findOwnQuotation, OPEN_SIGNATURE_STATUSES } from './service.js';
import { applySignatureState } from './webhook.js';

type Log = { error: (obj: object, msg: string) => void };

/** The contract page's quote tab, where the customer comes back (spec 03 §2). */
export const quoteTabPath = (agencyContractId: number) => `/extranet/contract/${agencyContractId}?tab=quote`;

/** How long a start waits for the request a concurrent start is creating, and how often it looks. */
const CREATION_WAIT_MS = 5_000;
const CREATION_POLL_MS = 100;
/** A request still `creating` after this long was left by a crash. */
export const STALE_CREATION_MS = 2 * 60_000;
/** Rounds of "reuse, else reserve": a round ends when the open request turns out to be over. */
const MAX_ROUNDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Quotation = Awaited<ReturnType<typeof findOwnQuotation>>['quotation'];
type Contract = Awaited<ReturnType<typeof findOwnQuotation>>['contract'];
type Signature = typeof quotationSignatures.$inferSelect;

/**
 * Starts (or resumes) the electronic signature of a quote awaiting decision that has a file.
 * One open request per quote, decided by the database (`quotation_signatures_one_open`): the
 * start that reserves the row (`creating`, before any provider call) creates the request and
 * fills it in; every other start reuses it (the same link, or a fresh one from the provider).
 * The PDF is checked first (readable, unencrypted, version ≥ 1.6). No transaction is held
 * across a provider call.
 */
export async function initializeSignature(
  { deps, caller: client, log }: CustomerContext,
  quotationId: number,
  body: { redirectUrl: string },
): Promise<{ signatureUrl: string }> {
  let { quotation, contract } = await findOwnQuotation(deps.db, client, quotationId);
  assertAwaitingDecision(quotation);
  if (quotation.fileId === null) throw quotationErrors.nothingToSign();
  const successPath = safeRedirect(deps.config.PUBLIC_URL, body.redirectUrl);
  if (!successPath) throw errors.validation({ redirectUrl: [REDIRECT_URL_MESSAGE] }, REDIRECT_URL_MESSAGE);

  const provider = deps.signature;
  let input: CreateSignatureRequestInput | undefined;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    if (round > 0) {
      // The request we found is over: the quote may have been decided meanwhile.
      ({ quotation, contract } = await findOwnQuotation(deps.db, client, quotationId));
      assertAwaitingDecision(quotation);
    }
    const [open] = await deps.db
      .select()
      .from(quotationSignatures)
      .where(and(eq(quotationSignatures.quotationId, quotationId), inArray(quotationSignatures.status, OPEN_SIGNATURE_STATUSES)));
    if (open) {
      const reused = await reuseOpenRequest(deps, provider, open, log);
      if (reused) return { signatureUrl: reused };
      continue;
    }
    input ??= await requestInput(deps, quotation, contract, successPath, log);
    const [reserved] = await deps.db
      .insert(quotationSignatures)
      .values({ quotationId, provider: provider.name, status: 'creating' })
      .onConflictDoNothing({
        target: quotationSignatures.quotationId,
        where: sql`status in ('creating', 'created', 'ongoing', 'document_seen')`,
      })
      .returning({ id: quotationSignatures.id });
    if (reserved)
      return { signatureUrl: await createReservedRequest(deps, provider, reserved.id, quotationId, input, client, log) };
  }
  throw quotationErrors.inPreparation();
}

/** What the provider is sent: the checked PDF, the signer, the way back to the extranet. */
async function requestInput(
  deps: AppDeps,
  quotation: Quotation,
  contract: Contract,
  successPath: string,
  log: Log,
): Promise<CreateSignatureRequestInput> {
  const [file] = await deps.db
    .select({ storageKey: files.storageKey, fileName: files.fileName })
    .from(files)
    .where(eq(files.id, quotation.fileId!));
  const bytes = file ? await deps.storage.get(file.storageKey) : null;
  if (!file || !bytes) {
    log.error({ quotationId: quotation.id, fileId: quotation.fileId }, 'quotation file missing from storage');
    throw errors.fileNotFound();
  }
  const check = await checkSignablePdf(bytes);
  if (!check.ok)
    throw check.reason === 'obsolete_version' ? quotationErrors.obsoletePdfVersion() : quotationErrors.invalidDocument();

  const [signer] = await deps.db
    .select({ firstName: clients.firstName, lastName: clients.lastName, emailAddress: clients.emailAddress })
    .from(clients)
    .where(eq(clients.id, contract.clientId));
  if (!signer) throw errors.unauthenticated();

  const origin = new URL(deps.config.PUBLIC_URL).origin;
  return {
    name: `Devis ${quotation.number} – ${formatEuros(quotation.amountIncludingTax)} TTC`,
    document: { bytes, fileName: file.fileName, lastPage: check.lastPage },
    signer,
    // A refusal at the provider comes back with declined=true: the quote tab says what happened.
    redirectUrls: { success: `${origin}${successPath}`, decline: `${origin}${quoteTabPath(contract.id)}&declined=true` },
    externalId: `quotation-${quotation.id}`,
  };
}

/** The winner of the reservation: creates the request at the provider and fills the row in. */
async function createReservedRequest(
  deps: AppDeps,
  provider: SignatureProvider,
  signatureId: number,
  quotationId: number,
  input: CreateSignatureRequestInput,
  client: ClientPrincipal,
  log: Log,
): Promise<string> {
  let created: { id: string; signatureUrl: string };
  try {
    created = await provider.createRequest(input);
    domainMetrics.signaturesStarted.inc();
  } catch (err) {
    await deps.db
      .update(quotationSignatures)
      .set({ status: 'failed' })
      .where(and(eq(quotationSignatures.id, signatureId), eq(quotationSignatures.status, 'creating')));
    if (err instanceof SignatureDocumentRejectedError) {
      throw err.reason === 'obsolete_version' ? quotationErrors.obsoletePdfVersion() : quotationErrors.invalidDocument();
    }
    log.error({ err, quotationId }, 'signature provider failed to create a request');
    throw quotationErrors.providerUnavailable();
  }
  const filled = await deps.db
    .update(quotationSignatures)
    .set({ providerRequestId: created.id, signatureUrl: created.signatureUrl, status: 'ongoing' })
    .where(and(eq(quotationSignatures.id, signatureId), eq(quotationSignatures.status, 'creating')))
    .returning({ id: quotationSignatures.id });
  if (filled.length > 0) return created.signatureUrl;
  // Withdrawn while it was being created (the quote refused): the new request is withdrawn too,
  // its id kept so that a notification about it is still recognised.
  await deps.db.update(quotationSignatures).set({ providerRequestId: created.id }).where(eq(quotationSignatures.id, signatureId));
  await provider.cancelRequest(created.id).catch((err) => log.error({ err, quotationId }, 'signature request not withdrawn'));
  assertAwaitingDecision((await findOwnQuotation(deps.db, client, quotationId)).quotation);
  throw quotationErrors.inPreparation();
}

/**
 * The link of this quote's open request. Being created by a concurrent start: waited for
 * briefly (then its link, or 409). Open at the provider: the provider's fresh link; a request
 * the provider has finished meanwhile (a lost notification) is brought up to date first: signed
 * or declined then answers "already decided"; expired or cancelled lets a new request be made
 * (null). A request left `creating` by a crash, or made with another provider, is closed (null).
 */
async function reuseOpenRequest(deps: AppDeps, provider: SignatureProvider, open: Signature, log: Log) {
  const deadline = Date.now() + CREATION_WAIT_MS;
  let current = open;
  while (current.status === 'creating') {
    if (current.createdAt.getTime() < Date.now() - STALE_CREATION_MS) {
      log.error({ quotationId: current.quotationId }, 'signature request left in creation (crash): marked failed');
      await deps.db
        .update(quotationSignatures)
        .set({ status: 'failed' })
        .where(and(eq(quotationSignatures.id, current.id), eq(quotationSignatures.status, 'creating')));
      return null;
    }
    if (Date.now() >= deadline) throw quotationErrors.inPreparation();
    await sleep(CREATION_POLL_MS);
    const [row] = await deps.db.select().from(quotationSignatures).where(eq(quotationSignatures.id, current.id));
    if (!row) return null;
    // Just created by the start we waited for: its link is fresh.
    if (row.status === 'ongoing' && row.signatureUrl) return row.signatureUrl;
    // That start failed at the provider: this one answers the same rather than trying again.
    if (row.status === 'failed' && row.providerRequestId === null) throw quotationErrors.providerUnavailable();
    current = row;
  }
  if (!OPEN_SIGNATURE_STATUSES.includes(current.status)) return null;
  if (current.provider !== provider.name || current.providerRequestId === null) {
    // ESIGN_PROVIDER changed: the old provider's request can no longer be followed.
    await deps.db
      .update(quotationSignatures)
      .set({ status: 'superseded' })
      .where(and(eq(quotationSignatures.id, current.id), inArray(quotationSignatures.status, OPEN_SIGNATURE_STATUSES)));
    return null;
  }
  const requestId = current.providerRequestId;
  let remote: Awaited<ReturnType<SignatureProvider['getRequest']>>;
  try {
    remote = await provider.getRequest(requestId);
    if (remote?.status === 'ongoing') return (await provider.getSignatureUrl(requestId)) ?? current.signatureUrl;
    if (remote) await applySignatureState(deps, current, remote);
  } catch (err) {
    log.error({ err, quotationId: current.quotationId }, 'signature provider failed to read a request');
    throw quotationErrors.providerUnavailable();
  }
  if (!remote) await deps.db.update(quotationSignatures).set({ status: 'failed' }).where(eq(quotationSignatures.id, current.id));
  if (remote?.status === 'signed') throw quotationErrors.alreadyAccepted();
  if (remote?.status === 'declined') throw quotationErrors.alreadyRefused();
  return null;
}
