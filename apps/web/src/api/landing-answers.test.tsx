import { ADHERENTS_PAGE_SIZE } from '@reseau/contracts/constants/adherents';
import { CONTACT_TYPE_GROUPS, CONTACTS_PAGE_SIZE } from '@reseau/contracts/constants/contacts';
import { MAX_PAGE_SIZE } from '@reseau/contracts/constants/pagination';
import { SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE } from '@reseau/contracts/constants/spare-parts';
import { QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, signInAs } from '../test/utils';
import { useAgencyAdherents } from './adherent-users';
import { useAdherentPage, useMapAdherents, useRegions } from './adherents';
import { useAgency } from './agencies';
import { useAgencyApiKeys } from './agency-api-keys';
import { useAgencyPageContents } from './agency-page-contents';
import { useAuditLogPage } from './audit-log';
import { useContactPage } from './contacts';
import { useAgencyAdherentAdmins } from './directory';
import { useDocumentBases } from './document-bases';
import { useFileTypes } from './file-types';
import { useForums, useForumThread } from './forums';
import { earlyAnswersRead, startEarly } from './http';
import { useJobOffers, useJobOfferTypes } from './job-offers';
import { useLegalPage } from './legal-pages';
import { useMonthlyResult, useMonthlyResultBrands, useMonthlyResultEquipments, useNetworkFigures } from './monthly-results';
import { useNetworkActualityCategories } from './network-actualities';
import { useNetworkAdminPage } from './network-admins';
import { useNetworkApplications } from './network-applications';
import { useEquipmentTypes } from './prestations';
import { createQueryClient } from './query-client';
import { useSignatureCounts, useSignatureDocumentPage } from './signature';
import { useSparePartAnnouncementPage, useSparePartEnergyTypes } from './spare-parts';

/*
 * Every GET a landing screen's route starts early (app/early-paths.ts) is taken by the screen's
 * query as its first data when the answer is in: the screen renders its content at once, instead of
 * its skeleton then the whole screen a second time (about 0.3 s on the phone profile). Each row:
 * the early path, the answer's list key, and the screen's query.
 */
const contacts = new URLSearchParams({
  agencyId: '8',
  isProcessed: 'false',
  contactTypes: CONTACT_TYPE_GROUPS.external.join(','),
  pageNumber: '1',
  pageSize: String(CONTACTS_PAGE_SIZE),
});
const period = { agencyId: 8, year: 2026, month: 10 };
const signaturePeriod = { startDateIncluded: '2026-09-01', endDateExcluded: '2026-12-01' };
const SIGNATURE_PERIOD = 'startDateIncluded=2026-09-01&endDateExcluded=2026-12-01';
const cases: [string, string, () => UseQueryResult<unknown>][] = [
  [`/network-admins?pageNumber=1&pageSize=${MAX_PAGE_SIZE}`, 'networkAdmins', () => useNetworkAdminPage(1)],
  [
    `/adherents?pageNumber=1&pageSize=${ADHERENTS_PAGE_SIZE}`,
    'adherents',
    () => useAdherentPage({ pageNumber: 1, search: '', regionId: null }),
  ],
  [
    `/spare-part-announcements?pageNumber=1&pageSize=${SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE}`,
    'sparePartAnnouncements',
    () => useSparePartAnnouncementPage({ pageNumber: 1 }),
  ],
  [
    `/contacts?${contacts}`,
    'contacts',
    () => useContactPage({ group: 'external', agencyId: 8, isProcessed: false, search: '', pageNumber: 1 }),
  ],
  ['/all-agency-adherents', 'adherents', () => useAgencyAdherents()],
  ['/network-actuality-categories', 'categories', () => useNetworkActualityCategories()],
  ['/document-bases', 'documentBases', () => useDocumentBases()],
  ['/forums', 'forums', () => useForums()],
  ['/forum-threads/7', 'id', () => useForumThread(7)],
  ['/legal-pages/mentions-legales', 'id', () => useLegalPage('mentions-legales')],
  ['/spare-part-energy-types', 'sparePartEnergyTypes', () => useSparePartEnergyTypes()],
  ['/network-applications', 'networkApplications', () => useNetworkApplications()],
  ['/regions', 'regions', () => useRegions()],
  ['/agency-adherent-admins', 'agencyAdherentAdmins', () => useAgencyAdherentAdmins()],
  ['/monthly-result-equipments', 'monthlyResultEquipments', () => useMonthlyResultEquipments()],
  ['/monthly-result-brands', 'monthlyResultBrands', () => useMonthlyResultBrands()],
  ['/agencies/8', 'id', () => useAgency(8)],
  ['/agency-page-contents?agencyId=8', 'agencyPageContents', () => useAgencyPageContents(8)],
  ['/agency-page-contents', 'agencyPageContents', () => useAgencyPageContents(null)],
  ['/file-types', 'fileTypes', () => useFileTypes()],
  ['/agencies/8/api-keys', 'agencyApiKeys', () => useAgencyApiKeys(8)],
  ['/equipment-types', 'equipmentTypes', () => useEquipmentTypes()],
  ['/job-offers?isNetwork=true', 'jobOffers', () => useJobOffers({ isNetwork: true })],
  ['/audit-log?pageNumber=1&pageSize=50', 'auditLogEntries', () => useAuditLogPage({ pageNumber: 1 })],
  ['/job-offers?agencyId=8', 'jobOffers', () => useJobOffers({ agencyId: 8 })],
  ['/job-offer-types', 'jobOfferTypes', () => useJobOfferTypes()],
  ['/adherents?isForMap=true', 'adherents', () => useMapAdherents()],
  ['/monthly-results?agencyId=8&year=2026&month=10', 'monthlyResults', () => useMonthlyResult(period)],
  ['/monthly-results:network-figures?agencyId=8&year=2026&month=10', 'id', () => useNetworkFigures(period, true)],
  [
    `/signature-documents?agencyId=8&${SIGNATURE_PERIOD}&limit=30&offset=0`,
    'signatureDocuments',
    () => useSignatureDocumentPage({ agencyId: 8, search: '', period: signaturePeriod, pageNumber: 1, pageSize: 30 }),
  ],
  [
    `/signature-counts-by-agency?agencyId=8&${SIGNATURE_PERIOD}`,
    'signatureCounts',
    () => useSignatureCounts({ agencyId: 8, period: signaturePeriod }),
  ],
];

describe("a landing screen's early answers", () => {
  it.each(cases)('GET %s: the query has its data from its first render, and asks nothing more', async (path, key, use) => {
    signInAs('intranet', { roleId: 1, n: 1 });
    const route = `GET /api${path.split('?')[0]}`;
    // An id for a single resource, a one-row list for a list: the query's data either way.
    const api = mockApi({ [route]: () => json(200, key === 'id' ? { id: 1 } : { [key]: [{ id: 1 }], pageCount: 1 }) });
    startEarly(path);
    await earlyAnswersRead();
    const statuses: string[] = [];
    const client = createQueryClient();
    const { result } = renderHook(
      () => {
        const query = use();
        statuses.push(query.status);
        return query;
      },
      { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
    );
    expect(statuses[0]).toBe('success');
    expect(result.current.data).toBeTruthy();
    expect(api.callsTo('GET', `/api${path.split('?')[0]}`)).toHaveLength(1);
  });
});
