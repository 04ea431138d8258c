import account from './fr.account.json';
import i18n from './index';

// Imported by the forgot-password, set-password and verify-email screens: their texts arrive with
// their chunks, so the login route does not carry them (its 150 KB budget, decisions.md).
i18n.addResourceBundle('fr', 'translation', account, true, false);
