import type {
  AgencyContract,
  AgencyContractDocument,
  AgencyContractServiceCall,
  ToDoItem,
} from '@reseau/contracts/schemas/extranet';
import type { AgencyContractInvoice } from '@reseau/contracts/schemas/invoices';
import type { AgencyContractQuotation } from '@reseau/contracts/schemas/quotations';
import { vi } from 'vitest';
import { setCurrentAgency } from '../lib/session';
import { agency, agencyDetail, type Handler, json, signInAs } from './utils';

/** The demo customer's agency in the extranet tests. */
export const LILLE = agency(1, "Thermi'Nord Lille", 'Lille', '59000');

export function contract(overrides: Partial<AgencyContract> = {}): AgencyContract {
  return {
    id: 1,
    route: '14 rue Jean sans Peur',
    postalCode: '59000',
    locality: 'Lille',
    equipmentType: 'Chaudière gaz à condensation',
    equipmentModel: 'De Dietrich Naneo',
    reference: 'TNL-2019-0412',
    renewalDate: '2027-02-05',
    lastMaintenanceDate: '2026-06-15',
    emailAddress: 'sophie.lefevre@demo.fr',
    mobilePhoneNumber: '06 31 47 82 15',
    landlinePhoneNumber: '03 20 57 64 09',
    agencyId: 1,
    ...overrides,
  };
}

export function quotation(overrides: Partial<AgencyContractQuotation> = {}): AgencyContractQuotation {
  return {
    id: 1,
    number: 'DE-2026-0142',
    amountIncludingTax: 64240,
    issueDate: '2026-11-16',
    hasFile: true,
    fileId: 11,
    isAccepted: false,
    isAcceptedLocally: false,
    isRefusedLocally: false,
    envelopeFileId: null,
    agencyContractId: 1,
    ...overrides,
  };
}

export function invoice(overrides: Partial<AgencyContractInvoice> = {}): AgencyContractInvoice {
  return {
    id: 1,
    number: 'FA-2026-0318',
    issueDate: '2026-10-29',
    amountIncludingTax: 18900,
    leftToPayIncludingTax: 18900,
    isPaidLocally: false,
    paymentMean: null,
    paymentDate: null,
    hasFile: true,
    fileId: 21,
    agencyContractId: 1,
    ...overrides,
  };
}

export function serviceCall(overrides: Partial<AgencyContractServiceCall> = {}): AgencyContractServiceCall {
  return {
    id: 1,
    requestDate: '2026-11-19',
    isFinished: false,
    appointmentDate: null,
    appointmentTime: null,
    quotationId: null,
    invoiceId: null,
    voucherId: null,
    agencyContractId: 1,
    equipmentType: 'Chaudière gaz à condensation',
    equipmentModel: 'De Dietrich Naneo',
    route: '14 rue Jean sans Peur',
    postalCode: '59000',
    locality: 'Lille',
    ...overrides,
  };
}

export function toDoItem(overrides: Partial<ToDoItem> = {}): ToDoItem {
  return {
    type: 'quotation',
    id: 1,
    number: 'DE-2026-0142',
    amountIncludingTax: 64240,
    fileId: 11,
    agencyContractId: 1,
    ...overrides,
  };
}

export function document(overrides: Partial<AgencyContractDocument> = {}): AgencyContractDocument {
  return { id: 1, description: "Attestation d'entretien annuel", date: '2026-06-15', hasFile: true, fileId: 31, ...overrides };
}

export const SUBJECTS = [
  { id: 1, name: 'Panne' },
  { id: 2, name: "Rendez-vous d'entretien" },
  { id: 3, name: 'Déménagement ou autre demande' },
];

/** A signed-in customer whose current agency is Thermi'Nord Lille. */
export function signInCustomer() {
  signInAs('extranet', { given_name: 'Sophie', family_name: 'Lefèvre', email_address: 'client@demo.fr' });
  setCurrentAgency({ id: LILLE.id, name: LILLE.name, city: LILLE.city, postalCode: LILLE.postalCode });
}

/** What every extranet screen calls (shell, dashboard, contact dialog), with empty lists; override per test. */
export function extranetHandlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/agencies': () => json(200, { agencies: [LILLE] }),
    'GET /api/agencies/1': () => json(200, agencyDetail(1, "Thermi'Nord Lille", 'Lille', '59000')),
    'GET /api/agency-contracts/mine': () => json(200, { agencyContracts: [contract()] }),
    'GET /api/my-to-do-list': () => json(200, { toDoList: [] }),
    'GET /api/agency-contract-service-calls/mine': () => json(200, { agencyContractServiceCalls: [] }),
    'GET /api/extranet-agency-contact-subjects': () => json(200, { extranetAgencyContactSubjects: SUBJECTS }),
    'GET /api/me/passkeys': () => json(200, []),
    ...overrides,
  };
}

/** Replaces window.location.assign (leaving the app for a provider's page) with a spy. */
export function mockLocationAssign() {
  // jsdom's location.assign cannot be redefined: the whole location is swapped for a copy.
  const assign = vi.fn();
  const copy = { ...window.location, assign } as Location;
  vi.spyOn(window, 'location', 'get').mockReturnValue(copy);
  return assign;
}

/** A blob download: the file's bytes and its sanitized name in x-file-name. */
export function fileAnswer(name: string) {
  return () =>
    new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
      status: 200,
      headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(name) },
    });
}

/** jsdom has no object URLs: the download helper's calls are recorded instead. */
export function mockObjectUrls() {
  const created = vi.fn((_blob: Blob) => 'blob:test');
  URL.createObjectURL = created;
  URL.revokeObjectURL = vi.fn();
  const clicks: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.download);
  });
  return { created, clicks };
}
