import { INVALID_LINK_MESSAGE } from '@reseau/contracts/constants/auth';
import account from './fr.account.json';
import i18n from './index';

// Imported by the forgot-password, set-password and verify-email screens: their texts arrive with
// their chunks, so the login route does not carry them (its 150 KB budget, decisions.md).
i18n.addResourceBundle('fr', 'translation', account, true, false);
// The dead link's title, from the contracts' catalogue (./index.ts).
i18n.addResourceBundle('fr', 'translation', {
  auth: {
    setPassword: { invalidTokenTitle: INVALID_LINK_MESSAGE },
    verifyEmail: { invalidTokenTitle: INVALID_LINK_MESSAGE },
  },
});
