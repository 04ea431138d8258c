import type { DocumentBase } from '../../../api/document-bases';
import { type SessionSnapshot, useSession } from '../../../lib/session';

export const DOC_BASES = '/intranet/doc-base';
export const listPath = (baseId: number) => `${DOC_BASES}/${baseId}`;
export const itemPath = (baseId: number, itemId: number) => `${DOC_BASES}/${baseId}/${itemId}`;
export const editPath = (baseId: number, itemId?: number) =>
  `${DOC_BASES}/${baseId}/edit-doc${itemId === undefined ? '' : `?id=${itemId}`}`;

/** The acting user's region: the impersonated user's when impersonating (spec 00 §4). */
function regionOf(session: SessionSnapshot): number | null {
  if (session.impersonation) return session.impersonation.regionId;
  return session.claims?.data?.regionId ?? null;
}

/**
 * Whether the add and edit buttons show on a base, as the server decides a write
 * (document-bases/policy.ts): document_base_administration, and a writer with a region writes,
 * among the regional bases, only to their own.
 */
export function useMayWrite(base: DocumentBase | undefined): boolean {
  const session = useSession();
  if (!base || !session.permissions.includes('document_base_administration')) return false;
  const regionId = regionOf(session);
  return base.regionId === null || regionId === null || base.regionId === regionId;
}

/** The `:baseId` / `:itemId` of the address as a positive id, or null. */
export function idParam(raw: string | undefined | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}
