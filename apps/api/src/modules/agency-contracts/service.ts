import type { AgencyContract, OpenContractEmailChangeBody } from '@reseau/contracts';
import { NOT_FOUND_SUBJECTS, SCREEN_ERROR_MESSAGES } from '@reseau/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ClientPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { agencyContracts, clients } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import { safeRedirect } from '../../lib/redirect.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { createAccountToken } from '../auth/account-tokens.js';
import { assertMailQuota } from '../auth/throttles.js';
import { recordContractContact } from '../contacts/service.js';
import { contractMails } from './mails.js';
import { ownContracts } from './policy.js';

/** Account-token purpose of a contract's email change (the payload names the contract). */
export const CONTRACT_EMAIL_CHANGE = 'contract_email_change' as const;

const contractColumns = {
  id: agencyContracts.id,
  route: agencyContracts.route,
  postalCode: agencyContracts.postalCode,
  locality: agencyContracts.locality,
  equipmentType: agencyContracts.equipmentType,
  equipmentModel: agencyContracts.equipmentModel,
  reference: agencyContracts.reference,
  renewalDate: agencyContracts.renewalDate,
  lastMaintenanceDate: agencyContracts.lastMaintenanceDate,
  emailAddress: agencyContracts.emailAddress,
  mobilePhoneNumber: agencyContracts.mobilePhoneNumber,
  landlinePhoneNumber: agencyContracts.landlinePhoneNumber,
  agencyId: agencyContracts.agencyId,
};

/** The customer's contracts, of all their agencies or of one: one prepared statement each. */
const myContracts = (db: DbOrTx, ofOneAgency: boolean) =>
  preparedOnce(db, ofOneAgency ? 'my_contracts_of_agency' : 'my_contracts', (handle, name) =>
    handle
      .select(contractColumns)
      .from(agencyContracts)
      .where(ownContracts({ clientId: sql.placeholder('clientId') }, ofOneAgency ? sql.placeholder('agencyId') : undefined))
      .orderBy(asc(agencyContracts.postalCode), asc(agencyContracts.route), asc(agencyContracts.id))
      .prepare(name),
  );

/** The caller's contracts, of one agency or of all, grouped by address then by equipment. */
export async function listMyContracts({ db, caller: client }: CustomerContext, agencyId?: number): Promise<AgencyContract[]> {
  return myContracts(db, agencyId !== undefined).execute({ clientId: client.clientId, agencyId });
}

/**
 * The caller's contract, or a 404 whether it exists for someone else or not at all (the policy's
 * `ownContracts` filter: another customer's row is simply not found).
 */
export async function findOwnContract(db: DbOrTx, client: ClientPrincipal, agencyContractId: number) {
  const [row] = await db
    .select()
    .from(agencyContracts)
    .where(and(ownContracts(client), eq(agencyContracts.id, agencyContractId)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.agencyContract);
  return row;
}

/** Where the verification link of a contract email change leads once followed. */
export const contractContactInfoPath = (agencyContractId: number) =>
  `/extranet/contract/${agencyContractId}?tab=contact_info&emailModified=true`;

/**
 * Sets the contract's email and tells the agency (CLIENT_EMAIL_CHANGE_CONTACT), in one short
 * transaction. The contract must still be the customer's; returns false otherwise.
 */
export async function applyContractEmailChange(
  db: DbOrTx,
  opts: { clientId: number; agencyContractId: number; emailAddress: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(agencyContracts)
      .set({ emailAddress: opts.emailAddress })
      .where(and(eq(agencyContracts.id, opts.agencyContractId), eq(agencyContracts.clientId, opts.clientId)))
      .returning({ id: agencyContracts.id });
    if (changed.length === 0) return false;
    await recordContractContact(tx, {
      agencyContractId: opts.agencyContractId,
      type: 'CLIENT_EMAIL_CHANGE_CONTACT',
      data: { emailAddress: opts.emailAddress },
    });
    return true;
  });
}

/**
 * The contract's contact email. The customer's own verified sign-in address is already proven:
 * it applies at once (204). Any other address gets a verification link first (202), and
 * `POST /clients/{token}:close-email-verification` applies it.
 */
export async function openContractEmailChange(
  { deps, caller: client, ip }: CustomerContext,
  agencyContractId: number,
  body: OpenContractEmailChangeBody,
): Promise<'changed' | 'verification_sent'> {
  const contract = await findOwnContract(deps.db, client, agencyContractId);
  const emailAddress = body.emailAddress;
  if (contract.emailAddress?.toLowerCase() === emailAddress.toLowerCase()) {
    throw new AppError('same_email', 400, SCREEN_ERROR_MESSAGES.contactInfo.same_email);
  }
  const [account] = await deps.db
    .select({ emailAddress: clients.emailAddress, emailVerifiedAt: clients.emailVerifiedAt, firstName: clients.firstName })
    .from(clients)
    .where(eq(clients.id, client.clientId));
  if (!account) throw errors.unauthenticated();

  if (account.emailVerifiedAt && account.emailAddress.toLowerCase() === emailAddress.toLowerCase()) {
    await applyContractEmailChange(deps.db, { clientId: client.clientId, agencyContractId, emailAddress });
    await audit(deps.db, {
      action: 'agency_contract.email_changed',
      actorClientId: client.clientId,
      entity: 'agency_contract',
      entityId: agencyContractId,
      ip,
    });
    return 'changed';
  }

  await assertMailQuota(deps, 'contract_email_change', emailAddress);
  await deps.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, {
      purpose: CONTRACT_EMAIL_CHANGE,
      subjectKind: 'client',
      subjectId: client.clientId,
      payload: {
        agencyContractId: String(agencyContractId),
        emailAddress,
        redirectUrl: safeRedirect(deps.config.PUBLIC_URL, body.redirectUrl) ?? contractContactInfoPath(agencyContractId),
      },
    });
    await deps.mailer.send(
      {
        to: emailAddress,
        ...contractMails.contractEmailChange(deps.config.PUBLIC_URL, account.firstName, contract.reference, token),
      },
      { db: tx },
    );
  });
  await audit(deps.db, {
    action: 'agency_contract.email_change_requested',
    actorClientId: client.clientId,
    entity: 'agency_contract',
    entityId: agencyContractId,
    ip,
  });
  return 'verification_sent';
}

/**
 * Applies a followed verification link of a contract email change (called by
 * `POST /clients/{token}:close-email-verification` once it has spent the token).
 */
export async function closeContractEmailChange(
  db: DbOrTx,
  spent: { subjectId: number; payload: Record<string, string> },
  ip: string,
): Promise<{ purpose: typeof CONTRACT_EMAIL_CHANGE; redirectUrl: string }> {
  const agencyContractId = Number(spent.payload.agencyContractId);
  const emailAddress = spent.payload.emailAddress ?? '';
  const applied =
    Number.isInteger(agencyContractId) &&
    emailAddress !== '' &&
    (await applyContractEmailChange(db, { clientId: spent.subjectId, agencyContractId, emailAddress }));
  // The contract left the customer meanwhile: the link is as good as expired.
  if (!applied) throw errors.invalidToken();
  await audit(db, {
    action: 'agency_contract.email_changed',
    actorClientId: spent.subjectId,
    entity: 'agency_contract',
    entityId: agencyContractId,
    ip,
  });
  return { purpose: CONTRACT_EMAIL_CHANGE, redirectUrl: spent.payload.redirectUrl || contractContactInfoPath(agencyContractId) };
}

/** Both numbers as the customer wants them now (already normalized); the agency is told. */
export async function changeContractPhones(
  { db, caller: client, ip }: CustomerContext,
  agencyContractId: number,
  phones: { mobilePhoneNumber: string | null; landlinePhoneNumber: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(agencyContracts)
      .set(phones)
      .where(and(ownContracts(client), eq(agencyContracts.id, agencyContractId)))
      .returning({ id: agencyContracts.id });
    if (changed.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.agencyContract);
    await recordContractContact(tx, { agencyContractId, type: 'CLIENT_PHONES_CHANGE_CONTACT', data: phones });
    await audit(tx, {
      action: 'agency_contract.phones_changed',
      actorClientId: client.clientId,
      entity: 'agency_contract',
      entityId: agencyContractId,
      ip,
    });
  });
}
