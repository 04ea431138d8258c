import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createPayPlugProvider } from './payplug.js';
import type { PaymentProvider, PaymentProviderName } from './provider.js';
import { createSandboxProvider } from './sandbox.js';

export interface PaymentProviders {
  /** The provider new payments go to (PAYMENT_PROVIDER). */
  current: PaymentProvider;
  /** A provider by name (notifications and fetch-back of payments made earlier), null when disabled. */
  get(name: string): PaymentProvider | null;
}

/** The sandbox exists only when chosen (never in production: loadConfig refuses it there). */
export const isSandboxEnabled = (config: Config) => config.PAYMENT_PROVIDER === 'sandbox' && config.NODE_ENV !== 'production';

export function createPaymentProviders(config: Config, db: Db, fetchImpl?: typeof fetch): PaymentProviders {
  const payplug = createPayPlugProvider(config.PAYPLUG_API_URL, fetchImpl);
  const sandbox = isSandboxEnabled(config) ? createSandboxProvider(db, config.PUBLIC_URL) : null;
  const byName: Record<PaymentProviderName, PaymentProvider | null> = { payplug, sandbox };
  const current = byName[config.PAYMENT_PROVIDER];
  if (!current) throw new Error(`payment provider ${config.PAYMENT_PROVIDER} unavailable`);
  return {
    current,
    get: (name) => (Object.hasOwn(byName, name) ? byName[name as PaymentProviderName] : null),
  };
}
