import { useState } from 'react';
import { initializePayment } from '../../../api/extranet/invoices';
import { paymentErrorText } from './payment-errors';

/**
 * "Payer en ligne": the browser goes to the payment page the server returns; a refusal shows
 * its message in red under the invoice (spec 03 §8).
 */
export function useInvoicePayment() {
  const [payingId, setPayingId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});

  async function pay(invoiceId: number) {
    setPayingId(invoiceId);
    setErrors(({ [invoiceId]: _, ...others }) => others);
    try {
      const url = await initializePayment(invoiceId);
      // The page is left for the provider's: the button keeps its progress until then.
      window.location.assign(url);
    } catch (error) {
      setErrors((current) => ({ ...current, [invoiceId]: paymentErrorText(error) }));
      setPayingId(null);
    }
  }

  return { pay, payingId, errorOf: (invoiceId: number) => errors[invoiceId] };
}
