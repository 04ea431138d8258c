import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconMail, IconMapPin, IconPhone, IconRotate } from '@tabler/icons-react';
import type { Contact } from '../../../api/contacts';
import { filePath } from '../../../api/files';
import { useDownload } from '../../../api/use-download';
import { useTranslation } from '../../../i18n';
import { agencyWithAdherent, formatDate } from '../../../lib/format';
import { ClientDataExportButton } from './ClientDataExportButton';
import classes from './ContactCard.module.css';
import { ContactDataFields } from './ContactDataFields';

interface ContactCardProps {
  contact: Contact;
  /** The network-wide screens name the agency. */
  showAgency: boolean;
  /** Own-agency screens offer the handled / to handle button; the network's are read-only. */
  toggle?: { pending: boolean; onToggle(contact: Contact): void };
}

const TYPE_COLORS: Record<string, string> = {
  AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT: 'teal',
  AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT: 'red',
  AGENCY_CONTRACT_INVOICE_PAID_CONTACT: 'teal',
  FREE_INVOICE_PAYMENT_CONTACT: 'teal',
};

/** One contact (spec 02 §3): who, how to reach them, what the type says, and its state. */
export function ContactCard({ contact: c, showAgency, toggle }: ContactCardProps) {
  const { t } = useTranslation();
  const titleId = `contact-${c.id}`;
  const place = [c.address, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Card shadow="xs" component="article" aria-labelledby={titleId} className={classes.card}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6}>
          <Badge color={TYPE_COLORS[c.type] ?? 'ocean'} variant="light">
            {t(`contacts.types.${c.type}`)}
          </Badge>
          {c.isClientKnown ? (
            <Badge color="grape" variant="outline">
              {t('contacts.card.clientKnown')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={c.creationDate}>
          {t('contacts.card.receivedOn', { date: formatDate(c.creationDate) })}
        </Text>
      </Group>
      <div>
        <Title order={2} size="h4" id={titleId} className={classes.name}>
          {c.fullName}
        </Title>
        {showAgency ? (
          <Text size="sm" c="dimmed">
            {t('contacts.card.agency', { agency: agencyWithAdherent(c.adherentName, c.agencyName) })}
          </Text>
        ) : null}
      </div>
      <Stack gap={4}>
        {c.emailAddress ? (
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden="true" className={classes.icon} />
            <Text size="sm" component="a" href={`mailto:${c.emailAddress}`} c="ocean.7" className={classes.wrap}>
              <span className="visually-hidden">{t('contacts.card.email')} : </span>
              {c.emailAddress}
            </Text>
          </Group>
        ) : null}
        {c.phone ? (
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden="true" className={classes.icon} />
            <Text size="sm" component="a" href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} c="ocean.7">
              <span className="visually-hidden">{t('contacts.card.phone')} : </span>
              {c.phone}
            </Text>
          </Group>
        ) : null}
        {place ? (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={16} aria-hidden="true" className={classes.icon} />
            <Text size="sm" className={classes.wrap}>
              <span className="visually-hidden">{t('contacts.card.address')} : </span>
              {place}
            </Text>
          </Group>
        ) : null}
      </Stack>
      <ContactDataFields contact={c} />
      <ContactFiles contact={c} />
      {c.isProcessed || toggle || c.clientId !== null ? (
        <Group justify="space-between" gap="xs" className={classes.footer}>
          {c.isProcessed && c.processedAt ? (
            <Text size="xs" c="dimmed" component="time" dateTime={c.processedAt}>
              {t('contacts.card.handledOn', { date: formatDate(c.processedAt) })}
            </Text>
          ) : (
            <span />
          )}
          <Group gap="xs">
            {c.clientId !== null ? <ClientDataExportButton clientId={c.clientId} fullName={c.fullName} /> : null}
            <ContactToggle contact={c} toggle={toggle} />
          </Group>
        </Group>
      ) : null}
    </Card>
  );
}

/** The handled / to handle button of the own-agency screens. */
function ContactToggle({ contact: c, toggle }: Pick<ContactCardProps, 'contact' | 'toggle'>) {
  const { t } = useTranslation();
  if (!toggle) return null;
  return (
    <Button
      size="xs"
      variant={c.isProcessed ? 'default' : 'filled'}
      leftSection={c.isProcessed ? <IconRotate size={16} aria-hidden="true" /> : <IconCheck size={16} aria-hidden="true" />}
      loading={toggle.pending}
      aria-label={t(c.isProcessed ? 'contacts.card.markToHandleOf' : 'contacts.card.markHandledOf', { name: c.fullName })}
      onClick={() => toggle.onToggle(c)}
    >
      {t(c.isProcessed ? 'contacts.card.markToHandle' : 'contacts.card.markHandled')}
    </Button>
  );
}

/** The quote's or invoice's PDF, downloaded with the session's token (spec 02 §7 Files). */
function ContactFiles({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation();
  const downloads = useDownload(t('contacts.errors.download'));
  const d = c.data;
  const files: { id: number; label: string; name: string }[] = [];
  if (d.envelopeFileId) {
    files.push({
      id: d.envelopeFileId,
      label: t('contacts.card.envelopeFile'),
      name: t('contacts.card.downloadEnvelope', { number: d.quotationNumber ?? '' }),
    });
  } else if (d.quotationFileId) {
    files.push({
      id: d.quotationFileId,
      label: t('contacts.card.quotationFile'),
      name: t('contacts.card.downloadQuotation', { number: d.quotationNumber ?? '' }),
    });
  }
  if (d.invoiceFileId) {
    files.push({
      id: d.invoiceFileId,
      label: t('contacts.card.invoiceFile'),
      name: t('contacts.card.downloadInvoice', { number: d.invoiceNumber ?? '' }),
    });
  }
  if (files.length === 0) return null;
  return (
    <Group gap="xs">
      {files.map((f) => (
        <Button
          key={f.id}
          size="xs"
          variant="light"
          color="gray"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={downloads.isDownloading(filePath(f.id))}
          aria-label={f.name}
          onClick={() => void downloads.download(filePath(f.id))}
        >
          {f.label}
        </Button>
      ))}
    </Group>
  );
}
