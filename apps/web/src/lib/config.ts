import { slugify } from './format';

/**
 * Base address of the agencies' public pages, where the extranet's "Renouveler mon contrat" link
 * leads. Set `VITE_AGENCY_PUBLIC_SITE_URL` when building the web app (environment variable, or a
 * line in `apps/web/.env.local`, see `apps/web/.env.example`) to the same value as the API's
 * `AGENCY_PUBLIC_SITE_URL`; without it the production site is used.
 */
export const AGENCY_PUBLIC_SITE_URL = (
  import.meta.env.VITE_AGENCY_PUBLIC_SITE_URL?.trim() || 'https://www.reseau-energie.fr/agences'
).replace(/\/+$/, '');

/**
 * The agency's public page with its online payment open, where a customer renews a contract:
 * `{base}/{agencyId}-{slug of the name}?payment=open` (spec 03 §2, §3).
 */
export function agencyRenewalUrl(agency: { id: number; name: string }): string {
  return `${AGENCY_PUBLIC_SITE_URL}/${agency.id}-${slugify(agency.name)}?payment=open`;
}

/**
 * Map tiles (the adherent map): an XYZ tile address with `{z}`, `{x}`, `{y}` (and optionally
 * `{s}`), and the attribution its provider requires. Set `VITE_MAP_TILE_URL` and
 * `VITE_MAP_TILE_ATTRIBUTION` when building to use another provider than OpenStreetMap's
 * servers (their usage policy suits light use; a busy network should use its own or a paid one).
 */
export const MAP_TILE_URL = import.meta.env.VITE_MAP_TILE_URL?.trim() || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_TILE_ATTRIBUTION =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION?.trim() ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">les contributeurs d’OpenStreetMap</a>';

/**
 * The network's shared calendar shown on the dashboard (spec 01 §2): an embeddable https page,
 * e.g. a Google Calendar embed address. Without `VITE_CALENDAR_EMBED_URL` the dashboard shows no
 * calendar. The page is asked for the Europe/Paris time zone and French (`ctz`, `hl`).
 */
export const CALENDAR_EMBED_URL = calendarUrl(import.meta.env.VITE_CALENDAR_EMBED_URL?.trim());

function calendarUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:') return null;
    if (!url.searchParams.has('ctz')) url.searchParams.set('ctz', 'Europe/Paris');
    if (!url.searchParams.has('hl')) url.searchParams.set('hl', 'fr');
    return url.toString();
  } catch {
    return null;
  }
}
