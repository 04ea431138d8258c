import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { esignSandboxRequests } from '../../db/schema/index.js';
import { renderMail } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import type { FileStorage } from '../storage/storage.js';
import type {
  CreateSignatureRequestInput,
  ProviderSignatureRequest,
  SignatureProvider,
  SignatureRequestStatus,
} from './provider.js';
import { SignatureProviderError } from './provider.js';
import { sha256Hex, stampSignedEnvelope } from './stamp.js';

/** How long a sandbox request may be signed, as Yousign's default expiry is months away. */
const SANDBOX_VALIDITY_DAYS = 30;
export const SANDBOX_PAGE_PATH = '/api/esign-sandbox';

export type SandboxRequest = typeof esignSandboxRequests.$inferSelect;

const isExpired = (row: SandboxRequest, now = new Date()) => row.status === 'ongoing' && row.expiresAt <= now;

/**
 * The sandbox's own side: what the hosted page reads and does. Signing and declining only
 * happen while the request is ongoing, by one conditional update each, so a double click or
 * two tabs sign once.
 */
export function createSandboxSignatureStore(db: Db, storage: FileStorage) {
  async function find(id: string): Promise<SandboxRequest | null> {
    const [row] = await db.select().from(esignSandboxRequests).where(eq(esignSandboxRequests.id, id));
    return row ?? null;
  }

  const ongoing = (id: string) =>
    and(
      eq(esignSandboxRequests.id, id),
      eq(esignSandboxRequests.status, 'ongoing'),
      gt(esignSandboxRequests.expiresAt, sql`now()`),
    );

  return {
    find,
    statusOf(row: SandboxRequest): SignatureRequestStatus {
      if (isExpired(row)) return 'expired';
      return row.status as SignatureRequestStatus;
    },
    async readDocument(row: SandboxRequest): Promise<Buffer | null> {
      return storage.get(row.signedDocumentKey ?? row.documentKey);
    },
    /** Records the first opening of the page; true when it was the first. */
    async markOpened(id: string): Promise<boolean> {
      const updated = await db
        .update(esignSandboxRequests)
        .set({ openedAt: sql`now()` })
        .where(and(ongoing(id), isNull(esignSandboxRequests.openedAt)))
        .returning({ id: esignSandboxRequests.id });
      return updated.length > 0;
    },
    /** Stamps the envelope and marks the request signed; false when it was no longer ongoing. */
    async sign(row: SandboxRequest, now = new Date()): Promise<boolean> {
      const original = await storage.get(row.documentKey);
      if (!original) throw new SignatureProviderError(`sandbox document ${row.id} missing from storage`);
      const envelope = await stampSignedEnvelope({
        original,
        signerName: `${row.signerFirstName} ${row.signerLastName}`,
        signerEmailAddress: row.signerEmailAddress,
        requestId: row.id,
        title: row.name,
        signedAt: now,
      });
      const signedKey = `esign-sandbox/${row.id}/signed.pdf`;
      await storage.put(signedKey, envelope, 'application/pdf');
      const updated = await db
        .update(esignSandboxRequests)
        .set({
          status: 'signed',
          signedAt: now,
          signedDocumentKey: signedKey,
          openedAt: sql`coalesce(${esignSandboxRequests.openedAt}, now())`,
        })
        .where(ongoing(row.id))
        .returning({ id: esignSandboxRequests.id });
      if (updated.length === 0) await storage.delete(signedKey);
      return updated.length > 0;
    },
    async decline(id: string): Promise<boolean> {
      const updated = await db
        .update(esignSandboxRequests)
        .set({ status: 'declined', declinedAt: sql`now()` })
        .where(ongoing(id))
        .returning({ id: esignSandboxRequests.id });
      return updated.length > 0;
    },
  };
}
export type SandboxSignatureStore = ReturnType<typeof createSandboxSignatureStore>;

/**
 * The built-in provider: a local page "Signer" / "Refuser" behaving like Yousign's, its state
 * in `esign_sandbox_requests`. Its notifications are made in-process by the sandbox page (see
 * modules/esign-sandbox), and carry ids only, like Yousign's once verified.
 */
export function createSandboxSignatureProvider(
  db: Db,
  storage: FileStorage,
  delivery?: { mailer: Mailer; publicUrl: string },
): SignatureProvider {
  const store = createSandboxSignatureStore(db, storage);
  const pageUrl = (id: string) => `${SANDBOX_PAGE_PATH}/${id}`;

  /** What Yousign's `delivery_mode: email` does: the signer gets the link by mail. */
  async function mailSigningLink(id: string, input: CreateSignatureRequestInput) {
    if (!delivery) throw new SignatureProviderError('sandbox asked to mail a signing link without a mailer');
    const link = new URL(pageUrl(id), delivery.publicUrl).toString();
    const mail = renderMail({
      subject: `Document à signer : ${input.name}`,
      greeting: `Bonjour ${input.signer.firstName} ${input.signer.lastName},`,
      paragraphs: [`Un document vous attend pour signature électronique : « ${input.name} ».`],
      action: { label: 'Lire et signer le document', url: link },
      footnote: "Environnement de démonstration : cette signature n'a pas de valeur juridique.",
    });
    // One mail per signature request however often its creation is retried.
    await delivery.mailer.send({ to: input.signer.emailAddress, ...mail }, { key: `esign-sandbox:${id}` });
  }

  return {
    name: 'sandbox',
    authenticatesNotifications: false,

    async createRequest(input) {
      const id = randomUUID();
      const documentKey = `esign-sandbox/${id}/original.pdf`;
      await storage.put(documentKey, input.document.bytes, 'application/pdf');
      await db.insert(esignSandboxRequests).values({
        id,
        name: input.name,
        signerFirstName: input.signer.firstName,
        signerLastName: input.signer.lastName,
        signerEmailAddress: input.signer.emailAddress,
        documentKey,
        documentName: input.document.fileName,
        documentSha256: sha256Hex(input.document.bytes),
        // Without a way back, the page itself tells the signer how it ended.
        successUrl: input.redirectUrls?.success ?? pageUrl(id),
        declineUrl: input.redirectUrls?.decline ?? pageUrl(id),
        expiresAt: new Date(Date.now() + SANDBOX_VALIDITY_DAYS * 86_400_000),
      });
      if (input.deliverByEmail) await mailSigningLink(id, input);
      return { id, signatureUrl: pageUrl(id) };
    },

    async getRequest(id): Promise<ProviderSignatureRequest | null> {
      const row = await store.find(id);
      if (!row) return null;
      return { id, status: store.statusOf(row), openedAt: row.openedAt, signedAt: row.signedAt };
    },

    async getSignatureUrl(id) {
      const row = await store.find(id);
      return row && store.statusOf(row) === 'ongoing' ? pageUrl(id) : null;
    },

    async downloadSignedDocument(id) {
      const row = await store.find(id);
      const bytes = row?.status === 'signed' && row.signedDocumentKey ? await storage.get(row.signedDocumentKey) : null;
      if (!bytes) throw new SignatureProviderError(`sandbox request ${id} has no signed document`);
      return bytes;
    },

    async cancelRequest(id) {
      await db
        .update(esignSandboxRequests)
        .set({ status: 'cancelled' })
        .where(and(eq(esignSandboxRequests.id, id), eq(esignSandboxRequests.status, 'ongoing')));
    },

    parseNotification(_headers, rawBody) {
      // Nothing to verify: the body is never trusted, the state is read back from the store.
      try {
        const body = JSON.parse(rawBody.toString('utf8')) as { eventId?: unknown; requestId?: unknown };
        if (typeof body.eventId !== 'string' || typeof body.requestId !== 'string') return null;
        if (body.eventId.length > 100 || body.requestId.length > 100) return null;
        return { eventId: body.eventId, requestId: body.requestId };
      } catch {
        return null;
      }
    },
  };
}
