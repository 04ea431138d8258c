import { Button, Group } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { filePath } from '../../../api/files';
import { useDownload } from '../../../api/use-download';
import { useTranslation } from '../../../i18n';

/** A thread's or reply's attachments, each a download button with the name its writer gave it. */
export function JoinedFiles({ files }: { files: { fileName: string; fileId: number }[] }) {
  const { t } = useTranslation();
  const downloads = useDownload(t('forums.errors.download'));
  if (files.length === 0) return null;
  return (
    <Group gap="sm" component="ul" aria-label={t('forums.files')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((file) => (
        <li key={file.fileId}>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPaperclip size={14} aria-hidden="true" />}
            loading={downloads.isDownloading(filePath(file.fileId))}
            onClick={() => void downloads.download(filePath(file.fileId), file.fileName)}
          >
            {file.fileName}
          </Button>
        </li>
      ))}
    </Group>
  );
}
