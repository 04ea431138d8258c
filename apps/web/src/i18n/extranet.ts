import { SCREEN_ERROR_MESSAGES } from '@reseau/contracts/constants/errors';
import { INVALID_CONTACT_MESSAGE } from '@reseau/contracts/constants/extranet';
import extranet from './fr.extranet.json';
import i18n from './index';
import './shell';

// Imported by the extranet shell: the extranet's texts arrive with its chunk.
i18n.addResourceBundle('fr', 'translation', extranet, true, false);
// The refusals' texts, from the contracts' catalogue (./index.ts).
i18n.addResourceBundle('fr', 'translation', {
  extranet: {
    invoices: { errors: SCREEN_ERROR_MESSAGES.invoicePayment },
    quotes: { errors: SCREEN_ERROR_MESSAGES.quoteSignature },
    personalInfo: {
      sameEmail: SCREEN_ERROR_MESSAGES.personalInfo.same_email,
      emailAlreadyUsed: SCREEN_ERROR_MESSAGES.personalInfo.email_already_used,
    },
    contactInfo: { sameEmail: SCREEN_ERROR_MESSAGES.contactInfo.same_email },
    contact: { invalid: INVALID_CONTACT_MESSAGE },
  },
});
