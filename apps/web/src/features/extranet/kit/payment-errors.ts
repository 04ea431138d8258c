import { PAYMENT_START_ERROR_CODES } from '@reseau/contracts/constants/errors';
import i18n from '../../../i18n';
import { isApiError } from '../../../lib/api-error';

/** The French line shown in red under an invoice whose payment could not start. */
export function paymentErrorText(error: unknown): string {
  if (isApiError(error)) {
    if ((PAYMENT_START_ERROR_CODES as readonly string[]).includes(error.code))
      return i18n.t(`extranet.invoices.errors.${error.code}`);
    if (error.code === 'validation_failed') {
      const first = Object.values(error.errors).find((messages) => messages.length > 0)?.[0];
      return first ?? error.message ?? i18n.t('extranet.invoices.errors.generic');
    }
  }
  return i18n.t('extranet.invoices.errors.generic');
}
