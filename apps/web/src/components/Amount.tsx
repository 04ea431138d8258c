import { useTranslation } from '../i18n';
import { formatCents } from '../lib/format';

/** Cents as euros « TTC » (spec 03 §9). */
export function useAmountTTC() {
  const { t } = useTranslation();
  return (cents: number) => t('extranet.amountTTC', { amount: formatCents(cents) });
}
