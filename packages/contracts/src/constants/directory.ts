/** Member directory (spec 02 §2, §9): plain values, no zod. */

/** Cards per page of the directory list, paged on the screen. */
export const DIRECTORY_PAGE_SIZE = 8;
/** The directory list's tabs: network adherents (adherent admins per agency) and network heads. */
export const DIRECTORY_TABS = ['adherents', 'heads'] as const;
export type DirectoryTab = (typeof DIRECTORY_TABS)[number];
