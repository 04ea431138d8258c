import { and, eq, type SQL } from 'drizzle-orm';
import type { ClientPrincipal } from '../../auth/principal.js';
import { agencyContractInvoices, invoicePayments } from '../../db/schema/index.js';
import { ownContracts } from '../agency-contracts/policy.js';

/**
 * Invoices and their payments are the customer's own only: every query joins the contract and
 * carries `ownContracts`, so another customer's invoice or payment is simply not found.
 * Staff have no route here (their guards answer 403); the webhook and the sandbox page act as
 * the provider, never as a user.
 */
export const ownInvoice = (client: ClientPrincipal, invoiceId: number): SQL =>
  and(ownContracts(client), eq(agencyContractInvoices.id, invoiceId)) as SQL;

export const ownInvoicePayment = (client: ClientPrincipal, invoicePaymentId: string): SQL =>
  and(ownContracts(client), eq(invoicePayments.id, invoicePaymentId)) as SQL;
