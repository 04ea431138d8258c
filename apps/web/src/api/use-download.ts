import { useCallback, useState } from 'react';
import { notifyError } from '../lib/notify';
import { downloadErrorText, downloadFile } from './files';

/**
 * The one way a screen downloads a file of the API (a document, an invoice, an attachment, a
 * report): `download(path, fallbackName)` saves it under the name the server gives, several may run
 * at once, each with its own `isDownloading(path)` for its button's `loading` (spec 03 §7). A failure
 * shows a popover: the spec's "file not found" for a 404, `failedText` otherwise.
 */
export function useDownload(failedText: string) {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async (path: string, fallbackName?: string) => {
      setPending((current) => new Set(current).add(path));
      try {
        await downloadFile(path, fallbackName);
      } catch (error) {
        notifyError(downloadErrorText(error, failedText));
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(path);
          return next;
        });
      }
    },
    [failedText],
  );

  return { download, isDownloading: (path: string) => pending.has(path) };
}
