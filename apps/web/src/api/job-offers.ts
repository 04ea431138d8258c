import type { JobOffer, JobOfferBody, JobOfferType } from '@reseau/contracts/schemas/job-offers';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { JobOffer, JobOfferBody, JobOfferType };

/** GET /job-offers's query (spec 02 §7): the network's offers, an agency's, or the templates. */
export interface JobOfferFilters {
  agencyId?: number;
  isNetwork?: boolean;
  isTemplate?: boolean;
}

export const jobOfferKeys = {
  all: ['job-offers'] as const,
  list: (filters: JobOfferFilters) => ['job-offers', 'list', filters] as const,
  detail: (id: number) => ['job-offers', 'detail', id] as const,
  types: ['job-offer-types'] as const,
  domains: ['job-offer-domains'] as const,
};

/**
 * GET /job-offers: the whole list (the spec gives it no pages), as one Page so that PagedTable
 * draws its states. `enabled` false (no agency chosen yet) leaves it pending.
 */
export function useJobOffers(filters: JobOfferFilters, enabled = true) {
  return useQuery({
    queryKey: jobOfferKeys.list(filters),
    ...landingGet(
      '/job-offers',
      { ...filters },
      (answer: { jobOffers: JobOffer[] }): Page<JobOffer> => ({ items: answer.jobOffers, pageCount: 1 }),
    ),
    enabled,
    meta: { errorMessage: 'jobsResults.offers.errors.load' },
  });
}

/** The templates an agency starts from (GET /job-offers?isTemplate=true). */
export function useJobOfferTemplates(enabled: boolean) {
  return useQuery({
    queryKey: jobOfferKeys.list({ isTemplate: true }),
    queryFn: async ({ signal }) =>
      (await api.get<{ jobOffers: JobOffer[] }>('/job-offers', { query: { isTemplate: true }, signal })).jobOffers,
    enabled,
    meta: { errorMessage: 'jobsResults.offers.errors.loadTemplates' },
  });
}

/** GET /job-offers/{id} */
export function useJobOffer(id: number | null) {
  return useQuery({
    queryKey: jobOfferKeys.detail(id ?? 0),
    queryFn: () => api.get<JobOffer>(`/job-offers/${id}`),
    enabled: id !== null,
    retry: false,
    meta: { errorMessage: 'jobsResults.offers.errors.loadOne' },
  });
}

/** GET /job-offer-types: a reference list, kept for the session. */
export function useJobOfferTypes() {
  return useQuery({
    queryKey: jobOfferKeys.types,
    ...landingGet('/job-offer-types', undefined, (answer: { jobOfferTypes: JobOfferType[] }) => answer.jobOfferTypes),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'jobsResults.offers.errors.loadTypes' },
  });
}

/** GET /job-offer-domains: a reference list, kept for the session. */
export function useJobOfferDomains() {
  return useQuery({
    queryKey: jobOfferKeys.domains,
    queryFn: async () => (await api.get<{ jobOfferDomains: JobOfferType[] }>('/job-offer-domains')).jobOfferDomains,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'jobsResults.offers.errors.loadDomains' },
  });
}

/** POST /job-offers (no id) or PUT /job-offers/{id}, then the offers read again. */
export async function saveJobOffer(id: number | null, body: JobOfferBody): Promise<void> {
  if (id === null) await api.post<{ id: number }>('/job-offers', body);
  else await api.put(`/job-offers/${id}`, body);
  await queryClient.invalidateQueries({ queryKey: jobOfferKeys.all });
}

/** The body that rewrites a stored offer unchanged but for `changes` (the list's switch). */
export function bodyOf(offer: JobOffer, changes: Partial<JobOfferBody> = {}): JobOfferBody {
  return {
    jobOfferTypeCode: offer.jobOfferTypeCode as JobOfferBody['jobOfferTypeCode'],
    jobOfferDomainCode: offer.jobOfferDomainCode as JobOfferBody['jobOfferDomainCode'],
    regionId: offer.regionId,
    agencyId: offer.agencyId,
    title: offer.title,
    description: offer.description,
    geographicSector: offer.geographicSector,
    isTemplate: offer.isTemplate,
    contacts: offer.contacts,
    isActive: offer.isActive,
    expirationDate: offer.expirationDate,
    ...changes,
  };
}

/**
 * DELETE /job-offers/{id}, then the offers read again. The deleted offer's detail leaves the cache
 * first, so that its page, still open, does not ask for it again (a 404).
 */
export async function deleteJobOffer(id: number): Promise<void> {
  await api.delete(`/job-offers/${id}`);
  queryClient.removeQueries({ queryKey: jobOfferKeys.detail(id) });
  await queryClient.invalidateQueries({ queryKey: jobOfferKeys.all });
}
