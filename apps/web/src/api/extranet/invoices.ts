import type { AgencyContractInvoice, InvoicePaymentStatusAnswer } from '@reseau/contracts/schemas/invoices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../http';
import { extranetKeys } from './keys';

export type { AgencyContractInvoice, InvoicePaymentStatusAnswer };

/** GET /agency-contract-invoices/mine?agencyContractId */
export function useContractInvoices(contractId: number) {
  return useQuery({
    queryKey: extranetKeys.invoices(contractId),
    queryFn: async () =>
      (
        await api.get<{ agencyContractInvoices: AgencyContractInvoice[] }>('/agency-contract-invoices/mine', {
          query: { agencyContractId: contractId },
        })
      ).agencyContractInvoices,
    meta: { errorMessage: 'errors.loadInvoices' },
  });
}

/** POST :initialize-payment → the provider's payment page, where the browser goes next. */
export async function initializePayment(invoiceId: number): Promise<string> {
  return (await api.post<{ url: string }>(`/agency-contract-invoices/${invoiceId}:initialize-payment`, {})).url;
}

/** Polling of the payment-return page: every 2 s, for about 10 s at most. */
export const PAYMENT_STATUS_POLL_MS = 2000;
export const PAYMENT_STATUS_MAX_READS = 5;

/** GET /invoice-payments/{id}/payment-status, read again while the payment is still pending. */
export function useInvoicePaymentStatus(paymentId: string | null) {
  const client = useQueryClient();
  const queryKey = extranetKeys.invoicePayment(paymentId ?? '');
  const query = useQuery({
    queryKey,
    queryFn: () => api.get<InvoicePaymentStatusAnswer>(`/invoice-payments/${encodeURIComponent(paymentId ?? '')}/payment-status`),
    enabled: Boolean(paymentId),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PAYMENT_STATUS_MAX_READS
        ? PAYMENT_STATUS_POLL_MS
        : false,
  });
  /** How many answers arrived: the page stops waiting after the last read. */
  const reads = client.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { ...query, reads };
}

/** A confirmed payment changes the invoices and the to-do list shown elsewhere: they are read again. */
export function useRefreshAfterPayment(confirmed: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!confirmed) return;
    void client.invalidateQueries({ queryKey: extranetKeys.allInvoices });
    void client.invalidateQueries({ queryKey: extranetKeys.allToDoLists });
  }, [confirmed, client]);
}
