import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { Link, useLocation, useMatches } from 'react-router';
import { useTranslation } from '../../i18n';

interface Handle {
  titleKey?: string;
}

/** A screen of the route map that a later version builds: clearly labelled, never pretending. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = matches.at(-1)?.handle as Handle | undefined;
  const home = pathname.startsWith('/intranet') ? '/intranet' : '/extranet';
  return (
    <Stack gap="lg">
      {handle?.titleKey ? (
        <Title order={1} size="h2">
          {t(handle.titleKey)}
        </Title>
      ) : null}
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="md" py="lg" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal">
            <IconTools size={32} />
          </ThemeIcon>
          <Badge variant="light" color="teal">
            {t('comingSoon.badge')}
          </Badge>
          <Title order={2} size="h3">
            {t('comingSoon.title')}
          </Title>
          <Text c="dimmed" maw={460}>
            {t('comingSoon.text')}
          </Text>
          <Button component={Link} to={home} variant="light" leftSection={<IconArrowLeft size={18} />}>
            {t('common.backHome')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
