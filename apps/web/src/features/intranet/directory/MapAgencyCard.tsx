import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { MapAdherent } from '@reseau/contracts/schemas/adherents';
import { PersonAvatar } from '../../../components/PersonAvatar';
import { useTranslation } from '../../../i18n';
import { cityLine } from '../../../lib/format';
import classes from './Directory.module.css';
import type { MapAgency } from './map-filters';

/** The card a marker opens: the agency, its adherent and the adherent admin shown on the map. */
export function MapAgencyCard({ adherent, agency }: { adherent: MapAdherent; agency: MapAgency }) {
  const { t } = useTranslation();
  const admin = adherent.admin;
  return (
    <Stack gap={4} maw={260} className={classes.popup}>
      <Text fw={700} size="sm">
        {agency.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t('directory.map.adherent', { name: adherent.name })}
      </Text>
      {agency.address1 ? <Text size="sm">{agency.address1}</Text> : null}
      <Text size="sm">{cityLine(agency.city, agency.postalCode)}</Text>
      {admin ? (
        <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
          <PersonAvatar fileId={admin.avatarFileId} size={36} />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {`${admin.firstName} ${admin.lastName}`}
            </Text>
            {admin.position ? (
              <Text size="xs" c="dimmed">
                {admin.position}
              </Text>
            ) : null}
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
