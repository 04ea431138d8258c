/**
 * The public legal pages (RGPD issue 28 §4): one text each, stored once role 1 edits it, otherwise
 * the API's default (apps/api/src/modules/legal-pages/defaults.ts).
 */
export const LEGAL_PAGE_SLUGS = ['mentions-legales', 'politique-de-confidentialite', 'declaration-accessibilite'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

/** The web addresses of the three pages (public, outside both areas). */
export const LEGAL_PAGE_PATHS: Record<LegalPageSlug, string> = {
  'mentions-legales': '/mentions-legales',
  'politique-de-confidentialite': '/confidentialite',
  'declaration-accessibilite': '/accessibilite',
};

export const LEGAL_PAGE_TITLES: Record<LegalPageSlug, string> = {
  'mentions-legales': 'Mentions légales',
  'politique-de-confidentialite': 'Politique de confidentialité',
  'declaration-accessibilite': "Déclaration d'accessibilité",
};

export const LEGAL_PAGE_TITLE_MAX = 200;
export const LEGAL_PAGE_CONTENT_MAX = 100_000;

export const LEGAL_PAGE_MESSAGES = {
  noImageInContent: "Une page légale ne peut pas contenir d'image.",
} as const;
