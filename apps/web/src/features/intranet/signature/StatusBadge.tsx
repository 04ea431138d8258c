import { Badge, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Tooltip } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';

const COLORS: Record<string, string> = { created: 'red', ongoing: 'blue', signed: 'green', expired: 'gray', declined: 'orange' };

/**
 * A signature's status label (spec 02 §4, spec 00 §4): created = failed, ongoing = to sign,
 * signed, expired, declined, anything else unknown; an eye with « Vu par le destinataire » when
 * the recipient opened the document.
 */
export function StatusBadge({ status, openingTime }: { status: string; openingTime?: string | null }) {
  const { t } = useTranslation();
  const known = status in COLORS;
  const seen = openingTime ? t('signature.seen', { date: formatDateTime(openingTime) }) : null;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={COLORS[status] ?? 'gray'} variant="light">
        {t(`signature.status.${known ? status : 'unknown'}`)}
      </Badge>
      {seen ? (
        <Tooltip label={seen} withArrow>
          <span role="img" aria-label={seen} style={{ display: 'inline-flex' }}>
            <IconEye size={16} aria-hidden="true" />
          </span>
        </Tooltip>
      ) : null}
    </Group>
  );
}
