import { Button, Progress, Stack, Text } from '@mantine/core';
import { SIGNATURE_ARCHIVE_NAME } from '@reseau/contracts/constants/signature-documents';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../../api/files';
import { createSignatureArchive, type Period } from '../../../api/signature';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';

/**
 * « Télécharger signatures.zip » (spec 02 §9): the server makes the archive of the period's
 * signed envelopes, then it downloads with its progress shown.
 */
export function ArchiveButton({ agencyId, period }: { agencyId: number | null; period: Period | null }) {
  const { t } = useTranslation();
  // null: idle; 'preparing': the server zips; a number: the share downloaded.
  const [progress, setProgress] = useState<null | 'preparing' | number>(null);
  const run = async () => {
    if (agencyId === null || period === null) return;
    setProgress('preparing');
    try {
      const { fileId } = await createSignatureArchive({ agencyId, ...period });
      setProgress(0);
      await downloadFile(`/files/${fileId}`, SIGNATURE_ARCHIVE_NAME, setProgress);
    } catch (error) {
      notifyError(isApiError(error) && error.status === 404 ? error.message : t('signature.archive.failed'));
    } finally {
      setProgress(null);
    }
  };
  const percent = typeof progress === 'number' ? Math.round(progress * 100) : 0;
  return (
    <Stack gap={6} maw={360}>
      <Button
        variant="light"
        leftSection={<IconFileZip size={18} aria-hidden="true" />}
        onClick={() => void run()}
        loading={progress !== null}
        disabled={agencyId === null || period === null}
      >
        {t('signature.archive.button')}
      </Button>
      {progress !== null ? (
        <div role="status">
          <Text size="xs" c="dimmed">
            {progress === 'preparing' ? t('signature.archive.preparing') : t('signature.archive.downloading', { percent })}
          </Text>
          <Progress value={progress === 'preparing' ? 100 : percent} animated={progress === 'preparing'} size="sm" />
        </div>
      ) : (
        <Text size="xs" c="dimmed">
          {agencyId === null ? t('signature.archive.noAgency') : t('signature.archive.help')}
        </Text>
      )}
    </Stack>
  );
}
