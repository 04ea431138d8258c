import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_STATUS_MAX_READS, useInvoicePaymentStatus, useRefreshAfterPayment } from '../../../api/extranet/invoices';
import { useTranslation } from '../../../i18n';
import { type PaymentOutcome, PaymentResult } from './PaymentResult';

/**
 * `/extranet/payment-return?id={payment id}`: reads the payment's status, again every 2 s for
 * about 10 s while the provider has not confirmed it; paid is a success, anything else a failure
 * (spec 03 §4). A payment taken for an invoice already paid says so: the agency refunds it.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = params.get('id');
  const status = useInvoicePaymentStatus(paymentId);

  const outcome: PaymentOutcome = !paymentId
    ? 'failed'
    : status.isPending
      ? 'pending'
      : status.isError
        ? 'failed'
        : status.data.status === 'refund_due'
          ? 'refundDue'
          : status.data.is_paid
            ? 'success'
            : status.data.status === 'pending' && status.reads < PAYMENT_STATUS_MAX_READS
              ? 'pending'
              : 'failed';

  useRefreshAfterPayment(outcome === 'success' || outcome === 'refundDue');

  const contractId = status.data?.agencyContractId;
  return (
    <PaymentResult
      outcome={outcome}
      extra={
        contractId !== undefined && outcome !== 'pending' ? (
          <Button component={Link} to={`/extranet/contract/${contractId}?tab=invoice`} variant="default">
            {t('extranet.payment.seeInvoices')}
          </Button>
        ) : null
      }
    />
  );
}
