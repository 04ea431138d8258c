import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconInfoCircle, IconMapPin } from '@tabler/icons-react';
import { useAgencies } from '../../../api/agencies';
import { useMyContracts } from '../../../api/extranet/contracts';
import { AgencyLogo } from '../../../components/AgencyLogo';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { cityLine } from '../../../lib/format';
import { setCurrentAgency, useSession } from '../../../lib/session';
import classes from './AgencyChooser.module.css';
import { AgencyHoldings } from './AgencyHoldings';

/** `/extranet` without a current agency: the customer picks one of their agencies (spec 03 §2). */
export function AgencyChooser() {
  const { t } = useTranslation();
  const { claims } = useSession();
  const agencies = useAgencies();
  // Every agency's contracts at once (no agencyId): one call, split per card below.
  const contracts = useMyContracts(null);
  const name = [claims?.given_name, claims?.family_name].filter(Boolean).join(' ');

  return (
    <Stack gap="xl">
      <div>
        <Text c="teal" fw={700}>
          {t('extranet.chooser.greeting', { name })}
        </Text>
        <Title order={1} size="h2" mt={4}>
          {t('extranet.chooser.title')}
        </Title>
        <Text c="dimmed" mt={6} maw={640}>
          {t('extranet.chooser.text')}
        </Text>
      </div>

      {agencies.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2].map((n) => (
            <Skeleton key={n} height={180} radius="lg" />
          ))}
        </SimpleGrid>
      ) : agencies.isError ? (
        <LoadError variant="alert" message={t('extranet.chooser.loadError')} onRetry={agencies.refetch} />
      ) : agencies.data.length === 0 ? (
        <Alert color="ocean" variant="light" icon={<IconInfoCircle size={20} />}>
          {t('extranet.chooser.empty')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {agencies.data.map((agency) => (
            <Card key={agency.id} className={classes.card} shadow="xs">
              <Stack gap="md" h="100%">
                <Group wrap="nowrap" gap="md">
                  <AgencyLogo name={agency.name} logoFilePath={agency.logoFilePath} size={60} />
                  <div style={{ minWidth: 0 }}>
                    <Title order={2} size="h4" lh={1.3}>
                      {agency.name}
                    </Title>
                    <Group gap={4} mt={4} wrap="nowrap">
                      <IconMapPin size={14} color="var(--mantine-color-gray-6)" aria-hidden="true" />
                      <Text size="sm" c="dimmed">
                        {cityLine(agency.city, agency.postalCode)}
                      </Text>
                    </Group>
                  </div>
                </Group>
                <AgencyHoldings
                  agencyName={agency.name}
                  pending={contracts.isPending}
                  contracts={contracts.data?.filter((contract) => contract.agencyId === agency.id)}
                />
                <Button
                  mt="auto"
                  fullWidth
                  rightSection={<IconArrowRight size={18} />}
                  aria-label={t('extranet.chooser.choose', { name: agency.name })}
                  onClick={() =>
                    setCurrentAgency({
                      id: agency.id,
                      name: agency.name,
                      city: agency.city,
                      postalCode: agency.postalCode,
                      logoFileId: agency.logoFileId,
                      logoFilePath: agency.logoFilePath,
                      adherentId: agency.adherentId,
                    })
                  }
                >
                  {t('extranet.chooser.chooseShort')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
