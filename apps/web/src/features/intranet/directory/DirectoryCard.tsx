import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { PersonAvatar } from '../../../components/PersonAvatar';
import { cityLine } from '../../../lib/format';
import classes from './Directory.module.css';

/** A directory entry (spec 02 §3): picture, name, position, agency, region, address, phone, email. */
export interface DirectoryPerson {
  firstName: string;
  lastName: string;
  position: string | null;
  phone: string | null;
  emailAddress: string;
  avatarFileId: number | null;
  agencyName?: string | null;
  region: string | null;
  address1?: string | null;
  postalCode?: string | null;
  city?: string | null;
}

export function DirectoryCard({ person }: { person: DirectoryPerson }) {
  const name = `${person.firstName} ${person.lastName}`;
  const city = cityLine(person.city, person.postalCode);
  return (
    <Card withBorder radius="md" padding="md" className={classes.card}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PersonAvatar fileId={person.avatarFileId} size={56} />
        <Stack gap={2} className={classes.cardBody}>
          <Text component="h2" fw={700} size="md" className={classes.wrap}>
            {name}
          </Text>
          {person.position ? (
            <Text size="sm" c="dimmed" className={classes.wrap}>
              {person.position}
            </Text>
          ) : null}
          {person.agencyName ? (
            <Text size="sm" fw={600} className={classes.wrap}>
              {person.agencyName}
            </Text>
          ) : null}
          {person.region ? (
            <Badge variant="light" size="sm" w="fit-content">
              {person.region}
            </Badge>
          ) : null}
        </Stack>
      </Group>
      <Stack gap={4} mt="sm">
        {person.address1 || city ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden="true" className={classes.icon} />
            <Text size="sm" className={classes.wrap}>
              {[person.address1, city].filter(Boolean).join(', ')}
            </Text>
          </Group>
        ) : null}
        {person.phone ? (
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden="true" className={classes.icon} />
            <Anchor size="sm" href={`tel:${person.phone.replace(/\s+/g, '')}`}>
              {person.phone}
            </Anchor>
          </Group>
        ) : null}
        <Group gap={6} wrap="nowrap">
          <IconMail size={16} aria-hidden="true" className={classes.icon} />
          <Anchor size="sm" href={`mailto:${person.emailAddress}`} className={classes.wrap}>
            {person.emailAddress}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
