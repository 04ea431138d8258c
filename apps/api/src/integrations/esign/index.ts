import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { FileStorage } from '../storage/storage.js';
import type { SignatureProvider } from './provider.js';
import { createSandboxSignatureProvider } from './sandbox.js';
import { createYousignProvider } from './yousign.js';

export type { SignatureProvider, SignatureProviderName } from './provider.js';

/** The provider ESIGN_PROVIDER names: built once by buildApp and passed in `deps.signature`. */
export function createSignatureProvider(config: Config, db: Db, storage: FileStorage, mailer: Mailer): SignatureProvider {
  if (config.ESIGN_PROVIDER === 'yousign') {
    return createYousignProvider({
      apiUrl: config.YOUSIGN_API_URL,
      // loadConfig refuses to start with yousign and without these two.
      apiKey: config.YOUSIGN_API_KEY ?? '',
      webhookSecret: config.YOUSIGN_WEBHOOK_SECRET ?? '',
    });
  }
  return createSandboxSignatureProvider(db, storage, { mailer, publicUrl: config.PUBLIC_URL });
}
