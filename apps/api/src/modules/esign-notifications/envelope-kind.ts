import type { AppDeps } from '../../app-deps.js';
import type { ProviderSignatureRequest } from '../../integrations/esign/provider.js';

/**
 * One kind of envelope we send to the signature provider (a customer's quote, an agency's
 * signature document). `find` answers our record of a provider request, or null when the
 * request is not of this kind; `apply` brings the record in line with the provider's state
 * and must be idempotent (conditional writes), since a state may be applied twice.
 */
export interface SignatureEnvelopeKind {
  find(
    deps: AppDeps,
    providerName: string,
    requestId: string,
  ): Promise<{ apply(remote: ProviderSignatureRequest): Promise<void> } | null>;
}
