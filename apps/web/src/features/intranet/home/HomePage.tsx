import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconSparkles, type TablerIcon } from '@tabler/icons-react';
import { Link, useOutletContext } from 'react-router';
import { useTranslation } from '../../../i18n';
import { useSession } from '../../../lib/session';
import classes from './HomePage.module.css';

/** What the intranet shell hands to its home screen. */
interface HomeContext {
  shortcuts: Array<{ id: string; path: string; labelKey: string; icon: TablerIcon }>;
  roleName: string | null;
  agencyName: string | null;
}

/** `/intranet`: greeting and welcome card; the dashboard figures come with their own issue. */
export function HomePage() {
  const { t } = useTranslation();
  const { claims } = useSession();
  const { shortcuts, roleName, agencyName } = useOutletContext<HomeContext>();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {t('intranetHome.greeting', { name: claims?.given_name ?? '' })}
        </Title>
        <Group gap="xs" mt={8}>
          {roleName ? (
            <Badge variant="light" color="ocean">
              {t('intranetHome.role', { role: roleName })}
            </Badge>
          ) : null}
          {agencyName ? (
            <Badge variant="light" color="teal">
              {t('intranetHome.currentAgency', { name: agencyName })}
            </Badge>
          ) : null}
        </Group>
      </div>

      <Card className={classes.welcome} shadow="sm" withBorder={false}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={52} radius="xl" variant="white" color="ocean" className={classes.welcomeIcon} visibleFrom="xs">
            <IconSparkles size={28} />
          </ThemeIcon>
          <div>
            <Title order={2} size="h3" c="white">
              {t('intranetHome.welcomeTitle')}
            </Title>
            <Text c="white" opacity={0.9} mt={6} maw={680}>
              {t('intranetHome.welcomeText')}
            </Text>
          </div>
        </Group>
      </Card>

      {shortcuts.length > 0 ? (
        <section aria-labelledby="shortcuts-title">
          <Title order={2} size="h4" id="shortcuts-title" mb="sm">
            {t('intranetHome.shortcuts')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {shortcuts.map((entry) => (
              <UnstyledButton key={entry.id} component={Link} to={entry.path} className={classes.shortcut}>
                <ThemeIcon size={40} radius="md" variant="light" color="ocean">
                  <entry.icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Text fw={600} style={{ flex: 1 }}>
                  {t(entry.labelKey)}
                </Text>
                <IconArrowRight size={18} color="var(--mantine-color-gray-5)" aria-hidden="true" />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </section>
      ) : null}
    </Stack>
  );
}
