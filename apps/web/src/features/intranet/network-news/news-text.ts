import type { NetworkActualityCategory } from '../../../api/network-actualities';
import { t } from '../../../i18n';

/** A category's French label (`networkActualityCategories.<code>`), its code when none is written. */
export function categoryLabel(category: Pick<NetworkActualityCategory, 'code'>): string {
  return t(`networkActualityCategories.${category.code}`, { defaultValue: category.code });
}

/**
 * The first words of a news item's HTML, as plain text for its card. DOMParser builds an inert
 * document: nothing in it runs or loads.
 */
export function newsExcerpt(html: string | undefined, length = 220): string {
  if (!html) return '';
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length).replace(/\s+\S*$/, '')}…` : text;
}
