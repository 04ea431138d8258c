import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AgencyDetail } from '@reseau/contracts/schemas/agencies';
import { lazy, Suspense } from 'react';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { Modal } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import type { ContactRequest } from '../kit/contact-context';

// The form brings the contract's schema (zod): loaded at the first opening, not with the shell.
const ContactAgencyForm = lazy(() => import('./ContactAgencyForm').then((m) => ({ default: m.ContactAgencyForm })));

interface ContactAgencyModalProps {
  agency: AgencyDetail | undefined;
  /** The contracts offered: those of the current agency, or all when none is chosen. */
  agencyId: number | null;
  opened: boolean;
  request: ContactRequest;
  /** Changes at each opening: the form starts again from the request. */
  requestKey: number;
  onClose: () => void;
}

/** The dialog of "Contacter mon agence", opened from any extranet screen (spec 03 §2). */
export function ContactAgencyModal({ agency, agencyId, opened, request, requestKey, onClose }: ContactAgencyModalProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 30em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{agency ? t('extranet.contact.title', { name: agency.name }) : t('extranet.agency.contact')}</Text>}
      size="lg"
      centered
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Suspense fallback={<ListSkeleton rows={3} height={60} />}>
        <ContactAgencyForm
          key={requestKey}
          agency={agency}
          agencyId={agencyId}
          opened={opened}
          request={request}
          onSent={onClose}
        />
      </Suspense>
    </Modal>
  );
}
