import { useCallback, useState } from 'react';
import { downloadErrorText, downloadFile } from '../../../api/files';
import { useTranslation } from '../../../i18n';
import { notifyError } from '../../../lib/notify';

/**
 * Downloads of the extranet's documents, each with its own progress: several may run at once
 * (spec 03 §7). A failure shows a popover: the spec's "file not found" for a 404.
 */
export function useDownloads() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async (path: string, fallbackName?: string) => {
      setPending((current) => new Set(current).add(path));
      try {
        await downloadFile(path, fallbackName);
      } catch (error) {
        notifyError(downloadErrorText(error, t('errors.documentNotFound')));
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(path);
          return next;
        });
      }
    },
    [t],
  );

  return { download, isDownloading: (path: string) => pending.has(path) };
}
