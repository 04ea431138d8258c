/**
 * Document bases (spec 02 §2, §3, §5, §9; spec 00 §6). Bases are reference rows the seed writes
 * (1 general, 2 CA space, 3 to 7 one per region); their categories and types belong to a base.
 */
export const DOCUMENT_BASES = [
  { id: 1, name: 'Base documentaire générale', regionId: null },
  { id: 2, name: 'Espace CA', regionId: null },
  { id: 3, name: 'Base documentaire Nord', regionId: 1 },
  { id: 4, name: 'Base documentaire Centre', regionId: 2 },
  { id: 5, name: 'Base documentaire Ouest', regionId: 3 },
  { id: 6, name: 'Base documentaire Sud-Ouest', regionId: 4 },
  { id: 7, name: 'Base documentaire Sud-Est', regionId: 5 },
] as const;

/** Documents per page (spec 02 §9). */
export const DOCUMENT_BASE_ITEMS_PAGE_SIZE = 12;
/** Up to 2 illustrations (file type 7) and 4 files (file type 8) per document (spec 02 §5, §9). */
export const DOCUMENT_BASE_ITEM_MAX_ILLUSTRATIONS = 2;
export const DOCUMENT_BASE_ITEM_MAX_JOINED_FILES = 4;
export const DOCUMENT_BASE_ITEM_ILLUSTRATION_FILE_TYPE = 7;
export const DOCUMENT_BASE_ITEM_JOINED_FILE_TYPE = 8;
export const DOCUMENT_BASE_ITEM_TITLE_MAX = 200;
export const DOCUMENT_BASE_ITEM_SHORT_DESCRIPTION_MAX = 500;
export const DOCUMENT_BASE_ITEM_SEARCH_MAX = 200;

/** French texts of the document writes, shared by the API and the form. */
export const DOCUMENT_BASE_MESSAGES = {
  tooManyIllustrations: `${DOCUMENT_BASE_ITEM_MAX_ILLUSTRATIONS} illustrations au maximum.`,
  tooManyJoinedFiles: `${DOCUMENT_BASE_ITEM_MAX_JOINED_FILES} fichiers au maximum.`,
  fileNotFound: 'Un fichier est introuvable : ajoutez-le de nouveau.',
  noImageInContent: "Le texte d'un document ne peut pas contenir d'image : ajoutez-la en illustration.",
  unknownBase: 'Cette base documentaire est introuvable.',
  categoryNotInBase: "Cette catégorie n'appartient pas à la base documentaire.",
  typeNotInCategory: "Ce type n'appartient pas à la catégorie choisie.",
  typeRequired: 'Choisissez un type pour cette catégorie.',
  baseNotWritable: 'Vous ne pouvez pas écrire dans cette base documentaire.',
} as const;
