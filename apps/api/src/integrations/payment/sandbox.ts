import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';
import { ownPath } from '../../lib/own-path.js';
import type { PaymentProvider, ProviderPayment } from './provider.js';

export const SANDBOX_PAYMENT_ID = /^sbx_[A-Za-z0-9]{24}$/;

const newSandboxPaymentId = () => `sbx_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;

/**
 * The built-in provider: a hosted page of our own (`/api/payment-sandbox/{id}`, see
 * modules/payment-sandbox) with "Payer" and "Annuler". It keeps its payments in
 * `sandbox_payments`, as a real provider keeps them on its side, and is fetched back the same
 * way, so the whole flow (page, notification, fetch back) is the real one.
 */
export function createSandboxProvider(db: Db, publicUrl: string): PaymentProvider {
  // A path, as the esign sandbox's page: the browser stays on the host the payment was started
  // from (its session is there), and the page's redirects keep it there (`ownPath`).
  const pageUrl = (id: string) => ownPath(publicUrl, `/api/payment-sandbox/${id}`);
  return {
    name: 'sandbox',
    unavailability: () => null,

    async createPayment(input, merchant) {
      const id = newSandboxPaymentId();
      await db.insert(sandboxPayments).values({
        id,
        amount: input.amount,
        emailAddress: input.customer.emailAddress,
        merchantName: merchant.merchantName,
        reference: input.reference,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        notificationUrl: input.notificationUrl,
        metadata: { ...input.metadata },
      });
      return { id, url: pageUrl(id) };
    },

    async retrievePayment(id): Promise<ProviderPayment | null> {
      if (!SANDBOX_PAYMENT_ID.test(id)) return null;
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      if (!row) return null;
      return {
        id: row.id,
        amount: row.amount,
        isPaid: row.status === 'paid',
        failureCode: row.status === 'cancelled' ? 'aborted' : null,
        metadata: row.metadata,
        url: row.status === 'pending' ? pageUrl(row.id) : null,
      };
    },
  };
}
