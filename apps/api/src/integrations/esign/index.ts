import type { AppDeps } from '../../lib/http.js';
import type { SignatureProvider } from './provider.js';
import { createSandboxSignatureProvider } from './sandbox.js';
import { createYousignProvider } from './yousign.js';

export type { SignatureProvider, SignatureProviderName } from './provider.js';

const providers = new WeakMap<AppDeps, SignatureProvider>();

/** The provider ESIGN_PROVIDER names, one per app. */
export function signatureProviderOf(deps: AppDeps): SignatureProvider {
  let provider = providers.get(deps);
  if (!provider) {
    const { config } = deps;
    provider =
      config.ESIGN_PROVIDER === 'yousign'
        ? createYousignProvider({
            apiUrl: config.YOUSIGN_API_URL,
            // loadConfig refuses to start with yousign and without these two.
            apiKey: config.YOUSIGN_API_KEY ?? '',
            webhookSecret: config.YOUSIGN_WEBHOOK_SECRET ?? '',
          })
        : createSandboxSignatureProvider(deps.db, deps.storage);
    providers.set(deps, provider);
  }
  return provider;
}
