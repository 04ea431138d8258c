import { PaymentResult } from './PaymentResult';

/** `/extranet/payment-cancel`: the customer left the payment page with « Annuler ». */
export function PaymentCancelPage() {
  return <PaymentResult outcome="cancelled" />;
}
