import { ERROR_MESSAGES } from '@reseau/contracts';
import { AppError } from '../../lib/errors.js';
import { type PaymentProvider, PaymentProviderError, type ProviderPayment } from './provider.js';

/** The API version our calls are written against (PayPlug-Version header). */
export const PAYPLUG_VERSION = '2019-08-06';
const TIMEOUT_MS = 10_000;

const cut = (value: string, max: number) => [...value.trim()].slice(0, max).join('');

interface PayPlugPaymentBody {
  id?: unknown;
  amount?: unknown;
  is_paid?: unknown;
  failure?: { code?: unknown } | null;
  metadata?: Record<string, unknown> | null;
  hosted_payment?: { payment_url?: unknown } | null;
}

/**
 * PayPlug (REST API, https://docs.payplug.com/api/apiref.html): hosted payment page, one
 * secret key per agency, notifications to `notification_url`. Fields follow the reference for
 * version 2019-08-06: since PSD2 `billing` and `shipping` carry the customer's identity and
 * address (`shipping.delivery_type` BILLING: nothing is shipped, it is the billing address).
 */
export function createPayPlugProvider(apiUrl: string, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const base = apiUrl.replace(/\/$/, '');

  async function call(method: 'GET' | 'POST', path: string, secretKey: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          'payplug-version': PAYPLUG_VERSION,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new PaymentProviderError(`PayPlug ${method} ${path} unreachable: ${(err as Error).message}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: handled below as an unexpected answer.
    }
    return { status: response.status, json: json as PayPlugPaymentBody | null, text };
  }

  const keyOf = (secretKey: string | null) => {
    if (!secretKey) throw new PaymentProviderError('PayPlug secret key missing');
    return secretKey;
  };

  return {
    name: 'payplug',

    unavailability: (merchant) =>
      merchant.secretKey ? null : new AppError('payment_unavailable', 400, ERROR_MESSAGES.payment_unavailable),

    async createPayment(input, merchant) {
      const c = input.customer;
      const person = {
        first_name: cut(c.firstName, 100),
        last_name: cut(c.lastName, 100),
        email: c.emailAddress,
        address1: cut(c.address1, 255),
        postcode: cut(c.postcode, 16),
        city: cut(c.city, 100),
        country: 'FR',
        language: 'fr',
      };
      const { status, json, text } = await call('POST', '/v1/payments', keyOf(merchant.secretKey), {
        amount: input.amount,
        currency: 'EUR',
        billing: person,
        shipping: { ...person, delivery_type: 'BILLING' },
        hosted_payment: { return_url: input.returnUrl, cancel_url: input.cancelUrl },
        notification_url: input.notificationUrl,
        metadata: { invoicePaymentId: input.metadata.invoicePaymentId, invoiceNumber: cut(input.reference, 500) },
      });
      const url = json?.hosted_payment?.payment_url;
      if (status !== 201 && status !== 200) {
        throw new PaymentProviderError(`PayPlug create payment answered ${status}: ${text.slice(0, 500)}`, status);
      }
      if (typeof json?.id !== 'string' || typeof url !== 'string') {
        throw new PaymentProviderError(`PayPlug create payment: unexpected answer ${text.slice(0, 500)}`, status);
      }
      return { id: json.id, url };
    },

    async retrievePayment(id, merchant): Promise<ProviderPayment | null> {
      const { status, json, text } = await call('GET', `/v1/payments/${encodeURIComponent(id)}`, keyOf(merchant.secretKey));
      if (status === 404) return null;
      if (status !== 200 || typeof json?.id !== 'string' || typeof json.amount !== 'number') {
        throw new PaymentProviderError(`PayPlug get payment answered ${status}: ${text.slice(0, 500)}`, status);
      }
      const failureCode = json.failure && typeof json.failure.code === 'string' ? json.failure.code : null;
      return {
        id: json.id,
        amount: json.amount,
        isPaid: json.is_paid === true,
        failureCode,
        metadata: json.metadata ?? {},
        // A second start of the same invoice sends the customer back to this page.
        url: typeof json.hosted_payment?.payment_url === 'string' ? json.hosted_payment.payment_url : null,
      };
    },
  };
}
