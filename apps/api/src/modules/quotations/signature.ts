import { REDIRECT_URL_MESSAGE } from '@reseau/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ClientPrincipal } from '../../auth/principal.js';
import { clients, files, quotationSignatures } from '../../db/schema/index.js';
import { signatureProviderOf } from '../../integrations/esign/index.js';
import { checkSignablePdf } from '../../integrations/esign/pdf.js';
import { SignatureDocumentRejectedError, type SignatureProvider } from '../../integrations/esign/provider.js';
import { errors } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/http.js';
import { safeRedirect } from '../../lib/redirect.js';
import { assertAwaitingDecision, findOwnQuotation, quotationErrors } from './policy.js';
import { OPEN_SIGNATURE_STATUSES } from './service.js';
import { applySignatureState } from './webhook.js';

type Log = { error: (obj: object, msg: string) => void };

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** "1 250,00 €" from cents. */
export const formatEuros = (cents: number) => euros.format(cents / 100);

/** The contract page's quote tab, where the customer comes back (spec 03 §2). */
export const quoteTabPath = (agencyContractId: number) => `/extranet/contract/${agencyContractId}?tab=quote`;

/**
 * Starts (or resumes) the electronic signature of a quote awaiting decision that has a file.
 * The PDF is checked first (readable, unencrypted, version ≥ 1.6). The provider is called
 * outside any transaction; an ongoing request of the same quote is reused rather than doubled.
 */
export async function initializeSignature(
  deps: AppDeps,
  client: ClientPrincipal,
  quotationId: number,
  body: { redirectUrl: string },
  log: Log,
): Promise<{ signatureUrl: string }> {
  const { quotation, contract } = await findOwnQuotation(deps.db, client, quotationId);
  assertAwaitingDecision(quotation);
  if (quotation.fileId === null) throw quotationErrors.nothingToSign();
  const successPath = safeRedirect(deps.config.PUBLIC_URL, body.redirectUrl);
  if (!successPath) throw errors.validation({ redirectUrl: [REDIRECT_URL_MESSAGE] }, REDIRECT_URL_MESSAGE);

  const provider = signatureProviderOf(deps);
  const resumed = await resumeOngoingRequest(deps, provider, quotationId, log);
  if (resumed) return { signatureUrl: resumed };

  const [file] = await deps.db
    .select({ storageKey: files.storageKey, fileName: files.fileName })
    .from(files)
    .where(eq(files.id, quotation.fileId));
  const bytes = file ? await deps.storage.get(file.storageKey) : null;
  if (!file || !bytes) {
    log.error({ quotationId, fileId: quotation.fileId }, 'quotation file missing from storage');
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
  let created: { id: string; signatureUrl: string };
  try {
    created = await provider.createRequest({
      name: `Devis ${quotation.number} – ${formatEuros(quotation.amountIncludingTax)} TTC`,
      document: { bytes, fileName: file.fileName, lastPage: check.lastPage },
      signer,
      redirectUrls: { success: `${origin}${successPath}`, decline: `${origin}${quoteTabPath(contract.id)}` },
      externalId: `quotation-${quotation.id}`,
    });
  } catch (err) {
    if (err instanceof SignatureDocumentRejectedError) {
      throw err.reason === 'obsolete_version' ? quotationErrors.obsoletePdfVersion() : quotationErrors.invalidDocument();
    }
    log.error({ err, quotationId }, 'signature provider failed to create a request');
    throw quotationErrors.providerUnavailable();
  }
  await deps.db.insert(quotationSignatures).values({
    quotationId,
    provider: provider.name,
    providerRequestId: created.id,
    status: 'ongoing',
    signatureUrl: created.signatureUrl,
  });
  return { signatureUrl: created.signatureUrl };
}

/**
 * The link of this quote's open request, if the provider still has it ongoing. A request the
 * provider has finished meanwhile (a lost notification) is brought up to date first: signed or
 * declined then answers "already decided"; expired or cancelled lets a new request be made.
 */
async function resumeOngoingRequest(deps: AppDeps, provider: SignatureProvider, quotationId: number, log: Log) {
  const [open] = await deps.db
    .select()
    .from(quotationSignatures)
    .where(
      and(
        eq(quotationSignatures.quotationId, quotationId),
        eq(quotationSignatures.provider, provider.name),
        inArray(quotationSignatures.status, OPEN_SIGNATURE_STATUSES),
      ),
    )
    .orderBy(desc(quotationSignatures.id))
    .limit(1);
  if (!open) return null;
  let remote: Awaited<ReturnType<SignatureProvider['getRequest']>>;
  try {
    remote = await provider.getRequest(open.providerRequestId);
    if (remote?.status === 'ongoing') return (await provider.getSignatureUrl(open.providerRequestId)) ?? open.signatureUrl;
    if (remote) await applySignatureState(deps, open, remote);
  } catch (err) {
    log.error({ err, quotationId }, 'signature provider failed to read a request');
    throw quotationErrors.providerUnavailable();
  }
  if (!remote) await deps.db.update(quotationSignatures).set({ status: 'failed' }).where(eq(quotationSignatures.id, open.id));
  if (remote?.status === 'signed') throw quotationErrors.alreadyAccepted();
  if (remote?.status === 'declined') throw quotationErrors.alreadyRefused();
  return null;
}
