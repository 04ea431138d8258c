import type { LegalPageSlug } from '@reseau/contracts/constants/legal-pages';
import type { LegalPage, LegalPageBody } from '@reseau/contracts/schemas/legal-pages';
import { useQuery } from '@tanstack/react-query';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { LegalPage, LegalPageBody };

const legalPageKeys = {
  all: ['legal-pages'] as const,
  detail: (slug: LegalPageSlug) => ['legal-pages', slug] as const,
};

/** GET /legal-pages/{slug}: public; the text role 1 saved, or the default. */
export function useLegalPage(slug: LegalPageSlug) {
  return useQuery({
    queryKey: legalPageKeys.detail(slug),
    ...landingGet<LegalPage>(`/legal-pages/${slug}`),
    meta: { errorMessage: 'legal.errors.load' },
  });
}

/** PUT /legal-pages/{slug} (role 1); the page is read again. */
export async function saveLegalPage(slug: LegalPageSlug, body: LegalPageBody): Promise<void> {
  await api.put(`/legal-pages/${slug}`, body);
  await queryClient.invalidateQueries({ queryKey: legalPageKeys.detail(slug) });
}
