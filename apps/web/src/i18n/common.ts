import { MESSAGES } from '@reseau/contracts/constants/messages';
import i18n from './index';

// Texts the server sends too come from the contracts' catalogue, never from a copy in fr*.json;
// each area's loader (./extranet.ts, ./intranet.ts, ./account.ts) adds its own the same way.
// Not in ./index.ts: the build's theme plugin loads that file in Node, where the contracts'
// TypeScript is not compiled. main.tsx imports this file first.
i18n.addResourceBundle('fr', 'translation', {
  errors: { generic: MESSAGES.generic, forbidden: MESSAGES.forbidden },
  routeError: { title: MESSAGES.generic },
  forbidden: { text: MESSAGES.forbidden },
  auth: { login: { invalid: MESSAGES.invalidLogin } },
});
