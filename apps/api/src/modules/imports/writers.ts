import {
  IMPORT_MESSAGES,
  type ImportClientItem,
  type ImportContractItem,
  type ImportDocumentItem,
  type ImportInvoiceItem,
  type ImportItem,
  type ImportItemType,
  type ImportQuotationItem,
  type ImportServiceCallItem,
} from '@reseau/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  clientAgencies,
  clients,
  importRefs,
} from '../../db/schema/index.js';
import type { ImportEffects } from './mails.js';

export type WriteStatus = 'created' | 'updated' | 'unchanged';
export type WriteOutcome = { status: WriteStatus } | { status: 'error'; errors: Record<string, string[]> };

interface StoredRef {
  entityId: number | null;
  contentHash: string;
}

/**
 * One chunk's writes, in one transaction, for one agency: the references of the chunk's type are
 * read at once, those the items point at are read once each and remembered.
 */
export class ChunkWriter {
  private readonly pointed = new Map<string, number | null>();

  constructor(
    private readonly tx: Tx,
    private readonly agencyId: number,
    private readonly stored: Map<string, StoredRef>,
    /** Where new quotes awaiting a decision, new invoices to pay and invitations are told, for the customers' mails. */
    private readonly effects: ImportEffects,
  ) {}

  static async open(tx: Tx, agencyId: number, type: ImportItemType, refs: string[], effects: ImportEffects) {
    const rows = await tx
      .select({ externalRef: importRefs.externalRef, entityId: importRefs.entityId, contentHash: importRefs.contentHash })
      .from(importRefs)
      .where(and(eq(importRefs.agencyId, agencyId), eq(importRefs.type, type), inArray(importRefs.externalRef, refs)));
    return new ChunkWriter(tx, agencyId, new Map(rows.map((r) => [r.externalRef, r])), effects);
  }

  async write(item: ImportItem, hash: string): Promise<WriteOutcome> {
    switch (item.type) {
      case 'client':
        return this.client(item, hash);
      case 'contract':
        return this.contract(item, hash);
      case 'quotation':
        return this.quotation(item, hash);
      case 'invoice':
        return this.invoice(item, hash);
      case 'serviceCall':
        return this.serviceCall(item, hash);
      case 'document':
        return this.document(item, hash);
    }
  }

  /** The id of the agency's item of `type` imported under `ref`, or null. */
  private async refOf(type: ImportItemType, ref: string): Promise<number | null> {
    const key = `${type}\u0000${ref}`;
    if (this.pointed.has(key)) return this.pointed.get(key) ?? null;
    const [row] = await this.tx
      .select({ entityId: importRefs.entityId })
      .from(importRefs)
      .where(and(eq(importRefs.agencyId, this.agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, ref)));
    const id = row?.entityId ?? null;
    this.pointed.set(key, id);
    return id;
  }

  /** A customer of this agency with this email (another agency's customer is unknown here). */
  private async agencyClientByEmail(email: string): Promise<number | null> {
    const [row] = await this.tx
      .select({ id: clients.id })
      .from(clients)
      .innerJoin(clientAgencies, and(eq(clientAgencies.clientId, clients.id), eq(clientAgencies.agencyId, this.agencyId)))
      .where(sql`lower(${clients.emailAddress}) = ${email}`);
    return row?.id ?? null;
  }

  /**
   * Creates or updates the row behind a reference. A new reference is claimed first (unique key,
   * ON CONFLICT DO NOTHING): when two batches race, the second waits for the first's transaction
   * and then finds its row, so one row is ever made per reference.
   */
  private async upsert(
    type: ImportItemType,
    ref: string,
    hash: string,
    create: () => Promise<number>,
    /** May refuse the change (an error outcome): the row and its hash then stay as they were. */
    update: (entityId: number) => Promise<WriteOutcome | undefined | void>,
  ): Promise<WriteOutcome> {
    let stored = this.stored.get(ref);
    if (!stored) {
      const claimed = await this.tx
        .insert(importRefs)
        .values({ agencyId: this.agencyId, type, externalRef: ref, entityId: null, contentHash: hash })
        .onConflictDoNothing()
        .returning({ externalRef: importRefs.externalRef });
      if (claimed.length > 0) {
        const entityId = await create();
        await this.tx
          .update(importRefs)
          .set({ entityId })
          .where(and(eq(importRefs.agencyId, this.agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, ref)));
        this.stored.set(ref, { entityId, contentHash: hash });
        return { status: 'created' };
      }
      const [row] = await this.tx
        .select({ entityId: importRefs.entityId, contentHash: importRefs.contentHash })
        .from(importRefs)
        .where(and(eq(importRefs.agencyId, this.agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, ref)));
      stored = row;
    }
    if (!stored || stored.entityId === null) throw new Error(`import ref ${type} without its row`);
    if (stored.contentHash === hash) return { status: 'unchanged' };
    const refused = await update(stored.entityId);
    if (refused) return refused;
    await this.tx
      .update(importRefs)
      .set({ contentHash: hash, updatedAt: new Date() })
      .where(and(eq(importRefs.agencyId, this.agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, ref)));
    this.stored.set(ref, { entityId: stored.entityId, contentHash: hash });
    return { status: 'updated' };
  }

  /**
   * A customer account: an existing one with this email (a customer of another agency, or one
   * who signed up) is linked to this agency as it is; otherwise it is made without a password,
   * the "known customer" who sets one at the first connection.
   */
  private async client(item: ImportClientItem, hash: string): Promise<WriteOutcome> {
    const link = (clientId: number) =>
      this.tx.insert(clientAgencies).values({ clientId, agencyId: this.agencyId }).onConflictDoNothing();
    const outcome = await this.upsert(
      'client',
      item.externalRef,
      hash,
      async () => {
        const [made] = await this.tx
          .insert(clients)
          .values({ emailAddress: item.email, firstName: item.firstName, lastName: item.lastName, passwordHash: null })
          .onConflictDoNothing()
          .returning({ id: clients.id });
        const id =
          made?.id ??
          (await this.tx.select({ id: clients.id }).from(clients).where(sql`lower(${clients.emailAddress}) = ${item.email}`))[0]
            ?.id;
        if (id === undefined) throw new Error('client neither made nor found');
        await link(id);
        return id;
      },
      async (clientId) => {
        const [row] = await this.tx.select({ email: clients.emailAddress }).from(clients).where(eq(clients.id, clientId));
        // The email is who the account belongs to: moving a reference to another address would hand
        // the agency's contracts to another person.
        if (row && row.email.toLowerCase() !== item.email) {
          return { status: 'error', errors: { email: [IMPORT_MESSAGES.emailLocked] } } as const;
        }
        // The names are the agency's to correct only while no other agency shares the customer.
        await this.tx
          .update(clients)
          .set({ firstName: item.firstName, lastName: item.lastName })
          .where(
            and(
              eq(clients.id, clientId),
              sql`not exists (select 1 from ${clientAgencies} where ${clientAgencies.clientId} = ${clientId} and ${ne(clientAgencies.agencyId, this.agencyId)})`,
            ),
          );
        await link(clientId);
        return undefined;
      },
    );
    const clientId = this.stored.get(item.externalRef)?.entityId;
    if (item.invite && outcome.status !== 'error' && clientId) this.effects.invitedClientIds.push(clientId);
    return outcome;
  }

  private async contract(item: ImportContractItem, hash: string): Promise<WriteOutcome> {
    const clientId = await this.agencyClientByEmail(item.clientEmail);
    if (clientId === null) return { status: 'error', errors: { clientEmail: [IMPORT_MESSAGES.unknownClient] } };
    const values = {
      clientId,
      reference: item.reference ?? item.externalRef,
      route: item.route,
      postalCode: item.postalCode,
      locality: item.locality,
      equipmentType: item.equipmentType,
      equipmentModel: item.equipmentModel,
      renewalDate: item.renewalDate,
      lastMaintenanceDate: item.lastMaintenanceDate,
      emailAddress: item.emailAddress,
      mobilePhoneNumber: item.mobilePhoneNumber,
      landlinePhoneNumber: item.landlinePhoneNumber,
    };
    return this.upsert(
      'contract',
      item.externalRef,
      hash,
      async () => {
        const [row] = await this.tx
          .insert(agencyContracts)
          .values({ agencyId: this.agencyId, ...values })
          .returning({ id: agencyContracts.id });
        return row!.id;
      },
      async (id) => {
        await this.tx
          .update(agencyContracts)
          .set(values)
          .where(and(eq(agencyContracts.id, id), eq(agencyContracts.agencyId, this.agencyId)));
      },
    );
  }

  private async contractOf(contractRef: string) {
    return this.refOf('contract', contractRef);
  }

  /**
   * A quote. Once the customer decided in the extranet (accepted, refused or signed), its
   * status stays theirs: the agency's `isAccepted` is then left as it was; the other fields update.
   */
  private async quotation(item: ImportQuotationItem, hash: string): Promise<WriteOutcome> {
    const agencyContractId = await this.contractOf(item.contractRef);
    if (agencyContractId === null) return { status: 'error', errors: { contractRef: [IMPORT_MESSAGES.unknownContract] } };
    const values = {
      agencyContractId,
      number: item.number ?? item.externalRef,
      amountIncludingTax: item.amountIncludingTax,
      issueDate: item.issueDate,
    };
    const q = agencyContractQuotations;
    return this.upsert(
      'quotation',
      item.externalRef,
      hash,
      async () => {
        const [row] = await this.tx
          .insert(q)
          .values({ ...values, isAccepted: item.isAccepted })
          .returning({ id: q.id });
        if (item.isAccepted === false) {
          this.effects.newDocuments.push({
            kind: 'quotation',
            agencyContractId,
            number: values.number,
            amount: values.amountIncludingTax,
          });
        }
        return row!.id;
      },
      async (id) => {
        await this.tx
          .update(q)
          .set({
            ...values,
            isAccepted: sql`case when ${q.isAcceptedLocally} or ${q.isRefusedLocally} or ${q.envelopeFileId} is not null
              then ${q.isAccepted} else ${item.isAccepted}::boolean end`,
          })
          .where(eq(q.id, id));
      },
    );
  }

  /**
   * An invoice. Paid in the extranet (`isPaidLocally`) stays paid, with the customer's payment
   * mean and date; what is left to pay is the agency's accounting and updates.
   */
  private async invoice(item: ImportInvoiceItem, hash: string): Promise<WriteOutcome> {
    const agencyContractId = await this.contractOf(item.contractRef);
    if (agencyContractId === null) return { status: 'error', errors: { contractRef: [IMPORT_MESSAGES.unknownContract] } };
    const values = {
      agencyContractId,
      number: item.number ?? item.externalRef,
      amountIncludingTax: item.amountIncludingTax,
      leftToPayIncludingTax: item.leftToPayIncludingTax,
      issueDate: item.issueDate,
    };
    const i = agencyContractInvoices;
    return this.upsert(
      'invoice',
      item.externalRef,
      hash,
      async () => {
        const [row] = await this.tx
          .insert(i)
          .values({ ...values, paymentMean: item.paymentMean, paymentDate: item.paymentDate })
          .returning({ id: i.id });
        if (values.leftToPayIncludingTax > 0) {
          this.effects.newDocuments.push({
            kind: 'invoice',
            agencyContractId,
            number: values.number,
            amount: values.leftToPayIncludingTax,
          });
        }
        return row!.id;
      },
      async (id) => {
        await this.tx
          .update(i)
          .set({
            ...values,
            paymentMean: sql`case when ${i.isPaidLocally} then ${i.paymentMean} else ${item.paymentMean}::text end`,
            paymentDate: sql`case when ${i.isPaidLocally} then ${i.paymentDate} else ${item.paymentDate}::date end`,
          })
          .where(eq(i.id, id));
      },
    );
  }

  private async serviceCall(item: ImportServiceCallItem, hash: string): Promise<WriteOutcome> {
    const errors: Record<string, string[]> = {};
    const agencyContractId = await this.contractOf(item.contractRef);
    if (agencyContractId === null) errors.contractRef = [IMPORT_MESSAGES.unknownContract];
    const quotationId = item.quotationRef ? await this.refOf('quotation', item.quotationRef) : null;
    if (item.quotationRef && quotationId === null) errors.quotationRef = [IMPORT_MESSAGES.unknownQuotation];
    const invoiceId = item.invoiceRef ? await this.refOf('invoice', item.invoiceRef) : null;
    if (item.invoiceRef && invoiceId === null) errors.invoiceRef = [IMPORT_MESSAGES.unknownInvoice];
    // A service call shows its quote and invoice to the contract's customer: they must be that contract's.
    if (
      agencyContractId !== null &&
      quotationId !== null &&
      !(await this.ofContract(agencyContractQuotations, quotationId, agencyContractId))
    ) {
      errors.quotationRef = [IMPORT_MESSAGES.otherContract];
    }
    if (
      agencyContractId !== null &&
      invoiceId !== null &&
      !(await this.ofContract(agencyContractInvoices, invoiceId, agencyContractId))
    ) {
      errors.invoiceRef = [IMPORT_MESSAGES.otherContract];
    }
    if (agencyContractId === null || Object.keys(errors).length > 0) return { status: 'error', errors };
    const values = {
      agencyContractId,
      requestDate: item.requestDate,
      isFinished: item.isFinished,
      appointmentDate: item.appointmentDate,
      appointmentTime: item.appointmentTime,
      quotationId,
      invoiceId,
    };
    return this.upsert(
      'serviceCall',
      item.externalRef,
      hash,
      async () => {
        const [row] = await this.tx
          .insert(agencyContractServiceCalls)
          .values(values)
          .returning({ id: agencyContractServiceCalls.id });
        return row!.id;
      },
      async (id) => {
        await this.tx.update(agencyContractServiceCalls).set(values).where(eq(agencyContractServiceCalls.id, id));
      },
    );
  }

  private async ofContract(
    table: typeof agencyContractQuotations | typeof agencyContractInvoices,
    id: number,
    agencyContractId: number,
  ): Promise<boolean> {
    const rows = await this.tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.agencyContractId, agencyContractId)));
    return rows.length > 0;
  }

  private async document(item: ImportDocumentItem, hash: string): Promise<WriteOutcome> {
    const agencyContractId = await this.contractOf(item.contractRef);
    if (agencyContractId === null) return { status: 'error', errors: { contractRef: [IMPORT_MESSAGES.unknownContract] } };
    const values = { agencyContractId, description: item.description, date: item.date };
    return this.upsert(
      'document',
      item.externalRef,
      hash,
      async () => {
        const [row] = await this.tx.insert(agencyContractDocuments).values(values).returning({ id: agencyContractDocuments.id });
        return row!.id;
      },
      async (id) => {
        await this.tx.update(agencyContractDocuments).set(values).where(eq(agencyContractDocuments.id, id));
      },
    );
  }
}
