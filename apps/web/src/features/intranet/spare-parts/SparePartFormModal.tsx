import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import type { SparePartAnnouncement, SparePartEnergyType } from '../../../api/spare-parts';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { Modal } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';

// The form brings the contract's schema (zod): loaded at the first opening, not with the board.
const SparePartForm = lazy(() => import('./SparePartForm').then((m) => ({ default: m.SparePartForm })));

/** The new-announcement and edit modal (spec 02 §2); full screen on a phone. */
export function SparePartFormModal({
  opened,
  item,
  agencyId,
  energyTypes,
  onClose,
}: {
  opened: boolean;
  item?: SparePartAnnouncement;
  agencyId: number;
  energyTypes: SparePartEnergyType[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 30em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{item ? t('spareParts.form.editTitle') : t('spareParts.form.createTitle')}</Text>}
      size="lg"
      centered
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Suspense fallback={<ListSkeleton rows={4} height={48} />}>
        {opened ? (
          <SparePartForm key={item?.id ?? 'new'} item={item} agencyId={agencyId} energyTypes={energyTypes} onDone={onClose} />
        ) : null}
      </Suspense>
    </Modal>
  );
}
