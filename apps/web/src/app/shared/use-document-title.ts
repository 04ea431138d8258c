import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from '../../i18n';
import type { RouteHandle } from '../route-handle';

/**
 * The browser tab names the screen ("Mes contrats — Réseau Énergie"): the deepest route's
 * `titleKey`, or `fallbackKey` for a screen without one (an area's home).
 */
export function useDocumentTitle(fallbackKey: string) {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter((titleKey): titleKey is string => Boolean(titleKey))
    .at(-1);
  const title = `${t(key ?? fallbackKey)} — ${t('brand.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
