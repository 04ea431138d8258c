import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock, IconHelpCircle, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAgency } from '../../../api/agencies';
import { AgencyLogo } from '../../../components/AgencyLogo';
import { useTranslation } from '../../../i18n';
import { cityLine, richTextLines } from '../../../lib/format';
import type { StoredAgency } from '../../../lib/session';
import { telHref } from '../kit/agency-phones';
import classes from './AgencyPanel.module.css';

/** The current agency in the extranet menu: who, when open, how to reach it, FAQ (spec 03 §2). */
export function AgencyPanel({ agency, onContact }: { agency: StoredAgency; onContact: () => void }) {
  const { t } = useTranslation();
  const detail = useAgency(agency.id);
  const infos = detail.data?.infos;
  const phones = infos?.phones ?? [];
  const hours = richTextLines(infos?.openingHours);
  return (
    <Stack gap="lg">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts="0.08em">
        {t('extranet.agency.yourAgency')}
      </Text>
      <Group wrap="nowrap" gap="md">
        <AgencyLogo name={agency.name} logoFilePath={detail.data?.logoFilePath ?? agency.logoFilePath} size={56} />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" lh={1.25}>
            {agency.name}
          </Text>
          <Text size="sm" c="dimmed">
            {cityLine(infos?.city ?? agency.city, infos?.postalCode ?? agency.postalCode)}
          </Text>
        </div>
      </Group>

      <div>
        <Group gap={6} mb={4}>
          <IconClock size={16} color="var(--mantine-color-teal-7)" aria-hidden="true" />
          <Text size="sm" fw={700}>
            {t('extranet.agency.openingHours')}
          </Text>
        </Group>
        {detail.isPending ? (
          <Skeleton height={48} radius="sm" />
        ) : hours.length > 0 ? (
          <Stack gap={2}>
            {hours.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('extranet.agency.noOpeningHours')}
          </Text>
        )}
      </div>

      {phones.length > 0 ? (
        <Stack gap={6} component="ul" className={classes.phones} aria-label={t('extranet.agency.phones')}>
          {phones.map((p) => (
            <Group key={`${p.label}-${p.phone}`} gap={6} wrap="nowrap" component="li" align="flex-start">
              <IconPhone
                size={16}
                color="var(--mantine-color-teal-text)"
                aria-hidden="true"
                style={{ flex: 'none', marginTop: 2 }}
              />
              <Text size="sm">
                {p.label} :{' '}
                <Anchor href={telHref(p.phone)} size="sm" fw={600}>
                  {p.phone}
                </Anchor>
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}

      <Button fullWidth leftSection={<IconMessageCircle size={18} />} onClick={onContact}>
        {t('extranet.agency.contact')}
      </Button>
      <Anchor component={Link} to="/extranet/faq" fw={600} size="sm">
        <Group gap={6} component="span">
          <IconHelpCircle size={18} aria-hidden="true" />
          {t('extranet.agency.faq')}
        </Group>
      </Anchor>
    </Stack>
  );
}
