import { Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { AgencyContract } from '../../../api/extranet/contracts';
import { useTranslation } from '../../../i18n';
import { groupContractsByAddress } from '../kit/group-contracts';

interface Props {
  /** The customer's contracts at this agency; undefined while they load or when they failed. */
  contracts: AgencyContract[] | undefined;
  pending: boolean;
  agencyName: string;
}

/**
 * What the customer holds at one agency of the chooser: each address with its equipment (spec 03
 * §2), so that two agencies can be told apart by the house they look after.
 */
export function AgencyHoldings({ contracts, pending, agencyName }: Props) {
  const { t } = useTranslation();
  if (pending) return <Skeleton height={44} radius="sm" aria-label={t('common.loading')} />;
  // A failed load leaves the choice possible: the card only loses its reminder.
  if (!contracts) return null;
  if (contracts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('extranet.chooser.noContract')}
      </Text>
    );
  return (
    <Stack gap="xs" aria-label={t('extranet.chooser.holdings', { name: agencyName })} role="group">
      {groupContractsByAddress(contracts).map((group) => (
        <div key={group.key}>
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconMapPin size={14} color="var(--mantine-color-teal-7)" aria-hidden="true" style={{ flex: 'none', marginTop: 3 }} />
            <Text size="sm" fw={600}>
              {group.address}
            </Text>
          </Group>
          <List size="sm" c="dimmed" ml={18} mt={2} spacing={0}>
            {group.contracts.map((contract) => (
              <List.Item key={contract.id}>
                {[contract.equipmentType ?? t('extranet.contracts.equipmentUnknown'), contract.equipmentModel]
                  .filter(Boolean)
                  .join(' – ')}
              </List.Item>
            ))}
          </List>
        </div>
      ))}
    </Stack>
  );
}
