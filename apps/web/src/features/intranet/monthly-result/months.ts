import { MONTHLY_RESULT_MONTHS_OFFERED, yearMonthOf } from '@reseau/contracts/constants/monthly-results';

export interface MonthOption {
  /** `yyyy-MM`, as the address's `month`. */
  value: string;
  year: number;
  month: number;
  /** « Octobre 2026 » */
  label: string;
}

const monthAndYear = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric' });

/** The months the form offers (spec 02 §2): the previous month first, then the eleven before it. */
export function monthOptions(now = new Date()): MonthOption[] {
  return Array.from({ length: MONTHLY_RESULT_MONTHS_OFFERED }, (_, i) => {
    const date = new Date(now.getFullYear(), now.getMonth() - 1 - i, 1);
    const label = monthAndYear.format(date);
    return {
      value: yearMonthOf(date.getFullYear(), date.getMonth() + 1),
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      label: label.charAt(0).toUpperCase() + label.slice(1),
    };
  });
}

/** The address's month when it is one of the options, the previous month otherwise. */
export function chosenMonth(options: MonthOption[], param: string | null): MonthOption {
  return options.find((option) => option.value === param) ?? options[0]!;
}
