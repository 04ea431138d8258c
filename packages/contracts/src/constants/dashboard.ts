/** Intranet dashboard (spec 01 §2, §9). */

/** The adherent map opens on France at zoom 6. */
export const DASHBOARD_MAP_CENTER = { latitude: 47, longitude: 2.4 } as const;
export const DASHBOARD_MAP_ZOOM = 6;

/** Document bases (spec 00 §6): 1 general, 2 CA space, then one per region (3 Nord … 7 Sud-Est). */
export const DOCUMENT_BASE_IDS = { general: 1, ca: 2 } as const;
const FIRST_REGION_DOCUMENT_BASE_ID = 3;
const REGION_COUNT = 5;

/** The document base of a region (regions 1 to 5), or null for an unknown region. */
export function regionDocumentBaseId(regionId: number | null | undefined): number | null {
  if (regionId == null || !Number.isInteger(regionId) || regionId < 1 || regionId > REGION_COUNT) return null;
  return FIRST_REGION_DOCUMENT_BASE_ID + regionId - 1;
}
