/** The path the web app downloads a file from (GET /files/{id} under /api), or null without a file. */
export function filePath(fileId: number | null): string | null {
  return fileId === null ? null : `/api/files/${fileId}`;
}
