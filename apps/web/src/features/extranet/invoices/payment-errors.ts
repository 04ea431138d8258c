import { isApiError } from '../../../api/http';
import i18n from '../../../i18n';

/** Codes of POST :initialize-payment that have their own message under the invoice (spec 03 §8). */
const PAYMENT_CODES = [
  'nothing_to_pay',
  'amount_too_low',
  'amount_too_high',
  'invalid_payment_email',
  'payment_already_succeeded',
  'payment_unavailable',
];

/** The French line shown in red under an invoice whose payment could not start. */
export function paymentErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (PAYMENT_CODES.includes(error.code)) return i18n.t(`extranet.invoices.errors.${error.code}`);
    if (error.code === 'validation_failed') {
      const first = Object.values(error.errors).find((messages) => messages.length > 0)?.[0];
      return first ?? error.message ?? i18n.t('extranet.invoices.errors.generic');
    }
  }
  return i18n.t('extranet.invoices.errors.generic');
}
