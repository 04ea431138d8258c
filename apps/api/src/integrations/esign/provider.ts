export type SignatureProviderName = 'sandbox' | 'yousign';
export const SIGNATURE_PROVIDER_NAMES = ['sandbox', 'yousign'] as const satisfies readonly SignatureProviderName[];

/**
 * Where a signature request stands, in our words (spec 00 §4 labels: in progress, document seen,
 * signed, declined, expired, failed). `cancelled` is a request we withdrew ourselves.
 */
export type SignatureRequestStatus = 'ongoing' | 'signed' | 'declined' | 'expired' | 'cancelled' | 'failed';

export interface CreateSignatureRequestInput {
  /** Shown to the signer as the title: "Devis DE-2026-001 – 1 250,00 € TTC". */
  name: string;
  document: { bytes: Buffer; fileName: string; lastPage: { number: number; width: number; height: number } };
  signer: { firstName: string; lastName: string; emailAddress: string };
  /**
   * Absolute URLs the signer's browser goes to at the end. Without them the signer stays on the
   * provider's page, which says how it ended (a recipient who is nobody's customer).
   */
  redirectUrls?: { success: string; decline: string };
  /**
   * The provider mails the signing link to the signer (Yousign's `delivery_mode: email`; the
   * sandbox writes the same mail to our mailer). Otherwise we send the signer to the link.
   */
  deliverByEmail?: boolean;
  /** Our id of the request, kept by the provider for support (`external_id`). */
  externalId: string;
}

/** A signature request as the provider reports it when asked (never as a notification claims). */
export interface ProviderSignatureRequest {
  id: string;
  status: SignatureRequestStatus;
  /** When the signer first opened the document, if the provider tells. */
  openedAt: Date | null;
  signedAt: Date | null;
}

/** A notification received on our webhook, once authenticated: only ids, never a state. */
export interface SignatureNotification {
  eventId: string;
  requestId: string;
}

export interface SignatureProvider {
  readonly name: SignatureProviderName;
  /**
   * Whether a notification's event id is vouched for by the provider (Yousign: HMAC of the
   * body). When it is not (the sandbox's anonymous webhook), events are keyed by the state read
   * back instead, so that made-up event ids record nothing.
   */
  readonly authenticatesNotifications: boolean;
  /** Creates and activates the request; answers its id and the link the signer opens. */
  createRequest(input: CreateSignatureRequestInput): Promise<{ id: string; signatureUrl: string }>;
  /** The request as the provider sees it now; null when the provider does not know it. */
  getRequest(id: string): Promise<ProviderSignatureRequest | null>;
  /** A link to open an ongoing request again (Yousign's links expire, so it is fetched anew). */
  getSignatureUrl(id: string): Promise<string | null>;
  /** The signed PDF of a signed request. */
  downloadSignedDocument(id: string): Promise<Buffer>;
  /** Withdraws an ongoing request (the customer refused the quote meanwhile). */
  cancelRequest(id: string): Promise<void>;
  /**
   * Authenticates a webhook call (Yousign: HMAC of the raw body) and reads the ids it carries;
   * null when it is not authentic or not about a signature request.
   */
  parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): SignatureNotification | null;
}

/** A provider call that failed (network, 5xx, unexpected answer): logged, shown as a generic error. */
export class SignatureProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The provider refused the document itself (corrupt, protected, too old a PDF). */
export class SignatureDocumentRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'obsolete_version',
  ) {
    super(message);
  }
}
