import {
  ACCOUNT_ERASURE_MESSAGES,
  ERASED_CLIENT_NAME,
  ERASED_MESSAGE_TEXT,
  type EraseClientAccountBody,
  erasedClientEmail,
  MESSAGES,
  PASSKEY_MESSAGES,
} from '@reseau/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords.js';
import type { Tx } from '../../db/client.js';
import {
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContracts,
  clientAgencies,
  clients,
  contacts,
  importRefs,
  invoicePayments,
  quotationSignatures,
} from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { verifyPasskeyAnswer } from '../passkeys/service.js';
import { OPEN_SIGNATURE_STATUSES } from '../quotations/service.js';
import { forgetCredentials, forgetDeliveredMails } from './credentials.js';
import { erasureMails } from './mails.js';

/** The customer's row, locked, while not erased yet; the second of two erasures finds nothing (401: signed out). */
async function lockClient(tx: Tx, clientId: number) {
  const [row] = await tx
    .select({ id: clients.id, emailAddress: clients.emailAddress, firstName: clients.firstName })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.erasedAt)))
    .for('update');
  if (!row) throw errors.unauthenticated();
  return row;
}

const ownContracts = (clientId: number) =>
  sql`select ${agencyContracts.id} from ${agencyContracts} where ${agencyContracts.clientId} = ${clientId}`;

/** A card payment or a quote's signature still open at the provider: its outcome must land on a known customer. */
async function assertNothingInProgress(tx: Tx, clientId: number) {
  const [payment] = await tx
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .innerJoin(agencyContractInvoices, eq(agencyContractInvoices.id, invoicePayments.invoiceId))
    .where(
      and(eq(invoicePayments.status, 'pending'), sql`${agencyContractInvoices.agencyContractId} in (${ownContracts(clientId)})`),
    )
    .limit(1);
  if (payment) throw new AppError('payment_in_progress', 409, ACCOUNT_ERASURE_MESSAGES.paymentInProgress);
  const [signature] = await tx
    .select({ id: quotationSignatures.id })
    .from(quotationSignatures)
    .innerJoin(agencyContractQuotations, eq(agencyContractQuotations.id, quotationSignatures.quotationId))
    .where(
      and(
        inArray(quotationSignatures.status, OPEN_SIGNATURE_STATUSES),
        sql`${agencyContractQuotations.agencyContractId} in (${ownContracts(clientId)})`,
      ),
    )
    .limit(1);
  if (signature) throw new AppError('signature_in_progress', 409, ACCOUNT_ERASURE_MESSAGES.signatureInProgress);
}

/**
 * The personal data goes; the invoices, quotes, contracts (with the installation address they are
 * about) stay linked to the anonymised row (Code de commerce L123-22). What the customer wrote in
 * their demands is replaced, the contact details the agencies kept on the contracts are cleared.
 */
async function anonymiseClient(tx: Tx, clientId: number) {
  await tx
    .update(clients)
    .set({
      ...ERASED_CLIENT_NAME,
      emailAddress: erasedClientEmail(clientId),
      passwordHash: null,
      emailVerifiedAt: null,
      isActive: false,
      erasedAt: sql`now()`,
    })
    .where(eq(clients.id, clientId));
  await tx
    .update(agencyContracts)
    .set({ emailAddress: null, mobilePhoneNumber: null, landlinePhoneNumber: null })
    .where(eq(agencyContracts.clientId, clientId));
  await tx
    .update(invoicePayments)
    .set({ emailAddress: erasedClientEmail(clientId) })
    .where(sql`${invoicePayments.invoiceId} in (select ${agencyContractInvoices.id} from ${agencyContractInvoices}
      where ${agencyContractInvoices.agencyContractId} in (${ownContracts(clientId)}))`);
  await tx
    .update(contacts)
    .set({
      fullName: `${ERASED_CLIENT_NAME.firstName} ${ERASED_CLIENT_NAME.lastName}`,
      emailAddress: null,
      phone: null,
      address: null,
      postalCode: null,
      city: null,
      data: sql`case when ${contacts.data} ? 'message' then jsonb_set(${contacts.data}, '{message}', to_jsonb(${ERASED_MESSAGE_TEXT}::text)) else ${contacts.data} end
        - 'emailAddress' - 'mobilePhoneNumber' - 'landlinePhoneNumber'`,
    })
    .where(eq(contacts.clientId, clientId));
}

/**
 * One demand per agency of the customer, saying the account was erased. It names the customer by
 * what the agency already holds: its own references (the contracts' numbers, its import reference),
 * nothing more.
 */
async function tellAgencies(tx: Tx, clientId: number) {
  const agencies = await tx
    .select({ agencyId: clientAgencies.agencyId })
    .from(clientAgencies)
    .where(eq(clientAgencies.clientId, clientId));
  const contracts = await tx
    .select({ agencyId: agencyContracts.agencyId, reference: agencyContracts.reference })
    .from(agencyContracts)
    .where(eq(agencyContracts.clientId, clientId));
  const refs = await tx
    .select({ agencyId: importRefs.agencyId, externalRef: importRefs.externalRef })
    .from(importRefs)
    .where(and(eq(importRefs.type, 'client'), eq(importRefs.entityId, clientId)));
  const ids = new Set([...agencies, ...contracts].map((a) => a.agencyId));
  const erasedAt = new Date().toISOString();
  for (const agencyId of ids) {
    await tx
      .insert(contacts)
      .values({
        agencyId,
        type: 'CLIENT_ACCOUNT_ERASED_CONTACT',
        clientId,
        fullName: `${ERASED_CLIENT_NAME.firstName} ${ERASED_CLIENT_NAME.lastName}`,
        isClientKnown: true,
        data: {
          contractReferences: contracts.filter((c) => c.agencyId === agencyId).map((c) => c.reference),
          clientReferences: refs.filter((r) => r.agencyId === agencyId).map((r) => r.externalRef),
          erasedAt,
        },
        dedupeKey: `erasure:${clientId}:${agencyId}`,
      })
      .onConflictDoNothing();
  }
}

const passkeyRefused = () => new AppError('passkey_rejected', 400, PASSKEY_MESSAGES.notVerified);

/**
 * The current password, or the answer of one of the caller's own passkeys (a passkey of another
 * account proves nothing here: refused as a wrong answer).
 */
async function assertItIsThem(ctx: CustomerContext, body: EraseClientAccountBody) {
  const { deps, caller } = ctx;
  if (body.passkey) {
    // A refused answer is a 400 here (at sign-in it is a 401): the caller is signed in.
    const { subjectId } = await verifyPasskeyAnswer(ctx, 'client', body.passkey).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'passkey_rejected' ? passkeyRefused() : error;
    });
    if (subjectId !== caller.clientId) throw passkeyRefused();
    return;
  }
  const [row] = await deps.db.select({ passwordHash: clients.passwordHash }).from(clients).where(eq(clients.id, caller.clientId));
  if (!row) throw errors.unauthenticated();
  if (!(await verifyPassword(row.passwordHash, body.password ?? ''))) {
    throw errors.validation({ password: [MESSAGES.wrongCurrentPassword] });
  }
}

/**
 * POST /clients/me::erase (RGPD issue 28 §2). The password is checked first (outside the
 * transaction: argon2 is slow), then in one transaction: the row locked, refused while a payment or
 * a signature is in progress, sign-in means gone, data anonymised, agencies told, the confirmation
 * mailed to the old address, audited.
 */
export async function eraseClientAccount(ctx: CustomerContext, body: EraseClientAccountBody) {
  const { deps, caller, ip } = ctx;
  await assertItIsThem(ctx, body);
  await deps.db.transaction(async (tx) => {
    const client = await lockClient(tx, caller.clientId);
    await assertNothingInProgress(tx, client.id);
    await forgetCredentials(tx, 'client', client.id);
    await anonymiseClient(tx, client.id);
    await tellAgencies(tx, client.id);
    await forgetDeliveredMails(tx, client.emailAddress);
    await deps.mailer.send(
      { to: client.emailAddress, ...erasureMails.clientErased(client.firstName) },
      { db: tx, key: `erasure:${client.id}` },
    );
    await audit(tx, { action: 'client.erased', actorClientId: client.id, entity: 'client', entityId: client.id, ip });
  });
}
