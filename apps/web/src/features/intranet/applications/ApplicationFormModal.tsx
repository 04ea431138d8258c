import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import type { NetworkApplication } from '../../../api/network-applications';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { Modal } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';

// The form brings the contract's schema (zod): loaded at the first opening, not with the list.
const ApplicationForm = lazy(() => import('./ApplicationForm').then((m) => ({ default: m.ApplicationForm })));

/** What the modal holds: a new application, one to edit, or nothing (closed). */
export type ApplicationEditing = { application?: NetworkApplication } | null;

/** The dialog holding the application form (spec 02 §2); full screen on a phone. */
export function ApplicationFormModal({ editing, onClose }: { editing: ApplicationEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 30em)');
  const application = editing?.application;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={<Text fw={700}>{application ? t('applications.editTitle') : t('applications.newTitle')}</Text>}
      size="lg"
      centered
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Suspense fallback={<ListSkeleton rows={3} height={60} />}>
        {editing ? <ApplicationForm key={application?.id ?? 'new'} application={application} onDone={onClose} /> : null}
      </Suspense>
    </Modal>
  );
}
