import { CONTACT_TYPE_GROUPS, CONTACTS_PAGE_SIZE, type ContactTypeGroup } from '@reseau/contracts/constants/contacts';
import type { Contact, UnprocessedContactCounts } from '@reseau/contracts/schemas/contacts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../lib/use-paged-query';
import { api } from './http';
import { usePollingFallback } from './live-events';
import { pageOf } from './pages';

export type { Contact, UnprocessedContactCounts };

/** A contacts screen's query: one group of types (demands, quotations, invoices), one agency or the network. */
export interface ContactFilters {
  group: ContactTypeGroup;
  /** null: the whole network (role 1's read-only screens). */
  agencyId: number | null;
  isProcessed: boolean;
  search: string;
  pageNumber: number;
}

export const contactKeys = {
  all: ['contacts'] as const,
  list: (filters: ContactFilters) => ['contacts', 'list', filters] as const,
  counts: (agencyId: number | null) => ['contacts', 'unprocessed-counts', agencyId] as const,
};

/** GET /contacts (spec 02 §7): newest first, a page of cards at a time. */
export function useContactPage(filters: ContactFilters, enabled = true) {
  const query = {
    agencyId: filters.agencyId,
    isProcessed: filters.isProcessed,
    search: filters.search,
    contactTypes: CONTACT_TYPE_GROUPS[filters.group].join(','),
    pageNumber: filters.pageNumber,
    pageSize: CONTACTS_PAGE_SIZE,
  };
  return usePagedQuery<Contact>({
    queryKey: contactKeys.list(filters),
    ...pageOf('/contacts', 'contacts', query),
    errorMessage: 'contacts.errors.load',
    enabled,
  });
}

/** GET /unprocessed-contact-count-by-contact-types: the menu badges, for the current agency; live, or polled while the stream is down. */
export function useUnprocessedContactCounts(agencyId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: contactKeys.counts(agencyId),
    queryFn: () => api.get<UnprocessedContactCounts>('/unprocessed-contact-count-by-contact-types', { query: { agencyId } }),
    enabled: enabled && agencyId !== null,
    refetchInterval: usePollingFallback(60_000),
  });
}

/**
 * PUT /contacts/{id}:set-processed or :set-to-process. Afterwards the lists and the badges are
 * read again (the card moves to the other tab, the count changes).
 */
export function useSetContactProcessed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, processed }: { id: number; processed: boolean }) =>
      api.put(`/contacts/${id}:${processed ? 'set-processed' : 'set-to-process'}`),
    onSettled: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
