import { Anchor, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AgencyDetail } from '@reseau/contracts/agencies';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** For now the agency's phones and emails; the contact form comes with its own issue. */
export function ContactAgencyModal({
  agency,
  opened,
  onClose,
}: {
  agency: AgencyDetail | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phones = agency?.infos.phones ?? [];
  const emails = agency?.infos.emails ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{t('extranet.agency.contactTitle', { name: agency?.name ?? '' })}</Text>}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {phones.length === 0 && emails.length === 0 ? (
          <Text c="dimmed">{t('extranet.agency.noContact')}</Text>
        ) : (
          <Text>{t('extranet.agency.contactIntro')}</Text>
        )}
        {phones.map((p) => (
          <Group key={`p-${p.phone}`} wrap="nowrap" gap="sm">
            <ThemeIcon variant="light" color="teal" radius="xl" size="lg">
              <IconPhone size={18} />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed">
                {p.label || t('extranet.agency.phones')}
              </Text>
              <Anchor href={`tel:${p.phone.replace(/\s+/g, '')}`} fw={600}>
                {p.phone}
              </Anchor>
            </div>
          </Group>
        ))}
        {emails.map((e) => (
          <Group key={`e-${e.emailAddress}`} wrap="nowrap" gap="sm">
            <ThemeIcon variant="light" color="ocean" radius="xl" size="lg">
              <IconMail size={18} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {e.label || t('extranet.agency.emails')}
              </Text>
              <Anchor href={`mailto:${e.emailAddress}`} fw={600} style={{ wordBreak: 'break-all' }}>
                {e.emailAddress}
              </Anchor>
            </div>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
