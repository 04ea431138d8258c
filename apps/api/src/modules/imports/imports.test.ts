import {
  AGENCY_API_KEY_HEADER,
  IMPORT_MAX_ITEMS,
  IMPORT_MESSAGES,
  type ImportAnswer,
  type ImportList,
  type ImportReport,
  MESSAGES,
} from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencyWithKey as agencyWithKeyOf } from '../../../test/agency-keys.js';
import { buildTestApp } from '../../../test/helper.js';
import type { AppDeps } from '../../app-deps.js';
import {
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  auditLog,
  backgroundJobs,
  clientAgencies,
  clients,
  files,
  importRefs,
  imports,
} from '../../db/schema/index.js';
import { createJobQueue } from '../../jobs/background-jobs.js';
import {
  IMPORT_INVITATION_SUBJECT,
  IMPORT_MAIL_SUBJECTS,
  IMPORT_MAILS_HOLD_MS,
  IMPORT_MAILS_JOB,
  type ImportEffects,
  importMailsEffects,
  importMailsJob,
} from './mails.js';
import { IMPORT_CHUNK_SIZE, runImport } from './service.js';

const t = await buildTestApp();

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

const agencyWithKey = () => agencyWithKeyOf(t);

const send = (apiKey: string, items: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/imports', headers: { [AGENCY_API_KEY_HEADER]: apiKey }, payload: { items } });

async function sendOk(apiKey: string, items: unknown[]) {
  const res = await send(apiKey, items);
  expect(res.statusCode).toBe(200);
  return res.json() as ImportAnswer;
}

const statuses = (answer: ImportAnswer) => answer.results.map((r) => r.status);

/** One customer with one contract, a quote, an invoice, a service call and a document, by reference. */
function family(tag = unique()) {
  const email = `import-${tag}@test.fr`;
  return {
    email,
    items: [
      {
        type: 'document',
        externalRef: `D-${tag}`,
        contractRef: `C-${tag}`,
        description: 'Attestation d’entretien',
        date: '2026-03-02',
      },
      {
        type: 'serviceCall',
        externalRef: `S-${tag}`,
        contractRef: `C-${tag}`,
        requestDate: '2026-02-10',
        appointmentDate: '2026-02-12',
        appointmentTime: '09:30',
        quotationRef: `Q-${tag}`,
        invoiceRef: `I-${tag}`,
      },
      {
        type: 'invoice',
        externalRef: `I-${tag}`,
        contractRef: `C-${tag}`,
        amountIncludingTax: 18_000,
        leftToPayIncludingTax: 18_000,
        issueDate: '2026-02-15',
      },
      {
        type: 'quotation',
        externalRef: `Q-${tag}`,
        contractRef: `C-${tag}`,
        number: `DEV-${tag}`,
        amountIncludingTax: 245_000,
        issueDate: '2026-01-20',
        isAccepted: false,
      },
      {
        type: 'contract',
        externalRef: `C-${tag}`,
        clientEmail: email.toUpperCase(),
        route: '12 rue des Lilas',
        postalCode: '69003',
        locality: 'Lyon',
        equipmentType: 'Chaudière gaz',
        renewalDate: '2027-01-01',
        mobilePhoneNumber: '0612345678',
      },
      { type: 'client', externalRef: `K-${tag}`, email, firstName: 'Lucie', lastName: 'Bernard' },
    ],
  };
}

async function refId(agencyId: number, type: string, externalRef: string) {
  const [row] = await t.db
    .select({ entityId: importRefs.entityId })
    .from(importRefs)
    .where(and(eq(importRefs.agencyId, agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, externalRef)));
  return row?.entityId ?? null;
}

describe('POST /api/imports', () => {
  it('writes every item type of a batch, in the order of their references, for the key’s agency', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const { email, items } = family(tag);
    const answer = await sendOk(apiKey, items);
    expect(answer.results).toEqual(
      items.map((item, index) => ({ index, externalRef: item.externalRef, status: 'created', errors: null })),
    );

    // The customer is a "known customer": no password yet, linked to the agency.
    const [client] = await t.db.select().from(clients).where(sql`lower(${clients.emailAddress}) = ${email}`);
    expect(client).toMatchObject({ firstName: 'Lucie', lastName: 'Bernard', passwordHash: null, emailVerifiedAt: null });
    expect(await t.db.select().from(clientAgencies).where(eq(clientAgencies.clientId, client!.id))).toEqual([
      { clientId: client!.id, agencyId },
    ]);
    const [contract] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.clientId, client!.id));
    expect(contract).toMatchObject({
      agencyId,
      reference: `C-${tag}`,
      postalCode: '69003',
      equipmentModel: null,
      renewalDate: '2027-01-01',
      mobilePhoneNumber: '06 12 34 56 78',
    });
    const [quotation] = await t.db
      .select()
      .from(agencyContractQuotations)
      .where(eq(agencyContractQuotations.agencyContractId, contract!.id));
    expect(quotation).toMatchObject({ number: `DEV-${tag}`, amountIncludingTax: 245_000, isAccepted: false });
    const [invoice] = await t.db
      .select()
      .from(agencyContractInvoices)
      .where(eq(agencyContractInvoices.agencyContractId, contract!.id));
    expect(invoice).toMatchObject({ number: `I-${tag}`, leftToPayIncludingTax: 18_000, isPaidLocally: false });
    const [call] = await t.db
      .select()
      .from(agencyContractServiceCalls)
      .where(eq(agencyContractServiceCalls.agencyContractId, contract!.id));
    expect(call).toMatchObject({
      quotationId: quotation!.id,
      invoiceId: invoice!.id,
      appointmentTime: '09:30',
      isFinished: false,
    });
    const documents = await t.db
      .select()
      .from(agencyContractDocuments)
      .where(eq(agencyContractDocuments.agencyContractId, contract!.id));
    expect(documents).toHaveLength(1);

    // The report is stored with its counts.
    const [stored] = await t.db.select().from(imports).where(eq(imports.id, answer.importId));
    expect(stored).toMatchObject({ agencyId, source: 'api', createdCount: 6, updatedCount: 0, unchangedCount: 0, errorCount: 0 });
  });

  it('answers unchanged to the same batch sent again, even written differently, and makes no new row', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const { items } = family(tag);
    await sendOk(apiKey, items);
    const contractsBefore = await t.db.select().from(agencyContracts).where(eq(agencyContracts.agencyId, agencyId));
    const again = await sendOk(
      apiKey,
      items.map((item) =>
        item.type === 'contract' ? { ...item, route: '  12 rue des Lilas ', mobilePhoneNumber: '+33 6 12 34 56 78' } : item,
      ),
    );
    expect(statuses(again)).toEqual(items.map(() => 'unchanged'));
    expect(await t.db.select().from(agencyContracts).where(eq(agencyContracts.agencyId, agencyId))).toEqual(contractsBefore);
    const [stored] = await t.db.select().from(imports).where(eq(imports.id, again.importId));
    expect(stored).toMatchObject({ createdCount: 0, unchangedCount: 6 });
  });

  it('answers updated when a field changed, and writes the change', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const { items } = family(tag);
    await sendOk(apiKey, items);
    const changed = items.map((item) => {
      if (item.type === 'contract') return { ...item, locality: 'Villeurbanne', equipmentModel: 'Vaillant ecoTEC' };
      if (item.type === 'invoice') return { ...item, leftToPayIncludingTax: 0, paymentMean: 'Chèque', paymentDate: '2026-03-01' };
      return item;
    });
    const answer = await sendOk(apiKey, changed);
    expect(statuses(answer)).toEqual(['unchanged', 'unchanged', 'updated', 'unchanged', 'updated', 'unchanged']);
    const [contract] = await t.db
      .select()
      .from(agencyContracts)
      .where(eq(agencyContracts.id, (await refId(agencyId, 'contract', `C-${tag}`))!));
    expect(contract).toMatchObject({ locality: 'Villeurbanne', equipmentModel: 'Vaillant ecoTEC', route: '12 rue des Lilas' });
    const [invoice] = await t.db
      .select()
      .from(agencyContractInvoices)
      .where(eq(agencyContractInvoices.id, (await refId(agencyId, 'invoice', `I-${tag}`))!));
    expect(invoice).toMatchObject({ leftToPayIncludingTax: 0, paymentMean: 'Chèque', paymentDate: '2026-03-01' });
  });

  it('reports bad items per field in French and writes the good ones beside them', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const answer = await sendOk(apiKey, [
      { type: 'client', externalRef: `K-${tag}`, email: `ok-${tag}@test.fr`, firstName: 'Marc', lastName: 'Petit' },
      { type: 'client', externalRef: `K2-${tag}`, email: 'pas-un-email', firstName: '', lastName: 'x'.repeat(101) },
      {
        type: 'invoice',
        externalRef: `I-${tag}`,
        contractRef: 'C',
        amountIncludingTax: 12.5,
        leftToPayIncludingTax: -1,
        issueDate: '2026-02-30',
      },
      {
        type: 'contract',
        clientEmail: `ok-${tag}@test.fr`,
        postalCode: '690',
        locality: 42,
        equipmentType: ['Chaudière'],
        mobilePhoneNumber: '0123',
      },
      { type: 'facture', externalRef: 'X' },
      'pas un objet',
      { type: 'client', externalRef: `K-${tag}`, email: `ok-${tag}@test.fr`, firstName: 'Marc', lastName: 'Petit' },
    ]);
    expect(statuses(answer)).toEqual(['created', 'error', 'error', 'error', 'error', 'error', 'error']);
    expect(answer.results[1]).toEqual({
      index: 1,
      externalRef: `K2-${tag}`,
      status: 'error',
      errors: { email: [MESSAGES.invalidEmail], firstName: [MESSAGES.required], lastName: [MESSAGES.tooLong] },
    });
    expect(answer.results[2]?.errors).toEqual({
      amountIncludingTax: [IMPORT_MESSAGES.invalidAmount],
      leftToPayIncludingTax: [IMPORT_MESSAGES.invalidAmount],
      issueDate: [IMPORT_MESSAGES.invalidDate],
    });
    expect(answer.results[3]).toMatchObject({
      externalRef: null,
      errors: {
        externalRef: [MESSAGES.required],
        route: [MESSAGES.required],
        postalCode: ['Veuillez saisir un code postal de 5 chiffres'],
        locality: [IMPORT_MESSAGES.notText],
        equipmentType: [IMPORT_MESSAGES.notText],
        mobilePhoneNumber: ['Veuillez saisir un numéro de mobile français valide (06 ou 07)'],
      },
    });
    expect(answer.results[4]?.errors).toEqual({ type: [IMPORT_MESSAGES.unknownType] });
    expect(answer.results[5]?.errors).toEqual({ _: [IMPORT_MESSAGES.notAnObject] });
    expect(answer.results[6]?.errors).toEqual({ externalRef: [IMPORT_MESSAGES.duplicateInBatch] });
    expect(await t.db.select().from(importRefs).where(eq(importRefs.agencyId, agencyId))).toHaveLength(1);
  });

  it('refuses an item pointing at a missing reference, and makes no dangling row', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const answer = await sendOk(apiKey, [
      {
        type: 'contract',
        externalRef: `C-${tag}`,
        clientEmail: `nobody-${tag}@test.fr`,
        route: '1 rue',
        postalCode: '69001',
        locality: 'Lyon',
      },
      { type: 'quotation', externalRef: `Q-${tag}`, contractRef: `C-${tag}`, amountIncludingTax: 100, issueDate: '2026-01-01' },
      { type: 'serviceCall', externalRef: `S-${tag}`, contractRef: 'inconnu', requestDate: '2026-01-01', invoiceRef: 'inconnue' },
    ]);
    expect(answer.results.map((r) => r.errors)).toEqual([
      { clientEmail: [IMPORT_MESSAGES.unknownClient] },
      { contractRef: [IMPORT_MESSAGES.unknownContract] },
      { contractRef: [IMPORT_MESSAGES.unknownContract], invoiceRef: [IMPORT_MESSAGES.unknownInvoice] },
    ]);
    expect(await t.db.select().from(agencyContracts).where(eq(agencyContracts.agencyId, agencyId))).toEqual([]);
    expect(await t.db.select().from(importRefs).where(eq(importRefs.agencyId, agencyId))).toEqual([]);
  });

  it('refuses a service call pointing at a quote or an invoice of another contract', async () => {
    const { apiKey } = await agencyWithKey();
    const first = family();
    const second = family();
    await sendOk(apiKey, [...first.items, ...second.items]);
    const stray = first.items.find((i) => i.type === 'serviceCall')!;
    const foreignQuote = second.items.find((i) => i.type === 'quotation')!.externalRef;
    const foreignInvoice = second.items.find((i) => i.type === 'invoice')!.externalRef;
    const answer = await sendOk(apiKey, [{ ...stray, quotationRef: foreignQuote, invoiceRef: foreignInvoice }]);
    expect(answer.results[0]).toMatchObject({
      status: 'error',
      errors: { quotationRef: [IMPORT_MESSAGES.otherContract], invoiceRef: [IMPORT_MESSAGES.otherContract] },
    });
  });

  it('writes only the key’s agency: another agency’s customers and references are unknown to it', async () => {
    const a = await agencyWithKey();
    const b = await agencyWithKey();
    const tag = unique();
    const ofB = family(tag);
    await sendOk(b.apiKey, ofB.items);
    const bCustomer = await t.buildClient({ agencyIds: [b.agencyId] });

    const answer = await sendOk(a.apiKey, [
      {
        type: 'contract',
        externalRef: `A-${tag}`,
        clientEmail: ofB.email,
        route: '1 rue',
        postalCode: '69001',
        locality: 'Lyon',
      },
      {
        type: 'contract',
        externalRef: `A2-${tag}`,
        clientEmail: bCustomer.emailAddress,
        route: '1 rue',
        postalCode: '69001',
        locality: 'Lyon',
      },
      { type: 'quotation', externalRef: `Q-${tag}`, contractRef: `C-${tag}`, amountIncludingTax: 1, issueDate: '2026-01-01' },
    ]);
    expect(answer.results.map((r) => r.errors)).toEqual([
      { clientEmail: [IMPORT_MESSAGES.unknownClient] },
      { clientEmail: [IMPORT_MESSAGES.unknownClient] },
      { contractRef: [IMPORT_MESSAGES.unknownContract] },
    ]);
    // The same reference in two agencies names two different rows.
    const inA = await sendOk(a.apiKey, family(tag).items);
    expect(statuses(inA).every((s) => s === 'created')).toBe(true);
    expect(await refId(a.agencyId, 'contract', `C-${tag}`)).not.toBe(await refId(b.agencyId, 'contract', `C-${tag}`));
    const [bContract] = await t.db
      .select()
      .from(agencyContracts)
      .where(eq(agencyContracts.id, (await refId(b.agencyId, 'contract', `C-${tag}`))!));
    expect(bContract?.agencyId).toBe(b.agencyId);
  });

  it('links an existing customer to the agency without touching their account, and never moves a reference to another email', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const other = await t.buildAgency();
    const customer = await t.buildClient({ agencyIds: [other.id], firstName: 'Anne', lastName: 'Roux' });
    const tag = unique();
    const item = { type: 'client', externalRef: `K-${tag}`, email: customer.emailAddress, firstName: 'A.', lastName: 'ROUX' };
    expect(statuses(await sendOk(apiKey, [item]))).toEqual(['created']);
    expect(statuses(await sendOk(apiKey, [{ ...item, firstName: 'Annie' }]))).toEqual(['updated']);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, customer.id));
    expect(row).toMatchObject({ firstName: 'Anne', lastName: 'Roux', passwordHash: customer.passwordHash });
    const links = await t.db.select().from(clientAgencies).where(eq(clientAgencies.clientId, customer.id));
    expect(links.map((l) => l.agencyId).sort()).toEqual([agencyId, other.id].sort());

    const moved = await sendOk(apiKey, [{ ...item, email: `autre-${tag}@test.fr` }]);
    expect(moved.results[0]).toMatchObject({ status: 'error', errors: { email: [IMPORT_MESSAGES.emailLocked] } });
  });

  it('corrects the names of a customer only the agency knows', async () => {
    const { apiKey } = await agencyWithKey();
    const tag = unique();
    const item = { type: 'client', externalRef: `K-${tag}`, email: `solo-${tag}@test.fr`, firstName: 'Jean', lastName: 'Dupon' };
    await sendOk(apiKey, [item]);
    expect(statuses(await sendOk(apiKey, [{ ...item, lastName: 'Dupont' }]))).toEqual(['updated']);
    const [row] = await t.db.select().from(clients).where(sql`lower(${clients.emailAddress}) = ${item.email}`);
    expect(row?.lastName).toBe('Dupont');
  });

  it('never overwrites a customer’s decision: accepted, refused or signed quotes, paid invoices', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const { items } = family(tag);
    const quotes = ['acc', 'ref', 'sig'].map((k) => ({
      type: 'quotation',
      externalRef: `Q${k}-${tag}`,
      contractRef: `C-${tag}`,
      amountIncludingTax: 1000,
      issueDate: '2026-01-20',
      isAccepted: false,
    }));
    await sendOk(apiKey, [...items, ...quotes]);
    const id = async (ref: string) => (await refId(agencyId, 'quotation', ref))!;
    const q = agencyContractQuotations;
    await t.db
      .update(q)
      .set({ isAcceptedLocally: true })
      .where(eq(q.id, await id(`Qacc-${tag}`)));
    await t.db
      .update(q)
      .set({ isRefusedLocally: true })
      .where(eq(q.id, await id(`Qref-${tag}`)));
    const [envelope] = await t.db
      .insert(files)
      .values({ typeId: 14, storageKey: `env-${tag}`, fileName: 'devis-signe.pdf', mimeType: 'application/pdf', size: 10 })
      .returning();
    await t.db
      .update(q)
      .set({ envelopeFileId: envelope!.id })
      .where(eq(q.id, await id(`Qsig-${tag}`)));
    const invoiceId = (await refId(agencyId, 'invoice', `I-${tag}`))!;
    await t.db
      .update(agencyContractInvoices)
      .set({ isPaidLocally: true, paymentMean: 'Carte bancaire en ligne', paymentDate: '2026-02-20' })
      .where(eq(agencyContractInvoices.id, invoiceId));

    const answer = await sendOk(apiKey, [
      ...quotes.map((quote) => ({ ...quote, isAccepted: true, amountIncludingTax: 1200 })),
      { ...quotes[0], externalRef: `Qnew-${tag}`, isAccepted: null },
      ...items
        .filter((i) => i.type === 'invoice')
        .map((i) => ({ ...i, leftToPayIncludingTax: 5000, paymentMean: 'Virement', paymentDate: '2026-01-01' })),
    ]);
    expect(statuses(answer)).toEqual(['updated', 'updated', 'updated', 'created', 'updated']);
    const rows = await t.db
      .select()
      .from(q)
      .where(eq(q.agencyContractId, (await refId(agencyId, 'contract', `C-${tag}`))!));
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber[`Qacc-${tag}`]).toMatchObject({ isAccepted: false, isAcceptedLocally: true, amountIncludingTax: 1200 });
    expect(byNumber[`Qref-${tag}`]).toMatchObject({ isAccepted: false, isRefusedLocally: true, amountIncludingTax: 1200 });
    expect(byNumber[`Qsig-${tag}`]).toMatchObject({ isAccepted: false, envelopeFileId: envelope!.id });
    // A quote the customer has not decided follows the agency's status.
    expect(byNumber[`DEV-${tag}`]).toMatchObject({ isAccepted: false });
    const [invoice] = await t.db.select().from(agencyContractInvoices).where(eq(agencyContractInvoices.id, invoiceId));
    expect(invoice).toMatchObject({
      isPaidLocally: true,
      paymentMean: 'Carte bancaire en ligne',
      paymentDate: '2026-02-20',
      leftToPayIncludingTax: 5000,
    });
    const undecided = await sendOk(apiKey, [{ ...items.find((i) => i.type === 'quotation'), isAccepted: true }]);
    expect(statuses(undecided)).toEqual(['updated']);
    const [agencyStatus] = await t.db
      .select()
      .from(q)
      .where(eq(q.id, (await refId(agencyId, 'quotation', `Q-${tag}`))!));
    expect(agencyStatus?.isAccepted).toBe(true);
  });

  it('makes one row per reference when the same batch is sent twice at once', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const { email, items } = family(tag);
    const answers = await Promise.all([send(apiKey, items), send(apiKey, items), send(apiKey, items)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const perItem = items.map((_, i) => answers.map((r) => (r.json() as ImportAnswer).results[i]?.status).sort());
    for (const outcome of perItem) expect(outcome).toEqual(['created', 'unchanged', 'unchanged']);
    expect(await t.db.select().from(agencyContracts).where(eq(agencyContracts.agencyId, agencyId))).toHaveLength(1);
    expect(await t.db.select().from(clients).where(sql`lower(${clients.emailAddress}) = ${email}`)).toHaveLength(1);
    expect(await t.db.select().from(importRefs).where(eq(importRefs.agencyId, agencyId))).toHaveLength(items.length);
  });

  it('takes turns when batches changing the same references run at once: each answers, the last one written wins', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const { items } = family();
    await sendOk(apiKey, items);
    // Three versions of the contract at once: each batch locks the references in one order, so
    // none waits for another in a cycle (a deadlock would answer 500). Only one type changes: each
    // type is its own transaction, so the last writer of the contracts need not be the last of
    // the quotes.
    const versions = ['Lyon 1er', 'Lyon 2e', 'Lyon 3e'].map((locality) =>
      items.map((i) => (i.type === 'contract' ? { ...i, locality } : i)),
    );
    const answers = await Promise.all(versions.map((v) => send(apiKey, v)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const contractStatuses = answers.map((r) => (r.json() as ImportAnswer).results[4]!.status);
    expect(contractStatuses).toEqual(['updated', 'updated', 'updated']);
    const [contract] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.agencyId, agencyId));
    // Whichever came last: its hash is the stored one, so sending it again changes nothing.
    const last = versions.find((v) => v[4]!.locality === contract!.locality)!;
    expect(statuses(await sendOk(apiKey, last)).every((s) => s === 'unchanged')).toBe(true);
  });

  it('writes a batch larger than one transaction, items pointing at items of an earlier chunk', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const size = IMPORT_CHUNK_SIZE + 10;
    const people = Array.from({ length: size }, (_, i) => ({
      type: 'client',
      externalRef: `K${String(i).padStart(4, '0')}`,
      email: `lot-${tag}-${i}@test.fr`,
      firstName: 'Prénom',
      lastName: `Nom ${i}`,
    }));
    // Contracts first in the list: the type order, not the list order, decides. They point at
    // customers of the first and of the second chunk.
    const contracts = [0, size - 1].map((n) => ({
      type: 'contract',
      externalRef: `C${n}`,
      clientEmail: people[n]!.email,
      route: `${n} avenue Foch`,
      postalCode: '69006',
      locality: 'Lyon',
    }));
    const answer = await sendOk(apiKey, [...contracts, ...people]);
    expect(answer.results).toHaveLength(size + 2);
    expect(answer.results.every((r, i) => r.index === i && r.status === 'created')).toBe(true);
    expect(
      await t.db.select({ id: agencyContracts.id }).from(agencyContracts).where(eq(agencyContracts.agencyId, agencyId)),
    ).toHaveLength(2);
    const again = await sendOk(apiKey, [...people, ...contracts]);
    expect(again.results.every((r) => r.status === 'unchanged')).toBe(true);
  });

  it(`refuses more than ${IMPORT_MAX_ITEMS} items, or none, in French, and writes nothing`, async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const item = { type: 'client', externalRef: 'K', email: 'x@test.fr', firstName: 'A', lastName: 'B' };
    const tooMany = await send(
      apiKey,
      Array.from({ length: IMPORT_MAX_ITEMS + 1 }, (_, i) => ({ ...item, externalRef: `K${i}` })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'validation_failed', errors: { items: [IMPORT_MESSAGES.tooManyItems] } });
    const none = await send(apiKey, []);
    expect(none.json()).toMatchObject({ code: 'validation_failed', errors: { items: [IMPORT_MESSAGES.noItems] } });
    expect(await t.db.select().from(imports).where(eq(imports.agencyId, agencyId))).toEqual([]);
  });

  it('audits each import call under its key, never the key itself', async () => {
    const { keyId, apiKey } = await agencyWithKey();
    await sendOk(apiKey, [
      { type: 'client', externalRef: 'K', email: `audit-${unique()}@test.fr`, firstName: 'A', lastName: 'B' },
    ]);
    const calls = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agency_api_key.call'), eq(auditLog.entityId, String(keyId))));
    expect(calls.map((c) => c.details)).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/imports', status: 200 }),
    ]);
    expect(JSON.stringify(calls)).not.toContain(apiKey);
  });

  it('refuses a revoked key, a missing key and a staff token with 401', async () => {
    const { director, keyId, apiKey } = await agencyWithKey();
    const item = { type: 'client', externalRef: 'K', email: `r-${unique()}@test.fr`, firstName: 'A', lastName: 'B' };
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/agency-api-keys/${keyId}`,
      headers: await t.authHeader(director),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await send(apiKey, [item])).statusCode).toBe(401);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/imports', payload: { items: [item] } });
    expect(noKey.statusCode).toBe(401);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: await t.authHeader(director),
      payload: { items: [item] },
    });
    expect(staff.statusCode).toBe(401);
    expect(await t.db.select().from(clients).where(eq(clients.emailAddress, item.email))).toEqual([]);
  });
});

describe('GET /api/imports/{id} and GET /api/imports?agencyId', () => {
  async function oneImport() {
    const owner = await agencyWithKey();
    const answer = await sendOk(owner.apiKey, [
      { type: 'client', externalRef: 'K1', email: `h-${unique()}@test.fr`, firstName: 'A', lastName: 'B' },
      { type: 'client', externalRef: 'K2', email: 'faux' },
    ]);
    return { ...owner, importId: answer.importId };
  }

  it('gives the stored report to the key of its agency and to the agency’s administrators', async () => {
    const { director, agencyId, apiKey, importId } = await oneImport();
    const byKey = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${importId}`,
      headers: { [AGENCY_API_KEY_HEADER]: apiKey },
    });
    expect(byKey.statusCode).toBe(200);
    const report = byKey.json() as ImportReport;
    expect(report).toMatchObject({
      id: importId,
      agencyId,
      source: 'api',
      itemType: null,
      sentBy: 'ERP',
      counts: { created: 1, updated: 0, unchanged: 0, error: 1 },
    });
    expect(report.results.map((r) => r.status)).toEqual(['created', 'error']);
    expect(report.results[1]?.errors).toMatchObject({ firstName: [MESSAGES.required] });
    for (const who of [director, await t.buildAdmin({ roleId: 1 }), await t.buildAdmin({ roleId: 2 })]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/imports/${importId}`, headers: await t.authHeader(who) });
      expect(res.statusCode).toBe(200);
    }
  });

  it('hides a report from another agency’s key and administrators, refuses roles without the permission', async () => {
    const { importId } = await oneImport();
    const stranger = await agencyWithKey();
    const url = `/api/imports/${importId}`;
    expect((await t.app.inject({ method: 'GET', url, headers: { [AGENCY_API_KEY_HEADER]: stranger.apiKey } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url, headers: await t.authHeader(stranger.director) })).statusCode).toBe(404);
    for (const roleId of [3, 6]) {
      const res = await t.app.inject({ method: 'GET', url, headers: await t.authHeader(await t.buildAdmin({ roleId })) });
      expect(res.statusCode).toBe(403);
    }
    const customer = await t.buildClient();
    expect((await t.app.inject({ method: 'GET', url, headers: await t.authHeader(customer) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { [AGENCY_API_KEY_HEADER]: 'rek_faux' } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/imports/99999999', headers: { [AGENCY_API_KEY_HEADER]: stranger.apiKey } }))
        .statusCode,
    ).toBe(404);
  });

  it('lists an agency’s imports newest first, without their reports, to its administrators', async () => {
    const { director, agencyId, apiKey, importId } = await oneImport();
    const second = await sendOk(apiKey, [
      { type: 'client', externalRef: 'K1', email: 'x@test.fr', firstName: 'A', lastName: 'B' },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/imports?agencyId=${agencyId}`,
      headers: await t.authHeader(director),
    });
    expect(res.statusCode).toBe(200);
    const { imports: list } = res.json() as ImportList;
    expect(list.map((i) => i.id)).toEqual([second.importId, importId]);
    expect(list[0]).not.toHaveProperty('results');
    const admin = await t.buildAdmin({ roleId: 1 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/imports?agencyId=${agencyId}`, headers: await t.authHeader(admin) }))
        .statusCode,
    ).toBe(200);
    const byKey = await t.app.inject({
      method: 'GET',
      url: `/api/imports?agencyId=${agencyId}`,
      headers: { [AGENCY_API_KEY_HEADER]: apiKey },
    });
    expect((byKey.json() as ImportList).imports).toHaveLength(2);
  });

  it('pages the history: pageCount, then each page newest first; a bad page size is refused in French', async () => {
    const { director, agencyId, apiKey, importId } = await oneImport();
    const later = [];
    for (const ref of ['P1', 'P2']) {
      later.push(
        (await sendOk(apiKey, [{ type: 'client', externalRef: ref, email: `${ref}@test.fr`, firstName: 'A', lastName: 'B' }]))
          .importId,
      );
    }
    const page = async (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/imports?agencyId=${agencyId}&${query}`, headers: await t.authHeader(director) });
    const first = (await page('pageNumber=1&pageSize=2')).json() as ImportList;
    expect(first.pageCount).toBe(2);
    expect(first.imports.map((i) => i.id)).toEqual([later[1], later[0]]);
    const second = (await page('pageNumber=2&pageSize=2')).json() as ImportList;
    expect(second.imports.map((i) => i.id)).toEqual([importId]);
    expect(((await page('pageNumber=3&pageSize=2')).json() as ImportList).imports).toEqual([]);
    const bad = await page('pageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { pageSize: expect.any(Array) } });
  });

  it('refuses another agency’s history, a role without the permission, and a missing agencyId', async () => {
    const { agencyId } = await oneImport();
    const stranger = await agencyWithKey();
    const url = `/api/imports?agencyId=${agencyId}`;
    expect((await t.app.inject({ method: 'GET', url, headers: await t.authHeader(stranger.director) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: { [AGENCY_API_KEY_HEADER]: stranger.apiKey } })).statusCode).toBe(
      404,
    );
    const technician = await t.buildAdmin({ roleId: 6, agencyIds: [agencyId] });
    expect((await t.app.inject({ method: 'GET', url, headers: await t.authHeader(technician) })).statusCode).toBe(403);
    const admin = await t.buildAdmin({ roleId: 1 });
    const missing = await t.app.inject({ method: 'GET', url: '/api/imports', headers: await t.authHeader(admin) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', errors: { agencyId: expect.any(Array) } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/imports?agencyId=99999999', headers: await t.authHeader(admin) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/imports with a CSV body', () => {
  const sendCsv = (apiKey: string, csv: string, type?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/imports${type === undefined ? '' : `?type=${type}`}`,
      headers: { [AGENCY_API_KEY_HEADER]: apiKey, 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });

  it('reads one item type per file, `;` or `,` separated, quoted cells, and answers like JSON', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const clientsCsv = `\uFEFFexternalRef,email,firstName,lastName\r\nK1-${tag},c1-${tag}@test.fr,Léa,"Martin, épouse Roy"\r\n\r\nK2-${tag},c2-${tag}@test.fr,Hugo,Blanc\r\n`;
    const clientsAnswer = await sendCsv(apiKey, clientsCsv, 'client');
    expect(clientsAnswer.statusCode).toBe(200);
    expect(statuses(clientsAnswer.json() as ImportAnswer)).toEqual(['created', 'created']);
    const [roy] = await t.db
      .select()
      .from(clients)
      .where(sql`lower(${clients.emailAddress}) = ${`c1-${tag}@test.fr`}`);
    expect(roy?.lastName).toBe('Martin, épouse Roy');

    const contractsCsv = [
      'externalRef;clientEmail;route;postalCode;locality;equipmentType;renewalDate',
      `C1-${tag};c1-${tag}@test.fr;"3 place ""Bellecour""; bât. B";69002;Lyon;Pompe à chaleur;2027-05-01`,
      `C2-${tag};c2-${tag}@test.fr;8 quai Perrache;69002;Lyon;;`,
      `C3-${tag};inconnu-${tag}@test.fr;1 rue;6900;Lyon;;`,
    ].join('\n');
    const res = await sendCsv(apiKey, contractsCsv, 'contract');
    expect(res.statusCode).toBe(200);
    const answer = res.json() as ImportAnswer;
    expect(statuses(answer)).toEqual(['created', 'created', 'error']);
    expect(answer.results[2]?.errors).toEqual({ postalCode: ['Veuillez saisir un code postal de 5 chiffres'] });
    const [contract] = await t.db
      .select()
      .from(agencyContracts)
      .where(eq(agencyContracts.id, (await refId(agencyId, 'contract', `C1-${tag}`))!));
    expect(contract).toMatchObject({
      route: '3 place "Bellecour"; bât. B',
      equipmentType: 'Pompe à chaleur',
      renewalDate: '2027-05-01',
    });
    const [stored] = await t.db.select().from(imports).where(eq(imports.id, answer.importId));
    expect(stored).toMatchObject({ source: 'csv', itemType: 'contract', createdCount: 2, errorCount: 1 });

    const quotes = await sendCsv(
      apiKey,
      `externalRef;contractRef;amountIncludingTax;issueDate;isAccepted\nQ1-${tag};C1-${tag};125000;2026-04-01;oui\nQ2-${tag};C2-${tag};12,5;2026-04-01;\n`,
      'quotation',
    );
    const quoteAnswer = quotes.json() as ImportAnswer;
    expect(statuses(quoteAnswer)).toEqual(['created', 'error']);
    expect(quoteAnswer.results[1]?.errors).toEqual({ amountIncludingTax: [IMPORT_MESSAGES.invalidAmount] });
    const [quote] = await t.db
      .select()
      .from(agencyContractQuotations)
      .where(eq(agencyContractQuotations.id, (await refId(agencyId, 'quotation', `Q1-${tag}`))!));
    expect(quote).toMatchObject({ amountIncludingTax: 125_000, isAccepted: true });
    // The same file again changes nothing.
    expect(statuses((await sendCsv(apiKey, contractsCsv, 'contract')).json() as ImportAnswer)).toEqual([
      'unchanged',
      'unchanged',
      'error',
    ]);
  });

  it('refuses a CSV without a type, of an unknown type, empty, or without a key', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const csv = 'externalRef,email,firstName,lastName\nK,k@test.fr,A,B\n';
    const untyped = await sendCsv(apiKey, csv);
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json()).toMatchObject({ code: 'validation_failed', errors: { type: [IMPORT_MESSAGES.csvTypeRequired] } });
    const unknown = await sendCsv(apiKey, csv, 'facture');
    expect(unknown.json()).toMatchObject({ errors: { type: [IMPORT_MESSAGES.unknownType] } });
    const empty = await sendCsv(apiKey, 'externalRef,email\n', 'client');
    expect(empty.json()).toMatchObject({ errors: { items: [IMPORT_MESSAGES.noItems] } });
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/imports?type=client',
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(noKey.statusCode).toBe(401);
    expect(await t.db.select().from(imports).where(eq(imports.agencyId, agencyId))).toEqual([]);
  });
});

describe('mails of an import', () => {
  const mailJobsOf = async (agencyId: number) =>
    (await t.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, IMPORT_MAILS_JOB))).filter(
      (j) => j.payload.agencyId === agencyId,
    );

  it('writes one mails’ job for the import, due once the import is answered', async () => {
    const { apiKey, agencyId } = await agencyWithKey();
    const answer = await sendOk(apiKey, family().items);
    const [job, ...more] = await mailJobsOf(agencyId);
    expect(more).toEqual([]);
    expect(await importMailsEffects(t.db, job!.id, job!.payload)).toMatchObject({
      newDocuments: expect.arrayContaining([expect.objectContaining({ kind: 'quotation' })]),
    });
    // Released by the report: not left waiting for the hold.
    expect(job!.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 60_000);
    expect(await t.db.$count(imports, eq(imports.id, answer.importId))).toBe(1);
  });

  it('keeps the mails of the chunks that committed when the import dies before its report, and runs them once the hold is over', async () => {
    const { agencyId, keyId } = await agencyWithKey();
    const { items } = family();
    // The route's own queue code, on the test's database; runImport reads no other dependency.
    const ran: ImportEffects[] = [];
    const jobs = createJobQueue(t.db, { maxAttempts: 3, log: () => {}, run: () => {} });
    jobs.handle(IMPORT_MAILS_JOB, async (payload, { jobId }) => {
      ran.push(await importMailsEffects(t.db, jobId, payload));
    });
    const mails = importMailsJob(jobs, agencyId);
    const failing = runImport(
      {
        db: t.db,
        deps: { jobs } as unknown as AppDeps,
        caller: { agencyId, keyId, adminId: null },
        ip: '127.0.0.1',
        log: t.app.log,
      },
      items,
      {
        withChunk: (tx, effects) => mails.add(tx, effects),
        withReport: async () => {
          throw new Error('crash before the commit');
        },
      },
    );
    await expect(failing).rejects.toThrow('crash before the commit');
    expect(await t.db.$count(imports, eq(imports.agencyId, agencyId))).toBe(0);

    // One job for the whole import (the quote and the invoice came in two chunks), held.
    const [held, ...more] = await mailJobsOf(agencyId);
    expect(more).toEqual([]);
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + IMPORT_MAILS_HOLD_MS / 2);
    expect(await jobs.drain()).toBe(0);

    // The hold over, the job runs with both chunks' news.
    await t.db.update(backgroundJobs).set({ nextAttemptAt: sql`now()` }).where(eq(backgroundJobs.id, held!.id));
    expect(await jobs.drain()).toBe(1);
    expect(ran).toHaveLength(1);
    const kinds = ran[0]!.newDocuments.map((d) => d.kind).sort();
    expect(kinds).toEqual(['invoice', 'quotation']);
  });

  it('writes a new mails’ job when the held one was taken before the next chunk', async () => {
    const { agencyId } = await agencyWithKey();
    const jobs = createJobQueue(t.db, { maxAttempts: 3, log: () => {}, run: () => {} });
    const mails = importMailsJob(jobs, agencyId);
    const quote = { kind: 'quotation' as const, agencyContractId: 1, number: 'Q1', amount: 100 };
    const invoice = { kind: 'invoice' as const, agencyContractId: 1, number: 'I1', amount: 50 };
    await t.db.transaction((tx) => mails.add(tx, { newDocuments: [quote], invitedClientIds: [] }));
    // A drainer took it (the hold ran out while the import was stuck).
    await t.db.update(backgroundJobs).set({ state: 'sending', attempts: 1 }).where(eq(backgroundJobs.kind, IMPORT_MAILS_JOB));
    await t.db.transaction((tx) => mails.add(tx, { newDocuments: [invoice], invitedClientIds: [7] }));
    await t.db.transaction((tx) => mails.add(tx, { newDocuments: [], invitedClientIds: [8] }));
    const jobsWritten = (await mailJobsOf(agencyId)).sort((a, b) => a.id - b.id);
    const payloads = await Promise.all(jobsWritten.map((j) => importMailsEffects(t.db, j.id, j.payload)));
    expect(payloads).toEqual([
      { newDocuments: [quote], invitedClientIds: [] },
      { newDocuments: [invoice], invitedClientIds: [7, 8] },
    ]);
  });

  it('sends each customer one mail for the quotes awaiting them and invoices to pay, once', async () => {
    const { apiKey } = await agencyWithKey();
    const first = family();
    const second = family();
    const quietTag = unique();
    const quiet = family(quietTag);
    // The third customer's quote is already accepted and their invoice is paid: nothing to tell them.
    const quietItems = quiet.items.map((i) =>
      i.type === 'quotation' ? { ...i, isAccepted: true } : i.type === 'invoice' ? { ...i, leftToPayIncludingTax: 0 } : i,
    );
    await sendOk(apiKey, [...first.items, ...second.items, ...quietItems]);
    await t.settled();
    const [mail, ...more] = await t.mailsTo(first.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(IMPORT_MAIL_SUBJECTS.quotation);
    expect(mail?.text).toContain(`Devis n° DEV-`);
    expect(mail?.text).toMatch(/Facture n° I-.+ : 180,00\s€ à régler/);
    expect(mail?.text).toMatch(/\/extranet\/contract\/\d+\?tab=quote/);
    expect(await t.mailsTo(second.email)).toHaveLength(1);
    expect(await t.mailsTo(quiet.email)).toEqual([]);

    // The same batch again makes nothing new, so no mail; a new invoice alone says so.
    await sendOk(apiKey, first.items);
    const contractRef = first.items.find((i) => i.type === 'contract')!.externalRef;
    await sendOk(apiKey, [
      {
        type: 'invoice',
        externalRef: `I2-${unique()}`,
        contractRef,
        amountIncludingTax: 5000,
        leftToPayIncludingTax: 5000,
        issueDate: '2026-03-01',
      },
    ]);
    await t.settled();
    const mails = await t.mailsTo(first.email);
    expect(mails.map((m) => m.subject)).toEqual([IMPORT_MAIL_SUBJECTS.invoice, IMPORT_MAIL_SUBJECTS.quotation]);
  });

  it('invites a customer without a password once, with a link that locks their email, and never one who has an account', async () => {
    const { apiKey } = await agencyWithKey();
    const tag = unique();
    const newcomer = {
      type: 'client',
      externalRef: `K-${tag}`,
      email: `invite-${tag}@test.fr`,
      firstName: 'Inès',
      lastName: 'Faure',
      invite: true,
    };
    const member = await t.buildClient({ agencyIds: [] });
    const known = {
      type: 'client',
      externalRef: `M-${tag}`,
      email: member.emailAddress,
      firstName: 'A',
      lastName: 'B',
      invite: true,
    };
    const answers = await Promise.all([send(apiKey, [newcomer, known]), send(apiKey, [newcomer, known])]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    await t.settled();
    const [mail, ...more] = await t.mailsTo(newcomer.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(IMPORT_INVITATION_SUBJECT);
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe('/extranet/login');
    expect(link.searchParams.get('id')).toBe(newcomer.email);
    expect(await t.mailsTo(member.emailAddress)).toEqual([]);

    // Asking again neither mails again nor counts as a change.
    expect(statuses(await sendOk(apiKey, [newcomer]))).toEqual(['unchanged']);
    await t.settled();
    expect(await t.mailsTo(newcomer.email)).toHaveLength(1);
  });
});
