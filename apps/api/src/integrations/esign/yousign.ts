import { createHmac, timingSafeEqual } from 'node:crypto';
import { PARIS_TIME_ZONE } from '../../lib/french.js';
import type { ProviderSignatureRequest, SignatureNotification, SignatureProvider, SignatureRequestStatus } from './provider.js';
import { SignatureDocumentRejectedError, SignatureProviderError } from './provider.js';

export interface YousignOptions {
  /** `https://api-sandbox.yousign.app/v3` or `https://api.yousign.app/v3`. */
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  timeoutMs?: number;
}

/** The header Yousign signs every webhook with: `sha256=` + hex HMAC-SHA256 of the raw body. */
export const YOUSIGN_SIGNATURE_HEADER = 'x-yousign-signature-256';

interface YousignSigner {
  id: string;
  status?: string;
  signature_link?: string | null;
}
interface YousignSignatureRequest {
  id: string;
  status: string;
  signers?: YousignSigner[];
}

/** Yousign's request statuses brought to ours. */
function statusOf(yousignStatus: string): SignatureRequestStatus {
  switch (yousignStatus) {
    case 'draft':
    case 'approval':
    case 'ongoing':
      return 'ongoing';
    case 'done':
      return 'signed';
    case 'declined':
    case 'rejected':
      return 'declined';
    case 'expired':
      return 'expired';
    case 'canceled':
    case 'deleted':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/** Signer statuses that mean the signer has opened the signing page. */
const OPENED_SIGNER_STATUSES = new Set(['verified', 'processing', 'consent_given', 'signed', 'declined']);

/** Where the signature field goes: the bottom right of the last page (Yousign's points, y down). */
function signatureField(documentId: string, lastPage: { number: number; width: number; height: number }) {
  const width = 180;
  const height = 70;
  return {
    document_id: documentId,
    type: 'signature',
    page: lastPage.number,
    width,
    height,
    x: Math.max(0, Math.round(lastPage.width - width - 40)),
    y: Math.max(0, Math.round(lastPage.height - height - 60)),
  };
}

/** The HTTP calls to Yousign, each with its time-out; a failure is a SignatureProviderError. */
function yousignClient(opts: YousignOptions) {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.apiKey}`, accept: 'application/json' };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      return await fetch(`${base}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new SignatureProviderError(`Yousign ${method} ${path}: ${(err as Error).message}`);
    }
  }

  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await call(method, path, body);
    if (!res.ok)
      throw new SignatureProviderError(`Yousign ${method} ${path}: HTTP ${res.status} ${await res.text()}`, res.status);
    return (await res.json()) as T;
  }

  async function uploadDocument(requestId: string, bytes: Buffer, fileName: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
    form.append('nature', 'signable_document');
    form.append('parse_anchors', 'false');
    const res = await call('POST', `/signature_requests/${requestId}/documents`, form);
    if (res.ok) return ((await res.json()) as { id: string }).id;
    const text = await res.text();
    // 400/422 on a document is Yousign refusing the file itself (unreadable, protected, too old).
    if (res.status === 400 || res.status === 422) {
      const reason = /version/i.test(text) ? 'obsolete_version' : 'invalid';
      throw new SignatureDocumentRejectedError(`Yousign refused the document: ${text}`, reason);
    }
    throw new SignatureProviderError(`Yousign POST documents: HTTP ${res.status} ${text}`, res.status);
  }

  return { call, json, uploadDocument };
}

/**
 * Yousign API v3: a signature request with one signable PDF and one signer, delivery `none`
 * (the extranet sends the customer to the signing link itself; the customer redirected back
 * to the extranet on success or decline) or `email` (an agency's signature document: Yousign
 * mails the recipient). Every call has a time-out; nothing here runs inside a
 * database transaction.
 */
export function createYousignProvider(opts: YousignOptions): SignatureProvider {
  const { call, json, uploadDocument } = yousignClient(opts);

  return {
    name: 'yousign',
    authenticatesNotifications: true,

    async createRequest(input) {
      const request = await json<YousignSignatureRequest>('POST', '/signature_requests', {
        name: input.name.slice(0, 128),
        delivery_mode: input.deliverByEmail ? 'email' : 'none',
        timezone: PARIS_TIME_ZONE,
        external_id: input.externalId,
        signers_allowed_to_decline: true,
      });
      const documentId = await uploadDocument(request.id, input.document.bytes, input.document.fileName);
      await json('POST', `/signature_requests/${request.id}/signers`, {
        info: {
          first_name: input.signer.firstName,
          last_name: input.signer.lastName,
          email: input.signer.emailAddress,
          locale: 'fr',
        },
        signature_level: 'electronic_signature',
        // A code by email: the customer proves the mailbox, Yousign sends it (delivery none
        // only concerns the signing link).
        signature_authentication_mode: 'otp_email',
        fields: [signatureField(documentId, input.document.lastPage)],
        ...(input.redirectUrls
          ? { redirect_urls: { success: input.redirectUrls.success, decline: input.redirectUrls.decline } }
          : {}),
      });
      const activated = await json<YousignSignatureRequest>('POST', `/signature_requests/${request.id}/activate`, {});
      const link = activated.signers?.[0]?.signature_link;
      if (!link) throw new SignatureProviderError(`Yousign activated ${request.id} without a signature link`);
      return { id: request.id, signatureUrl: link };
    },

    async getRequest(id): Promise<ProviderSignatureRequest | null> {
      const res = await call('GET', `/signature_requests/${encodeURIComponent(id)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new SignatureProviderError(`Yousign GET signature request: HTTP ${res.status}`, res.status);
      const request = (await res.json()) as YousignSignatureRequest;
      const signer = request.signers?.[0];
      const status = statusOf(request.status);
      const opened = status === 'signed' || (signer?.status !== undefined && OPENED_SIGNER_STATUSES.has(signer.status));
      // Yousign gives no opening time here: the time we learn it is the time kept.
      return { id: request.id, status, openedAt: opened ? new Date() : null, signedAt: status === 'signed' ? new Date() : null };
    },

    async getSignatureUrl(id) {
      const request = await json<YousignSignatureRequest>('GET', `/signature_requests/${encodeURIComponent(id)}`);
      const signerId = request.signers?.[0]?.id;
      if (statusOf(request.status) !== 'ongoing' || !signerId) return null;
      const signer = await json<YousignSigner>('GET', `/signature_requests/${encodeURIComponent(id)}/signers/${signerId}`);
      return signer.signature_link ?? null;
    },

    async downloadSignedDocument(id) {
      const res = await call('GET', `/signature_requests/${encodeURIComponent(id)}/documents/download?archive=false`);
      if (!res.ok) throw new SignatureProviderError(`Yousign download: HTTP ${res.status}`, res.status);
      return Buffer.from(await res.arrayBuffer());
    },

    async cancelRequest(id) {
      const res = await call('POST', `/signature_requests/${encodeURIComponent(id)}/cancel`, {
        reason: 'contractualization_aborted',
      });
      // Already finished or cancelled: nothing left to withdraw.
      if (!res.ok && res.status !== 400 && res.status !== 404) {
        throw new SignatureProviderError(`Yousign cancel: HTTP ${res.status}`, res.status);
      }
    },

    parseNotification(headers, rawBody): SignatureNotification | null {
      const given = headers[YOUSIGN_SIGNATURE_HEADER];
      if (typeof given !== 'string') return null;
      const expected = `sha256=${createHmac('sha256', opts.webhookSecret).update(rawBody).digest('hex')}`;
      const a = Buffer.from(given);
      const b = Buffer.from(expected);
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
      try {
        const body = JSON.parse(rawBody.toString('utf8')) as {
          event_id?: unknown;
          data?: { signature_request?: { id?: unknown } };
        };
        const requestId = body.data?.signature_request?.id;
        if (typeof body.event_id !== 'string' || typeof requestId !== 'string') return null;
        return { eventId: body.event_id, requestId };
      } catch {
        return null;
      }
    },
  };
}
