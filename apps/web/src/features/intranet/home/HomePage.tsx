import { Badge, Grid, Group, Stack, Title } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { useTranslation } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { AdherentMapPanel } from './AdherentMapPanel';
import { CalendarPanel } from './CalendarPanel';
import { ClientsPanel } from './ClientsPanel';
import type { HomeContext } from './home-context';
import { NewsPanel } from './NewsPanel';
import { QuickLinksPanel } from './QuickLinksPanel';

/**
 * `/intranet`, the dashboard of spec 01 §2: the newest news, the clients panel, quick links by
 * role, the adherent map and the calendar. Each panel decides from the caller's role and
 * permissions whether it shows; the server refuses the data of a hidden one anyway.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { claims, impersonation } = useSession();
  const ctx = useOutletContext<HomeContext>();
  const name = impersonation ? impersonation.name : (claims?.given_name ?? '');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('intranetHome.greeting', { name })}
        </Title>
        <Group gap="xs" mt={8}>
          {ctx.roleName ? (
            <Badge variant="light" color="ocean">
              {t('intranetHome.role', { role: ctx.roleName })}
            </Badge>
          ) : null}
          {ctx.currentAgency ? (
            <Badge variant="light" color="teal">
              {t('intranetHome.currentAgency', { name: ctx.currentAgency.name })}
            </Badge>
          ) : null}
        </Group>
      </div>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <NewsPanel />
            <CalendarPanel ctx={ctx} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <ClientsPanel ctx={ctx} />
            <QuickLinksPanel ctx={ctx} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          <AdherentMapPanel ctx={ctx} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
