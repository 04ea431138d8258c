import { Button, Group } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadErrorText, downloadFile } from '../../../api/files';
import { useTranslation } from '../../../i18n';
import { notifyError } from '../../../lib/notify';

/** A thread's or reply's attachments, each a download button with the name its writer gave it. */
export function JoinedFiles({ files }: { files: { fileName: string; fileId: number }[] }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<number | null>(null);
  if (files.length === 0) return null;
  const download = async (fileId: number, fileName: string) => {
    setDownloading(fileId);
    try {
      await downloadFile(`/files/${fileId}`, fileName);
    } catch (error) {
      notifyError(downloadErrorText(error, t('forums.errors.download')));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Group gap="sm" component="ul" aria-label={t('forums.files')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((file) => (
        <li key={file.fileId}>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPaperclip size={14} aria-hidden="true" />}
            loading={downloading === file.fileId}
            onClick={() => void download(file.fileId, file.fileName)}
          >
            {file.fileName}
          </Button>
        </li>
      ))}
    </Group>
  );
}
