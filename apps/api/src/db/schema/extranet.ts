import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { clients } from './clients.js';
import { files } from './files.js';

/** A maintenance contract of a customer with an agency, for one piece of equipment at one address. */
export const agencyContracts = pgTable(
  'agency_contracts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id),
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    reference: text().notNull(),
    route: text().notNull(),
    postalCode: text().notNull(),
    locality: text().notNull(),
    equipmentType: text(),
    equipmentModel: text(),
    renewalDate: date({ mode: 'string' }),
    lastMaintenanceDate: date({ mode: 'string' }),
    /** Contact details the agency keeps on the contract (may differ from the sign-in email). */
    emailAddress: text(),
    mobilePhoneNumber: text(),
    landlinePhoneNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_contracts_client_idx').on(t.clientId, t.agencyId)],
);

export const agencyContractQuotations = pgTable(
  'agency_contract_quotations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyContractId: integer()
      .notNull()
      .references(() => agencyContracts.id),
    number: text().notNull(),
    amountIncludingTax: integer().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    fileId: integer().references(() => files.id),
    /** The agency's own status: true accepted, false awaiting decision, null unknown. */
    isAccepted: boolean(),
    isAcceptedLocally: boolean().notNull().default(false),
    isRefusedLocally: boolean().notNull().default(false),
    envelopeFileId: integer().references(() => files.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quotations_contract_idx').on(t.agencyContractId)],
);

/** One electronic signature request of a quote, at the provider (sandbox or Yousign). */
export const quotationSignatures = pgTable(
  'quotation_signatures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    quotationId: integer()
      .notNull()
      .references(() => agencyContractQuotations.id),
    provider: text().notNull(),
    /** Null while the request is being created at the provider (`creating`). */
    providerRequestId: text(),
    /** creating, created, ongoing, signed, expired, declined, document_seen, failed */
    status: text().notNull().default('created'),
    signatureUrl: text(),
    openingTime: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('quotation_signatures_provider_request').on(t.provider, t.providerRequestId),
    index('quotation_signatures_quotation_idx').on(t.quotationId),
    // At most one open request per quote: a second start reuses it (the database decides).
    uniqueIndex('quotation_signatures_one_open')
      .on(t.quotationId)
      .where(sql`status in ('creating', 'created', 'ongoing', 'document_seen')`),
  ],
);

export const agencyContractInvoices = pgTable(
  'agency_contract_invoices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyContractId: integer()
      .notNull()
      .references(() => agencyContracts.id),
    number: text().notNull(),
    amountIncludingTax: integer().notNull(),
    leftToPayIncludingTax: integer().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    fileId: integer().references(() => files.id),
    isPaidLocally: boolean().notNull().default(false),
    paymentMean: text(),
    paymentDate: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_contract_idx').on(t.agencyContractId)],
);

/** An online card payment of an invoice; its id is the `id` of /extranet/payment-return. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: integer()
      .notNull()
      .references(() => agencyContractInvoices.id),
    provider: text().notNull(),
    providerPaymentId: text(),
    amount: integer().notNull(),
    emailAddress: text().notNull(),
    /** pending, paid, failed, cancelled */
    status: text().notNull().default('pending'),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_payments_provider_payment').on(t.provider, t.providerPaymentId),
    // At most one successful payment per invoice, whatever the provider says.
    uniqueIndex('invoice_payments_one_paid').on(t.invoiceId).where(sql`status = 'paid'`),
    // At most one payment in progress per invoice: a second start reuses it (the database decides).
    uniqueIndex('invoice_payments_one_pending').on(t.invoiceId).where(sql`status = 'pending'`),
  ],
);

/** Provider notifications already handled: the unique key makes webhooks idempotent. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    eventId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('webhook_events_provider_event').on(t.provider, t.eventId)],
);

export const agencyContractServiceCalls = pgTable(
  'agency_contract_service_calls',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyContractId: integer()
      .notNull()
      .references(() => agencyContracts.id),
    requestDate: date({ mode: 'string' }).notNull(),
    isFinished: boolean().notNull().default(false),
    appointmentDate: date({ mode: 'string' }),
    appointmentTime: text(),
    quotationId: integer().references(() => agencyContractQuotations.id),
    invoiceId: integer().references(() => agencyContractInvoices.id),
    voucherId: integer().references(() => files.id),
  },
  (t) => [index('service_calls_contract_idx').on(t.agencyContractId)],
);

export const agencyContractDocuments = pgTable(
  'agency_contract_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyContractId: integer()
      .notNull()
      .references(() => agencyContracts.id),
    description: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    fileId: integer().references(() => files.id),
  },
  (t) => [index('contract_documents_contract_idx').on(t.agencyContractId)],
);

export const extranetAgencyContactSubjects = pgTable('extranet_agency_contact_subjects', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

/**
 * An inbound contact an agency must act on (spec 02 "Contact (demand)"), whatever its origin:
 * public site, extranet request, quote decision, payment, change of contact details.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id),
    type: text().notNull(),
    clientId: integer().references(() => clients.id),
    fullName: text().notNull(),
    emailAddress: text(),
    phone: text(),
    address: text(),
    postalCode: text(),
    city: text(),
    isClientKnown: boolean().notNull().default(false),
    isProcessed: boolean().notNull().default(false),
    /** When the contact was last marked processed (the dashboard counts those of the last month). */
    processedAt: timestamp({ withTimezone: true }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Set when the contact comes from a provider event, so a replayed event adds nothing. */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the retention job anonymised this prospect's demand, 3 years after their last contact (issue 28 §3). */
    anonymizedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('contacts_agency_idx').on(t.agencyId, t.isProcessed),
    uniqueIndex('contacts_dedupe').on(t.dedupeKey),
    // The retention job's prospects (issue 28 §3): a person's demands found by their address.
    index('contacts_prospect_email_idx')
      .on(sql`lower(${t.emailAddress})`)
      .where(sql`${t.clientId} is null and not ${t.isClientKnown}`),
  ],
);

export const FAQ_THEMES = ['maintenance', 'repair', 'contract', 'bill', 'user_space'] as const;

export const faqEntries = pgTable(
  'faq_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    theme: text().$type<(typeof FAQ_THEMES)[number]>().notNull(),
    question: text().notNull(),
    /** Sanitized HTML. */
    answer: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index('faq_entries_theme_idx').on(t.theme, t.position)],
);
