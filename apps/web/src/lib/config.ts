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
