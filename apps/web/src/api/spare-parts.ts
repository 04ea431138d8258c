import { SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE } from '@reseau/contracts/constants/spare-parts';
import type {
  SparePartAnnouncement,
  SparePartAnnouncementBody,
  SparePartAnswerBody,
  SparePartEnergyType,
} from '@reseau/contracts/schemas/spare-parts';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { pageOf } from './pages';
import { queryClient } from './query-client';

export type { SparePartAnnouncement, SparePartAnnouncementBody, SparePartEnergyType };

/** The board's query as GET /spare-part-announcements knows it (spec 02 §7). */
export interface SparePartFilters {
  typeCode?: 'DEMANDE' | 'OFFRE';
  energyTypeCode?: string;
  authorId?: number;
  isExpired?: boolean;
  pageNumber: number;
}

export const sparePartKeys = {
  all: ['spare-part-announcements'] as const,
  list: (filters: SparePartFilters & { pageSize: number }) => ['spare-part-announcements', 'list', filters] as const,
  detail: (id: number) => ['spare-part-announcements', 'detail', id] as const,
  energyTypes: ['spare-part-energy-types'] as const,
};

/** GET /spare-part-announcements: 9 cards a page, the previous page kept on screen while the next loads. */
export function useSparePartAnnouncementPage(filters: SparePartFilters) {
  const query = { ...filters, pageSize: SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE };
  return usePagedQuery<SparePartAnnouncement>({
    queryKey: sparePartKeys.list(query),
    ...pageOf('/spare-part-announcements', 'sparePartAnnouncements', { ...query }),
    errorMessage: 'spareParts.errors.loadAnnouncements',
  });
}

/** GET /spare-part-announcements/{id}: the one `?id=` opens (the bell's and the search's target). */
export function useSparePartAnnouncement(id: number | null) {
  return useQuery({
    queryKey: sparePartKeys.detail(id ?? 0),
    queryFn: () => api.get<SparePartAnnouncement>(`/spare-part-announcements/${id}`),
    enabled: id !== null,
    retry: false,
    meta: { errorMessage: 'spareParts.errors.loadAnnouncement' },
  });
}

/** GET /spare-part-energy-types: a reference list, kept for the session. */
export function useSparePartEnergyTypes() {
  return useQuery({
    queryKey: sparePartKeys.energyTypes,
    ...landingGet(
      '/spare-part-energy-types',
      undefined,
      (answer: { sparePartEnergyTypes: SparePartEnergyType[] }) => answer.sparePartEnergyTypes,
    ),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'spareParts.errors.loadEnergyTypes' },
  });
}

/** The announcements read again after a write (or a refusal: answered elsewhere, expired meanwhile). */
export const refreshSpareParts = () => queryClient.invalidateQueries({ queryKey: sparePartKeys.all });

/** POST /spare-part-announcements (no id) or PUT /spare-part-announcements/{id}, then the board read again. */
export async function saveSparePartAnnouncement(id: number | null, body: SparePartAnnouncementBody): Promise<number> {
  let savedId = id;
  if (savedId === null) savedId = (await api.post<{ id: number }>('/spare-part-announcements', body)).id;
  else await api.put(`/spare-part-announcements/${savedId}`, body);
  await refreshSpareParts();
  return savedId;
}

/** DELETE /spare-part-announcements/{id} */
export function deleteSparePartAnnouncement(id: number): Promise<unknown> {
  return api.delete(`/spare-part-announcements/${id}`);
}

/**
 * POST /spare-part-announcements:want (an offer) or :have (a request), then the board read again,
 * refused too: an answer from elsewhere or an expiry shows on the card.
 */
export async function answerSparePartAnnouncement(
  announcement: Pick<SparePartAnnouncement, 'id' | 'typeCode'>,
  agencyId: number,
) {
  const body: SparePartAnswerBody = { agencyId, sparePartAnnouncementId: announcement.id };
  try {
    await api.post(`/spare-part-announcements:${announcement.typeCode === 'OFFRE' ? 'want' : 'have'}`, body);
  } finally {
    await refreshSpareParts();
  }
}

/** Spec 00 §4: an announcement is marked read or unread (the caller's own marks), or over (its agency ends it). */
export type SparePartMark = 'read' | 'unread' | 'over';

/** POST /spare-part-announcements/{id}:read, :unread or :over, then the board read again (refused too). */
export async function markSparePartAnnouncement(id: number, mark: SparePartMark): Promise<void> {
  try {
    await api.post(`/spare-part-announcements/${id}:${mark}`);
  } finally {
    await refreshSpareParts();
  }
}
