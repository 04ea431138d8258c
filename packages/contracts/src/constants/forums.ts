import type { PermissionCode } from './permissions.js';

/**
 * The four forums (spec 00 §6): each is read and written by the holders of its permission code.
 * The seed writes them to `forums` (reference data); GET /forums answers those the caller may read.
 */
export const FORUMS: ReadonlyArray<{ id: number; title: string; permission: PermissionCode }> = [
  { id: 1, title: 'Forum des adhérents', permission: 'forum_adherent_administration' },
  { id: 2, title: 'Forum technique', permission: 'forum_tech_administration' },
  { id: 3, title: 'Forum administratif', permission: 'forum_admin_administration' },
  { id: 4, title: "Forum du conseil d'administration", permission: 'forum_ca_administration' },
];

/** Each forum's themes (reference data, fixed ids): the thread list's filter chips. */
export const FORUM_THEMES: ReadonlyArray<{ id: number; forumId: number; name: string }> = [
  { id: 1, forumId: 1, name: 'Vie du réseau' },
  { id: 2, forumId: 1, name: 'Organisation et SAV' },
  { id: 3, forumId: 1, name: 'Commercial' },
  { id: 4, forumId: 2, name: 'Chaudières gaz' },
  { id: 5, forumId: 2, name: 'Pompes à chaleur' },
  { id: 6, forumId: 2, name: 'Réglementation technique' },
  { id: 7, forumId: 3, name: 'Contrats et facturation' },
  { id: 8, forumId: 3, name: 'Social et paie' },
  { id: 9, forumId: 4, name: 'Gouvernance' },
  { id: 10, forumId: 4, name: 'Finances' },
];

/** Roles 1 to 3 edit any forum item; 4 and 7 those of the users of their adherent (spec 02 §6). */
export const FORUM_MANAGER_ROLE_IDS: readonly number[] = [4, 7];

/** Spec 02 §9. */
export const FORUM_THREADS_PAGE_SIZE = 10;
export const FORUM_POSTS_PAGE_SIZE = 5;
export const FORUM_MAX_JOINED_FILES = 2;
export const FORUM_JOINED_FILE_TYPE = 13;
export const FORUM_TITLE_MAX = 200;
export const FORUM_FILE_NAME_MAX = 120;
export const FORUM_SEARCH_MAX = 200;

/** French texts of the forum writes, shared by the server and the screens (spec 02 §5, §8). */
export const FORUM_MESSAGES = {
  threadClosed: 'Ce sujet est clos : il ne reçoit plus de réponse.',
  tooManyJoinedFiles: `${FORUM_MAX_JOINED_FILES} fichiers joints au maximum.`,
  fileNameRequired: 'Donnez un nom à ce fichier.',
  fileRequired: 'Ajoutez le fichier qui porte ce nom.',
  fileNotFound: 'Un fichier est introuvable : ajoutez-le de nouveau.',
  unknownTheme: "Ce thème n'existe pas dans ce forum.",
  agencyRequired: 'Choisissez une agence.',
  noImageInContent: "Un message du forum ne peut pas contenir d'image : ajoutez-la en pièce jointe.",
} as const;
