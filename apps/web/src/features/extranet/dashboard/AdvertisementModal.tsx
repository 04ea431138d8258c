import { Image, Modal, Text } from '@mantine/core';
import type { AgencyDetail } from '@reseau/contracts/schemas/agencies';
import { useEffect, useState } from 'react';
import { fetchFile } from '../../../api/files';
import { useTranslation } from '../../../i18n';
import { advertisementSeenKey as seenKey } from './advertisement-seen';

/**
 * The agency's advertisement (spec 03 §2): its image in a modal, once per browser session and
 * agency. The image is a protected file, fetched with the session's token.
 */
export function AdvertisementModal({ agency }: { agency: AgencyDetail | undefined }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const path = agency?.extranetAdvertisementFilePath ?? null;
  const agencyId = agency?.id;

  useEffect(() => {
    if (!path || agencyId === undefined || sessionStorage.getItem(seenKey(agencyId))) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    const show = (url: string) => {
      sessionStorage.setItem(seenKey(agencyId), '1');
      setSrc(url);
      setOpened(true);
    };
    if (/^https?:\/\//.test(path)) show(path);
    else
      fetchFile(path)
        .then(({ blob }) => {
          if (cancelled) return;
          objectUrl = URL.createObjectURL(blob);
          show(objectUrl);
        })
        .catch(() => {
          // An advertisement that does not load is simply not shown.
        });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, agencyId]);

  return (
    <Modal
      opened={opened && src !== null}
      onClose={() => setOpened(false)}
      title={<Text fw={700}>{t('extranet.advertisement.title', { name: agency?.name ?? '' })}</Text>}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {src ? <Image src={src} alt={t('extranet.advertisement.alt', { name: agency?.name ?? '' })} radius="md" /> : null}
    </Modal>
  );
}
