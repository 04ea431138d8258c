import { Image, Text } from '@mantine/core';
import type { AgencyDetail } from '@reseau/contracts/schemas/agencies';
import { useEffect, useRef, useState } from 'react';
import { fetchFile } from '../../../api/files';
import { Modal } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { advertisementSeenKey as seenKey } from './advertisement-seen';

/** Whether storage can be read (a browser that refuses it shows the advertisement, once per visit). */
function wasSeen(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function markSeen(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Not remembered: it may show again at the next visit.
  }
}

/**
 * The agency's advertisement (spec 03 §2): its image in a modal, once per advertisement and
 * customer (remembered in this browser), and never on an account without a contract (`show`).
 * The image is a protected file, fetched with the session's token. Closed, the focus goes back
 * to what had it before, or to the page's main content.
 */
export function AdvertisementModal({
  agency,
  customerId,
  show: allowed,
}: {
  agency: AgencyDetail | undefined;
  customerId: string | undefined;
  show: boolean;
}) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const focusedBefore = useRef<Element | null>(null);
  const path = agency?.extranetAdvertisementFilePath ?? null;
  const fileId = agency?.extranetAdvertisementFileId ?? null;
  const agencyId = agency?.id;
  const key = customerId && agencyId !== undefined && fileId !== null ? seenKey(customerId, agencyId, fileId) : null;

  useEffect(() => {
    if (!allowed || !path || !key || wasSeen(key)) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    const show = (url: string) => {
      markSeen(key);
      focusedBefore.current = document.activeElement;
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
  }, [allowed, path, key]);

  const close = () => {
    setOpened(false);
    // Back where the user was, or to the page (the element that opened the dashboard is gone).
    const before = focusedBefore.current;
    const target =
      before instanceof HTMLElement && before.isConnected && before !== document.body ? before : document.getElementById('main');
    requestAnimationFrame(() => target?.focus());
  };

  const name = agency?.name ?? '';
  return (
    <Modal
      opened={opened && src !== null}
      onClose={close}
      returnFocus={false}
      title={<Text fw={700}>{t('extranet.advertisement.title', { name })}</Text>}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {src ? <Image src={src} alt={t('extranet.advertisement.alt', { name })} radius="md" /> : null}
    </Modal>
  );
}
