import { SCREEN_ERROR_MESSAGES } from '@reseau/contracts/constants/errors';
import { NETWORK_ADMIN_MESSAGES } from '@reseau/contracts/constants/network-admins';
import intranet from './fr.intranet.json';
import i18n from './index';
import './shell';

// Imported by the intranet shell: the intranet's texts arrive with its chunk.
i18n.addResourceBundle('fr', 'translation', intranet, true, false);
// The refusals' texts, from the contracts' catalogue (./index.ts).
i18n.addResourceBundle('fr', 'translation', {
  signature: { sendErrors: SCREEN_ERROR_MESSAGES.signatureSend },
  networkAdmins: { ownRoleLocked: NETWORK_ADMIN_MESSAGES.ownRoleUnchanged },
});
