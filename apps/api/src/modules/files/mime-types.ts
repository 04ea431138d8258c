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
