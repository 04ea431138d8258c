import { randomUUID } from 'node:crypto';
import { type extranetAgencyContactBody, INVALID_CONTACT_MESSAGE, UNKNOWN_CONTACT_SUBJECT_MESSAGE } from '@reseau/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { contacts, extranetAgencyContactSubjects } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { findOwnContract } from '../agency-contracts/service.js';
import { recordContractContact } from '../contacts/service.js';

export async function listContactSubjects(db: DbOrTx) {
  return db
    .select({ id: extranetAgencyContactSubjects.id, name: extranetAgencyContactSubjects.name })
    .from(extranetAgencyContactSubjects)
    .orderBy(asc(extranetAgencyContactSubjects.id));
}

type ValidContact = z.output<typeof extranetAgencyContactBody>;

/**
 * A customer's request to the agency of one of their contracts, recorded as an
 * EXTRANET_AGENCY_CONTACT (spec 02 §3) with the subject's name, the message, where it was sent
 * from and when the customer is available. Returns the contact's id.
 */
export async function sendExtranetAgencyContact({ db, caller: client }: CustomerContext, body: ValidContact): Promise<number> {
  const contract = await findOwnContract(db, client, body.agencyContractId);
  const [subject] = await db
    .select({ name: extranetAgencyContactSubjects.name })
    .from(extranetAgencyContactSubjects)
    .where(eq(extranetAgencyContactSubjects.id, body.extranetAgencyContactSubjectId));
  if (!subject) {
    throw errors.validation({ extranetAgencyContactSubjectId: [UNKNOWN_CONTACT_SUBJECT_MESSAGE] }, INVALID_CONTACT_MESSAGE);
  }
  // A key of our own finds the row back: recordContractContact answers only whether it added one.
  const key = `extranet-contact:${randomUUID()}`;
  return db.transaction(async (tx) => {
    await recordContractContact(tx, {
      agencyContractId: contract.id,
      type: 'EXTRANET_AGENCY_CONTACT',
      dedupeKey: key,
      data: {
        subjectId: body.extranetAgencyContactSubjectId,
        subject: subject.name,
        message: body.message,
        source: body.source,
        isAvailableInTheMorning: body.isAvailableInTheMorning,
        isAvailableAtMidday: body.isAvailableAtMidday,
        isAvailableInTheAfternoon: body.isAvailableInTheAfternoon,
        isAvailableAllDay: body.isAvailableAllDay,
      },
    });
    const [row] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.dedupeKey, key));
    return row!.id;
  });
}
