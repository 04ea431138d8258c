import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { MapAdherent } from '@reseau/contracts/schemas/adherents';
import { useTranslation } from '../../i18n';
import { cityLine } from '../../lib/format';
import { PersonAvatar } from '../PersonAvatar';
import classes from './AgencyMapCard.module.css';

type MapAgency = MapAdherent['agencies'][number];

/**
 * The card a marker of an adherent's agency opens (the dashboard's map and the directory map):
 * the agency, its adherent and the adherent admin shown on the map.
 */
export function AgencyMapCard({ adherent, agency }: { adherent: MapAdherent; agency: MapAgency }) {
  const { t } = useTranslation();
  const admin = adherent.admin;
  return (
    <Stack gap={4} maw={260} className={classes.card}>
      <Text fw={700} size="sm">
        {agency.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t('intranetHome.map.adherent', { name: adherent.name })}
      </Text>
      {agency.address1 ? <Text size="sm">{agency.address1}</Text> : null}
      <Text size="sm">{cityLine(agency.city, agency.postalCode)}</Text>
      {admin ? (
        <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
          <PersonAvatar fileId={admin.avatarFileId} size={36} />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {`${admin.firstName} ${admin.lastName}`}
              {admin.position ? ` · ${admin.position}` : ''}
            </Text>
            {admin.phone ? (
              <Anchor size="sm" href={`tel:${admin.phone.replace(/\s+/g, '')}`}>
                {admin.phone}
              </Anchor>
            ) : null}
            <Anchor size="sm" href={`mailto:${admin.emailAddress}`}>
              {admin.emailAddress}
            </Anchor>
          </Stack>
        </Group>
      ) : null}
    </Stack>
  );
}
