/** File type ids of spec 00 §9, each with what it accepts (checked on the bytes, not the name). */
const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const PDF = ['application/pdf'];
const OFFICE = [
  ...PDF,
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
  ...IMAGES,
];
const MB = 1024 * 1024;

export const FILE_TYPES = [
  { fileTypeId: 1, name: "Avatar d'administrateur adhérent", allowedMimeTypes: IMAGES, maxSize: 2 * MB },
  { fileTypeId: 2, name: 'Logo', allowedMimeTypes: IMAGES, maxSize: 2 * MB },
  { fileTypeId: 3, name: "Photo d'agence", allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 4, name: "Illustration de page d'agence", allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 5, name: 'Logos de page', allowedMimeTypes: IMAGES, maxSize: 2 * MB },
  { fileTypeId: 6, name: 'Illustration de contenu', allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 7, name: 'Illustration de document', allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 8, name: 'Fichier de document', allowedMimeTypes: OFFICE, maxSize: 50 * MB },
  { fileTypeId: 9, name: "Illustration d'actualité", allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 10, name: "Fichier d'actualité", allowedMimeTypes: OFFICE, maxSize: 20 * MB },
  { fileTypeId: 11, name: "Illustration d'application", allowedMimeTypes: IMAGES, maxSize: 2 * MB },
  { fileTypeId: 12, name: 'Image des bonnes raisons', allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 13, name: 'Pièce jointe de forum', allowedMimeTypes: OFFICE, maxSize: 10 * MB },
  { fileTypeId: 14, name: 'Document client', allowedMimeTypes: PDF, maxSize: 20 * MB },
  { fileTypeId: 15, name: "Avatar d'administrateur réseau", allowedMimeTypes: IMAGES, maxSize: 2 * MB },
  { fileTypeId: 16, name: 'Conditions générales', allowedMimeTypes: PDF, maxSize: 10 * MB },
  { fileTypeId: 17, name: 'Publicité publique', allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 18, name: 'Publicité extranet', allowedMimeTypes: IMAGES, maxSize: 5 * MB },
  { fileTypeId: 19, name: 'PDF à signer', allowedMimeTypes: PDF, maxSize: 20 * MB },
] as const;

export type FileTypeId = (typeof FILE_TYPES)[number]['fileTypeId'];
export const FILE_TYPE_IDS = FILE_TYPES.map((t) => t.fileTypeId);
/**
 * The widths GET /files/{id}?width= serves an image at (CSS pixels × 2 for dense screens): a
 * 96 px thumbnail downloads its 192 px preview, not the original photo. A few fixed widths, so
 * that every screen shares the previews made once and kept.
 */
export const FILE_PREVIEW_WIDTHS = [96, 192, 384, 768] as const;
export type FilePreviewWidth = (typeof FILE_PREVIEW_WIDTHS)[number];
/** The image types a preview is made of; any other file is served whole. */
export const PREVIEWABLE_MIME_TYPES: readonly string[] = IMAGES;

/** Name of the response header that carries the sanitized download name. */
export const FILE_NAME_HEADER = 'x-file-name';

/**
 * The extensions each accepted MIME type may carry, the first being the one given to a file
 * whose name has none (or a misleading one). Covers every type of FILE_TYPES (a test checks).
 */
export const MIME_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc', 'dot'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt', 'pps'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/zip': ['zip'],
};

/** Extension labels for a French message ("PNG, JPG, PDF"). */
export function extensionLabels(mimeTypes: readonly string[]): string {
  const labels = mimeTypes.map((m) => (MIME_EXTENSIONS[m]?.[0] ?? m).toUpperCase());
  return [...new Set(labels)].join(', ');
}

/** "5 Mo", "1,5 Mo": a size as French users read it. */
export function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1)).toLocaleString('fr-FR')} Mo`;
}

/** Upload refusals, the same whether the web app refuses before sending or the API after reading. */
export const FILE_MESSAGES = {
  notMultipart: 'Le fichier doit être envoyé en multipart/form-data',
  unreadable: 'Le fichier n’a pas pu être lu, veuillez réessayer',
  incompleteForm: 'Le formulaire envoyé est incomplet.',
  unknownType: 'Type de fichier inconnu',
  empty: 'Le fichier est vide',
  tooLarge: (maxSize: number) => `Le fichier est trop volumineux : la taille maximale est de ${megabytes(maxSize)}.`,
  typeNotAllowed: (allowedMimeTypes: readonly string[]) =>
    `Ce type de fichier n'est pas accepté. Formats acceptés : ${extensionLabels(allowedMimeTypes)}.`,
  /** `upload_quota_exceeded`: the account's daily upload quota (files or bytes) is used up. */
  uploadQuotaExceeded:
    "Vous avez atteint la limite d'envoi de fichiers pour aujourd'hui. Réessayez demain ou contactez votre administrateur.",
} as const;
