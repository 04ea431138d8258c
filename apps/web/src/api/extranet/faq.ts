import type { FaqTheme } from '@reseau/contracts/constants/extranet';
import type { FaqEntry } from '@reseau/contracts/schemas/extranet';
import { useQuery } from '@tanstack/react-query';
import { api } from '../http';
import { extranetKeys } from './keys';

export type { FaqEntry, FaqTheme };

/** The FAQ's themes, in the order of its tabs (FAQ_THEME_CODES, kept here to leave zod out of the page). */
export const FAQ_THEMES = ['maintenance', 'repair', 'contract', 'bill', 'user_space'] as const satisfies readonly FaqTheme[];

/** GET /faq-entries?theme= */
export function useFaqEntries(theme: FaqTheme) {
  return useQuery({
    queryKey: extranetKeys.faq(theme),
    queryFn: async () => (await api.get<{ faqEntries: FaqEntry[] }>('/faq-entries', { query: { theme } })).faqEntries,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'errors.loadFaq' },
  });
}
