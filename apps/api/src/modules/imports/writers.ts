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
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
} from '../../db/schema/index.js';
import {
  claimRefs,
  idsOfRefs,
  insertRows,
  listOf,
  nextIds,
  rehashRefs,
  rowsOf,
  type StoredRef,
  storedRefs,
  updateRows,
} from './bulk.js';
import type { ChunkContext, ChunkOutcomes } from './chunk.js';
import { writeClients } from './clients.js';
import type { ValidItem } from './normalise.js';

/** An item of `T` ready to write: its row's values (drizzle's names), references resolved. */
interface Planned<T extends ImportItem> {
  v: ValidItem & { item: T };
  values: Record<string, unknown>;
}

/**
 * Writes one chunk of items of one type, set-based: a few statements per chunk whatever its
 * size. The chunk's references are locked (or claimed) first; items whose content hash is the
 * stored one answer `unchanged` without a write.
 */
export async function writeChunk(ctx: ChunkContext, type: ImportItemType, chunk: ValidItem[]): Promise<ChunkOutcomes> {
  switch (type) {
    case 'client':
      return writeClients(ctx, chunk as (ValidItem & { item: ImportClientItem })[]);
    case 'contract':
      return writeContracts(ctx, chunk as (ValidItem & { item: ImportContractItem })[]);
    case 'quotation':
      return writeQuotations(ctx, chunk as (ValidItem & { item: ImportQuotationItem })[]);
    case 'invoice':
      return writeInvoices(ctx, chunk as (ValidItem & { item: ImportInvoiceItem })[]);
    case 'serviceCall':
      return writeServiceCalls(ctx, chunk as (ValidItem & { item: ImportServiceCallItem })[]);
    case 'document':
      return writeDocuments(ctx, chunk as (ValidItem & { item: ImportDocumentItem })[]);
  }
}

/**
 * Creates the rows of new references and updates those whose content changed. A new reference
 * is claimed with the id its row will have; one another batch claimed meanwhile is read back and
 * handled as an existing one.
 */
async function upsert<T extends ImportItem>(
  ctx: ChunkContext,
  type: ImportItemType,
  table: PgTable,
  keys: readonly string[],
  planned: Planned<T>[],
  out: ChunkOutcomes,
  options: {
    /** Per column, the SQL written on update instead of the sent value (see updateRows). */
    keep?: Record<string, string>;
    where?: string;
    onCreated?: (p: Planned<T>, id: number) => void;
  } = {},
): Promise<void> {
  const { tx, agencyId } = ctx;
  const stored = await storedRefs(
    tx,
    agencyId,
    type,
    planned.map((p) => p.v.item.externalRef),
    { lock: true },
  );
  const fresh = planned.filter((p) => !stored.has(p.v.item.externalRef));
  const ids = await nextIds(tx, table, fresh.length);
  const claimed = await claimRefs(
    tx,
    agencyId,
    type,
    fresh.map((p, i) => ({ externalRef: p.v.item.externalRef, entityId: ids[i]!, contentHash: p.v.hash })),
  );
  const created = fresh.flatMap((p, i) => (claimed.has(p.v.item.externalRef) ? [{ p, id: ids[i]! }] : []));
  await insertRows(
    tx,
    table,
    keys,
    created.map(({ p, id }) => ({ id, ...p.values })),
  );
  for (const { p, id } of created) {
    out.set(p.v.index, { status: 'created' });
    options.onCreated?.(p, id);
  }
  const raced = fresh.filter((p) => !claimed.has(p.v.item.externalRef));
  for (const [ref, s] of await storedRefs(
    tx,
    agencyId,
    type,
    raced.map((p) => p.v.item.externalRef),
    { lock: true },
  )) {
    stored.set(ref, s);
  }
  const changed: { p: Planned<T>; s: StoredRef }[] = [];
  for (const p of planned) {
    const s = stored.get(p.v.item.externalRef);
    if (!s || out.has(p.v.index)) continue;
    if (s.contentHash === p.v.hash) out.set(p.v.index, { status: 'unchanged' });
    else changed.push({ p, s });
  }
  await updateRows(
    tx,
    table,
    keys,
    changed.map(({ p, s }) => ({ id: s.entityId, ...p.values })),
    options,
  );
  await rehashRefs(
    tx,
    agencyId,
    type,
    changed.map(({ p }) => ({ externalRef: p.v.item.externalRef, contentHash: p.v.hash })),
  );
  for (const { p } of changed) out.set(p.v.index, { status: 'updated' });
}

const refused = (out: ChunkOutcomes, index: number, errors: Record<string, string[]>) =>
  out.set(index, { status: 'error', errors });

/** The agency's customers by (lower-case) email: another agency's customer is unknown here. */
async function agencyClientsByEmail(ctx: ChunkContext, emails: Iterable<string>): Promise<Map<string, number>> {
  const rows = await rowsOf<{ id: number; email: string }>(
    ctx.tx,
    sql`select c.id, c.email from ${listOf(emails)} cross join lateral (
          select c.id, lower(c.email_address) as email from clients c
          join client_agencies ca on ca.client_id = c.id and ca.agency_id = ${ctx.agencyId}
          where lower(c.email_address) = l.v) c`,
  );
  return new Map(rows.map((r) => [r.email, Number(r.id)]));
}

async function writeContracts(ctx: ChunkContext, chunk: (ValidItem & { item: ImportContractItem })[]) {
  const out: ChunkOutcomes = new Map();
  const clientIds = await agencyClientsByEmail(
    ctx,
    chunk.map((v) => v.item.clientEmail),
  );
  const planned: Planned<ImportContractItem>[] = [];
  for (const v of chunk) {
    const { item } = v;
    const clientId = clientIds.get(item.clientEmail);
    if (clientId === undefined) {
      refused(out, v.index, { clientEmail: [IMPORT_MESSAGES.unknownClient] });
      continue;
    }
    planned.push({
      v,
      values: {
        agencyId: ctx.agencyId,
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
      },
    });
  }
  const keys = Object.keys(planned[0]?.values ?? {});
  await upsert(ctx, 'contract', agencyContracts, keys, planned, out, { where: `t.agency_id = ${ctx.agencyId}` });
  return out;
}

/** The agency's contracts behind the chunk's `contractRef`s. */
const contractsOf = (ctx: ChunkContext, chunk: ValidItem[]) =>
  idsOfRefs(
    ctx.tx,
    ctx.agencyId,
    'contract',
    chunk.map((v) => (v.item as { contractRef: string }).contractRef),
  );

/**
 * The items of a chunk that point at a contract by `contractRef`: one whose contract is not the
 * agency's is refused, the others planned with their row's values.
 */
async function planOnContracts<T extends ImportItem & { contractRef: string }>(
  ctx: ChunkContext,
  chunk: (ValidItem & { item: T })[],
  out: ChunkOutcomes,
  values: (item: T, agencyContractId: number) => Record<string, unknown>,
): Promise<Planned<T>[]> {
  const contracts = await contractsOf(ctx, chunk);
  return chunk.flatMap((v) => {
    const agencyContractId = contracts.get(v.item.contractRef);
    if (agencyContractId === undefined) {
      refused(out, v.index, { contractRef: [IMPORT_MESSAGES.unknownContract] });
      return [];
    }
    return [{ v, values: values(v.item, agencyContractId) }];
  });
}

/**
 * Quotes. Once the customer decided in the extranet (accepted, refused or signed), the status
 * stays theirs: the agency's `isAccepted` is then left as it was; the other fields update.
 */
async function writeQuotations(ctx: ChunkContext, chunk: (ValidItem & { item: ImportQuotationItem })[]) {
  const out: ChunkOutcomes = new Map();
  const planned = await planOnContracts(ctx, chunk, out, (item, agencyContractId) => ({
    agencyContractId,
    number: item.number ?? item.externalRef,
    amountIncludingTax: item.amountIncludingTax,
    issueDate: item.issueDate,
    isAccepted: item.isAccepted,
  }));
  await upsert(
    ctx,
    'quotation',
    agencyContractQuotations,
    ['agencyContractId', 'number', 'amountIncludingTax', 'issueDate', 'isAccepted'],
    planned,
    out,
    {
      keep: {
        isAccepted:
          'case when t.is_accepted_locally or t.is_refused_locally or t.envelope_file_id is not null then t.is_accepted else x.is_accepted end',
      },
      onCreated: ({ v, values }) => {
        if (v.item.isAccepted !== false) return;
        ctx.effects.newDocuments.push({
          kind: 'quotation',
          agencyContractId: values.agencyContractId as number,
          number: values.number as string,
          amount: v.item.amountIncludingTax,
        });
      },
    },
  );
  return out;
}

/**
 * Invoices. Paid in the extranet (`isPaidLocally`) stays paid, with the customer's payment mean
 * and date; what is left to pay is the agency's accounting and updates.
 */
async function writeInvoices(ctx: ChunkContext, chunk: (ValidItem & { item: ImportInvoiceItem })[]) {
  const out: ChunkOutcomes = new Map();
  const planned = await planOnContracts(ctx, chunk, out, (item, agencyContractId) => ({
    agencyContractId,
    number: item.number ?? item.externalRef,
    amountIncludingTax: item.amountIncludingTax,
    leftToPayIncludingTax: item.leftToPayIncludingTax,
    issueDate: item.issueDate,
    paymentMean: item.paymentMean,
    paymentDate: item.paymentDate,
  }));
  await upsert(
    ctx,
    'invoice',
    agencyContractInvoices,
    ['agencyContractId', 'number', 'amountIncludingTax', 'leftToPayIncludingTax', 'issueDate', 'paymentMean', 'paymentDate'],
    planned,
    out,
    {
      keep: {
        paymentMean: 'case when t.is_paid_locally then t.payment_mean else x.payment_mean end',
        paymentDate: 'case when t.is_paid_locally then t.payment_date else x.payment_date end',
      },
      onCreated: ({ v, values }) => {
        if (v.item.leftToPayIncludingTax <= 0) return;
        ctx.effects.newDocuments.push({
          kind: 'invoice',
          agencyContractId: values.agencyContractId as number,
          number: values.number as string,
          amount: v.item.leftToPayIncludingTax,
        });
      },
    },
  );
  return out;
}

/** The contract of each quote or invoice among `ids`. */
async function contractOfRows(
  ctx: ChunkContext,
  table: 'agency_contract_quotations' | 'agency_contract_invoices',
  ids: number[],
) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await rowsOf<{ id: number; agency_contract_id: number }>(
    ctx.tx,
    sql`select t.id, t.agency_contract_id from ${listOf(ids, 'int')} join ${sql.raw(table)} t on t.id = l.v`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.agency_contract_id)]));
}

async function writeServiceCalls(ctx: ChunkContext, chunk: (ValidItem & { item: ImportServiceCallItem })[]) {
  const out: ChunkOutcomes = new Map();
  const contracts = await contractsOf(ctx, chunk);
  const quotations = await idsOfRefs(
    ctx.tx,
    ctx.agencyId,
    'quotation',
    chunk.flatMap((v) => (v.item.quotationRef ? [v.item.quotationRef] : [])),
  );
  const invoices = await idsOfRefs(
    ctx.tx,
    ctx.agencyId,
    'invoice',
    chunk.flatMap((v) => (v.item.invoiceRef ? [v.item.invoiceRef] : [])),
  );
  const contractOfQuotation = await contractOfRows(ctx, 'agency_contract_quotations', [...quotations.values()]);
  const contractOfInvoice = await contractOfRows(ctx, 'agency_contract_invoices', [...invoices.values()]);
  const planned: Planned<ImportServiceCallItem>[] = [];
  for (const v of chunk) {
    const { item } = v;
    const errors: Record<string, string[]> = {};
    const agencyContractId = contracts.get(item.contractRef);
    if (agencyContractId === undefined) errors.contractRef = [IMPORT_MESSAGES.unknownContract];
    const quotationId = item.quotationRef ? quotations.get(item.quotationRef) : null;
    if (quotationId === undefined) errors.quotationRef = [IMPORT_MESSAGES.unknownQuotation];
    const invoiceId = item.invoiceRef ? invoices.get(item.invoiceRef) : null;
    if (invoiceId === undefined) errors.invoiceRef = [IMPORT_MESSAGES.unknownInvoice];
    // A service call shows its quote and invoice to the contract's customer: they must be that contract's.
    if (agencyContractId !== undefined && quotationId && contractOfQuotation.get(quotationId) !== agencyContractId) {
      errors.quotationRef = [IMPORT_MESSAGES.otherContract];
    }
    if (agencyContractId !== undefined && invoiceId && contractOfInvoice.get(invoiceId) !== agencyContractId) {
      errors.invoiceRef = [IMPORT_MESSAGES.otherContract];
    }
    if (Object.keys(errors).length > 0) {
      refused(out, v.index, errors);
      continue;
    }
    planned.push({
      v,
      values: {
        agencyContractId,
        requestDate: item.requestDate,
        isFinished: item.isFinished,
        appointmentDate: item.appointmentDate,
        appointmentTime: item.appointmentTime,
        quotationId,
        invoiceId,
      },
    });
  }
  const keys = Object.keys(planned[0]?.values ?? {});
  await upsert(ctx, 'serviceCall', agencyContractServiceCalls, keys, planned, out);
  return out;
}

async function writeDocuments(ctx: ChunkContext, chunk: (ValidItem & { item: ImportDocumentItem })[]) {
  const out: ChunkOutcomes = new Map();
  const planned = await planOnContracts(ctx, chunk, out, (item, agencyContractId) => ({
    agencyContractId,
    description: item.description,
    date: item.date,
  }));
  await upsert(ctx, 'document', agencyContractDocuments, ['agencyContractId', 'description', 'date'], planned, out);
  return out;
}
