/** Member directory (spec 02 §2, §9): plain values, no zod. */

/** Cards per page of the directory list, paged on the screen. */
export const DIRECTORY_PAGE_SIZE = 8;
/** The directory list's tabs: network adherents (adherent admins per agency) and network heads. */
export const DIRECTORY_TABS = ['adherents', 'heads'] as const;
export type DirectoryTab = (typeof DIRECTORY_TABS)[number];

/**
 * The directory map's first view: metropolitan France and Corsica, from Dunkerque to Ajaccio and
 * from Brest to Strasbourg, with a margin; the map fits it to its box (zoom 6 where it fits, less on
 * a phone), so that no agency of the north or the south is cut off (docs/decisions.md).
 */
export const DIRECTORY_MAP_BOUNDS = { south: 41.2, west: -5.3, north: 51.3, east: 9.7 } as const;
