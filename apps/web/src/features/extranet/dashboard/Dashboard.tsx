import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileDescription, IconHelpCircle, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import classes from './Dashboard.module.css';

/** `/extranet` with a current agency. Contracts, quotes and invoices arrive with the next issue. */
export function Dashboard() {
  const { t } = useTranslation();
  const { claims, currentAgency } = useSession();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {t('extranet.dashboard.greeting', { name: claims?.given_name ?? '' })}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('extranet.dashboard.subtitle', { agency: currentAgency?.name ?? '' })}
        </Text>
      </div>

      <Card className={classes.hero} withBorder={false} shadow="sm">
        <Group wrap="nowrap" align="flex-start" gap="lg">
          <ThemeIcon size={52} radius="xl" variant="white" color="teal" style={{ flex: 'none' }} visibleFrom="xs">
            <IconFileDescription size={28} />
          </ThemeIcon>
          <div>
            <Title order={2} size="h3" c="white">
              {t('extranet.dashboard.comingTitle')}
            </Title>
            <Text c="white" opacity={0.92} mt={6} maw={620}>
              {t('extranet.dashboard.comingText')}
            </Text>
          </div>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card shadow="xs">
          <Stack gap="sm" h="100%">
            <ThemeIcon variant="light" color="ocean" size={44} radius="md">
              <IconHelpCircle size={24} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t('extranet.dashboard.faqTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('extranet.dashboard.faqText')}
            </Text>
            <Button component={Link} to="/extranet/faq" variant="light" mt="auto" style={{ alignSelf: 'flex-start' }}>
              {t('extranet.dashboard.faqLink')}
            </Button>
          </Stack>
        </Card>
        <Card shadow="xs">
          <Stack gap="sm" h="100%">
            <ThemeIcon variant="light" color="teal" size={44} radius="md">
              <IconUserCircle size={24} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t('extranet.dashboard.profileTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('extranet.dashboard.profileText')}
            </Text>
            <Button
              component={Link}
              to="/extranet/personal-info"
              variant="light"
              color="teal"
              mt="auto"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('extranet.dashboard.profileLink')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
