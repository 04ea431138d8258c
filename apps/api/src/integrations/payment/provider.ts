import type { AppError } from '../../lib/errors.js';

export type PaymentProviderName = 'sandbox' | 'payplug';
export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'payplug'] as const satisfies readonly PaymentProviderName[];

/** Whose account the payment goes to: PayPlug uses each agency's own secret key. */
export interface MerchantCredentials {
  merchantName: string;
  secretKey: string | null;
}

export interface CreatePaymentInput {
  /** Cents, already checked against PAYMENT_AMOUNT_MIN_CENTS / MAX. */
  amount: number;
  /** What the customer pays: the invoice number. */
  reference: string;
  customer: {
    emailAddress: string;
    firstName: string;
    lastName: string;
    address1: string;
    postcode: string;
    city: string;
  };
  returnUrl: string;
  cancelUrl: string;
  notificationUrl: string;
  /** Sent to the provider and read back, so a payment can be tied to our record. */
  metadata: { invoicePaymentId: string };
}

/** A payment as the provider reports it when asked (never as a notification body claims). */
export interface ProviderPayment {
  id: string;
  amount: number;
  isPaid: boolean;
  /** Set when the provider says the payment will not succeed; `aborted` is a customer cancel. */
  failureCode: string | null;
  metadata: Record<string, unknown>;
  /** The hosted page to send the customer to, while the provider still takes the payment. */
  url: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Checks the merchant can take payments before anything is recorded: an AppError (400) when
   * it cannot (PayPlug without a secret key), otherwise null.
   */
  unavailability(merchant: MerchantCredentials): AppError | null;
  /** Creates the payment at the provider: its id and the hosted page to send the customer to. */
  createPayment(input: CreatePaymentInput, merchant: MerchantCredentials): Promise<{ id: string; url: string }>;
  /** Fetches the payment back from the provider; null when the provider does not know it. */
  retrievePayment(id: string, merchant: MerchantCredentials): Promise<ProviderPayment | null>;
}

/** A provider call that failed (network, 5xx, unexpected answer): logged, shown as a generic error. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
