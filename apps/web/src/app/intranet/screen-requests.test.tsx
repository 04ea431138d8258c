import { ROLES } from '@reseau/contracts/constants/permissions';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { untakenEarly } from '../../api/http';
import { monthOptions } from '../../features/intranet/monthly-result/months';
import { defaultPeriod } from '../../features/intranet/signature/period';
import { setCurrentAgency, setPermissions } from '../../lib/session';
import { agency, agencyDetail, type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../test/utils';

// Each intranet screen's route starts its first GETs (./screen-requests.ts): the screen must take
// every answer rather than ask again, or the request is made twice (and an answer left untaken
// means a path that is not the screen's own to the byte).

const AGENCY = agency(11, 'Thermo Services Lille', 'Lille', '59000');
const DETAIL = {
  ...agencyDetail(11, 'Thermo Services Lille', 'Lille', '59000'),
  settings: {
    googleMyBusinessId: null,
    googleMyBusinessUrl: null,
    externalLink: null,
    illustrationFileId: null,
    hasPayPlugSecretKey: false,
    isFreeInvoicePaymentEnabled: false,
    jobType: 'CustomerServiceAndInstall',
    salesFigures: null,
    activities: [],
    employeeAmount: null,
    enteredNetworkAt: null,
  },
};

const ANSWERS: Record<string, Handler> = {
  'GET /api/network-actualities': () => json(200, { networkActualities: [], pageCount: 0 }),
  'GET /api/network-actuality-categories': () => json(200, { categories: [] }),
  'GET /api/document-bases': () => json(200, { documentBases: [] }),
  'GET /api/forums': () => json(200, { forums: [{ id: 1, title: 'Forum général' }] }),
  'GET /api/forum-threads/3': () => json(404, { code: 'not_found', message: 'Le sujet demandé est introuvable.' }),
  'GET /api/forum-themes': () => json(200, { forumThemes: [] }),
  'GET /api/spare-part-announcements': () => json(200, { sparePartAnnouncements: [], pageCount: 0 }),
  'GET /api/spare-part-energy-types': () => json(200, { sparePartEnergyTypes: [] }),
  'GET /api/network-applications': () => json(200, { networkApplications: [] }),
  'GET /api/regions': () => json(200, { regions: [] }),
  'GET /api/agency-adherent-admins': () => json(200, { agencyAdherentAdmins: [] }),
  'GET /api/monthly-result-equipments': () => json(200, { monthlyResultEquipments: [] }),
  'GET /api/monthly-result-brands': () => json(200, { monthlyResultBrands: [] }),
  'GET /api/monthly-results': () => json(200, { monthlyResults: [] }),
  'GET /api/signature-documents': () => json(200, { signatureDocuments: [], totalCount: 0 }),
  'GET /api/agency-contract-quotations': () => json(200, { agencyContractQuotations: [], totalCount: 0 }),
  'GET /api/signature-counts-by-agency': () => json(200, { signatureCounts: [] }),
  'GET /api/agencies/11': () => json(200, DETAIL),
  'GET /api/agencies/11/api-keys': () => json(200, { agencyApiKeys: [] }),
  'GET /api/agency-page-contents': () => json(200, { agencyPageContents: [] }),
  'GET /api/file-types': () => json(200, { fileTypes: [] }),
  'GET /api/all-agency-adherents': () => json(200, { adherents: [] }),
  'GET /api/equipment-types': () => json(200, { equipmentTypes: [] }),
  'GET /api/agencies': () => json(200, { agencies: [AGENCY] }),
  'GET /api/contacts': () => json(200, { contacts: [], pageCount: 0 }),
  'GET /api/job-offers': () => json(200, { jobOffers: [] }),
  'GET /api/job-offer-types': () => json(200, { jobOfferTypes: [] }),
  'GET /api/adherents': () => json(200, { adherents: [], pageCount: 0 }),
  'GET /api/network-admins': () => json(200, { networkAdmins: [], pageCount: 0 }),
  'GET /api/audit-log': () => json(200, { auditLogEntries: [], pageCount: 0 }),
  'GET /api/audit-log/people': () => json(200, { people: [] }),
  'GET /api/legal-pages/mentions-legales': () =>
    json(200, { slug: 'mentions-legales', title: 'Mentions légales', content: '<p>Texte</p>', updatedAt: null, isDefault: true }),
};

const getsOf = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.method === 'GET').map((c) => `${c.url.pathname}${c.url.search}`);

const CONTACTS = (group: string, agency: string) =>
  `/api/contacts?${agency}isProcessed=false&contactTypes=${group}&pageNumber=1&pageSize=12`;
const EXTERNAL =
  'SITE_CONTACT%2CSOLUTIONS_CONTACT%2CEXTRANET_AGENCY_CONTACT%2CCLIENT_EMAIL_CHANGE_CONTACT%2CCLIENT_PHONES_CHANGE_CONTACT%2CCLIENT_ACCOUNT_ERASED_CONTACT';

const QUOTATION = 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT%2CAGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT';
const INVOICE = 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT%2CFREE_INVOICE_PAYMENT_CONTACT';

// The month the screen opens on (the previous one), for the current agency.
const [previous] = monthOptions();
const PREVIOUS_MONTH = `agencyId=11&year=${previous?.year}&month=${previous?.month}`;

// The signature desk's default period: the last three months, this one included.
const period = defaultPeriod();
const PERIOD = `startDateIncluded=${period.startDateIncluded}&endDateExcluded=${period.endDateExcluded}`;
const SIGNATURE_PERIOD = `startSignatureDateIncluded=${period.startDateIncluded}&endSignatureDateExcluded=${period.endDateExcluded}`;

const SCREENS: Array<[path: string, started: string[]]> = [
  ['/intranet/demands', [CONTACTS(EXTERNAL, 'agencyId=11&')]],
  ['/intranet/quotations', [CONTACTS(QUOTATION, 'agencyId=11&')]],
  ['/intranet/invoices', [CONTACTS(INVOICE, 'agencyId=11&')]],
  ['/intranet/all-demands', [CONTACTS(EXTERNAL, ''), '/api/all-agency-adherents']],
  ['/intranet/all-quotations', [CONTACTS(QUOTATION, ''), '/api/all-agency-adherents']],
  ['/intranet/all-invoices', [CONTACTS(INVOICE, ''), '/api/all-agency-adherents']],
  ['/intranet/network-news', ['/api/network-actualities?pageNumber=1&pageSize=10', '/api/network-actuality-categories']],
  ['/intranet/doc-base', ['/api/document-bases']],
  ['/intranet/forum', ['/api/forums']],
  ['/intranet/forum/1/thread/3', ['/api/forums', '/api/forum-threads/3']],
  ['/intranet/spare-parts', ['/api/spare-part-announcements?pageNumber=1&pageSize=9', '/api/spare-part-energy-types']],
  ['/intranet/applications', ['/api/network-applications']],
  ['/intranet/adherent-book-list', ['/api/regions', '/api/agency-adherent-admins']],
  [
    '/intranet/monthly-result',
    ['/api/monthly-result-equipments', '/api/monthly-result-brands', `/api/monthly-results?${PREVIOUS_MONTH}`],
  ],
  ['/intranet/adherent-book-map', ['/api/regions', '/api/adherents?isForMap=true']],
  [
    '/intranet/signature',
    [
      `/api/signature-documents?agencyId=11&${PERIOD}&limit=30&offset=0`,
      `/api/agency-contract-quotations?agencyId=11&hasSignatureInitiated=true&${SIGNATURE_PERIOD}&limit=30&offset=0`,
      `/api/signature-counts-by-agency?agencyId=11&${PERIOD}`,
      '/api/file-types',
    ],
  ],
  ['/intranet/agency-page', ['/api/agencies/11', '/api/agency-page-contents?agencyId=11', '/api/file-types']],
  ['/intranet/my-agency', ['/api/agencies/11', '/api/agencies/11/api-keys']],
  ['/intranet/adherent-users', ['/api/all-agency-adherents']],
  ['/intranet/prestations', ['/api/equipment-types']],
  ['/intranet/job-offers', ['/api/job-offers?isNetwork=true', '/api/job-offer-types']],
  ['/intranet/adherents', ['/api/regions', '/api/adherents?pageNumber=1&pageSize=100']],
  ['/intranet/users', ['/api/network-admins?pageNumber=1&pageSize=100']],
  ['/intranet/network-agency-page-contents', ['/api/agency-page-contents']],
  ['/intranet/audit-log', ['/api/audit-log?pageNumber=1&pageSize=50']],
  ['/intranet/legal-pages', ['/api/legal-pages/mentions-legales']],
];

/** The answers, each noting whether a screen was on the page when its request went out. */
function watched(sent: Map<string, boolean>): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(ANSWERS).map(([key, answer]) => [
      key,
      (request: Parameters<Handler>[0]) => {
        sent.set(`${request.url.pathname}${request.url.search}`, document.querySelector('main h1') !== null);
        return answer(request);
      },
    ]),
  );
}

describe("the intranet screens' first requests", () => {
  it.each(SCREENS)('%s starts its first GETs with its route, and takes each answer once', async (path, started) => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    // As a reload finds them: the permissions and the agency of the last visit.
    setPermissions([...(ROLES.find((r) => r.id === 1)?.permissions ?? [])]);
    setCurrentAgency({ ...AGENCY, logoFilePath: null });
    const sent = new Map<string, boolean>();
    const api = mockApi(intranetHandlers(watched(sent)));
    renderRoute(path);
    await waitFor(() => expect([...sent.keys()]).toEqual(expect.arrayContaining(started)));
    // Sent by the route while no screen was on the page, not by the screen once rendered.
    for (const url of started) expect({ url, screenOnPage: sent.get(url) }).toEqual({ url, screenOnPage: false });
    await waitFor(() => expect(untakenEarly()).toEqual([]), { timeout: 10_000 });
    const gets = getsOf(api);
    for (const url of started) expect(gets.filter((g) => g === url)).toHaveLength(1);
  });

  it('a screen the stored permissions do not open starts nothing of its own', async () => {
    signInAs('intranet', { roleId: 8, given_name: 'Tom' });
    setPermissions([]);
    const api = mockApi(intranetHandlers(ANSWERS));
    renderRoute('/intranet/adherent-users');
    await waitFor(() => expect(getsOf(api)).toContain('/api/roles'));
    expect(getsOf(api)).not.toContain('/api/all-agency-adherents');
  });
});
