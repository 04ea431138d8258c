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
/** Name of the response header that carries the sanitized download name. */
export const FILE_NAME_HEADER = 'x-file-name';
