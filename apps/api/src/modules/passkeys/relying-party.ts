import type { Config } from '../../config.js';

/**
 * Who the passkeys belong to, for the browser and the authenticator: the platform's public
 * address. A passkey made on one address works only there (WebAuthn binds it to the RP ID), so
 * PUBLIC_URL must be the address people use; `npm start` serves the web app and the API on it.
 */
export function relyingParty(config: Pick<Config, 'PUBLIC_URL'>) {
  const url = new URL(config.PUBLIC_URL);
  return { rpID: url.hostname, rpName: 'Réseau Énergie', origin: url.origin };
}
