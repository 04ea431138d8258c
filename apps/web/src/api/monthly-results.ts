import type {
  MonthlyResult,
  MonthlyResultBody,
  MonthlyResultBrand,
  MonthlyResultEquipment,
  MonthlyResultNetworkFigures,
} from '@reseau/contracts/schemas/monthly-results';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { MonthlyResult, MonthlyResultBody, MonthlyResultBrand, MonthlyResultEquipment, MonthlyResultNetworkFigures };

export interface MonthlyPeriod {
  agencyId: number;
  year: number;
  month: number;
}

export const monthlyResultKeys = {
  all: ['monthly-results'] as const,
  month: (period: MonthlyPeriod) => ['monthly-results', 'month', period] as const,
  figures: (period: MonthlyPeriod) => ['monthly-results', 'figures', period] as const,
  equipments: ['monthly-result-equipments'] as const,
  brands: ['monthly-result-brands'] as const,
};

/** GET /monthly-results for one agency and month: the stored result, or null (then the form creates). */
export function useMonthlyResult(period: MonthlyPeriod | null) {
  return useQuery({
    queryKey: monthlyResultKeys.month(period ?? { agencyId: 0, year: 0, month: 0 }),
    ...landingGet(
      '/monthly-results',
      { ...period },
      (answer: { monthlyResults: MonthlyResult[] }) => answer.monthlyResults[0] ?? null,
    ),
    enabled: period !== null,
    meta: { errorMessage: 'jobsResults.monthly.errors.load' },
  });
}

/**
 * GET /monthly-results:network-figures. A 409 `monthly_result_missing` is an answer, not a failure:
 * the screen shows the spec's sentence in place of the charts, so no popover and no retry.
 */
export function useNetworkFigures(period: MonthlyPeriod | null, enabled: boolean) {
  return useQuery({
    queryKey: monthlyResultKeys.figures(period ?? { agencyId: 0, year: 0, month: 0 }),
    ...landingGet<MonthlyResultNetworkFigures>('/monthly-results:network-figures', { ...period }),
    enabled: period !== null && enabled,
    retry: false,
  });
}

export function useMonthlyResultEquipments() {
  return useQuery({
    queryKey: monthlyResultKeys.equipments,
    ...landingGet(
      '/monthly-result-equipments',
      undefined,
      (answer: { monthlyResultEquipments: MonthlyResultEquipment[] }) => answer.monthlyResultEquipments,
    ),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'jobsResults.monthly.errors.loadEquipments' },
  });
}

export function useMonthlyResultBrands() {
  return useQuery({
    queryKey: monthlyResultKeys.brands,
    ...landingGet(
      '/monthly-result-brands',
      undefined,
      (answer: { monthlyResultBrands: MonthlyResultBrand[] }) => answer.monthlyResultBrands,
    ),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'jobsResults.monthly.errors.loadBrands' },
  });
}

/** POST /monthly-results (nothing stored for the month yet) or PUT /monthly-results/{id}. */
export async function saveMonthlyResult(id: number | null, body: MonthlyResultBody): Promise<void> {
  const refresh = () => queryClient.invalidateQueries({ queryKey: monthlyResultKeys.all });
  try {
    if (id === null) await api.post<{ id: number }>('/monthly-results', body);
    else await api.put(`/monthly-results/${id}`, body);
  } catch (error) {
    // Entered meanwhile (another tab, a colleague): the month is read again, the next save updates it.
    if (isApiError(error) && error.code === 'monthly_result_exists') void refresh();
    throw error;
  }
  await refresh();
}
