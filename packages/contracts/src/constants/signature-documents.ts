/** Electronic signature of PDFs by the agencies (spec 02 §2 "Signature", §3, §4, §5, §7, §9). */

/** A signature document's status as the provider reports it (spec 02 §3); `created` is a failed send (§4). */
export const SIGNATURE_DOCUMENT_STATUSES = ['created', 'ongoing', 'signed', 'expired', 'declined'] as const;
export type SignatureDocumentStatus = (typeof SIGNATURE_DOCUMENT_STATUSES)[number];

/** The quotations table's status filter: a quotation with a signatureTime is signed, otherwise to sign (spec 02 §4). */
export const SIGNATURE_QUOTATION_STATUSES = ['ongoing', 'signed'] as const;
export type SignatureQuotationStatus = (typeof SIGNATURE_QUOTATION_STATUSES)[number];

/** Spec 02 §9: page sizes of both signature tables, 30 by default. */
export const SIGNATURE_PAGE_SIZES = [10, 30, 50, 100] as const;
export const SIGNATURE_DEFAULT_PAGE_SIZE = 30;
/** Spec 02 §9: the period filter covers the last three months by default. */
export const SIGNATURE_DEFAULT_PERIOD_MONTHS = 3;
/** Spec 02 §9 / spec 00 §9. */
export const SIGNATURE_ARCHIVE_NAME = 'signatures.zip';
/** File type 19 "PDF à signer" (spec 02 §3). */
export const SIGNATURE_PDF_FILE_TYPE_ID = 19;
/** How many PDFs one signature document may hold (a reasonable ceiling; the spec says "more can be added"). */
export const SIGNATURE_PDF_FILES_MAX = 10;
export const SIGNATURE_TITLE_MAX = 120;
export const SIGNATURE_NAME_MAX = 60;
/** The longest period one archive covers, so one request never zips years of envelopes. */
export const SIGNATURE_ARCHIVE_MAX_DAYS = 370;

/**
 * Spec 02 §5: first and last names take Latin letters (accents allowed) and spaces; French names
 * also have hyphens and apostrophes ("Jean-Pierre", "D'Argent-Lévêque", "N’Diaye"), taken between
 * letters (docs/decisions.md, issue 25). A decomposed accent (a letter then its combining mark) counts.
 */
export const SIGNATURE_CLIENT_NAME_PATTERN = /^[\p{Script=Latin}\p{M}]+(?:[ '’-]+[\p{Script=Latin}\p{M}]+)*$/u;

export const SIGNATURE_MESSAGES = {
  nameLetters: 'Seules les lettres, les espaces, les traits d’union et les apostrophes sont acceptés',
  pdfRequired: 'Ajoutez au moins un PDF à signer',
  tooManyPdfs: `Au plus ${SIGNATURE_PDF_FILES_MAX} PDF par document`,
  pdfNotFound: "Ce PDF est introuvable ou n'est pas un PDF à signer envoyé par vous",
  invalidDocument:
    'Ce document ne peut pas être signé électroniquement : le PDF est illisible, protégé ou refusé par le prestataire de signature.',
  obsoletePdfVersion:
    'Ce PDF est trop ancien pour la signature électronique : il doit être en version 1.6 ou supérieure. Enregistrez-le à nouveau en PDF récent puis recommencez.',
  sanitizationFailed: (fileName: string) =>
    `Le fichier « ${fileName} » n'a pas pu être nettoyé avant l'envoi : il contient des éléments actifs ou endommagés. Enregistrez-le à nouveau en PDF puis recommencez.`,
  providerUnavailable: "Le service de signature électronique ne répond pas pour l'instant : réessayez dans quelques minutes.",
  periodOrder: 'La fin de la période doit suivre son début',
  periodTooLong: `Une archive couvre au plus ${SIGNATURE_ARCHIVE_MAX_DAYS} jours`,
  archiveEmpty: 'Aucun document signé sur cette période',
} as const;
