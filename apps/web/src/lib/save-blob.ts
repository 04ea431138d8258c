/**
 * Hands a blob to the browser as a download named `name` (a file of the API, or one built on the
 * screen such as an import's errors CSV).
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start writing the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
