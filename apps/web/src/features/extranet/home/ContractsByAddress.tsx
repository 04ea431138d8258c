import { Anchor, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { EXTRANET_CONTACT_SUBJECT } from '@reseau/contracts/constants/contacts';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCalendarEvent,
  IconExternalLink,
  IconFlame,
  IconMapPin,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { type AgencyContract, useMyContracts } from '../../../api/extranet/contracts';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { agencyRenewalUrl } from '../../../lib/config';
import { formatExtranetDate } from '../../../lib/format';
import type { StoredAgency } from '../../../lib/session';
import { useOpenContact } from '../kit/contact-context';
import { EquipmentIcon } from '../kit/EquipmentIcon';
import { groupContractsByAddress } from '../kit/group-contracts';
import classes from './Dashboard.module.css';

/** The agency's contracts, grouped by address (spec 03 §2). */
export function ContractsByAddress({ agency }: { agency: StoredAgency }) {
  const { t } = useTranslation();
  const contracts = useMyContracts(agency.id);

  return (
    <section aria-labelledby="contracts-title">
      <Title order={2} size="h3" id="contracts-title" mb="md">
        {t('extranet.contracts.title')}
      </Title>
      {contracts.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-label={t('common.loading')}>
          <Skeleton height={250} radius="lg" />
          <Skeleton height={250} radius="lg" />
        </SimpleGrid>
      ) : contracts.isError ? (
        <Card shadow="xs">
          <LoadError message={t('errors.loadContracts')} onRetry={contracts.refetch} />
        </Card>
      ) : contracts.data.length === 0 ? (
        <Card shadow="xs">
          <Stack align="center" ta="center" gap="xs" py="lg">
            <ThemeIcon variant="light" size={52} radius="xl" color="gray">
              <IconFlame size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('extranet.contracts.emptyTitle')}</Text>
            <Text c="dimmed" size="sm" maw={460}>
              {t('extranet.contracts.empty')}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack gap="xl">
          {groupContractsByAddress(contracts.data).map((group) => (
            <div key={group.key}>
              <Group gap={6} mb="sm" wrap="nowrap">
                <IconMapPin size={18} color="var(--mantine-color-teal-7)" aria-hidden="true" style={{ flex: 'none' }} />
                <Title order={3} size="h5" fw={700}>
                  {group.address}
                </Title>
              </Group>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                {group.contracts.map((contract) => (
                  <ContractCard key={contract.id} contract={contract} agency={agency} />
                ))}
              </SimpleGrid>
            </div>
          ))}
        </Stack>
      )}
    </section>
  );
}

function ContractCard({ contract, agency }: { contract: AgencyContract; agency: StoredAgency }) {
  const { t } = useTranslation();
  const openContact = useOpenContact();
  const contact = (subjectId: number) =>
    openContact({ subjectId, agencyContractId: contract.id, source: 'extranet_contracts_page' });
  const equipment = contract.equipmentType ?? t('extranet.contracts.equipmentUnknown');
  return (
    <Card shadow="xs" className={classes.contractCard} component="article" aria-label={`${equipment} – ${contract.reference}`}>
      <Stack gap="md" h="100%">
        <Group wrap="nowrap" gap="md" align="flex-start">
          <ThemeIcon variant="light" size={44} radius="md" style={{ flex: 'none' }}>
            <EquipmentIcon type={contract.equipmentType} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={4} size="h5" lh={1.3}>
              {equipment}
            </Title>
            {contract.equipmentModel ? (
              <Text size="sm" c="dimmed">
                {contract.equipmentModel}
              </Text>
            ) : null}
          </div>
        </Group>

        <dl className={classes.facts}>
          <div>
            <dt>{t('extranet.contract.reference')}</dt>
            <dd>{contract.reference}</dd>
          </div>
          <div>
            <dt>{t('extranet.contract.renewalDate')}</dt>
            <dd>{formatExtranetDate(contract.renewalDate) || t('extranet.notSpecified')}</dd>
          </div>
        </dl>

        <Group gap="xs" className={classes.contractActions}>
          <Button
            variant="light"
            leftSection={<IconCalendarEvent size={18} />}
            onClick={() => contact(EXTRANET_CONTACT_SUBJECT.appointment)}
          >
            {t('extranet.contracts.appointment')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconAlertTriangle size={18} />}
            onClick={() => contact(EXTRANET_CONTACT_SUBJECT.breakdown)}
          >
            {t('extranet.contracts.breakdown')}
          </Button>
        </Group>

        <Divider mt="auto" />
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={`/extranet/contract/${contract.id}`} fw={600} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              {t('extranet.contracts.details')}
              <IconArrowRight size={16} aria-hidden="true" />
            </Group>
          </Anchor>
          <Anchor href={agencyRenewalUrl(agency)} target="_blank" rel="noopener noreferrer" fw={600} size="sm" c="teal">
            <Group gap={4} component="span" wrap="nowrap">
              {t('extranet.contracts.renew')}
              <IconExternalLink size={16} aria-hidden="true" />
              <span className="visually-hidden">{t('common.newTab')}</span>
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
