import { Button, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { NETWORK_CONTACTS_ROLE_IDS, ROLE } from '@reseau/contracts/constants/permissions';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type DashboardContacts, type DashboardScope, useDashboardContacts } from '../../../api/dashboard';
import { LoadError } from '../../../components/LoadError';
import { LogoMark } from '../../../components/Logo';
import { useTranslation } from '../../../i18n';
import { formatCount } from '../../../lib/format';
import classes from './HomePage.module.css';
import type { HomeContext } from './home-context';

const COUNTS: ReadonlyArray<{ key: keyof DashboardContacts; labelKey: string; accent?: boolean }> = [
  { key: 'count_to_process', labelKey: 'intranetHome.clients.toProcess', accent: true },
  { key: 'count_to_process_new_client', labelKey: 'intranetHome.clients.toProcessNewClient' },
  { key: 'count_processed_last_month', labelKey: 'intranetHome.clients.processedLastMonth' },
  { key: 'count_verified_clients', labelKey: 'intranetHome.clients.verifiedClients' },
];

/** Role 6 has no customers panel: a welcome with the network's logo instead (spec 01 §2). */
function TechnicianWelcome() {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="home-welcome-title" className={classes.welcome}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <span className={classes.welcomeLogo}>
          <LogoMark size={48} />
        </span>
        <div>
          <Title order={2} size="h4" c="white" id="home-welcome-title">
            {t('intranetHome.clients.welcomeTitle')}
          </Title>
          <Text c="white" opacity={0.9} mt={6} size="sm">
            {t('intranetHome.clients.welcomeText')}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

function Counts({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const counts = useDashboardContacts(scope);
  if (counts.isPending) {
    return (
      <SimpleGrid cols={2} spacing="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {COUNTS.map((c) => (
          <Skeleton key={c.key} height={86} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (counts.isError) {
    return <LoadError compact message={t('intranetHome.clients.loadError')} onRetry={() => void counts.refetch()} />;
  }
  return (
    <dl className={classes.counts}>
      {COUNTS.map((c) => (
        <div key={c.key} className={classes.count} data-accent={c.accent || undefined}>
          <dt className={classes.countLabel}>{t(c.labelKey)}</dt>
          <dd className={classes.countValue}>{formatCount(counts.data[c.key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The clients panel (spec 01 §2): the four counts of spec 00 §3 for the network (role 1) or the
 * current agency, for users who handle demands (contact_administration); role 6's welcome.
 */
export function ClientsPanel({ ctx }: { ctx: HomeContext }) {
  const { t } = useTranslation();
  if (ctx.roleId === ROLE.technician) return <TechnicianWelcome />;
  if (!ctx.permissions.includes('contact_administration')) return null;
  const network = ctx.roleId !== null && NETWORK_CONTACTS_ROLE_IDS.includes(ctx.roleId);
  const scope: DashboardScope | null = network
    ? { kind: 'network' }
    : ctx.currentAgency
      ? { kind: 'agency', agencyId: ctx.currentAgency.id }
      : null;
  return (
    <Card component="section" aria-labelledby="home-clients-title" className={classes.panel}>
      <Title order={2} size="h4" id="home-clients-title">
        {t(network ? 'intranetHome.clients.networkTitle' : 'intranetHome.clients.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {network
          ? t('intranetHome.clients.networkScope')
          : ctx.currentAgency
            ? t('intranetHome.clients.agencyScope', { name: ctx.currentAgency.name })
            : t('intranetHome.clients.noAgency')}
      </Text>
      {scope ? <Counts scope={scope} /> : null}
      <Group justify="flex-end" mt="sm">
        <Button
          component={Link}
          to={network ? '/intranet/all-demands' : '/intranet/demands'}
          variant="subtle"
          size="compact-sm"
          rightSection={<IconArrowRight size={16} />}
        >
          {t('intranetHome.clients.seeMore')}
        </Button>
      </Group>
    </Card>
  );
}
