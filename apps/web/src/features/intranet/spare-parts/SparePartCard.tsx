import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { normalizeAnyFrenchPhone } from '@reseau/contracts/constants/identifiers';
import { IconCheck, IconFlagCheck, IconMail, IconMailOpened, IconPencil, IconPhone, IconTrash } from '@tabler/icons-react';
import type { SparePartAnnouncement } from '../../../api/spare-parts';
import { Tooltip } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import classes from './SparePartCard.module.css';

interface SparePartCardProps {
  announcement: SparePartAnnouncement;
  energyName: string;
  /** Answering needs a current agency (the answer is sent for it). */
  canAnswer: boolean;
  answerPending: boolean;
  onAnswer(announcement: SparePartAnnouncement): void;
  onEdit(announcement: SparePartAnnouncement): void;
  onDelete(announcement: SparePartAnnouncement): void;
  /** Marks it read or unread for the caller (spec 00 §4). */
  onToggleRead(announcement: SparePartAnnouncement): void;
  /** Ends an own announcement before its date ("terminée"). */
  onOver(announcement: SparePartAnnouncement): void;
  readPending: boolean;
}

/**
 * One announcement (spec 02 §2): type, energy, title, description, contact, author and agency,
 * expiry. Own cards (the caller's or their agency's) offer edit, end ("terminée") and delete; the
 * others the answer the type asks for, "J'en ai" on a request and "Je veux" on an offer, once, and
 * a read/unread mark (an unread one says "Nouvelle").
 */
export function SparePartCard({
  announcement: a,
  energyName,
  canAnswer,
  answerPending,
  onAnswer,
  onEdit,
  onDelete,
  onToggleRead,
  onOver,
  readPending,
}: SparePartCardProps) {
  const { t } = useTranslation();
  const phone = normalizeAnyFrenchPhone(a.contact);
  const answerLabel = a.typeCode === 'OFFRE' ? t('spareParts.card.want') : t('spareParts.card.have');
  return (
    <Card
      shadow="xs"
      className={classes.card}
      data-expired={a.isExpired ? true : undefined}
      component="article"
      aria-labelledby={`spare-part-${a.id}`}
    >
      {/* Wraps rather than cut: at 390 px the status badge goes under the type and energy. */}
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <Badge color={a.typeCode === 'OFFRE' ? 'teal' : 'ocean'} variant="filled">
            {t(`spareParts.types.${a.typeCode}`)}
          </Badge>
          <Badge color="gray" variant="light">
            {energyName}
          </Badge>
        </Group>
        {a.isExpired ? (
          <Badge color="red" variant="light">
            {t('spareParts.card.expired')}
          </Badge>
        ) : a.isRead ? null : (
          <Badge color="yellow" variant="filled">
            {t('spareParts.card.unread')}
          </Badge>
        )}
      </Group>
      <Title order={2} size="h4" id={`spare-part-${a.id}`} className={classes.title}>
        {a.title}
      </Title>
      <Text size="sm" className={classes.description}>
        {a.description}
      </Text>
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <IconPhone size={16} aria-hidden="true" />
          {phone ? (
            <Text size="sm" component="a" href={`tel:${phone.replace(/\s+/g, '')}`} c="ocean.7">
              <span className="visually-hidden">{t('spareParts.card.contact', { contact: '' })}</span>
              {phone}
            </Text>
          ) : (
            // Written before phones were checked (issue 25): shown as text, never a broken tel: link.
            <Text size="sm">
              <span className="visually-hidden">{t('spareParts.card.contact', { contact: '' })}</span>
              {a.contact}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('spareParts.card.by', { author: a.author || '—', agency: a.agencyName })}
        </Text>
        <Text size="xs" c={a.isExpired ? 'red.8' : 'dimmed'} component="time" dateTime={a.expiryDate}>
          {t(a.isExpired ? 'spareParts.card.expiredOn' : 'spareParts.card.expires', { date: formatDate(a.expiryDate) })}
        </Text>
      </Stack>
      <Group justify="flex-end" gap="xs" className={classes.footer}>
        {a.isOwn ? (
          <>
            <Tooltip label={t('spareParts.card.editShort')} withArrow>
              <ActionIcon
                variant="light"
                size={36}
                aria-label={t('spareParts.card.edit', { title: a.title })}
                onClick={() => onEdit(a)}
              >
                <IconPencil size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            {a.isExpired ? null : (
              <Tooltip label={t('spareParts.card.overShort')} withArrow>
                <ActionIcon
                  variant="light"
                  color="gray"
                  size={36}
                  aria-label={t('spareParts.card.over', { title: a.title })}
                  onClick={() => onOver(a)}
                >
                  <IconFlagCheck size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('spareParts.card.deleteShort')} withArrow>
              <ActionIcon
                variant="light"
                color="red"
                size={36}
                aria-label={t('spareParts.card.delete', { title: a.title })}
                onClick={() => onDelete(a)}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </>
        ) : (
          <>
            <Tooltip label={t(a.isRead ? 'spareParts.card.markUnreadShort' : 'spareParts.card.markReadShort')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                loading={readPending}
                aria-label={t(a.isRead ? 'spareParts.card.markUnread' : 'spareParts.card.markRead', { title: a.title })}
                onClick={() => onToggleRead(a)}
              >
                {a.isRead ? <IconMailOpened size={18} aria-hidden="true" /> : <IconMail size={18} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
            {a.hasResponse ? (
              <Button variant="light" color="teal" disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
                {t('spareParts.card.answered')}
              </Button>
            ) : a.isExpired ? null : (
              <Button
                onClick={() => onAnswer(a)}
                loading={answerPending}
                disabled={!canAnswer}
                aria-label={`${answerLabel} : ${a.title}`}
              >
                {answerLabel}
              </Button>
            )}
          </>
        )}
      </Group>
    </Card>
  );
}
